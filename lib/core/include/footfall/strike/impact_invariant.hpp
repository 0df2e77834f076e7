#pragma once
// The impact-invariant projection (Yang and Posa 2021): the part of a joint-space vector that no
// strike on the given contacts can change. A strike changes the velocity only by
//
//   Δq̇ = H⁻¹Gᵀι   (RBDA (11.57), (11.58)),
//
// for the contact rows G of the contacts that take part and whatever impulses ι the law and the
// friction model give, so every velocity jump lies in range(H⁻¹Gᵀ). The projection
//
//   P x = x − H⁻¹Gᵀ y,   W y = G x,   W = G H⁻¹ Gᵀ,
//
// removes exactly that range: G P x = 0, P H⁻¹Gᵀ = 0 (so P v⁺ = P v⁻ for every strike on these
// contacts) and P P = P. It is the H-orthogonal projection onto null(G), the motions the contacts
// do not see. W y = G x is consistent whatever x (range(W) = range(G)), and every solution gives
// the same Gᵀy, so dependent rows (the corners of a sole, a contact given twice: W singular) are
// no obstacle: y is the least-norm solution (lcp/least_norm.hpp), whose rank-revealing LDLᵀ drops
// the rows that depend on the others.
//
// In a gait controller (Yang and Posa 2021): at touchdown the velocity jumps from v⁻ to v⁺ over
// the strike's short duration, and v⁺ (StrikeResult::v_plus) is the reference the controller
// resets to at touchdown. When the foot lands a little early or late, or the impulse is not the
// one predicted, a feedback law on the velocity error v − v_ref sees the jump in its error, which
// no torque can remove in time, and answers it with large torques that fight the impulse.
// P(v − v_ref) has no component a strike on these contacts can change, whatever its impulse: it
// is the velocity error the controller can track through touchdown without fighting the impulse,
// and the rest is left to the impact.
//
// The terms are the strike's own (sw.solve.contact: G and W of the contacts that took part, on
// the rows it solved with, the normals alone for a frictionless strike, which changes v along
// them only) and the factor of H in the Workspace they were computed on; H⁻¹Gᵀy takes the same
// sparse product and forward substitution as the strike's Δq̇ (contact_dynamics.hpp).
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstddef>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/status.hpp"
#include "footfall/contact/contact_dynamics.hpp"
#include "footfall/dynamics/tree_kernels.hpp"
#include "footfall/dynamics/validate.hpp"
#include "footfall/lcp/least_norm.hpp"
#include "footfall/lcp/result_check.hpp"
#include "footfall/strike/strike_workspace.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

/// Whether `cd` holds contact terms a projection of an nv-vector can read: a count within K,
/// 1 or 3 rows a contact, G and W of its rows, every support within nv, and rows within the
/// least-norm scratch's capacity V.
template <int V, typename S, int D, int K>
Status validate_projection_terms(const ContactDynamics<S, D, K>& cd, int nv) noexcept {
  if (cd.count < 0 || cd.count > K || (cd.rows_per_contact != 1 && cd.rows_per_contact != 3))
    return Status::BadInput("strike_workspace.contact");
  const int rows = cd.rows();
  if (rows > V) return Status::Capacity("strike_workspace.contact", rows);
  if (cd.count == 0) return Status::Ok();
  if (cd.jacobian.rows() != rows || cd.jacobian.cols() != nv || cd.delassus.rows() != rows ||
      cd.delassus.cols() != rows)
    return Status::BadInput("strike_workspace.contact");
  // Each support lists its DOFs in descending order, so its first is its largest.
  for (int i = 0; i < cd.count; ++i)
    if (cd.support_size[i] < 0 || cd.support_size[i] > nv ||
        (cd.support_size[i] > 0 && (cd.support[i][0] >= nv || cd.support[i][cd.support_size[i] - 1] < 0)))
      return Status::BadInput("strike_workspace.contact", i);
  return Status::Ok();
}

}  // namespace detail

