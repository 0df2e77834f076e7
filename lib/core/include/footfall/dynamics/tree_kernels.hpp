#pragma once
// How the kernels on H walk the DOF tree: the policy a solve takes as its first template
// argument (compute_tick_terms<UnrolledKernels<QuadrupedTopology>>(model, ws, q, v), and the
// same for solve_stance and solve_strike).
//   GenericKernels        read λ(k) and the subtree runs from the Model at run time: any model.
//   UnrolledKernels<T>    are unrolled for the DOF tree T (model/topology.hpp): H's factor
//                         (unrolled_factor.hpp) and the solves with it (unrolled_solve.hpp),
//                         and, when T names its joints' turn axes and has a legged robot's
//                         shape, H itself (unrolled_crba.hpp), with the same arithmetic in the
//                         same order, so the same numbers to the bit. The contact terms read the policy too: with it, each foot's
//                         share of W = GH⁻¹Gᵀ is unrolled along the foot's path to the root
//                         (contact/unrolled_delassus.hpp). Each entry point that takes the
//                         policy checks the model against T first (check) and refuses another
//                         tree as kBadInput "model.topology".
// Every member but check and factorize expects what the entry point has already checked: the
// factor current for this model, and vectors of nv finite entries. The unrolled ones read
// vectors as contiguous storage, which each checks at compile time.
#include <Eigen/Core>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/dynamics/crba.hpp"
#include "footfall/dynamics/mass_matrix_factor.hpp"
#include "footfall/dynamics/unrolled_crba.hpp"
#include "footfall/dynamics/unrolled_factor.hpp"
#include "footfall/dynamics/unrolled_solve.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The kernel policy for any model: the generic mass_matrix, factorize_mass_matrix and solves,
/// which read the DOF tree from the Model at run time.
struct GenericKernels {
  /// Ok: every model is served.
  template <typename S, int B, int D>
  static Status check(const Model<S, B, D>&) noexcept {
    return Status::Ok();
  }
  /// H into ws.mass_matrix: mass_matrix (crba.hpp).
  template <typename S, int B, int D>
  static Status mass_matrix(const Model<S, B, D>& model, Workspace<S, B, D>& ws) noexcept {
    return footfall::mass_matrix(model, ws);
  }
  /// H's factor into ws.factor: factorize_mass_matrix (mass_matrix_factor.hpp).
  template <typename S, int B, int D>
  static Status factorize(const Model<S, B, D>& model, Workspace<S, B, D>& ws) noexcept {
    return factorize_mass_matrix(model, ws);
  }
  /// H's factor right after this policy's mass_matrix succeeded on the same model.
  template <typename S, int B, int D>
  static Status factorize_after_mass_matrix(const Model<S, B, D>& model, Workspace<S, B, D>& ws) noexcept {
    return factorize_mass_matrix(model, ws);
  }
  /// x ← H⁻¹x.
  template <typename S, int B, int D, typename X>
  static void solve(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, Eigen::MatrixBase<X>& x) noexcept {
    detail::back_substitute_and_scale(model, ws, x);
    detail::forward_substitute(model, ws, x);
  }
  /// x ← L⁻¹x, the second half of solve.
  template <typename S, int B, int D, typename X>
  static void forward_substitute(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                                 Eigen::MatrixBase<X>& x) noexcept {
    detail::forward_substitute(model, ws, x);
  }
};

/// The kernel policy unrolled for the DOF tree T (model/topology.hpp): GenericKernels'
/// arithmetic in the same order, so the same results to the bit, for models of T's tree only
/// (each entry point confirms it with check first).
template <typename T>
struct UnrolledKernels {
  /// check_topology<T>: Ok when the model has T's DOF tree, else kBadInput "model.topology".
  template <typename S, int B, int D>
  static Status check(const Model<S, B, D>& model) noexcept {
    return check_topology<T>(model);
  }
  /// H into ws.mass_matrix: mass_matrix_unrolled<T> (unrolled_crba.hpp).
  template <typename S, int B, int D>
  static Status mass_matrix(const Model<S, B, D>& model, Workspace<S, B, D>& ws) noexcept {
    return mass_matrix_unrolled<T>(model, ws);
  }
  /// H's factor into ws.factor: factorize_mass_matrix_unrolled<T> (unrolled_factor.hpp).
  template <typename S, int B, int D>
  static Status factorize(const Model<S, B, D>& model, Workspace<S, B, D>& ws) noexcept {
    return factorize_mass_matrix_unrolled<T>(model, ws);
  }
  /// The unrolled mass_matrix of a legged T has checked the tree already.
  template <typename S, int B, int D>
  static Status factorize_after_mass_matrix(const Model<S, B, D>& model, Workspace<S, B, D>& ws) noexcept {
    return factorize_mass_matrix_unrolled<T, detail::topology_is_legged<T>()>(model, ws);
  }
  /// x ← H⁻¹x, x a contiguous column of nv entries.
  template <typename S, int B, int D, typename X>
  static void solve(const Model<S, B, D>&, const Workspace<S, B, D>& ws, Eigen::MatrixBase<X>& x) noexcept {
    static_assert(contiguous<X>(), "a vector in contiguous storage");
    detail::back_substitute_and_scale_unrolled<T>(ws.factor.data(), x.derived().data());
    detail::forward_substitute_unrolled<T>(ws.factor.data(), x.derived().data());
  }
  /// x ← L⁻¹x, the second half of solve.
  template <typename S, int B, int D, typename X>
  static void forward_substitute(const Model<S, B, D>&, const Workspace<S, B, D>& ws,
                                 Eigen::MatrixBase<X>& x) noexcept {
    static_assert(contiguous<X>(), "a vector in contiguous storage");
    detail::forward_substitute_unrolled<T>(ws.factor.data(), x.derived().data());
  }

 private:
  template <typename X>
  static constexpr bool contiguous() noexcept {
    return X::ColsAtCompileTime == 1 && X::InnerStrideAtCompileTime == 1;
  }
};

}  // namespace footfall
FOOTFALL_HEADER_END
