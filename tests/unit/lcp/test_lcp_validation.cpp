// Inputs the solvers must refuse, and the contracts around them: every bad field named with a
// "bad input" Status, the documented failure state (z = w = 0), the sizes 0 and beyond the
// capacity, options out of range, another covering vector, warm starts, the result check
// itself on answers that are wrong in each way it looks for, and the status names.
#include <algorithm>
#include <cstring>
#include <limits>

#include "lcp_fixtures.hpp"

namespace {

using footfall::Status;
using footfall::StatusCode;
using footfall::test::set_problem;
using footfall::test::solvers;

bool same(const char* a, const char* b) { return std::strcmp(a, b) == 0; }

bool is_bad_input(const Status& status, const char* field, int index) {
  return status.code == StatusCode::kBadInput && same(status.field, field) && status.index == index;
}

// The 2×2 SPD problem of LCP problem 2 (tests/README.md), z = (4/3, 7/3).
template <typename S>
void set_two_by_two(footfall::test::TestProblem<S>& p) {
  const double m[] = {2, 1, 1, 2}, q[] = {-5, -6};
  (void)set_problem(p, 2, m, q);
}

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(LcpValidation, Sizes) {
  static footfall::test::TestProblem<S> p;
  auto& ws = solvers<S>();
  FF_EXPECT_TRUE(p.resize(-1).code == StatusCode::kBadInput);
  FF_EXPECT_TRUE(p.resize(footfall::test::kLcpCapacity + 1).code == StatusCode::kCapacity);
  // n = 0: nothing to solve, and every solver says so with an empty, ok answer.
  FF_ASSERT_TRUE(p.resize(0).ok());
  for (const auto& result : {footfall::solve_lemke(p, ws.lemke), footfall::solve_by_enumeration(p, ws.enumeration),
                             footfall::solve_pgs(p, ws.pgs)}) {
    FF_EXPECT_TRUE(result.ok());
    FF_EXPECT_EQ(result.z.size(), 0);
    FF_EXPECT_LE(result.work, 1);  // enumeration tries the one (empty) set
    FF_EXPECT_EQ(result.residual, S(0));
  }
  // M and q of different sizes.
  FF_ASSERT_TRUE(p.resize(3).ok());
  p.q.resize(2);
  const auto mismatched = footfall::solve_lemke(p, ws.lemke);
  FF_EXPECT_TRUE(is_bad_input(mismatched.status, "lcp.m.size", 3));
  FF_EXPECT_EQ(mismatched.z.size(), 2);
  // Enumeration takes n ≤ 12 only; a capacity of 16 allows a problem it must refuse.
  static footfall::LcpProblem<S, 16> large;
  static footfall::EnumerationWorkspace<S, 16> large_workspace;
  FF_ASSERT_TRUE(large.resize(13).ok());
  for (int i = 0; i < 13; ++i) {
    large.m(i, i) = S(1);
    large.q(i) = S(-1);
  }
  const auto refused = footfall::solve_by_enumeration(large, large_workspace);
  FF_EXPECT_TRUE(refused.status.code == StatusCode::kCapacity && same(refused.status.field, "enumeration.size"));
  footfall::test::expect_clean_failure(refused, 13, StatusCode::kCapacity);
  static footfall::LemkeWorkspace<S, 16> large_lemke;
  FF_EXPECT_TRUE(footfall::solve_lemke(large, large_lemke).ok());
}

FF_TEST_FLOAT_AND_DOUBLE(LcpValidation, NonFiniteNumbers) {
  static footfall::test::TestProblem<S> p;
  auto& ws = solvers<S>();
  const S bad_values[] = {std::numeric_limits<S>::quiet_NaN(), std::numeric_limits<S>::infinity(),
                          -std::numeric_limits<S>::infinity()};
  for (const S bad : bad_values) {
    set_two_by_two(p);
    p.q(1) = bad;
    for (const auto& result : {footfall::solve_lemke(p, ws.lemke), footfall::solve_by_enumeration(p, ws.enumeration),
                               footfall::solve_pgs(p, ws.pgs)}) {
      FF_EXPECT_TRUE(is_bad_input(result.status, "lcp.q", 1));
      footfall::test::expect_clean_failure(result, 2, StatusCode::kBadInput);
    }
    set_two_by_two(p);
    p.m(1, 0) = bad;  // row-major index 1·2 + 0
    for (const auto& result : {footfall::solve_lemke(p, ws.lemke), footfall::solve_by_enumeration(p, ws.enumeration),
                               footfall::solve_pgs(p, ws.pgs)}) {
      FF_EXPECT_TRUE(is_bad_input(result.status, "lcp.m", 2));
      footfall::test::expect_clean_failure(result, 2, StatusCode::kBadInput);
    }
  }
}

FF_TEST_FLOAT_AND_DOUBLE(LcpValidation, LemkeOptions) {
  static footfall::test::TestProblem<S> p;
  auto& ws = solvers<S>();
  set_two_by_two(p);
  footfall::LemkeOptions<S> options;
  options.max_pivots = -1;
  FF_EXPECT_TRUE(is_bad_input(footfall::solve_lemke(p, ws.lemke, options).status, "lemke.max_pivots", -1));
  options = footfall::LemkeOptions<S>();
  options.accuracy = S(-1);
  FF_EXPECT_TRUE(is_bad_input(footfall::solve_lemke(p, ws.lemke, options).status, "lemke.accuracy", -1));
  options.accuracy = std::numeric_limits<S>::quiet_NaN();
  FF_EXPECT_TRUE(is_bad_input(footfall::solve_lemke(p, ws.lemke, options).status, "lemke.accuracy", -1));
  options = footfall::LemkeOptions<S>();
  // One pivot: z0 comes in and the limit is reached before it can leave.
  options.max_pivots = 1;
  const auto one_pivot = footfall::solve_lemke(p, ws.lemke, options);
  footfall::test::expect_clean_failure(one_pivot, 2, StatusCode::kIterationLimit);
  FF_EXPECT_TRUE(same(one_pivot.status.field, "lemke.max_pivots") && one_pivot.status.index == 1);

  // Covering vectors: each entry positive and finite, as many as rows.
  options = footfall::LemkeOptions<S>();
  Eigen::Matrix<S, 2, 1> covering(S(1), S(0));
  FF_EXPECT_TRUE(is_bad_input(footfall::solve_lemke(p, ws.lemke, options, covering).status, "lemke.covering", 1));
  covering << S(-2), S(1);
  FF_EXPECT_TRUE(is_bad_input(footfall::solve_lemke(p, ws.lemke, options, covering).status, "lemke.covering", 0));
  covering << std::numeric_limits<S>::infinity(), S(1);
  FF_EXPECT_TRUE(is_bad_input(footfall::solve_lemke(p, ws.lemke, options, covering).status, "lemke.covering", 0));
  const Eigen::Matrix<S, 3, 1> too_long(S(1), S(1), S(1));
  FF_EXPECT_TRUE(is_bad_input(footfall::solve_lemke(p, ws.lemke, options, too_long).status, "lemke.covering.size", 3));
  // Another d reaches the same (unique) solution by another path.
  covering << S(1), S(3);
  const double z[] = {4.0 / 3, 7.0 / 3};
  const auto covered = footfall::solve_lemke(p, ws.lemke, options, covering);
  footfall::test::expect_solution(covered, 2, z, footfall::test::answer_tolerance<S>(2, S(3)));
  // … also on Problem 15 with d = (1, 2, 3).
  const double m15[] = {60, 26, 37, 26, 36, 29, 37, 29, 30}, q15[] = {-1, -1, -1}, z15[] = {0, 1.0 / 239, 7.0 / 239};
  FF_ASSERT_TRUE(set_problem(p, 3, m15, q15));
  const Eigen::Matrix<S, 3, 1> ramp(S(1), S(2), S(3));
  footfall::test::expect_solution(footfall::solve_lemke(p, ws.lemke, options, ramp), 3, z15,
                                  footfall::test::answer_tolerance<S>(3, S(1)));
}

FF_TEST_FLOAT_AND_DOUBLE(LcpValidation, EnumerationOptions) {
  static footfall::test::TestProblem<S> p;
  auto& ws = solvers<S>();
  set_two_by_two(p);
  footfall::EnumerationOptions<S> options;
  for (const S accuracy : {S(-1), S(1), std::numeric_limits<S>::quiet_NaN()}) {
    options.accuracy = accuracy;
    FF_EXPECT_TRUE(
        is_bad_input(footfall::solve_by_enumeration(p, ws.enumeration, options).status, "enumeration.accuracy", -1));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(LcpValidation, PgsOptionsAndWarmStart) {
  static footfall::test::TestProblem<S> p;
  static footfall::test::TestVector<S> warm;
  auto& ws = solvers<S>();
  set_two_by_two(p);
  footfall::PgsOptions<S> options;
  for (const S relaxation : {S(0), S(2), S(-1), std::numeric_limits<S>::quiet_NaN()}) {
    options.relaxation = relaxation;
    FF_EXPECT_TRUE(is_bad_input(footfall::solve_pgs(p, ws.pgs, options).status, "pgs.relaxation", -1));
  }
  options = footfall::PgsOptions<S>();
  for (const S tolerance : {S(-1), S(1), S(10)}) {  // from 1 on, z = 0 would pass every check
    options.tolerance = tolerance;
    FF_EXPECT_TRUE(is_bad_input(footfall::solve_pgs(p, ws.pgs, options).status, "pgs.tolerance", -1));
  }
  options = footfall::PgsOptions<S>();
  options.max_sweeps = -3;
  FF_EXPECT_TRUE(is_bad_input(footfall::solve_pgs(p, ws.pgs, options).status, "pgs.max_sweeps", -3));
  options = footfall::PgsOptions<S>();
  // A zero diagonal: no Gauss–Seidel step for that row.
  p.m(1, 1) = S(0);
  FF_EXPECT_TRUE(is_bad_input(footfall::solve_pgs(p, ws.pgs, options).status, "lcp.m.diagonal", 1));
  set_two_by_two(p);
  warm.resize(3);
  for (int i = 0; i < 3; ++i) warm(i) = S(0);
  FF_EXPECT_TRUE(is_bad_input(footfall::solve_pgs(p, ws.pgs, options, warm).status, "pgs.warm_start.size", 3));
  warm.resize(2);
  warm << S(1), std::numeric_limits<S>::quiet_NaN();
  FF_EXPECT_TRUE(is_bad_input(footfall::solve_pgs(p, ws.pgs, options, warm).status, "pgs.warm_start", 1));

  // Warm start at the answer: accepted before any sweep.
  const auto cold = footfall::solve_pgs(p, ws.pgs, options);
  FF_ASSERT_TRUE(cold.ok());
  FF_EXPECT_LT(0, cold.work);
  const auto warm_at_answer = footfall::solve_pgs(p, ws.pgs, options, cold.z);
  FF_EXPECT_TRUE(warm_at_answer.ok());
  FF_EXPECT_EQ(warm_at_answer.work, 0);
  // A negative warm start is projected first.
  warm << S(-5), S(-5);
  FF_EXPECT_TRUE(footfall::solve_pgs(p, ws.pgs, options, warm).ok());
  // Over-relaxation converges too, in fewer sweeps here.
  options.relaxation = S(1.2);
  const auto relaxed = footfall::solve_pgs(p, ws.pgs, options);
  FF_EXPECT_TRUE(relaxed.ok());
  FF_EXPECT_LE(relaxed.work, cold.work);
  // One sweep is not enough from zero: "iteration limit", z = w = 0, the residual it reached.
  options = footfall::PgsOptions<S>();
  options.max_sweeps = 1;
  const auto one_sweep = footfall::solve_pgs(p, ws.pgs, options);
  footfall::test::expect_clean_failure(one_sweep, 2, StatusCode::kIterationLimit);
  FF_EXPECT_EQ(one_sweep.work, 1);
  FF_EXPECT_LT(S(0), one_sweep.residual);
  FF_EXPECT_TRUE(footfall::is_finite(one_sweep.residual));
}

FF_TEST_FLOAT_AND_DOUBLE(LcpValidation, ResultCheck) {
  static footfall::test::TestProblem<S> p;
  static footfall::test::TestVector<S> z, w;
  set_two_by_two(p);
  z.resize(2);
  z << S(4) / S(3), S(7) / S(3);
  auto check = footfall::check_lcp_solution(p, z, w);
  FF_EXPECT_TRUE(check.status.ok());
  FF_EXPECT_LE(check.residual, S(16) * footfall::epsilon<S>());
  // w = Mz + q < 0: the forces are too small.
  z << S(1), S(2);
  check = footfall::check_lcp_solution(p, z, w);
  FF_EXPECT_TRUE(check.status.code == StatusCode::kCheckFailed && same(check.status.field, "lcp.w.nonnegative"));
  FF_EXPECT_NEAR(check.residual, S(1), S(8) * footfall::epsilon<S>());
  // z < 0.
  z << S(-1), S(3.5);
  check = footfall::check_lcp_solution(p, z, w);
  FF_EXPECT_TRUE(check.status.code == StatusCode::kCheckFailed && same(check.status.field, "lcp.z.nonnegative") &&
                 check.status.index == 0);
  // Both z_i and w_i clearly positive: not complementary.
  z << S(3), S(3);
  check = footfall::check_lcp_solution(p, z, w);
  FF_EXPECT_TRUE(check.status.code == StatusCode::kCheckFailed && same(check.status.field, "lcp.complementarity"));
  // A looser accuracy accepts a near answer that rounding-level refuses.
  z << S(4) / S(3) + S(1e-3), S(7) / S(3);
  FF_EXPECT_FALSE(footfall::check_lcp_solution(p, z, w).status.ok());
  FF_EXPECT_TRUE(footfall::check_lcp_solution(p, z, w, S(1e-2)).status.ok());
  // NaN in z; z of the wrong size; a bad accuracy; a bad problem.
  z << std::numeric_limits<S>::quiet_NaN(), S(1);
  check = footfall::check_lcp_solution(p, z, w);
  FF_EXPECT_TRUE(check.status.code == StatusCode::kCheckFailed && same(check.status.field, "lcp.z.finite"));
  FF_EXPECT_FALSE(footfall::is_finite(check.residual));
  z.resize(1);
  FF_EXPECT_TRUE(footfall::check_lcp_solution(p, z, w).status.code == StatusCode::kCheckFailed);
  z.resize(2);
  z << S(1), S(1);
  FF_EXPECT_TRUE(is_bad_input(footfall::check_lcp_solution(p, z, w, S(-1)).status, "lcp.accuracy", -1));
  // An accuracy of 1 or more is refused: with it z = 0 (w = q) would pass on every problem. At
  // 1/2, z = 0 is still refused here, where the answer is (4/3, 7/3) and q = (−5, −6).
  z << S(0), S(0);
  FF_EXPECT_TRUE(is_bad_input(footfall::check_lcp_solution(p, z, w, S(1)).status, "lcp.accuracy", -1));
  FF_EXPECT_TRUE(footfall::check_lcp_solution(p, z, w, S(0.5)).status.code == StatusCode::kCheckFailed);
  z << S(1), S(1);
  p.q(0) = std::numeric_limits<S>::quiet_NaN();
  FF_EXPECT_TRUE(is_bad_input(footfall::check_lcp_solution(p, z, w).status, "lcp.q", 0));
}

FF_TEST(LcpValidation, Names) {
  FF_EXPECT_TRUE(same(footfall::to_string(StatusCode::kInfeasible), "infeasible"));
  FF_EXPECT_TRUE(same(footfall::to_string(StatusCode::kNoSolutionFound), "no solution found"));
  FF_EXPECT_TRUE(same(footfall::to_string(StatusCode::kIterationLimit), "iteration limit"));
  FF_EXPECT_TRUE(same(footfall::to_string(StatusCode::kCheckFailed), "result failed its check"));
  FF_EXPECT_TRUE(same(footfall::to_string(footfall::LcpSolver::kLemke), "lemke"));
  FF_EXPECT_TRUE(same(footfall::to_string(footfall::LcpSolver::kEnumeration), "enumerate"));
  FF_EXPECT_TRUE(same(footfall::to_string(footfall::LcpSolver::kPgs), "pgs"));
  FF_EXPECT_EQ(footfall::lemke_default_pivot_limit(12), 1490);
}

namespace {

// A projection of the kind the friction layer will pass: each block of two onto a box
// [0, 1] × [0, 1], counting its calls.
struct BoxProjection {
  int* calls;
  template <typename Block>
  void operator()(int block, Block& z_block) const noexcept {
    (void)block;
    ++*calls;
    for (int i = 0; i < 2; ++i)
      z_block(i) = std::min(std::max(z_block(i), typename Block::Scalar(0)), typename Block::Scalar(1));
  }
};

}  // namespace

// The extension point of PGS: sweeps over blocks with a projection per block. With blocks of
// two and the LCP's projection it reaches Lemke's answer on a diagonally dominant SPD problem
// (Jacobi within a block, Gauss–Seidel across); with a box it keeps every z in the box.
FF_TEST_FLOAT_AND_DOUBLE(LcpValidation, BlockSweepExtensionPoint) {
  static footfall::test::TestProblem<S> p;
  static footfall::test::TestVector<S> z;
  static Eigen::Matrix<S, footfall::test::kLcpCapacity, 1> inverse_diagonal;
  auto& ws = solvers<S>();
  footfall::test::Random rng(8001);
  const int n = 6;
  FF_ASSERT_TRUE(p.resize(n).ok());
  footfall::test::random_gram<S>(rng, n, n, S(0), p.m);
  for (int i = 0; i < n; ++i) {
    p.m(i, i) += S(2);  // diagonally dominant: entries of AᵀA/n are below 1
    p.q(i) = rng.uniform(S(-1), S(1));
  }
  for (int i = 0; i < n; ++i) inverse_diagonal(i) = S(1) / p.m(i, i);
  const auto lemke = footfall::solve_lemke(p, ws.lemke);
  FF_ASSERT_TRUE(lemke.ok());
  z.resize(n);
  for (int i = 0; i < n; ++i) z(i) = S(0);
  for (int sweep = 0; sweep < 200; ++sweep)
    footfall::projected_block_gauss_seidel_sweep<2>(p, inverse_diagonal, S(1), footfall::NonnegativeProjection(), z);
  for (int i = 0; i < n; ++i) FF_EXPECT_NEAR(z(i), lemke.z(i), S(64) * footfall::epsilon<S>());

  int calls = 0;
  for (int i = 0; i < n; ++i) {
    p.q(i) = S(-50);  // pushes every z above 1, into the box's upper face
    z(i) = S(0);
  }
  footfall::projected_block_gauss_seidel_sweep<2>(p, inverse_diagonal, S(1), BoxProjection{&calls}, z);
  FF_EXPECT_EQ(calls, n / 2);
  for (int i = 0; i < n; ++i) FF_EXPECT_EQ(z(i), S(1));
}
