#pragma once
// A reference dense solve for the tests: Gaussian elimination with partial pivoting, written
// out with coefficient loops so it uses no Eigen decomposition (whose matrix solves keep a heap
// fallback that board images must not link) and shares no code with footfall's LDLᵀ.
#include <cmath>

namespace footfall::test {

// Solves a x = b for every column of b, in place; a is copied. Returns false on a zero pivot.
template <typename MatrixA, typename MatrixB>
bool gaussian_solve(MatrixA a, MatrixB& b) {
  const auto n = a.rows();
  for (decltype(a.rows()) col = 0; col < n; ++col) {
    auto pivot = col;
    for (auto r = col + 1; r < n; ++r)
      if (std::abs(a(r, col)) > std::abs(a(pivot, col))) pivot = r;
    if (a(pivot, col) == 0) return false;
    if (pivot != col) {
      a.row(pivot).swap(a.row(col));
      b.row(pivot).swap(b.row(col));
    }
    for (auto r = col + 1; r < n; ++r) {
      const auto f = a(r, col) / a(col, col);
      for (auto c = col; c < n; ++c) a(r, c) -= f * a(col, c);
      for (decltype(b.cols()) c = 0; c < b.cols(); ++c) b(r, c) -= f * b(col, c);
    }
  }
  for (auto r = n - 1; r >= 0; --r)
    for (decltype(b.cols()) c = 0; c < b.cols(); ++c) {
      auto sum = b(r, c);
      for (auto k = r + 1; k < n; ++k) sum -= a(r, k) * b(k, c);
      b(r, c) = sum / a(r, r);
    }
  return true;
}

}  // namespace footfall::test
