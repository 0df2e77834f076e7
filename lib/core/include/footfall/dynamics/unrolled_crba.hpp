#pragma once
// H by the composite-rigid-body algorithm (crba.hpp, RBDA Table 6.2) unrolled for a legged
// robot's tree known at compile time: a free flyer (DOFs 0–5, the trunk) with chains of joints
// about coordinate axes hanging from it, the legs, whose axes the topology names too
// (T::kTurnAxis, model/topology.hpp). The generic reverse sweep reads each body's joint kind, its
// axis and the run of DOFs below it from the Model, and carries the run's columns F_k through a
// loop whose length it learns at run time; here a chain is one instantiation, keyed by its axes,
// so each F_k is formed, read and carried at constant offsets with the axis a constant, and the
// legs of the same shape (the A1's four: hip about x, thigh and calf about y) share its code, the
// chain's first DOF an argument. The arithmetic is store_run_columns', term for term and in the
// same order (the chains are swept from the last, as the generic sweep takes the bodies), so H
// and the composite inertias are the same to the bit (test_unrolled_crba.cpp).
//
// A topology without kTurnAxis, or of another shape, takes the generic walk: the policy's
// mass_matrix (tree_kernels.hpp) is then crba.hpp's.
#include <type_traits>
#include <utility>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/dynamics/crba.hpp"
#include "footfall/dynamics/unrolled_solve.hpp"
#include "footfall/model/topology.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

template <typename T, typename = void>
struct TopologyHasTurnAxes : std::false_type {};
template <typename T>
struct TopologyHasTurnAxes<T, std::void_t<decltype(T::kTurnAxis)>> : std::true_type {};

/// The shape this file unrolls: DOFs 0–5 a free flyer's chain (no turn axis), every later DOF a
/// joint about a coordinate axis whose parent is the free flyer's last DOF (a chain's first) or
/// the DOF before it (so every such DOF has at most one child: the chains do not branch).
template <typename T>
constexpr bool topology_is_legged() noexcept {
  if constexpr (!TopologyHasTurnAxes<T>::value) {
    return false;
  } else {
    if (T::kDofs < 7) return false;
    for (int k = 0; k < 6; ++k)
      if (T::kDofParent[k] != k - 1 || T::kTurnAxis[k] != -1) return false;
    for (int k = 6; k < T::kDofs; ++k) {
      if (T::kTurnAxis[k] < 0 || T::kTurnAxis[k] > 2) return false;
      if (T::kDofParent[k] != 5 && T::kDofParent[k] != k - 1) return false;
    }
    return true;
  }
}

/// The length of the chain that starts at DOF first (whose parent is DOF 5).
template <typename T>
constexpr int topology_chain_length(int first) noexcept {
  int length = 1;
  while (first + length < T::kDofs && T::kDofParent[first + length] == first + length - 1) ++length;
  return length;
}

template <int... A>
struct ChainAxes {
  static constexpr int kAxis[sizeof...(A)] = {A...};
};

/// The turn axes of the chain of `length` DOFs from `first`, as a pack.
template <typename T, int first, int... js>
constexpr auto topology_chain_axes(std::integer_sequence<int, js...>) noexcept {
  return std::integer_sequence<int, T::kTurnAxis[first + js]...>{};
}

/// One chain's entries of H and its composite inertias carried into the trunk: from its last
/// body up, F = I^c S of the body's DOF (axis_column), the entries of the chain's F_k with that
/// DOF, and the chain's F_k and I^c carried into the parent's coordinates (RBDA Table 6.2, as
/// store_run_columns takes a joint about a coordinate axis); at the trunk, each F_k gives its
/// entries with the free flyer's six DOFs (store_run_columns' free-flyer case). Body i has DOF
/// i + 5, so the chain's bodies follow from its first DOF. Each composite inertia is formed as
/// the body's own plus what its child carries in, I_λ + ⁱX_λᵀ I^c_i ⁱX_λ, where the generic sweep
/// copies I_λ and adds to it: the same sum. The trunk's starts from its own with the first chain
/// taken (`trunk_first`), and the later ones add to it.
template <int N, typename S, int B, int D, int... A>
FOOTFALL_NOINLINE void store_chain_columns(const Model<S, B, D>& model, Workspace<S, B, D>& ws, int first,
                                           bool trunk_first, std::integer_sequence<int, A...>) noexcept {
  constexpr int kLength = sizeof...(A);
  S* const h = ws.mass_matrix.data();      // N × N, column-major: H(r, c) at c·N + r
  S* const own = h + first * (N + 1);      // H(first + r, first + c) at c·N + r
  S* const rows = h + first;               // H(first + k, a) at a·N + k
  S* const columns = h + first * N;        // H(a, first + k) at k·N + a
  const int body = first - 5;              // the chain's first body
  auto carried_slots = unset_array<Force<S>, kLength>();  // F_k, each formed before it is read
  Force<S>* const carried = carried_slots.data();
  ws.composite[body + kLength - 1] = model.inertia(body + kLength - 1);  // the leaf's: its own
  for_each_dof_index(std::make_integer_sequence<int, kLength>{}, [&](auto up) noexcept {
    constexpr int j = kLength - 1 - decltype(up)::value;  // from the chain's last body
    constexpr int kAxis = ChainAxes<A...>::kAxis[j];
    const int i = body + j;
    const Inertia<S>& composite = ws.composite[i];
    carried[j] = axis_column<kAxis>(composite);
#pragma GCC unroll 16
    for (int k = j; k < kLength; ++k) own[j * N + k] = own[k * N + j] = carried[k].angular().coeff(kAxis);
    const AxisTransform<S, kAxis> x(ws.parent_to_body[i]);  // into the parent's coordinates
#pragma GCC unroll 16
    for (int k = j; k < kLength; ++k) carried[k] = x.apply_inverse(carried[k]);
    const Inertia<S> carried_inertia = composite.transformed_back(x.turn(), x.translation());
    if (j > 0)
      ws.composite[i - 1] = model.inertia(i - 1) + carried_inertia;
    else if (trunk_first)
      ws.composite[0] = model.inertia(0) + carried_inertia;
    else
      ws.composite[0] += carried_inertia;
  });
#pragma GCC unroll 16
  for (int k = 0; k < kLength; ++k)
#pragma GCC unroll 3
    for (int a = 0; a < 3; ++a) {
      rows[a * N + k] = columns[k * N + a] = carried[k].linear().coeff(a);
      rows[(a + 3) * N + k] = columns[k * N + a + 3] = carried[k].angular().coeff(a);
    }
}

