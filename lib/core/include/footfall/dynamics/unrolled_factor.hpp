#pragma once
// H = LᵀDL, as factorize_mass_matrix computes it (mass_matrix_factor.hpp, RBDA §6.5's LTDL), for
// a model whose DOF tree is known at compile time (model/topology.hpp). The arithmetic is the
// same, term for term and in the same order, so the factor is the same to the last bit; only
// the bookkeeping goes. Each row k is its own instantiation, whose subtree run and ancestors are
// constants of the topology: its loops have constant trip counts and unroll into straight-line
// code in which each entry of H and L is a load at a fixed offset. On the Cortex-M7 the
// quadruped's factor takes well under half the generic walk's instructions this way, the check
// that the model has the tree included, for several KB more flash (tests/README.md, Measuring).
#include <utility>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/inline.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/dynamics/mass_matrix_factor.hpp"
#include "footfall/model/topology.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

/// Row k of the factor: D_k and L(k, i) for each ancestor i of k (factorize_mass_matrix's loop
/// body with k a template argument), inlined: each row is called once, and as calls the rows
/// would add call glue to every factor. `l` and `h` are the n × n factor and
/// H, column-major. False, with `status` set, on a pivot that is not positive.
template <typename T, int k, typename S>
FOOTFALL_INLINE bool factor_row_unrolled(S* const l, const S* const h, Status& status) noexcept {
  constexpr int n = T::kDofs;
  constexpr int end = topology_subtree_end<T>(k);
  constexpr int depth = topology_depth<T>(k);
  // L(m, k)·D_m for k's descendants m, at m − k − 1 (one entry, unused, for a leaf).
  constexpr std::size_t slots = end - k > 1 ? static_cast<std::size_t>(end - k - 1) : 1u;
  S scaled[slots];  // NOLINT(cppcoreguidelines-pro-type-member-init): written before read
  //   D_k = H(k, k) − Σ_{m>k} L(m, k)² D_m,   L(k, i) = (H(k, i) − Σ_{m>k} L(m, k) D_m L(m, i)) / D_k
  // over k's descendants m (k < m < end) and its ancestors i.
  S pivot = h[k * n + k];
#pragma GCC unroll 64
  for (int m = k + 1; m < end; ++m) {
    scaled[m - k - 1] = l[k * n + m] * l[m * n + m];
    pivot -= scaled[m - k - 1] * l[k * n + m];
  }
  if (!(pivot > S(0)) || !is_finite(pivot)) {
    status = Status::BadInput("mass_matrix.positive_definite", k);
    return false;
  }
  l[k * n + k] = pivot;
  const S inverse_pivot = S(1) / pivot;
#pragma GCC unroll 64
  for (int up = 0; up < depth; ++up) {
    const int i = kTopologyAncestors<T>.of[k][up];
    S sum = h[i * n + k];
#pragma GCC unroll 64
    for (int m = k + 1; m < end; ++m) sum -= scaled[m - k - 1] * l[i * n + m];
    l[i * n + k] = sum * inverse_pivot;
  }
  return true;
}

/// The rows from the leaves, n − 1 down to 0, stopping at the first pivot refused.
template <typename T, typename S, int... ks>
Status factor_rows_unrolled(S* const l, const S* const h, std::integer_sequence<int, ks...>) noexcept {
  Status status = Status::Ok();
  (void)(factor_row_unrolled<T, T::kDofs - 1 - ks>(l, h, status) && ...);
  return status;
}

}  // namespace detail

/// Factorises ws.mass_matrix (after mass_matrix()) into ws.factor, like factorize_mass_matrix.
/// Fails with kBadInput "model.topology" if the model's tree is not T's, and as
/// factorize_mass_matrix does otherwise; on failure ws.stage does not say kFactor.
/// kTreeChecked: the caller has just checked the model's tree against T (compute_mass_terms,
/// after mass_matrix_unrolled), and it is not checked again.
template <typename T, bool kTreeChecked = false, typename S, int B, int D>
Status factorize_mass_matrix_unrolled(const Model<S, B, D>& model, Workspace<S, B, D>& ws) noexcept {
  using W = Workspace<S, B, D>;
  constexpr int n = T::kDofs;
  if (!(ws.stage & W::kMassMatrix)) return Status::BadInput("workspace.mass_matrix");
  if constexpr (!kTreeChecked) {
    const Status topology = check_topology<T>(model);
    if (!topology.ok()) return topology;
  }
  ws.stage &= ~static_cast<unsigned>(W::kFactor);
  ws.factor.resize(n, n);
  // Both matrices are n × n with Eigen's dynamic storage: column c starts at c·n.
  const Status status =
      detail::factor_rows_unrolled<T>(ws.factor.data(), ws.mass_matrix.data(), std::make_integer_sequence<int, n>{});
  if (status.ok()) ws.stage |= W::kFactor;
  return status;
}

}  // namespace footfall
FOOTFALL_HEADER_END
