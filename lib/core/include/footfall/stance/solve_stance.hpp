#pragma once
// The stance solve of one tick (lib/DESIGN.md §4; RBDA §11.3–11.5): given the tick's dynamics terms
// in a Workspace (kinematics, H and its factor, C, all at the same q and v), joint forces τ and
// the contacts, find the contact forces λ and the joint accelerations
//
//   H q̈ + C = τ + τ_c,   τ_c = Gᵀ f  (= T λ without friction, RBDA (11.32), (11.41)),
//
// with the complementarity of RBDA (11.42) on every contact and the friction model's law on its
// tangential force. Stages: contact terms (contact/contact_dynamics.hpp), the problem
// (stance/assemble.hpp), a solver, then q̈ by one sparse solve and the final check.
//
// Never "ok" on a wrong answer (lib/DESIGN.md §2): the solver's answer passes its own check, and
// then the equations of motion are checked on q̈ and f, and the normal accelerations G q̈ + Ġv
// recomputed from q̈ must not penetrate, before the Status is ok.
#include <Eigen/Core>
#include <algorithm>
#include <cmath>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/contact/contact_dynamics.hpp"
#include "footfall/dynamics/crba.hpp"
#include "footfall/dynamics/residual_check.hpp"
#include "footfall/lcp/enumerate.hpp"
#include "footfall/lcp/lemke.hpp"
#include "footfall/lcp/pgs.hpp"
#include "footfall/stance/assemble.hpp"
#include "footfall/stance/cone_solver.hpp"
#include "footfall/stance/dependent_contacts.hpp"
#include "footfall/stance/stance_workspace.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

template <typename S>
Status validate_stance_options(const StanceOptions<S>& o) noexcept {
  if (static_cast<int>(o.friction) > static_cast<int>(FrictionModel::kCone)) return Status::BadInput("options.friction");
  if (static_cast<int>(o.solver) > static_cast<int>(StanceSolver::kPgs)) return Status::BadInput("options.solver");
  if (o.max_pivots < 0) return Status::BadInput("options.max_pivots", o.max_pivots);
  if (o.max_sweeps < 1) return Status::BadInput("options.max_sweeps", o.max_sweeps);
  if (!is_relative_accuracy(o.tolerance)) return Status::BadInput("options.tolerance");
  if (!is_finite(o.sliding_speed) || !(o.sliding_speed >= S(0))) return Status::BadInput("options.sliding_speed");
  const bool pyramid = o.friction == FrictionModel::kPyramid4 || o.friction == FrictionModel::kPyramid8;
  // Enumeration is exact only for the frictionless (symmetric PSD) problem; PGS needs a positive
  // diagonal, which the pyramid's multiplier rows do not have; Lemke cannot take a round cone.
  if (o.solver == StanceSolver::kEnumeration && o.friction != FrictionModel::kNone)
    return Status::BadInput("options.solver");
  if (o.solver == StanceSolver::kPgs && pyramid) return Status::BadInput("options.solver");
  if (o.solver == StanceSolver::kLemke && o.friction == FrictionModel::kCone) return Status::BadInput("options.solver");
  return Status::Ok();
}

/// The documented state of a failed result: `count` contacts with zero forces, separating, and
/// zero vectors.
template <typename S, int D, int K>
void reset_stance_result(StanceResult<S, D, K>& result, Status status, int count, int nv, int rows) noexcept {
  result.status = status;
  result.count = count;
  for (int i = 0; i < count; ++i) {
    result.force[i] = Vector3<S>::Zero();
    result.normal_force[i] = S(0);
    result.state[i] = ContactState::kSeparating;
  }
  result.lambda.setZero(rows);
  result.contact_acceleration.setZero(rows);
  result.qdd.setZero(nv);
  result.tau_contact.setZero(nv);
  result.equation_residual = std::numeric_limits<S>::infinity();
  result.residual = std::numeric_limits<S>::infinity();
}

