#pragma once
// The two halves of a solve with H = LᵀDL (mass_matrix_factor.hpp's detail::
// back_substitute_and_scale and forward_substitute), unrolled for a DOF tree known at compile
// time (model/topology.hpp) as unrolled_factor.hpp unrolls the factor itself. Each does the
// generic function's arithmetic term for term and in the same order, so the results are the same
// to the bit; each DOF k is its own instantiation, so the run below it is a constant, its loop
// unrolls, and every entry of L is a load at a fixed offset. They take raw storage: `l` the n × n
// factor, column-major with column c at c·n (as the workspace holds it), and x of n entries.
// x is worked on in a local copy, which GCC keeps in registers (the A1's 18 entries fit), and
// stored once at the end: on x itself GCC stored every one of an entry's updates (99 stores in
// the forward half where 18 do).
//
// H x, the equations-of-motion checks' product (crba.hpp's walk, add_off_diagonal_terms), was
// unrolled the same way and left generic: its work is the arithmetic, not the walk, so unrolling
// it saved little for much flash. The solve's halves, whose cost is the walk, are unrolled.
#include <cstddef>
#include <utility>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/inline.hpp"
#include "footfall/model/topology.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

/// f(std::integral_constant<int, k>) for k = 0, 1, …, n − 1 in turn: the DOF as a constant.
template <typename F, int... ks>
FOOTFALL_INLINE void for_each_dof_index(std::integer_sequence<int, ks...>, F&& f) noexcept {
  (f(std::integral_constant<int, ks>{}), ...);
}

template <typename T, typename S>
FOOTFALL_NOINLINE void back_substitute_and_scale_unrolled(const S* const l, S* const x) noexcept {
  constexpr int n = T::kDofs;
  S y[static_cast<std::size_t>(n)];  // NOLINT(cppcoreguidelines-pro-type-member-init): copied from x next
#pragma GCC unroll 64
  for (int k = 0; k < n; ++k) y[k] = x[k];
  // y_k = x_k − Σ_{m>k} L(m, k) y_m over k's descendants, from the leaves (index j runs up, k down).
  for_each_dof_index(std::make_integer_sequence<int, n>{}, [&](auto j) noexcept {
    constexpr int k = n - 1 - decltype(j)::value;
    constexpr int end = topology_subtree_end<T>(k);
    S value = y[k];
#pragma GCC unroll 64
    for (int m = k + 1; m < end; ++m) value -= l[k * n + m] * y[m];
    y[k] = value;
  });
#pragma GCC unroll 64
  for (int k = 0; k < n; ++k) x[k] = y[k] / l[k * n + k];
}

template <typename T, typename S>
FOOTFALL_NOINLINE void forward_substitute_unrolled(const S* const l, S* const x) noexcept {
  constexpr int n = T::kDofs;
  S y[static_cast<std::size_t>(n)];  // NOLINT(cppcoreguidelines-pro-type-member-init): copied from x next
#pragma GCC unroll 64
  for (int k = 0; k < n; ++k) y[k] = x[k];
  for_each_dof_index(std::make_integer_sequence<int, n>{}, [&](auto kc) noexcept {
    constexpr int k = decltype(kc)::value;
    constexpr int end = topology_subtree_end<T>(k);
    const S value = y[k];
#pragma GCC unroll 64
    for (int m = k + 1; m < end; ++m) y[m] -= l[k * n + m] * value;
  });
#pragma GCC unroll 64
  for (int k = 0; k < n; ++k) x[k] = y[k];
}

}  // namespace detail

}  // namespace footfall
FOOTFALL_HEADER_END
