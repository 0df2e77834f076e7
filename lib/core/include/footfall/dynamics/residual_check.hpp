#pragma once
// The equations-of-motion checks of the stance and strike solves (lib/DESIGN.md §2: never "ok" on a
// wrong answer): a residual r = H x − b, judged normwise against the rounding of its terms,
//
//   |r_k| ≤ bound · scale for every row k,   scale = max(floor, max_k Σ sizes of row k's terms),
//
// the sizes being |H(k, j) x_j| for every entry of H's row and whatever the caller's b holds.
//
// The sizes only ever raise the scale, so most of them are summed only when r fails against
// the scale without them: H's off-diagonal terms' sizes, and whichever of the caller's the
// caller leaves out of its first count. A solve that passes, every tick of a working robot,
// walks H once for the product alone, clearly less work than walking it for the product and the
// sizes together; one that does not pass so easily is then judged on
// every size, in the order a single count of them all takes, so exactly as such a count would
// judge it, failing on the same row.
#include <algorithm>
#include <cmath>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/dynamics/crba.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

/// `residual` (nv long) holds each row's diagonal and the caller's terms, and `magnitude` at
/// least the sizes of the diagonal terms. `residual` gets H's off-diagonal terms of x added
/// (crba.hpp's branch-sparse walk). If some row fails against the largest row of `magnitude`,
/// caller_sizes(magnitude) must write every row's diagonal and caller's term sizes into it and
/// return a floor for the scale (0 if none); H's off-diagonal sizes are added and every row is
/// judged again on the whole scale. Returns the first row k with |r_k| > bound · scale (or not a
/// number), or −1 when there is none; *largest = max_k |r_k| over the rows that are numbers.
template <typename S, int B, int D, typename XDerived, typename ResidualDerived, typename MagnitudeDerived,
          typename CallerSizes>
int first_row_over_rounding(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                            const Eigen::MatrixBase<XDerived>& x, const Eigen::MatrixBase<ResidualDerived>& residual_const,
                            const Eigen::MatrixBase<MagnitudeDerived>& magnitude_const, NoDeduce<S> bound, S* largest,
                            CallerSizes&& caller_sizes) noexcept {
  auto& residual = writable(residual_const);
  auto& magnitude = writable(magnitude_const);
  const int nv = model.nv();
  add_off_diagonal_terms<true, false>(model, ws, x, residual, magnitude);
  // One pass for the scale, the largest |r_k| and Σ 0·r_k, which is NaN exactly when some r_k is
  // NaN or ±∞ (validate.hpp's test): a multiply-add a row where a compare and a branch would be.
  S scale = S(0), most = S(0), zeros = S(0);
  for (int k = 0; k < nv; ++k) {
    const S r = residual.coeff(k);
    scale = std::max(scale, magnitude.coeff(k));
    most = std::max(most, std::abs(r));
    zeros += S(0) * r;
  }
  *largest = most;
  if (zeros == S(0) && most <= bound * scale) return -1;
  const auto first_over = [&](S limit) noexcept {
    for (int k = 0; k < nv; ++k)
      if (!(std::abs(residual.coeff(k)) <= limit)) return k;
    return -1;
  };
  scale = caller_sizes(magnitude);
  add_off_diagonal_terms<false, true>(model, ws, x, residual, magnitude);
  for (int k = 0; k < nv; ++k) scale = std::max(scale, magnitude.coeff(k));
  return first_over(bound * scale);
}

}  // namespace detail

}  // namespace footfall
FOOTFALL_HEADER_END