/// Runs the chosen solver on sw.problem, assembled from the contact-frame right-hand side d; the
/// answer in sw.lcp. kAuto on the LCP models tries the held-contacts finish first when the
/// contacts' rows may depend on one another (stance/dependent_contacts.hpp).
template <typename S, int D, int K, int V>
void run_stance_solver(const ContactSet<S, K>& set, const StanceOptions<S>& options, bool warm,
                       const typename ContactDynamics<S, D, K>::RowVector& d, StanceWorkspace<S, D, K, V>& sw,
                       StanceSolver* used) noexcept {
  const int n = sw.problem.size();
  sw.dependent_rows = -1;
  // d comes out of H's factor and the velocity terms with rounding on the scale of its largest
  // entries, so a row that is zero in exact arithmetic (the tangential rows of a foot at rest)
  // may come out ±ε‖d‖. The exact methods are asked for answers to that level, not to ε|d_i|.
  const S data_rounding = lcp_rounding_tolerance<S>(n);
  if (options.friction == FrictionModel::kCone) {
    *used = StanceSolver::kPgs;
    if (warm) sw.lcp.z = sw.previous;
    solve_cone(set, options, warm, data_rounding, sw);
    return;
  }
  if (options.solver == StanceSolver::kAuto && contacts_may_depend(set, sw.contact.rows(), static_cast<int>(sw.contact.jacobian.cols())) &&
      solve_held_least_norm(options, d, data_rounding, sw)) {
    *used = StanceSolver::kLeastNorm;
    return;
  }
  LemkeOptions<S> lemke;
  lemke.max_pivots = options.max_pivots;
  lemke.accuracy = data_rounding;
  EnumerationOptions<S> enumeration;
  enumeration.accuracy = data_rounding;
  if (options.solver == StanceSolver::kPgs) {
    *used = StanceSolver::kPgs;
    PgsOptions<S> pgs;
    pgs.max_sweeps = options.max_sweeps;
    pgs.tolerance = options.tolerance;
    sw.lcp = warm ? solve_pgs(sw.problem, sw.pgs, pgs, sw.previous) : solve_pgs(sw.problem, sw.pgs, pgs);
    return;
  }
  if (options.solver == StanceSolver::kEnumeration) {
    *used = StanceSolver::kEnumeration;
    sw.lcp = solve_by_enumeration(sw.problem, sw.enumeration, enumeration);
    return;
  }
  *used = StanceSolver::kLemke;
  sw.lcp = solve_lemke(sw.problem, sw.lemke, lemke);
  // auto: Lemke's rare failure on a rank-deficient frictionless problem is no proof; an exact
  // search of the small problem settles it.
  const StatusCode code = sw.lcp.status.code;
  if (options.solver == StanceSolver::kAuto && options.friction == FrictionModel::kNone &&
      n <= kEnumerationMaxSize && (code == StatusCode::kCheckFailed || code == StatusCode::kNoSolutionFound)) {
    *used = StanceSolver::kEnumeration;
    sw.lcp = solve_by_enumeration(sw.problem, sw.enumeration, enumeration);
  }
}

}  // namespace detail

