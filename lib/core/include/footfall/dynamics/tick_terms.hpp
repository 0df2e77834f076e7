#pragma once
// The state-dependent terms of one tick (lib/DESIGN.md §4), computed once and shared by every solve
// that reads the workspace afterwards:
//   compute_mass_terms   kinematics at (q, v), H by CRBA (RBDA Table 6.2) and its sparse
//                        factor H = LᵀDL along the tree (RBDA §6.5): what a strike, an impulse
//                        or a projection in the metric of H reads;
//   compute_tick_terms   those and C(q, v) by RNEA with q̈ = 0 (RBDA Table 5.1): what a stance
//                        and the motion simulators read.
// Each stops at its first failure and returns that Status. Gravity is checked before anything
// is written, so a bad gravity leaves the workspace as it was; a bad q or v is refused by
// forward_kinematics before it writes; a finite v so large that C overflows is refused as
// v.overflow (rnea.hpp) with the mass terms already written. ws.stage says which terms a
// workspace holds.
//
// Both form and factorise H with the generic walk of the tree unless told otherwise: with
// UnrolledKernels<T> as the first template argument, compute_tick_terms<UnrolledKernels<
// QuadrupedTopology>>(model, ws, q, v), they use CRBA and the factor unrolled for the tree T
// (tree_kernels.hpp), which give the same H and factor and refuse a model of another tree.
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/dynamics/crba.hpp"
#include "footfall/dynamics/kinematics.hpp"
#include "footfall/dynamics/rnea.hpp"
#include "footfall/dynamics/tree_kernels.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// Kinematics at (q, v), H by CRBA and its factor H = LᵀDL: the terms a strike, an impulse or a
/// projection in the metric of H reads. `Kernels` chooses the generic tree walk or the kernels
/// unrolled for one topology (tree_kernels.hpp); both give the same H and factor.
template <typename Kernels = GenericKernels, typename S, int B, int D, typename QDerived, typename VDerived>
Status compute_mass_terms(const Model<S, B, D>& model, Workspace<S, B, D>& ws, const Eigen::MatrixBase<QDerived>& q,
                          const Eigen::MatrixBase<VDerived>& v) noexcept {
  Status status = forward_kinematics(model, ws, q, v);
  if (status.ok()) status = Kernels::mass_matrix(model, ws);
  if (status.ok()) status = Kernels::factorize_after_mass_matrix(model, ws);
  return status;
}

/// The mass terms (compute_mass_terms) and C(q, v) under `gravity` by RNEA with q̈ = 0 (RBDA
/// Table 5.1): every term a stance and the motion schemes read. Gravity is checked before
/// anything is written; ws.stage says which terms the workspace holds after a failure.
template <typename Kernels = GenericKernels, typename S, int B, int D, typename QDerived, typename VDerived>
Status compute_tick_terms(const Model<S, B, D>& model, Workspace<S, B, D>& ws, const Eigen::MatrixBase<QDerived>& q,
                          const Eigen::MatrixBase<VDerived>& v,
                          const Vector3<NoDeduce<S>>& gravity = standard_gravity<S>()) noexcept {
  Status status = validate_gravity<S>(gravity);
  if (status.ok()) status = compute_mass_terms<Kernels>(model, ws, q, v);
  if (status.ok()) status = detail::store_bias_forces(model, ws, gravity);  // gravity checked above
  return status;
}

}  // namespace footfall
FOOTFALL_HEADER_END
