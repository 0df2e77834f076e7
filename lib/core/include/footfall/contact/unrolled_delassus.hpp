#pragma once
// One contact's share of W = G H⁻¹ Gᵀ (contact_dynamics.hpp's delassus_from_factor), unrolled for
// a DOF tree known at compile time (model/topology.hpp) when the contact's support is the path
// from a leaf of the tree to its root, a foot's usual case: Y = L⁻ᵀGᵀ on that path, Z = D⁻¹Y, and
// the contact's diagonal block of W, Σ_k Y(k)ᵀ Z(k). With the path's shape a template argument,
// its length and every offset into L are constants, and its rows of Y (a leg and a free flyer:
// nine rows of three) stay in registers through the back-substitution instead of going to
// memory at each of the path's 36 updates. The arithmetic is the generic function's, term for
// term and in the same order, so W, Y and Z are the same to the bit.
//
// For contacts with tangents (M = 3, a stance or strike with friction); a contact whose support
// is not a leaf's path, a leaf on a chain of its own from a root, or a frictionless problem,
// takes the generic walk. The unrolled path trades a few KB of flash for the walk's bookkeeping
// (tests/README.md, Measuring, has the tick's figures).
#include <cstddef>
#include <utility>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/inline.hpp"
#include "footfall/dynamics/tree_kernels.hpp"
#include "footfall/model/topology.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

template <typename S, int D, int K>
struct ContactDynamics;