namespace detail {

/// Whether the answer's forces are unique (stance/options.hpp): known from the least-norm and
/// exact finishes' factorisation; after an iteration or Lemke, from the contacts' structure.
template <typename S, int D, int K, int V>
ForceChoice force_choice(const ContactSet<S, K>& set, const StanceWorkspace<S, D, K, V>& sw, int nv) noexcept {
  if (sw.dependent_rows > 0) return ForceChoice::kLeastNorm;
  if (sw.dependent_rows == 0) return ForceChoice::kUnique;
  return contacts_may_depend(set, sw.contact.rows(), nv) ? ForceChoice::kOneOfMany : ForceChoice::kUnique;
}

/// From the solver's answer in sw.lcp (ok) to the result: forces, τ_c, q̈, the equations-of-motion
/// and penetration checks, the states; a result that fails a check is reset and its Status says why.
template <typename Kernels = GenericKernels, typename S, int B, int D, int K, typename TauDerived, int V>
Status finish_stance(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, const ContactSet<S, K>& set,
                     const Eigen::MatrixBase<TauDerived>& tau, const StanceOptions<S>& options, StanceSolver used,
                     StanceWorkspace<S, D, K, V>& sw, StanceResult<S, D, K>& result) noexcept {
  const int nv = model.nv();
  const int count = set.count;
  const int rows = sw.contact.rows();
  Status status = Status::Ok();
  // f, τ_c = Gᵀ f and q̈ = H⁻¹(τ − C + τ_c).
  forces_from_unknowns(sw, sw.lcp.z);
  const ContactDynamics<S, D, K>& cd = sw.contact;
  result.tau_contact.setZero(nv);
  detail::add_contact_transpose_product<detail::TermSizes::kNone>(cd, sw.force, result.tau_contact,
                                                                  static_cast<S*>(nullptr));
  // q̈ = q̈_free + H⁻¹Gᵀf, the second term from the factor's pieces already in the contact terms.
  sw.generalized.resize(nv);
  detail::apply_contact_force_acceleration<Kernels>(model, ws, cd, sw.force, sw.generalized);
  result.qdd = cd.free_acceleration + sw.generalized;
  result.lambda = sw.force;
  result.residual = sw.lcp.residual;

  // The equations of motion against the rounding of their terms: r = Hq̈ + C − τ − τ_c
  // with H's product taken over its branch-sparse pattern (entries off the ancestor chains are
  // zero), into sw.generalized (the residual) beside the magnitudes in sw.magnitude.
  const S rounding = lcp_rounding_tolerance<S>(nv);
  auto& residual = sw.generalized;
  auto& magnitude = sw.magnitude;
  magnitude.resize(nv);
  for (int k = 0; k < nv; ++k) {
    const S diagonal = ws.mass_matrix.coeff(k, k) * result.qdd.coeff(k);
    residual.coeffRef(k) = ws.bias.coeff(k) - tau.coeff(k) - result.tau_contact.coeff(k) + diagonal;
    magnitude.coeffRef(k) = std::abs(ws.bias.coeff(k)) + std::abs(tau.coeff(k)) +
                            std::abs(result.tau_contact.coeff(k)) + std::abs(diagonal);
  }
  // Judged normwise (a backward error): a row whose terms cancel to nothing, like a rotated
  // ball's moment rows, still carries the rounding of the numbers that cancelled in C and τ_c.
  // H's off-diagonal terms complete the residual (dynamics/residual_check.hpp); the largest
  // |G_rk f_r| is part of the scale, when it is needed.
  const auto contact_term_scale = [&](auto&) noexcept {
    S largest = S(0);
    detail::add_contact_transpose_product<detail::TermSizes::kLargest, false>(cd, sw.force, result.tau_contact,
                                                                              &largest);
    return largest;
  };
  const int over = detail::first_row_over_rounding(model, ws, result.qdd, residual, magnitude, S(8) * rounding,
                                                   &result.equation_residual, contact_term_scale);
  if (over >= 0) status = Status::CheckFailed("stance.equations_of_motion", over);

  // Contact accelerations from q̈, and the states. A normal acceleration into the ground beyond
  // the rounding of its terms, or of W f + d, fails the result. That rounding can only widen what
  // the solver's own allowance admits, so the terms' sizes are summed only for a row below it.
  S d_norm = S(0);
  for (int r = 0; r < rows; ++r) d_norm = std::max(d_norm, std::abs(cd.free_contact_acceleration.coeff(r)));
  result.contact_acceleration = cd.velocity_term;  // + G q̈
  for (int i = 0; i < cd.count; ++i) {
    const int base = i * cd.rows_per_contact;
    detail::add_contact_rows_product(cd, i, result.qdd, result.contact_acceleration.data() + base,
                                     static_cast<S*>(nullptr));
  }
  const S accuracy = used == StanceSolver::kPgs ? options.tolerance : S(0);
  for (int r = 0; r < rows; r += cd.rows_per_contact) {  // the normal rows
    const int i = r / cd.rows_per_contact;
    const S a = result.contact_acceleration.coeff(r);
    if (!status.ok() || a >= -(accuracy * d_norm)) continue;
    S value[3], size[3];  // the contact's rows again, for the sizes of their terms
    for (int row = 0; row < cd.rows_per_contact; ++row) {
      value[row] = cd.velocity_term.coeff(r + row);
      size[row] = std::abs(value[row]);
    }
    detail::add_contact_rows_product(cd, i, result.qdd, value, size);
    S scale = size[0];
    for (int c = 0; c < rows; ++c) scale += std::abs(cd.delassus.coeff(r, c) * sw.force.coeff(c));
    if (a < -(S(4) * rounding * scale + accuracy * d_norm)) status = Status::CheckFailed("stance.penetration", i);
  }
  for (int i = 0; i < count; ++i) {
    const int base = i * cd.rows_per_contact;
    const Vector3<S>* e = cd.direction[i];
    Vector3<S> f = e[0] * sw.force.coeff(base);
    if (cd.rows_per_contact == 3) f += e[1] * sw.force.coeff(base + 1) + e[2] * sw.force.coeff(base + 2);
    result.force[i] = f;
    result.normal_force[i] = sw.force.coeff(base);
    ContactState state = ContactState::kSeparating;
    if (sw.force.coeff(base) > S(0)) {
      state = ContactState::kSticking;
      if (sw.mode[i] == ContactMode::kSliding) {
        state = ContactState::kSliding;
      } else if (sw.mode[i] == ContactMode::kFriction) {
        const S at1 = result.contact_acceleration.coeff(base + 1), at2 = result.contact_acceleration.coeff(base + 2);
        const S an_scale = std::max(std::abs(result.contact_acceleration.coeff(base)), d_norm);
        if (std::sqrt(at1 * at1 + at2 * at2) > std::sqrt(epsilon<S>()) * an_scale) state = ContactState::kSliding;
      }
    }
    result.state[i] = state;
  }
  if (!status.ok()) {
    detail::reset_stance_result(result, status, count, nv, rows);
    result.solver = used;
    result.work = sw.lcp.work;
    result.work_limit = sw.lcp.work_limit;
    sw.previous_count = -1;
    return status;
  }
  result.status = Status::Ok();
  result.count = count;
  result.force_choice = force_choice(set, sw, nv);
  sw.previous = sw.lcp.z;
  sw.previous_count = count;
  return result.status;
}

/// Contact terms and the problem; on failure the result is reset.
template <typename Kernels = GenericKernels, typename S, int B, int D, int K, typename TauDerived, int V>
Status prepare_stance(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, const ContactSet<S, K>& set,
                      const Eigen::MatrixBase<TauDerived>& tau, const StanceOptions<S>& options,
                      StanceWorkspace<S, D, K, V>& sw, StanceResult<S, D, K>& result) noexcept {
  const int count = (set.count >= 0 && set.count <= K) ? set.count : 0;
  const int rows = count * (options.friction == FrictionModel::kNone ? 1 : 3);
  result.friction = options.friction;
  result.work = 0;
  result.work_limit = 0;
  const ContactRows contact_rows =
      options.friction == FrictionModel::kNone ? ContactRows::kNormals : ContactRows::kWithTangents;
  Status status = validate_stance_options(options);
  if (status.ok()) status = compute_contact_dynamics<Kernels>(model, ws, set, tau, contact_rows, sw.contact);
  if (status.ok()) status = assemble_stance_problem(set, options, sw);
  if (!status.ok())
    reset_stance_result(result, status, count, model.nv(), status.code == StatusCode::kBadInput ? 0 : rows);
  return status;
}

}  // namespace detail