/// P·x into `out` (resized to nv): x less its component in range(H⁻¹Gᵀ), the velocity changes a
/// strike on the contacts of sw's last solve_strike can make (the top of this file). `ws` must
/// hold the factor of H that solve_strike used (a factor taken since cannot be told from it:
/// project before the next factorize_mass_matrix); `vector` is any joint-space vector of nv
/// entries, e.g. the velocity error v − v_ref. The policy Kernels walks the DOF tree, as in
/// solve_strike.
///
/// When sw holds no contacts (no strike solved yet, or none took part), nothing can change x:
/// `out` = x, Ok. Refuses (BadInput) a workspace without kinematics, H and its factor
/// ("workspace.kinematics", "workspace.factor"), a vector that is not nv × 1 ("vector") or has
/// a NaN or ±∞ entry ("vector", its index), one so large that its products overflow
/// ("vector.overflow"), and contact terms that are not a solve's ("strike_workspace.contact");
/// CheckFailed "strike.projection" (index: the contact in the set's order) when G P x is not
/// zero within the rounding of its terms. On any failure `out` is unchanged. The least-norm
/// solve borrows sw's solver scratch (sw.solve.lemke.principal); the contact terms, and
/// everything else solve_strike left in sw, are not changed, so one strike serves any number of
/// projections. `vector` and `out` may be the same vector.
template <typename Kernels = GenericKernels, typename S, int B, int D, int K, int V, typename XDerived>
Status impact_invariant_projection(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                                   StrikeWorkspace<S, D, K, V>& sw, const Eigen::MatrixBase<XDerived>& vector,
                                   Eigen::Matrix<S, Eigen::Dynamic, 1, 0, D, 1>& out) noexcept {
  using W = Workspace<S, B, D>;
  using DofVector = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, D, 1>;
  const ContactDynamics<S, D, K>& cd = sw.solve.contact;
  const int nv = model.nv();
  Status status = Kernels::check(model);
  if (status.ok()) status = detail::check_contact_stages(ws, W::kKinematics | W::kMassMatrix | W::kFactor);
  if (status.ok()) status = validate_vector(vector, nv, "vector");
  if (status.ok()) status = detail::validate_projection_terms<V>(cd, nv);
  if (!status.ok()) return status;
  if (cd.count == 0) {
    out = vector;
    return Status::Ok();
  }
  const int m = cd.rows_per_contact, rows = cd.rows();

  // The right-hand side −G x (least_norm.hpp solves W y = −q), row by row over the supports.
  typename ContactDynamics<S, D, K>::RowVector q;
  set_zero(q, rows, 1);
  for (int j = 0; j < cd.count; ++j) detail::add_contact_rows_product(cd, j, vector, q.data() + j * m, nullptr);
  if (!all_finite(q)) return Status::BadInput("vector.overflow");
  q = -q;
  int active[static_cast<std::size_t>(3 * K)];
  for (int r = 0; r < rows; ++r) active[r] = r;
  LcpVector<S, V> y;  // written whole by the solve
  int rank = 0;
  if (!detail::solve_least_norm_block(detail::block_data(cd.delassus, q), rows, active, rows, sw.solve.lemke.principal,
                                      y, &rank))
    return Status::CheckFailed("strike.projection");

  // H⁻¹Gᵀy as the strike's Δq̇ is made, and P x = x − H⁻¹Gᵀy, held until it has passed.
  DofVector change(nv), projected(nv);
  detail::apply_contact_force_acceleration<Kernels>(model, ws, cd, y, change);
  for (int k = 0; k < nv; ++k) projected.coeffRef(k) = vector.coeff(k) - change.coeff(k);
  if (!all_finite(projected)) return Status::BadInput("vector.overflow");

  // G P x = 0, against the rounding of what made it: G's products with P x and H⁻¹Gᵀy (whose
  // sum is G x's) and the solve's residual, on the scale of |W||y|.
  const S rounding = S(8) * lcp_rounding_tolerance<S>(std::max(nv, rows));
  for (int j = 0; j < cd.count; ++j) {
    S residual[3] = {S(0), S(0), S(0)}, sizes[3] = {S(0), S(0), S(0)}, unused[3] = {S(0), S(0), S(0)};
    detail::add_contact_rows_product(cd, j, projected, residual, sizes);
    detail::add_contact_rows_product(cd, j, change, unused, sizes);
    for (int r = 0; r < m; ++r) {
      S scale = sizes[r];
      for (int c = 0; c < rows; ++c) scale += std::abs(cd.delassus.coeff(j * m + r, c) * y.coeff(c));
      if (!(std::abs(residual[r]) <= rounding * scale))
        return Status::CheckFailed("strike.projection", j < sw.taking_part.count ? sw.index[j] : j);
    }
  }
  out = projected;
  return Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
