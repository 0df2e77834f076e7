#pragma once
// Shared pieces of the LCP tests: problems written as row-major tables, the three solvers run
// side by side, comparisons with tolerances from the scalar's epsilon, and random problems from
// the deterministic generator the boards share with the host.
#include <cmath>

#include "ff_test.hpp"
#include "footfall/lcp.hpp"
#include "random.hpp"

namespace footfall::test {

// Capacity of the problems in these tests: Murty's n = 12 and the 12×12 random problems fit.
constexpr int kLcpCapacity = 12;

template <typename S>
using TestProblem = LcpProblem<S, kLcpCapacity>;
template <typename S>
using TestResult = LcpResult<S, kLcpCapacity>;
template <typename S>
using TestVector = LcpVector<S, kLcpCapacity>;

// The workspaces of all three solvers.
template <typename S>
struct LcpSolvers {
  LemkeWorkspace<S, kLcpCapacity> lemke;
  EnumerationWorkspace<S, kLcpCapacity> enumeration;
  PgsWorkspace<S, kLcpCapacity> pgs;
};

// The suite's one set of solver workspaces for S, made on first use (static: a board's stack is
// small). Each test sets its problem before it solves, so the tests share it.
template <typename S>
LcpSolvers<S>& solvers() {
  static LcpSolvers<S> instance;
  return instance;
}

// Fills a problem of size n from a row-major table of M and a table of q, written in double
// and rounded once to S.
template <typename S, int N>
bool set_problem(LcpProblem<S, N>& problem, int n, const double* m_row_major, const double* q) {
  if (!problem.resize(n).ok()) return false;
  for (int i = 0; i < n; ++i) {
    problem.q(i) = static_cast<S>(q[i]);
    for (int j = 0; j < n; ++j) problem.m(i, j) = static_cast<S>(m_row_major[i * n + j]);
  }
  return true;
}

// Tolerance for comparing an answer with an exact one of size `scale`: a few hundred roundings.
template <typename S>
S answer_tolerance(int n, S scale) {
  return S(256) * static_cast<S>(n + 1) * epsilon<S>() * (S(1) + scale);
}

template <typename S, int N>
S largest(const LcpVector<S, N>& v) {
  S out = S(0);
  for (int i = 0; i < v.size(); ++i) out = std::max(out, std::abs(v(i)));
  return out;
}

// A result that is ok, of size n, with z equal to `expected` (a table) to `tolerance`.
template <typename S, int N>
void expect_solution(const LcpResult<S, N>& result, int n, const double* expected, S tolerance) {
  FF_EXPECT_TRUE(result.ok());
  FF_ASSERT_TRUE(result.z.size() == n && result.w.size() == n);
  for (int i = 0; i < n; ++i) FF_EXPECT_NEAR(result.z(i), static_cast<S>(expected[i]), tolerance);
}

// A failed result in the documented state: the code asked for, z = w = 0 of size n, a finite
// nothing (no NaN anywhere).
template <typename S, int N>
void expect_clean_failure(const LcpResult<S, N>& result, int n, StatusCode code) {
  FF_EXPECT_TRUE(result.status.code == code);
  FF_ASSERT_TRUE(result.z.size() == n && result.w.size() == n);
  for (int i = 0; i < n; ++i) {
    FF_EXPECT_EQ(result.z(i), S(0));
    FF_EXPECT_EQ(result.w(i), S(0));
  }
}

// An ok result whose z, w satisfy the LCP at rounding level (the library's own check, re-run
// here on the returned z) and whose w was reported as Mz + q.
template <typename S, int N>
void expect_checked(const LcpProblem<S, N>& problem, const LcpResult<S, N>& result, S accuracy = S(0)) {
  FF_ASSERT_TRUE(result.ok());
  static LcpVector<S, N> w;
  const LcpCheck<S> check = check_lcp_solution(problem, result.z, w, accuracy);
  FF_EXPECT_TRUE(check.status.ok());
  FF_EXPECT_EQ(check.residual, result.residual);
  for (int i = 0; i < problem.size(); ++i) FF_EXPECT_EQ(w(i), result.w(i));
}

// Random matrices. Entries are uniform in [−1, 1).
template <typename S, int N>
void random_matrix(Random& rng, int rows, int cols, LcpMatrix<S, N>& a) {
  a.resize(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) a(i, j) = rng.uniform(S(-1), S(1));
}

// M = AᵀA / rank + shift·I with A rank×n: symmetric PD for shift > 0, PSD of rank `rank` for 0.
template <typename S, int N>
void random_gram(Random& rng, int n, int rank, S shift, LcpMatrix<S, N>& m) {
  static LcpMatrix<S, N> a;
  random_matrix<S, N>(rng, rank, n, a);
  m.resize(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i; ++j) {
      S sum = S(0);
      for (int k = 0; k < rank; ++k) sum += a(k, i) * a(k, j);
      sum /= static_cast<S>(rank);
      if (i == j) sum += shift;
      m(i, j) = sum;
      m(j, i) = sum;
    }
}

// M = Σ_k σ_k u_k u_kᵀ over `rank` orthonormal u_k (Gram–Schmidt on random vectors) with
// σ_k in [0.5, 2): symmetric PSD of that rank, its nonzero eigenvalues well apart from zero.
template <typename S, int N>
void random_semidefinite(Random& rng, int n, int rank, LcpMatrix<S, N>& m) {
  static LcpMatrix<S, N> u;  // column k is u_k
  random_matrix<S, N>(rng, n, rank, u);
  for (int k = 0; k < rank; ++k) {
    for (int pass = 0; pass < 2; ++pass)  // twice is enough (Giraud et al., "twice is enough")
      for (int l = 0; l < k; ++l) {
        S dot = S(0);
        for (int i = 0; i < n; ++i) dot += u(i, l) * u(i, k);
        for (int i = 0; i < n; ++i) u(i, k) -= dot * u(i, l);
      }
    S norm = S(0);
    for (int i = 0; i < n; ++i) norm += u(i, k) * u(i, k);
    norm = std::sqrt(norm);
    for (int i = 0; i < n; ++i) u(i, k) /= norm;
  }
  m.resize(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) m(i, j) = S(0);
  for (int k = 0; k < rank; ++k) {
    const S sigma = rng.uniform(S(0.5), S(2));
    for (int i = 0; i < n; ++i)
      for (int j = 0; j <= i; ++j) {
        m(i, j) += sigma * u(i, k) * u(j, k);
        m(j, i) = m(i, j);
      }
  }
}

// M = AᵀA with A rank×n of quarters k/4, |k| ≤ 4: every product and sum is exact in float and
// double, so M is exactly symmetric PSD and exactly of rank ≤ `rank` — singular in the
// arithmetic the solvers use, not only up to rounding. (random_semidefinite's M is singular only
// to rounding: in float its "zero" eigenvalues are ±1e−8, and the problem it poses is then
// ill-posed at working precision.)
template <typename S, int N>
void random_exact_semidefinite(Random& rng, int n, int rank, LcpMatrix<S, N>& m) {
  static LcpMatrix<S, N> a;
  a.resize(rank, n);
  for (int k = 0; k < rank; ++k)
    for (int j = 0; j < n; ++j) a(k, j) = static_cast<S>(static_cast<int>(rng.next() % 9) - 4) / S(4);
  m.resize(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      S sum = S(0);
      for (int k = 0; k < rank; ++k) sum += a(k, i) * a(k, j);
      m(i, j) = sum;
    }
}

// A non-symmetric P-matrix: symmetric PD part plus a skew-symmetric part (xᵀMx = xᵀBx > 0), or
// a strictly row-diagonally dominant matrix with a positive diagonal; alternately.
template <typename S, int N>
void random_p_matrix(Random& rng, int n, bool dominant, LcpMatrix<S, N>& m) {
  if (dominant) {
    random_matrix<S, N>(rng, n, n, m);
    for (int i = 0; i < n; ++i) {
      S off = S(0);
      for (int j = 0; j < n; ++j)
        if (j != i) off += std::abs(m(i, j));
      m(i, i) = off + rng.uniform(S(0.1), S(1));
    }
    return;
  }
  random_gram<S, N>(rng, n, n, S(0.2), m);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < i; ++j) {
      const S skew = rng.uniform(S(-1), S(1));
      m(i, j) += skew;
      m(j, i) -= skew;
    }
}

}  // namespace footfall::test