/// The stance solve of one tick (see the top of this file) on the Workspace's kinematics, H, its
/// factor and C at this tick's q and v, with joint forces τ; validates τ, the contacts and the
/// options. Returns result.status: ok only for an answer that passed every check, otherwise
/// `result` holds zero forces (StanceResult). `sw` is the solve's scratch; sw.contact holds the
/// tick's contact terms after it. The policy Kernels (dynamics/tree_kernels.hpp) walks the DOF tree.
template <typename Kernels = GenericKernels, typename S, int B, int D, int K, typename TauDerived, int V>
Status solve_stance(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, const ContactSet<S, K>& set,
                    const Eigen::MatrixBase<TauDerived>& tau, const StanceOptions<S>& options,
                    StanceWorkspace<S, D, K, V>& sw, StanceResult<S, D, K>& result) noexcept {
  Status status = detail::prepare_stance<Kernels>(model, ws, set, tau, options, sw, result);
  if (!status.ok()) return status;
  const int nv = model.nv();
  const int count = set.count;
  const int rows = sw.contact.rows();
  const bool warm = options.warm_start && sw.previous_count == count && sw.previous.size() == sw.problem.size();
  StanceSolver used = StanceSolver::kLemke;
  detail::run_stance_solver(set, options, warm, sw.contact.free_contact_acceleration, sw, &used);
  result.solver = used;
  result.work = sw.lcp.work;
  result.work_limit = sw.lcp.work_limit;
  if (!sw.lcp.ok()) {
    status = sw.lcp.status;
    int sliding = -1;
    for (int i = 0; i < count && sliding < 0; ++i)
      if (sw.mode[i] == ContactMode::kSliding) sliding = i;
    // With a sliding contact M is not copositive-plus and "no solution" is friction's doing.
    if (sliding >= 0 && (status.code == StatusCode::kInfeasible || status.code == StatusCode::kNoSolutionFound))
      status = Status::InconsistentFriction("stance.sliding", sliding);
    detail::reset_stance_result(result, status, count, nv, rows);
    result.work = sw.lcp.work;
    result.work_limit = sw.lcp.work_limit;
    sw.previous_count = -1;
    return status;
  }

  return detail::finish_stance<Kernels>(model, ws, set, tau, options, used, sw, result);
}

}  // namespace footfall
FOOTFALL_HEADER_END
