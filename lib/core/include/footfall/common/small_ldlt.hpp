#pragma once
// LDLᵀ of the leading n×n block of a small symmetric positive-definite matrix of fixed capacity
// N (no pivoting, which SPD matrices do not need). Written out because Eigen's decompositions
// solve matrix right-hand sides through blocked level-3 kernels that keep a heap fallback,
// which firmware must not link. Loops are bounded by n ≤ N.
#include <Eigen/Core>

#include "footfall/common/numeric.hpp"

namespace footfall {

template <typename S, int N>
class SmallLdlt {
 public:
  using Matrix = Eigen::Matrix<S, N, N>;
  using Vector = Eigen::Matrix<S, N, 1>;

  SmallLdlt() noexcept { set_zero(ld_); }

  // Factorises a's leading n×n block. Returns false (and is then unusable) if a pivot is not
  // positive and finite, i.e. the block is not numerically positive definite.
  bool compute(const Matrix& a, int n) noexcept {
    if (n < 0 || n > N) return false;
    n_ = n;
    ld_ = a;
    for (int j = 0; j < n; ++j) {
      S d = ld_.coeff(j, j);
      for (int k = 0; k < j; ++k) d -= ld_.coeff(j, k) * ld_.coeff(j, k) * ld_.coeff(k, k);
      if (!(d > S(0)) || !is_finite(d)) return false;
      ld_.coeffRef(j, j) = d;
      for (int i = j + 1; i < n; ++i) {
        S l = ld_.coeff(i, j);
        for (int k = 0; k < j; ++k) l -= ld_.coeff(i, k) * ld_.coeff(j, k) * ld_.coeff(k, k);
        ld_.coeffRef(i, j) = l / d;
      }
    }
    return true;
  }

  // b ← A⁻¹ b on the first n entries.
  void solve_in_place(Vector& b) const noexcept {
    const int n = n_ < N ? n_ : N;  // n_ ≤ N always; stated so the compiler sees the bound
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < i; ++k) b.coeffRef(i) -= ld_.coeff(i, k) * b.coeff(k);
    for (int i = 0; i < n; ++i) b.coeffRef(i) /= ld_.coeff(i, i);
    for (int i = n - 1; i >= 0; --i)
      for (int k = i + 1; k < n; ++k) b.coeffRef(i) -= ld_.coeff(k, i) * b.coeff(k);
  }

  // A⁻¹ in the leading n×n block, zero elsewhere.
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
  Matrix ld_;  // D on the diagonal, L strictly below
  int n_ = 0;
};

}  // namespace footfall