namespace detail {

/// A leaf's path to the root as two pieces: a run of `run` DOFs numbered consecutively down from
/// the leaf (leaf, leaf − 1, …, each the parent of the one before: a leg's joints), then the path
/// of `join`, the run's parent, to the root (the free flyer). Leaves whose paths have the same
/// run length and join (the A1's four feet: three joints on DOF 5) share one instantiation, with
/// the leaf an argument, so that the flash it costs is one leg's, not four. The run stops at the
/// first DOF whose subtree holds more than the run: numbering alone would carry the front-right
/// leg's run (6, 7, 8) on through the free flyer (5 is 6's parent and 6 − 1), and that leg would
/// take the generic walk with a shape of its own.
template <typename T>
constexpr int topology_run(int leaf) noexcept {
  int run = 1;
  while (leaf - run >= 0 && T::kDofParent[leaf - run + 1] == leaf - run && topology_subtree_end<T>(leaf - run) == leaf + 1)
    ++run;
  return run;
}

/// DOF number s on the path of `join` to the root, nearest first (0: join itself).
template <typename T, int join>
constexpr int topology_path(int s) noexcept {
  return s == 0 ? join : topology_ancestor<T>(join, s - 1);
}

/// Contact i's rows of Y and Z, and its diagonal block of W (which must have its size already),
/// for a support that is the path of `leaf`: `run` DOFs down from it, then join's path.
template <typename T, int run, int join, int M, typename S, int B, int D, int K>
FOOTFALL_NOINLINE void contact_delassus_for_path(const Workspace<S, B, D>& ws, ContactDynamics<S, D, K>& cd, int i,
                                                 int leaf) noexcept {
  constexpr int n = T::kDofs;
  constexpr int size = run + topology_depth<T>(join) + 1;
  constexpr int kStride = ContactDynamics<S, D, K>::kMaxRows;
  constexpr std::size_t kRows = static_cast<std::size_t>(size), kColumns = static_cast<std::size_t>(M);
  // The path's DOF s is leaf − s on the run and a constant after it: every offset below is a
  // constant from one of these bases.
  const S* const l = ws.factor.data();  // n × n, column c at c·n: L(k, a) at a·n + k
  const S* const l_leaf_row = l + leaf;              // + a·n − s: L(leaf − s, a)
  const S* const l_leaf_diagonal = l + leaf * (n + 1);  // − up·n − s: L(leaf − s, leaf − up)
  const int g_stride = static_cast<int>(cd.jacobian.outerStride());
  const S* const g = cd.jacobian.data() + i * M;
  // Y's and Z's rows for DOF d start at d·kStride; the run's, from the leaf's down, at constant
  // offsets from the leaf's, the join path's at constant offsets from row 0. Written as bases
  // and constant offsets, each store needs no address arithmetic (GCC computed each address
  // anew from the DOF's index).
  S* const y_rows = cd.back_substituted.data() + i * M;
  S* const z_rows = cd.scaled.data() + i * M;
  S* const y_leaf = y_rows + leaf * kStride;
  S* const z_leaf = z_rows + leaf * kStride;
  const auto row_offset = [](int s) noexcept { return s < run ? -s * kStride : topology_path<T, join>(s - run) * kStride; };
  S y[kRows][kColumns];  // NOLINT(cppcoreguidelines-pro-type-member-init): each row written before it is read
  S sum[kColumns][kColumns];  // W's block, (p, q) for q ≤ p, summed along the path as rows become final
  {
    const S* column = g + leaf * g_stride;  // G(i·M + r, leaf − s) at column[r], s = 0, 1, …
#pragma GCC unroll 64
    for (int s = 0; s < run; ++s, column -= g_stride)
#pragma GCC unroll 4
      for (int r = 0; r < M; ++r) y[s][r] = column[r];
#pragma GCC unroll 64
    for (int s = run; s < size; ++s)
#pragma GCC unroll 4
      for (int r = 0; r < M; ++r) y[s][r] = g[topology_path<T, join>(s - run) * g_stride + r];
  }
  // Along the path from the leaf: row s is final when it comes, leaves its ancestors' rows
  // (s + 1 … on the path), gives Z's row, and adds its terms to the block. The block's entry
  // (p, q), p ≥ q, is Σ_s Y(s, p) Z(s, q) in path order, the value the generic loop leaves in
  // both (p, q) and (q, p); summed as each row comes, only the rows not yet final are held.
  for_each_dof_index(std::make_integer_sequence<int, size>{}, [&](auto sc) noexcept {
    constexpr int s = decltype(sc)::value;
#pragma GCC unroll 64
    for (int up = s + 1; up < size; ++up) {
      S entry;  // L(dof(s), dof(up))
      if constexpr (s < run)
        entry = up < run ? l_leaf_diagonal[-up * n - s] : l_leaf_row[topology_path<T, join>(up - run) * n - s];
      else
        entry = l[topology_path<T, join>(up - run) * n + topology_path<T, join>(s - run)];
#pragma GCC unroll 4
      for (int r = 0; r < M; ++r) y[up][r] -= entry * y[s][r];
    }
    S pivot;  // D of dof(s)
    if constexpr (s < run) {
      constexpr int back = s * (n + 1);
      pivot = l_leaf_diagonal[-back];
    } else {
      constexpr int diagonal = topology_path<T, join>(s - run) * (n + 1);
      pivot = l[diagonal];
    }
    S z[kColumns];  // NOLINT(cppcoreguidelines-pro-type-member-init): written next
#pragma GCC unroll 4
    for (int r = 0; r < M; ++r) z[r] = y[s][r] / pivot;
    S* const y_row = (s < run ? y_leaf : y_rows) + row_offset(s);
    S* const z_row = (s < run ? z_leaf : z_rows) + row_offset(s);
#pragma GCC unroll 4
    for (int r = 0; r < M; ++r) {
      y_row[r] = y[s][r];
      z_row[r] = z[r];
    }
#pragma GCC unroll 4
    for (int p = 0; p < M; ++p)
#pragma GCC unroll 4
      for (int q = 0; q <= p; ++q) {
        if constexpr (s == 0)
          sum[p][q] = S(0) + y[s][p] * z[q];
        else
          sum[p][q] += y[s][p] * z[q];
      }
  });
#pragma GCC unroll 4
  for (int p = 0; p < M; ++p)
#pragma GCC unroll 4
    for (int q = 0; q <= p; ++q) {
      cd.delassus.coeffRef(i * M + p, i * M + q) = sum[p][q];
      cd.delassus.coeffRef(i * M + q, i * M + p) = sum[p][q];
    }
}

/// Contact i through the instantiation for DOF k's path, when k is a leaf and the support is its path.
template <typename T, int k, int M, typename S, int B, int D, int K>
FOOTFALL_INLINE bool contact_delassus_if_leaf(const Workspace<S, B, D>& ws, ContactDynamics<S, D, K>& cd,
                                              int i) noexcept {
  if constexpr (topology_subtree_end<T>(k) == k + 1) {
    if (cd.support_size[i] == topology_depth<T>(k) + 1 && cd.support[i][0] == k) {
      constexpr int run = topology_run<T>(k);
      constexpr int join = T::kDofParent[k - run + 1];
      if constexpr (join == -1) {
        return false;  // a chain of its own from a root: the generic walk
      } else {
        contact_delassus_for_path<T, run, join, M>(ws, cd, i, k);
        return true;
      }
    }
  }
  return false;
}

template <typename T, int M, typename S, int B, int D, int K, int... ks>
FOOTFALL_INLINE bool contact_delassus_by_leaf(const Workspace<S, B, D>& ws, ContactDynamics<S, D, K>& cd, int i,
                                              std::integer_sequence<int, ks...>) noexcept {
  return (contact_delassus_if_leaf<T, ks, M>(ws, cd, i) || ...);
}

/// The block of W between contact i, whose support is the path of `leaf` (run DOFs, then join's
/// path), and a contact j whose support holds join but none of i's run: their common DOFs are
/// then join's path, and the block is Σ over it of Y(k, i's rows)ᵀ Z(k, j's rows), in the path's
/// order, as delassus_from_factor's walk over i's support sums it (the run's rows, not shared,
/// add nothing there). With the path a constant, each row is a load at a constant offset.
template <typename T, int join, int M, typename S, int D, int K>
FOOTFALL_NOINLINE void contact_cross_block_along_join(const ContactDynamics<S, D, K>& cd, int i, int j,
                                                      Eigen::Matrix<S, M, M>& block) noexcept {
  constexpr int kStride = ContactDynamics<S, D, K>::kMaxRows;
  constexpr int kShared = topology_depth<T>(join) + 1;
  constexpr std::size_t kColumns = static_cast<std::size_t>(M);
  const S* const y = cd.back_substituted.data() + i * M;
  const S* const z = cd.scaled.data() + j * M;
  S sum[kColumns][kColumns];  // NOLINT(cppcoreguidelines-pro-type-member-init): the first row writes it
  for_each_dof_index(std::make_integer_sequence<int, kShared>{}, [&](auto sc) noexcept {
    constexpr int s = decltype(sc)::value;
    constexpr int k = topology_path<T, join>(s);
#pragma GCC unroll 4
    for (int ri = 0; ri < M; ++ri)
#pragma GCC unroll 4
      for (int rj = 0; rj < M; ++rj) {
        if constexpr (s == 0)
          sum[ri][rj] = S(0) + y[k * kStride + ri] * z[k * kStride + rj];
        else
          sum[ri][rj] += y[k * kStride + ri] * z[k * kStride + rj];
      }
  });
#pragma GCC unroll 4
  for (int ri = 0; ri < M; ++ri)
#pragma GCC unroll 4
    for (int rj = 0; rj < M; ++rj) block.coeffRef(ri, rj) = sum[ri][rj];
}

/// The cross block through the instantiation for DOF k's path, when contact i's support is k's
/// path (contact_delassus_unrolled made its rows) and j shares exactly the path of k's join.
template <typename T, int k, int M, typename S, int D, int K>
FOOTFALL_INLINE bool contact_cross_block_if_leaf(const ContactDynamics<S, D, K>& cd, int i, int j,
                                                 Eigen::Matrix<S, M, M>& block) noexcept {
  if constexpr (topology_subtree_end<T>(k) == k + 1) {
    if (cd.support[i][0] == k) {
      constexpr int run = topology_run<T>(k);
      constexpr int join = T::kDofParent[k - run + 1];
      if constexpr (join == -1) {
        return false;
      } else {
        // j's support is closed under ancestors: holding join it holds join's path, and holding
        // any DOF of the run it would hold the run's first.
        if (cd.on_support[j][k - run + 1] || !cd.on_support[j][join]) return false;
        contact_cross_block_along_join<T, join, M>(cd, i, j, block);
        return true;
      }
    }
  }
  return false;
}

template <typename T, int M, typename S, int D, int K, int... ks>
FOOTFALL_INLINE bool contact_cross_block_by_leaf(const ContactDynamics<S, D, K>& cd, int i, int j,
                                                 Eigen::Matrix<S, M, M>& block,
                                                 std::integer_sequence<int, ks...>) noexcept {
  return (contact_cross_block_if_leaf<T, ks, M>(cd, i, j, block) || ...);
}

/// Whether the block of W between contacts i and j (i < j) was made here, for an i whose rows
/// contact_delassus_unrolled made; false leaves it to the generic walk.
template <int M, typename S, int D, int K>
FOOTFALL_INLINE bool contact_cross_block_unrolled(GenericKernels, const ContactDynamics<S, D, K>&, int, int,
                                                  Eigen::Matrix<S, M, M>&) noexcept {
  return false;
}

template <int M, typename T, typename S, int D, int K>
FOOTFALL_INLINE bool contact_cross_block_unrolled(UnrolledKernels<T>, const ContactDynamics<S, D, K>& cd, int i, int j,
                                                  Eigen::Matrix<S, M, M>& block) noexcept {
  return contact_cross_block_by_leaf<T, M>(cd, i, j, block, std::make_integer_sequence<int, T::kDofs>{});
}

/// Whether contact i's rows of Y, Z and diagonal block of W were made here; false leaves them to
/// the generic walk. The generic kernels make none.
template <int M, typename S, int B, int D, int K>
FOOTFALL_INLINE bool contact_delassus_unrolled(GenericKernels, const Workspace<S, B, D>&, ContactDynamics<S, D, K>&,
                                               int) noexcept {
  return false;
}

template <int M, typename T, typename S, int B, int D, int K>
FOOTFALL_INLINE bool contact_delassus_unrolled(UnrolledKernels<T>, const Workspace<S, B, D>& ws,
                                               ContactDynamics<S, D, K>& cd, int i) noexcept {
  if constexpr (M == 3) {
    return contact_delassus_by_leaf<T, M>(ws, cd, i, std::make_integer_sequence<int, T::kDofs>{});
  } else {
    (void)ws;
    (void)cd;
    (void)i;
    return false;
  }
}

}  // namespace detail

}  // namespace footfall
FOOTFALL_HEADER_END
