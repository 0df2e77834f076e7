#pragma once
// From the contact terms (contact/contact_dynamics.hpp) to the problem a solver takes, in its
// own unknowns z: w = M z + q with M = Q W P (+ the friction model's coupling terms) and
// q = Q d, where P maps z to contact-frame forces and Q maps contact-frame accelerations to
// the rows w. Both are a few weights a variable (RowCombination), so M is built entry by entry
// from W without dense products.
//
// Per contact, by mode:
// - normal only: z = λ_n, w = ζ̇ (RBDA (11.42)).
// - sliding at slip direction ŝ (in t₁, t₂): z = λ_n with the force λ_n (n − μ ŝ) and w = ζ̇:
//   friction opposes the slip at its full μλ_n, so M's column is W(n − μŝ) and M is not
//   symmetric (Painlevé's inconsistency lives here: M's diagonal can turn negative).
// - may stick, the cone: z = (f_n, f_t₁, f_t₂), w = the three accelerations; the cone solver
//   enforces ‖f_t‖ ≤ μ f_n itself (stance/cone_solver.hpp).
// - may stick, a pyramid of k facets (directions D_j = cos(2πj/k) t₁ + sin(2πj/k) t₂): the
//   acceleration-level form of Trinkle, Pang, Sudarsky and Lo (1997) / Stewart and Trinkle
//   (1996), with unknowns (λ_n, β_1..β_k, γ):
//     w_n  = ζ̇                        ≥ 0 ⊥ λ_n ≥ 0
//     w_βj = D_j · a_t + γ            ≥ 0 ⊥ β_j ≥ 0     (γ: the tangential acceleration's size)
//     w_γ  = μ λ_n − Σ_j β_j         ≥ 0 ⊥ γ ≥ 0      (friction inside the pyramid)
//   which is an LCP: sticking (a_t = 0) while friction is inside, sliding along the facet
//   direction most opposed to a_t when it is on the edge.
#include <cmath>
#include <type_traits>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/unroll.hpp"
#include "footfall/contact/contact.hpp"
#include "footfall/stance/stance_workspace.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

/// cos and sin of 2πj/8, in the scalar: one table in read-only memory, not one built per call.
template <typename S>
struct PyramidTable {
  static constexpr S kHalfRoot = S(0.70710678118654752440);  ///< √½
  static constexpr S kDirection[8][2] = {{S(1), S(0)},  {kHalfRoot, kHalfRoot},   {S(0), S(1)},  {-kHalfRoot, kHalfRoot},
                                         {S(-1), S(0)}, {-kHalfRoot, -kHalfRoot}, {S(0), S(-1)}, {kHalfRoot, -kHalfRoot}};
};

/// cos and sin of 2πj/k for the pyramid's facet directions, k = 4 or 8.
template <typename S>
void pyramid_direction(int j, int k, S* c, S* s) noexcept {
  const int step = 8 / k;
  *c = PyramidTable<S>::kDirection[j * step][0];
  *s = PyramidTable<S>::kDirection[j * step][1];
}

inline int pyramid_facets(FrictionModel model) noexcept {
  return model == FrictionModel::kPyramid8 ? 8 : 4;
}

}  // namespace detail