/// H's entries between DOFs on different branches, zero (clear_off_pattern's), at constant
/// offsets: column k's run past its subtree is contiguous.
template <typename T, typename S>
FOOTFALL_INLINE void clear_off_pattern_unrolled(S* const h) noexcept {
  constexpr int n = T::kDofs;
  for_each_dof_index(std::make_integer_sequence<int, n>{}, [&](auto kc) noexcept {
    constexpr int k = decltype(kc)::value;
#pragma GCC unroll 64
    for (int r = topology_subtree_end<T>(k); r < n; ++r) h[k * n + r] = h[r * n + k] = S(0);
  });
}

/// The free flyer's ᴼS (store_world_subspaces) when its body is the tree's root: its frame is
/// then O's (crba_origin), so ᴼX_0 is the turn E alone, and with S a permutation (joint.hpp:
/// v = [linear; angular]) each column is a row of E: (0, Eᵀe_a) for a linear DOF, (Eᵀe_a, 0)
/// for an angular one, the values the general transform gives.
template <typename S, int B, int D>
FOOTFALL_INLINE void store_root_free_flyer_world_subspaces(Workspace<S, B, D>& ws) noexcept {
  const Matrix3<S>& e = ws.world_to_body[0].rotation();
#pragma GCC unroll 3
  for (int a = 0; a < 3; ++a) {
    const Vector3<S> row = e.row(a).transpose();
    ws.subspace_world[a] = Motion<S>(Vector3<S>::Zero(), row);
    ws.subspace_world[3 + a] = Motion<S>(row, Vector3<S>::Zero());
  }
}

/// Ok when the model has T's turn axes on the bodies this file assumes: body 0 a free flyer and
/// body i ≥ 1 the joint of DOF i + 5 about T's axis for it (check_topology has checked the tree).
/// Otherwise kBadInput "model.topology" with the first DOF that differs (0 for the free flyer or
/// the body count).
template <typename T, typename S, int B, int D>
Status check_turn_axes(const Model<S, B, D>& model) noexcept {
  if (model.body_count() != T::kDofs - 5 || model.joint_type(0) != JointType::kFreeFlyer)
    return Status::BadInput("model.topology", 0);
#pragma GCC unroll 64
  for (int k = 6; k < T::kDofs; ++k)
    if (model.turn_axis(k - 5) != T::kTurnAxis[k] || model.v_index(k - 5) != k)
      return Status::BadInput("model.topology", k);
  return Status::Ok();
}

}  // namespace detail

/// mass_matrix (crba.hpp) for a model of T's tree and turn axes, with the same H to the bit. A
/// model of another tree, or with other axes, is refused as kBadInput "model.topology"; a T
/// without turn axes, or not of the legged shape above, takes crba.hpp's walk for any model.
template <typename T, typename S, int B, int D>
Status mass_matrix_unrolled(const Model<S, B, D>& model, Workspace<S, B, D>& ws) noexcept {
  if constexpr (!detail::topology_is_legged<T>()) {
    return mass_matrix(model, ws);
  } else {
    using W = Workspace<S, B, D>;
    constexpr int n = T::kDofs;
    if (!(ws.stage & W::kKinematics)) return Status::BadInput("workspace.kinematics");
    Status status = check_topology<T>(model);
    if (status.ok()) status = detail::check_turn_axes<T>(model);
    if (!status.ok()) return status;
    ws.mass_matrix.resize(n, n);
    detail::clear_off_pattern_unrolled<T>(ws.mass_matrix.data());
    detail::store_root_free_flyer_world_subspaces(ws);
    for (int i = 1; i < model.body_count(); ++i) detail::store_world_subspaces(model, ws, i);
    // The chains from the last, as the generic sweep takes the bodies; each forms its bodies'
    // composite inertias and adds to the trunk's.
    detail::for_each_dof_index(std::make_integer_sequence<int, n - 6>{}, [&](auto down) noexcept {
      constexpr int first = n - 1 - decltype(down)::value;
      if constexpr (T::kDofParent[first] == 5) {
        constexpr int length = detail::topology_chain_length<T>(first);
        detail::store_chain_columns<n>(model, ws, first, first + length == n,
                                       detail::topology_chain_axes<T, first>(std::make_integer_sequence<int, length>{}));
      }
    });
    detail::store_free_flyer_block(ws, 0, ws.composite[0]);
    for (int k = 0; k < n; ++k) ws.mass_matrix.coeffRef(k, k) += model.armature(k);
    ws.stage = (ws.stage | W::kMassMatrix) & ~static_cast<unsigned>(W::kFactor);
    return Status::Ok();
  }
}

}  // namespace footfall
FOOTFALL_HEADER_END
