#pragma once
// A model's DOF tree known at compile time, for kernels unrolled for it (dynamics/
// tree_kernels.hpp). The generic algorithms read λ(k) and the subtree runs from the Model at
// run time: every index is a load and every loop bound a comparison with one, which on the
// Cortex-M costs more than the arithmetic (the quadruped's factor spent several instructions of
// bookkeeping on each multiply-add). With the tree a type, every loop has constant bounds, the compiler unrolls
// it, and each entry of H or L becomes a load at a constant offset.
//
// A topology is a type with
//   static constexpr int kDofs;                          // nv
//   static constexpr int kDofParent[kDofs];              // λ(k), the parent DOF, −1 at a root
// numbered as the ModelBuilder numbers a model's DOFs (λ(k) < k) and depth first (each DOF's
// descendants follow it, contiguously: RBDA §6.5's expanded parent array, as
// Model::dofs_depth_first() reports). TopologyIsValid<T> checks both at compile time, and
// check_topology(model) that a model built at run time has exactly this tree.
// It may also name its joints' axes, for a legged robot's tree (a free flyer with unbranched
// chains of joints about coordinate axes hanging from it), with which CRBA is unrolled too
// (dynamics/unrolled_crba.hpp):
//   static constexpr int kTurnAxis[kDofs];               // Model::turn_axis of k's joint, −1
//                                                        // for the free flyer's six
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/status.hpp"
#include "footfall/model/model.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

/// Whether DOF j is DOF k or one of its descendants.
template <typename T>
constexpr bool topology_in_subtree(int j, int k) noexcept {
  for (int a = j; a >= k; a = T::kDofParent[a])  // λ(a) < a: the walk ends below k or at −1
    if (a == k) return true;
  return false;
}

}  // namespace detail

/// The number of ancestors of DOF k (its depth in the DOF tree).
template <typename T>
constexpr int topology_depth(int k) noexcept {
  int depth = 0;
  for (int a = T::kDofParent[k]; a != -1; a = T::kDofParent[a]) ++depth;
  return depth;
}

/// One past DOF k's last descendant, Model::dof_subtree_end's value for this tree.
template <typename T>
constexpr int topology_subtree_end(int k) noexcept {
  int end = k + 1;
  while (end < T::kDofs && detail::topology_in_subtree<T>(end, k)) ++end;
  return end;
}

/// λ(k) < k for every DOF, and every subtree one contiguous run (no descendant past its end).
template <typename T>
constexpr bool topology_is_valid() noexcept {
  if (T::kDofs < 1) return false;
  for (int k = 0; k < T::kDofs; ++k)  // first, so that the walks below stay in the array
    if (T::kDofParent[k] < -1 || T::kDofParent[k] >= k) return false;
  for (int k = 0; k < T::kDofs; ++k) {
    for (int j = topology_subtree_end<T>(k); j < T::kDofs; ++j)
      if (detail::topology_in_subtree<T>(j, k)) return false;
  }
  return true;
}

/// topology_is_valid<T>() as a constant, for static_assert on a topology type.
template <typename T>
constexpr bool TopologyIsValid = topology_is_valid<T>();

namespace detail {

/// Every DOF's ancestors, nearest first: of[k][up] for up below topology_depth<T>(k), −1 past it.
template <typename T>
struct TopologyAncestors {
  int of[T::kDofs][T::kDofs];
};

template <typename T>
constexpr TopologyAncestors<T> topology_ancestors() noexcept {
  TopologyAncestors<T> ancestors{};
  for (int k = 0; k < T::kDofs; ++k) {
    int up = 0;
    for (int a = T::kDofParent[k]; a != -1; a = T::kDofParent[a]) ancestors.of[k][up++] = a;
    for (; up < T::kDofs; ++up) ancestors.of[k][up] = -1;
  }
  return ancestors;
}

template <typename T>
constexpr TopologyAncestors<T> kTopologyAncestors = topology_ancestors<T>();

}  // namespace detail

/// DOF k's ancestor `up` levels above its parent (0: λ(k)); up < topology_depth<T>(k).
template <typename T>
constexpr int topology_ancestor(int k, int up) noexcept {
  return detail::kTopologyAncestors<T>.of[k][up];
}

/// Ok when `model` has exactly T's DOF tree: nv and every λ(k). The parents fix the subtree runs,
/// and T's are contiguous (TopologyIsValid), so a model with T's parents is numbered depth first
/// and its Model::dof_subtree_end are T's too. Otherwise kBadInput "model.topology" (index: the
/// first DOF whose parent differs, or −1 for nv).
template <typename T, typename S, int B, int D>
Status check_topology(const Model<S, B, D>& model) noexcept {
  static_assert(TopologyIsValid<T>, "a topology numbers its DOFs parent first and depth first");
  if (model.nv() != T::kDofs) return Status::BadInput("model.topology", -1);
  // Unrolled, each comparison is a load and a compare with a constant: every solve that takes
  // the unrolled kernels makes it.
#pragma GCC unroll 64
  for (int k = 0; k < T::kDofs; ++k)
    if (model.dof_parent(k) != T::kDofParent[k]) return Status::BadInput("model.topology", k);
  return Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