/// Chooses each contact's mode and builds sw.problem with the contact-frame right-hand side `d`
/// (the free contact acceleration for stance; the strike's restitution targets, which make the
/// same problem one of impulses and velocities); returns Capacity "stance.variables" when the
/// problem does not fit the workspace's room V (never with the default V, which holds every
/// friction model).
template <typename S, int D, int K, int V>
Status assemble_contact_problem(const ContactSet<S, K>& set, const StanceOptions<S>& options,
                                const typename ContactDynamics<S, D, K>::RowVector& d,
                                StanceWorkspace<S, D, K, V>& sw) noexcept {
  using Workspace = StanceWorkspace<S, D, K, V>;
  const ContactDynamics<S, D, K>& cd = sw.contact;
  const int m = cd.rows_per_contact;
  const bool pyramid = options.friction == FrictionModel::kPyramid4 || options.friction == FrictionModel::kPyramid8;
  const int facets = detail::pyramid_facets(options.friction);

  // Each contact's mode and its count of unknowns first: the row combinations are built only
  // where the problem is not W and d themselves (below).
  sw.unknowns_are_forces = false;
  int n = 0;
  bool plain = !pyramid;
  for (int i = 0; i < cd.count; ++i) {
    const int base = i * m;
    sw.first_variable[i] = n;
    ContactMode mode = ContactMode::kNormalOnly;
    if (m == 3 && set.contacts[i].mu > S(0)) {
      const S u1 = cd.velocity.coeff(base + 1), u2 = cd.velocity.coeff(base + 2);
      const S speed = std::sqrt(u1 * u1 + u2 * u2);
      mode = speed > options.sliding_speed ? ContactMode::kSliding : ContactMode::kFriction;
      sw.slip[i][0] = mode == ContactMode::kSliding ? u1 / speed : S(0);
      sw.slip[i][1] = mode == ContactMode::kSliding ? u2 / speed : S(0);
    }
    sw.mode[i] = mode;
    plain = plain && mode != ContactMode::kSliding;
    const int count = mode != ContactMode::kFriction ? 1 : (pyramid ? facets + 2 : 3);
    if (n + count > Workspace::kMaxVariables) return Status::Capacity("stance.variables", n + count);
    sw.variable_count[i] = count;
    n += count;
  }

  // Every entry of M and q is written below, the pyramid's couplings last.
  const Status status = sw.problem.set_size(n);
  if (!status.ok()) return status;
  // Every unknown a contact-frame force and every row its acceleration (frictionless, or the
  // cone with no contact sliding): the problem is W and d themselves, and P the identity; two
  // contacts with friction (a trotting pair's feet) copy their 6×6 unrolled (common/unroll.hpp).
  if (plain && n == cd.rows()) {
    const auto copy = [&](auto size) noexcept {
      constexpr int F = decltype(size)::value;
      const int end = F > 0 ? F : n;
      detail::for_block_index<F>(0, end, [&](int c) {
        sw.problem.q.coeffRef(c) = d.coeff(c);
        detail::for_block_index<F>(0, end, [&](int r) { sw.problem.m.coeffRef(r, c) = cd.delassus.coeff(r, c); });
      });
    };
    if (n == 6)
      copy(std::integral_constant<int, 6>{});
    else
      copy(std::integral_constant<int, 0>{});
    for (int c = 0; c < n; ++c) sw.force_of[c].set1(c, S(1));  // the documented map, for readers
    sw.unknowns_are_forces = true;
    return Status::Ok();
  }

  // Otherwise each unknown's force rows (P's column) and each row's accelerations, per contact.
  for (int i = 0; i < cd.count; ++i) {
    const int base = i * m;
    const S mu = set.contacts[i].mu;
    RowCombination<S>* force = sw.force_of + sw.first_variable[i];
    RowCombination<S>* acceleration = sw.acceleration_of + sw.first_variable[i];
    if (sw.mode[i] == ContactMode::kNormalOnly) {
      force[0].set1(base, S(1));
      acceleration[0].set1(base, S(1));
    } else if (sw.mode[i] == ContactMode::kSliding) {
      force[0].count = 3;
      force[0].row[0] = base;
      force[0].row[1] = base + 1;
      force[0].row[2] = base + 2;
      force[0].weight[0] = S(1);
      force[0].weight[1] = -mu * sw.slip[i][0];
      force[0].weight[2] = -mu * sw.slip[i][1];
      acceleration[0].set1(base, S(1));
    } else if (!pyramid) {
      for (int r = 0; r < 3; ++r) {
        force[r].set1(base + r, S(1));
        acceleration[r].set1(base + r, S(1));
      }
    } else {
      force[0].set1(base, S(1));
      acceleration[0].set1(base, S(1));
      for (int j = 0; j < facets; ++j) {
        S c, s;
        detail::pyramid_direction(j, facets, &c, &s);
        RowCombination<S>& f = force[1 + j];
        f.count = 2;
        f.row[0] = base + 1;
        f.row[1] = base + 2;
        f.weight[0] = c;
        f.weight[1] = s;
        acceleration[1 + j] = f;
      }
      force[facets + 1].count = 0;  // γ carries no force
      acceleration[facets + 1].count = 0;
    }
  }
  for (int r = 0; r < n; ++r) {
    const RowCombination<S>& a = sw.acceleration_of[r];
    S qr = S(0);
    for (int x = 0; x < a.count; ++x) qr += a.weight[x] * d.coeff(a.row[x]);
    sw.problem.q.coeffRef(r) = qr;
    for (int c = 0; c < n; ++c) {
      const RowCombination<S>& f = sw.force_of[c];
      S value = S(0);
      if (a.count == 1 && f.count == 1) {  // the cone's and the normals' rows: W itself
        value = a.weight[0] * f.weight[0] * cd.delassus.coeff(a.row[0], f.row[0]);
      } else {
        for (int x = 0; x < a.count; ++x)
          for (int y = 0; y < f.count; ++y) value += a.weight[x] * f.weight[y] * cd.delassus.coeff(a.row[x], f.row[y]);
      }
      sw.problem.m.coeffRef(r, c) = value;
    }
  }
  if (pyramid) {  // the coupling of γ: +1 in each facet row, μ and −1 in the saturation row
    for (int i = 0; i < cd.count; ++i) {
      if (sw.mode[i] != ContactMode::kFriction) continue;
      const int first = sw.first_variable[i], gamma = first + facets + 1;
      for (int j = 1; j <= facets; ++j) {
        sw.problem.m.coeffRef(first + j, gamma) = S(1);
        sw.problem.m.coeffRef(gamma, first + j) = S(-1);
      }
      sw.problem.m.coeffRef(gamma, first) = set.contacts[i].mu;
    }
  }
  return Status::Ok();
}

/// The stance problem: the right-hand side is d = G q̈_free + Ġv.
template <typename S, int D, int K, int V>
Status assemble_stance_problem(const ContactSet<S, K>& set, const StanceOptions<S>& options,
                               StanceWorkspace<S, D, K, V>& sw) noexcept {
  return assemble_contact_problem(set, options, sw.contact.free_contact_acceleration, sw);
}

/// f = P z: the contact-frame forces of an answer z.
template <typename S, int D, int K, int N, int V>
void forces_from_unknowns(StanceWorkspace<S, D, K, V>& sw, const LcpVector<S, N>& z) noexcept {
  const int rows = sw.contact.rows();
  sw.force.resize(rows);
  if (sw.unknowns_are_forces) {  // 0 + 1·z_r, as the sum below makes it (−0 comes out +0)
    for (int r = 0; r < rows; ++r) sw.force.coeffRef(r) = S(0) + z.coeff(r);
    return;
  }
  for (int r = 0; r < rows; ++r) sw.force.coeffRef(r) = S(0);
  for (int c = 0; c < sw.problem.size(); ++c) {
    const RowCombination<S>& f = sw.force_of[c];
    for (int y = 0; y < f.count; ++y) sw.force.coeffRef(f.row[y]) += f.weight[y] * z.coeff(c);
  }
}

}  // namespace footfall
FOOTFALL_HEADER_END
