#pragma once
// LDLᵀ of the leading n×n block of a small symmetric positive-definite matrix of fixed capacity
// N (no pivoting, which SPD matrices do not need). Written out because Eigen's decompositions
// solve matrix right-hand sides through blocked level-3 kernels that keep a heap fallback,
// which firmware must not link. Loops are bounded by n ≤ N.
#include <Eigen/Core>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/unroll.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// LDLᵀ factorisation of the leading n×n block (n ≤ N) of a symmetric positive-definite N×N
/// matrix, without pivoting and without heap; compute() factorises, solve_in_place() and
/// inverse() use the factors.
template <typename S, int N>
class SmallLdlt {
 public:
  using Matrix = Eigen::Matrix<S, N, N>;  ///< the full-capacity N×N matrix type compute() takes
  using Vector = Eigen::Matrix<S, N, 1>;  ///< the N-vector type solve_in_place() works on

  /// Zero factors of an empty (n = 0) block.
  SmallLdlt() noexcept { set_zero(ld_); }
  /// Unset until compute(), which writes what the solves read (holding_torques' per-tick one).
  explicit SmallLdlt(detail::Unset) noexcept { detail::poison_unset(ld_.data(), N * N); }

  /// Factorises a's leading n×n block. Returns false (and is then unusable) if a pivot is not
  /// positive and finite, i.e. the block is not numerically positive definite.
  bool compute(const Matrix& a, int n) noexcept {
    if (n < 0 || n > N) return false;
    n_ = n;
    ld_ = a;
    if constexpr (N <= kUnrolledMax)
      if (n == N) return factorize<N>(n);
    return factorize<0>(n);
  }

  /// b ← A⁻¹ b on the first n entries.
  void solve_in_place(Vector& b) const noexcept {
    if constexpr (N <= kUnrolledMax)
      if (n_ == N) return substitute<N>(b, N);
    substitute<0>(b, n_ < N ? n_ : N);  // n_ ≤ N always; stated so the compiler sees the bound
  }

  /// A⁻¹ in the leading n×n block, zero elsewhere.
  Matrix inverse() const noexcept {
    Matrix out = Matrix::Zero();
    const int n = n_ < N ? n_ : N;
    for (int c = 0; c < n; ++c) {
      Vector e = Vector::Zero();
      e(c) = S(1);
      solve_in_place(e);
      out.col(c) = e;
    }
    return out;
  }

 private:
  /// A whole block of up to 6×6 (a free body's AAᵀ, stance/holding_torques.hpp) is factorised
  /// and solved on unrolled loops (common/unroll.hpp), the same arithmetic in the same order.
  static constexpr int kUnrolledMax = 6;

  /// The factorisation of the leading n×n block, n = F when F > 0 (unrolled), else the given n.
  template <int F>
  bool factorize(int n) noexcept {
    if constexpr (F > 0) n = F;
    bool positive = true;  // every pivot so far: the factorisation stops at the first that is not
    detail::for_block_index<F>(0, n, [&](int j) {
      if (!positive) return;
      S d = ld_.coeff(j, j);
      detail::for_block_index<F>(0, j, [&](int k) { d -= ld_.coeff(j, k) * ld_.coeff(j, k) * ld_.coeff(k, k); });
      if (!(d > S(0)) || !is_finite(d)) {
        positive = false;
        return;
      }
      ld_.coeffRef(j, j) = d;
      detail::for_block_index<F>(j + 1, n, [&](int i) {
        S l = ld_.coeff(i, j);
        detail::for_block_index<F>(0, j, [&](int k) { l -= ld_.coeff(i, k) * ld_.coeff(j, k) * ld_.coeff(k, k); });
        ld_.coeffRef(i, j) = l / d;
      });
    });
    return positive;
  }

  /// b ← A⁻¹ b on the first n entries (n = F when F > 0, unrolled).
  template <int F>
  void substitute(Vector& b, int n) const noexcept {
    if constexpr (F > 0) n = F;
    detail::for_block_index<F>(0, n, [&](int i) {
      detail::for_block_index<F>(0, i, [&](int k) { b.coeffRef(i) -= ld_.coeff(i, k) * b.coeff(k); });
    });
    detail::for_block_index<F>(0, n, [&](int i) { b.coeffRef(i) /= ld_.coeff(i, i); });
    detail::for_block_index<F>(0, n, [&](int step) {  // rows n − 1 down to 0
      const int i = n - 1 - step;
      detail::for_block_index<F>(i + 1, n, [&](int k) { b.coeffRef(i) -= ld_.coeff(k, i) * b.coeff(k); });
    });
  }

  Matrix ld_;  ///< D on the diagonal, L strictly below
  int n_ = 0;
};

}  // namespace footfall
FOOTFALL_HEADER_END
