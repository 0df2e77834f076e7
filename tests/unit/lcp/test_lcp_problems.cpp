// Every LCP problem of tests/README.md (1–15), in float and double, through every solver that can
// take it: Lemke's method on all, enumeration on all (they are small), PGS on the symmetric
// positive semidefinite ones (1, 2, 5, 6, 11's PSD case, 15). Exact solutions where unique,
// residual checks where not, clean failures where the method cannot solve the problem.
// Pivot counts are Lemke's with d = 1 and the lexicographic rule, counting every pivot, the
// first (z0 enters) and the last (z0 leaves); they match tests/README.md's list exactly, where it
// allows ±1.
#include "lcp_fixtures.hpp"

namespace {

using footfall::StatusCode;
using footfall::test::answer_tolerance;
using footfall::test::expect_checked;
using footfall::test::expect_clean_failure;
using footfall::test::expect_solution;
using footfall::test::set_problem;
using footfall::test::solvers;

template <typename S>
footfall::test::TestProblem<S>& problem() {
  static footfall::test::TestProblem<S> instance;
  return instance;
}

}  // namespace

// 1. P-matrix, trivial: diag(1..9), q = −1 → z_i = 1/i in 10 pivots; q ≥ 0 → z = 0, 0 pivots.
FF_TEST_FLOAT_AND_DOUBLE(LcpProblems, P01DiagonalPMatrix) {
  auto& p = problem<S>();
  auto& ws = solvers<S>();
  double m[81] = {};
  double q[9], z[9];
  for (int i = 0; i < 9; ++i) {
    m[i * 9 + i] = i + 1;
    q[i] = -1;
    z[i] = 1.0 / (i + 1);
  }
  FF_ASSERT_TRUE(set_problem(p, 9, m, q));
  const S tolerance = answer_tolerance<S>(9, S(1));
  const auto lemke = footfall::solve_lemke(p, ws.lemke);
  expect_solution(lemke, 9, z, tolerance);
  expect_checked(p, lemke);
  FF_EXPECT_EQ(lemke.work, 10);
  FF_EXPECT_TRUE(lemke.solver == footfall::LcpSolver::kLemke);
  const auto enumeration = footfall::solve_by_enumeration(p, ws.enumeration);
  expect_solution(enumeration, 9, z, tolerance);
  FF_EXPECT_EQ(enumeration.work, 512);  // the full set is the last of the 2⁹ tried
  FF_EXPECT_EQ(enumeration.work_limit, 512);
  const auto pgs = footfall::solve_pgs(p, ws.pgs);
  expect_solution(pgs, 9, z, tolerance);
  expect_checked(p, pgs, footfall::PgsOptions<S>().tolerance);

  for (int i = 0; i < 9; ++i) q[i] = 0.5 * i;  // q ≥ 0
  FF_ASSERT_TRUE(set_problem(p, 9, m, q));
  const double zero[9] = {};
  const auto lemke_trivial = footfall::solve_lemke(p, ws.lemke);
  expect_solution(lemke_trivial, 9, zero, S(0));
  FF_EXPECT_EQ(lemke_trivial.work, 0);
  FF_EXPECT_EQ(lemke_trivial.residual, S(0));
  const auto enumeration_trivial = footfall::solve_by_enumeration(p, ws.enumeration);
  expect_solution(enumeration_trivial, 9, zero, S(0));
  FF_EXPECT_EQ(enumeration_trivial.work, 1);
  const auto pgs_trivial = footfall::solve_pgs(p, ws.pgs);
  expect_solution(pgs_trivial, 9, zero, S(0));
  FF_EXPECT_EQ(pgs_trivial.work, 0);
}

// 2. Symmetric PD 2×2 (Murty p. 2): z = (4/3, 7/3).
FF_TEST_FLOAT_AND_DOUBLE(LcpProblems, P02SymmetricPd) {
  auto& p = problem<S>();
  auto& ws = solvers<S>();
  const double m[] = {2, 1, 1, 2}, q[] = {-5, -6}, z[] = {4.0 / 3, 7.0 / 3};
  FF_ASSERT_TRUE(set_problem(p, 2, m, q));
  const S tolerance = answer_tolerance<S>(2, S(3));
  const auto lemke = footfall::solve_lemke(p, ws.lemke);
  expect_solution(lemke, 2, z, tolerance);
  FF_EXPECT_EQ(lemke.work, 3);
  expect_solution(footfall::solve_by_enumeration(p, ws.enumeration), 2, z, tolerance);
  // PGS stops at its accuracy τ = √ε on the scale of q; z is then within a few τ of the answer.
  const S pgs_tolerance = S(16) * footfall::PgsOptions<S>().tolerance * S(6);
  const auto pgs = footfall::solve_pgs(p, ws.pgs);
  expect_solution(pgs, 2, z, pgs_tolerance);
  FF_EXPECT_LT(0, pgs.work);
  FF_EXPECT_LE(pgs.work, pgs.work_limit);
}

namespace {

// Murty's family (Murty 1988 ch. 6): M upper triangular, 1 on the diagonal and 2 above,
// q_i = −(2ⁿ⁺¹ − 2ⁱ) for i = 1..n.
template <typename S>
void set_murty(footfall::test::TestProblem<S>& p, int n, bool q_all_minus_one) {
  FF_ASSERT_TRUE(p.resize(n).ok());
  for (int i = 0; i < n; ++i) {
    for (int j = i; j < n; ++j) p.m(i, j) = i == j ? S(1) : S(2);
    p.q(i) = q_all_minus_one ? S(-1) : -static_cast<S>(std::ldexp(1.0, n + 1) - std::ldexp(1.0, i + 1));
  }
}

template <typename S>
void check_murty(int n) {
  auto& p = problem<S>();
  auto& ws = solvers<S>();
  set_murty(p, n, false);
  footfall::LemkeOptions<S> options;
  options.max_pivots = 1 << n;  // exactly enough
  const auto lemke = footfall::solve_lemke(p, ws.lemke, options);
  FF_EXPECT_TRUE(lemke.ok());
  FF_EXPECT_EQ(lemke.work, 1 << n);
  FF_ASSERT_TRUE(lemke.z.size() == n);
  // z = (0, …, 0, 2ⁿ), w_i = 2ⁱ for i < n: integers, exact in float too.
  for (int i = 0; i + 1 < n; ++i) {
    FF_EXPECT_EQ(lemke.z(i), S(0));
    FF_EXPECT_EQ(lemke.w(i), static_cast<S>(std::ldexp(1.0, i + 1)));
  }
  FF_EXPECT_EQ(lemke.z(n - 1), static_cast<S>(std::ldexp(1.0, n)));
  FF_EXPECT_EQ(lemke.w(n - 1), S(0));
  // One pivot short: "iteration limit", cleanly, not a silent stop with a partial answer.
  options.max_pivots = (1 << n) - 1;
  const auto short_of_pivots = footfall::solve_lemke(p, ws.lemke, options);
  expect_clean_failure(short_of_pivots, n, StatusCode::kIterationLimit);
  FF_EXPECT_EQ(short_of_pivots.work, (1 << n) - 1);
  FF_EXPECT_EQ(short_of_pivots.work_limit, (1 << n) - 1);
  // Enumeration by size finds the single positive z_n among the first n + 1 sets.
  const auto enumeration = footfall::solve_by_enumeration(p, ws.enumeration);
  FF_EXPECT_TRUE(enumeration.ok());
  FF_EXPECT_EQ(enumeration.work, n + 1);
  FF_EXPECT_EQ(enumeration.z(n - 1), static_cast<S>(std::ldexp(1.0, n)));
  // With q = −1 the same M is easy: z = e_n in 2 pivots.
  set_murty(p, n, true);
  const auto easy = footfall::solve_lemke(p, ws.lemke);
  FF_EXPECT_TRUE(easy.ok());
  FF_EXPECT_EQ(easy.work, 2);
  for (int i = 0; i < n; ++i) FF_EXPECT_EQ(easy.z(i), i == n - 1 ? S(1) : S(0));
}

}  // namespace

// 3. Murty's exponential family: exactly 2ⁿ pivots for n = 6, 8, 10, 12 (every number in the
// tableau is an integer of at most 2ⁿ⁺¹, exact in float as well).
FF_TEST_FLOAT_AND_DOUBLE(LcpProblems, P03MurtyExponential) {
  for (int n : {6, 8, 10, 12}) check_murty<S>(n);
}

// 3. The default pivot limit (10 n² + 50 = 1490 for n = 12) stops Murty's n = 12 cleanly.
FF_TEST_FLOAT_AND_DOUBLE(LcpProblems, P03MurtyDefaultLimit) {
  auto& p = problem<S>();
  set_murty(p, 12, false);
  const auto lemke = footfall::solve_lemke(p, solvers<S>().lemke);
  expect_clean_failure(lemke, 12, StatusCode::kIterationLimit);
  FF_EXPECT_EQ(lemke.work_limit, footfall::lemke_default_pivot_limit(12));
  FF_EXPECT_EQ(lemke.work, 1490);
}

// 3. Lower-triangular form (Murty Ex. 2.10): z = (8, 0, 0) in 8 = 2³ pivots.
FF_TEST_FLOAT_AND_DOUBLE(LcpProblems, P03MurtyLowerTriangular) {
  auto& p = problem<S>();
  auto& ws = solvers<S>();
  const double m[] = {1, 0, 0, 2, 1, 0, 2, 2, 1}, q[] = {-8, -12, -14}, z[] = {8, 0, 0};
  FF_ASSERT_TRUE(set_problem(p, 3, m, q));
  const auto lemke = footfall::solve_lemke(p, ws.lemke);
  expect_solution(lemke, 3, z, S(0));
  FF_EXPECT_EQ(lemke.work, 8);
  expect_solution(footfall::solve_by_enumeration(p, ws.enumeration), 3, z, S(0));
}

// 4. Degeneracy (Kostreva 1979): all three ratios tie at every step; lexicographic Lemke
// solves it in 4 pivots. Perturbing q3 removes the ties.
FF_TEST_FLOAT_AND_DOUBLE(LcpProblems, P04KostrevaCycling) {
  auto& p = problem<S>();
  auto& ws = solvers<S>();
  const double m[] = {1, 2, 0, 0, 1, 2, 2, 0, 1}, q[] = {-1, -1, -1};
  const double z[] = {1.0 / 3, 1.0 / 3, 1.0 / 3};
  FF_ASSERT_TRUE(set_problem(p, 3, m, q));
  const S tolerance = answer_tolerance<S>(3, S(1));
  const auto lemke = footfall::solve_lemke(p, ws.lemke);
  expect_solution(lemke, 3, z, tolerance);
  FF_EXPECT_EQ(lemke.work, 4);
  expect_solution(footfall::solve_by_enumeration(p, ws.enumeration), 3, z, tolerance);

  // q3 = −0.999: by Cramer's rule on the full basis, z = M⁻¹(−q) with det M = 9.
  const double q_perturbed[] = {-1, -1, -0.999};
  FF_ASSERT_TRUE(set_problem(p, 3, m, q_perturbed));
  const double b[] = {1, 1, 0.999};
  const double z_perturbed[] = {(b[0] - 2 * b[1] + 4 * b[2]) / 9, (4 * b[0] + b[1] - 2 * b[2]) / 9,
                                (-2 * b[0] + 4 * b[1] + b[2]) / 9};
  const auto perturbed = footfall::solve_lemke(p, ws.lemke);
  expect_solution(perturbed, 3, z_perturbed, tolerance);
  expect_checked(p, perturbed);
  expect_solution(footfall::solve_by_enumeration(p, ws.enumeration), 3, z_perturbed, tolerance);
}

// 5. PSD with a tie that must go to z0 (CPS Ex. 4.4.16): solutions {(t, 1 + t)}; Lemke (0, 1).
FF_TEST_FLOAT_AND_DOUBLE(LcpProblems, P05TieToZ0) {
  auto& p = problem<S>();
  auto& ws = solvers<S>();
  const double m[] = {1, -1, -1, 1}, q[] = {1, -1}, z[] = {0, 1};
  FF_ASSERT_TRUE(set_problem(p, 2, m, q));
  const auto lemke = footfall::solve_lemke(p, ws.lemke);
  expect_solution(lemke, 2, z, answer_tolerance<S>(2, S(1)));
  expect_checked(p, lemke);
  FF_EXPECT_EQ(lemke.work, 2);
  // The others return some point of the set: z2 − z1 = 1, w = 0.
  const auto enumeration = footfall::solve_by_enumeration(p, ws.enumeration);
  expect_checked(p, enumeration);
  FF_EXPECT_NEAR(enumeration.z(1) - enumeration.z(0), S(1), answer_tolerance<S>(2, S(1)));
  const auto pgs = footfall::solve_pgs(p, ws.pgs);
  expect_checked(p, pgs, footfall::PgsOptions<S>().tolerance);
  FF_EXPECT_NEAR(pgs.z(1) - pgs.z(0), S(1), S(4) * footfall::PgsOptions<S>().tolerance);
}

// 6. PSD with a segment of solutions: ones(2, 2), q = −1 → z1 + z2 = 1.
FF_TEST_FLOAT_AND_DOUBLE(LcpProblems, P06Segment) {
  auto& p = problem<S>();
  auto& ws = solvers<S>();
  const double m[] = {1, 1, 1, 1}, q[] = {-1, -1};
  FF_ASSERT_TRUE(set_problem(p, 2, m, q));
  const auto lemke = footfall::solve_lemke(p, ws.lemke);
  const auto enumeration = footfall::solve_by_enumeration(p, ws.enumeration);
  const auto pgs = footfall::solve_pgs(p, ws.pgs);
  expect_checked(p, lemke);
  expect_checked(p, enumeration);
  expect_checked(p, pgs, footfall::PgsOptions<S>().tolerance);
  const S tolerance = answer_tolerance<S>(2, S(1));
  FF_EXPECT_NEAR(lemke.z(0) + lemke.z(1), S(1), tolerance);
  FF_EXPECT_NEAR(enumeration.z(0) + enumeration.z(1), S(1), tolerance);
  FF_EXPECT_NEAR(pgs.z(0) + pgs.z(1), S(1), S(4) * footfall::PgsOptions<S>().tolerance);
  // Basic solutions (RBDA §11.5): one positive force each from the exact methods.
  FF_EXPECT_TRUE(lemke.z(0) == S(0) || lemke.z(1) == S(0));
  FF_EXPECT_TRUE(enumeration.z(0) == S(0) || enumeration.z(1) == S(0));
}

// 7. Non-symmetric, not copositive-plus, Lemke still works (CPS Ex. 4.4.7): z = (0, 1, 3),
// w = (2, 0, 0) in 5 pivots.
FF_TEST_FLOAT_AND_DOUBLE(LcpProblems, P07NotCopositivePlus) {
  auto& p = problem<S>();
  auto& ws = solvers<S>();
  const double m[] = {0, -1, 2, 2, 0, -2, -1, 1, 0}, q[] = {-3, 6, -1}, z[] = {0, 1, 3};
  FF_ASSERT_TRUE(set_problem(p, 3, m, q));
  const S tolerance = answer_tolerance<S>(3, S(6));
  const auto lemke = footfall::solve_lemke(p, ws.lemke);
  expect_solution(lemke, 3, z, tolerance);
  FF_EXPECT_EQ(lemke.work, 5);
  FF_EXPECT_NEAR(lemke.w(0), S(2), tolerance);
  FF_EXPECT_NEAR(lemke.w(1), S(0), tolerance);
  FF_EXPECT_NEAR(lemke.w(2), S(0), tolerance);
  expect_solution(footfall::solve_by_enumeration(p, ws.enumeration), 3, z, tolerance);
}

// 8. Parametric family with a degenerate end point (CPS; Handbook 10.2.9).
FF_TEST_FLOAT_AND_DOUBLE(LcpProblems, P08Parametric) {
  auto& p = problem<S>();
  auto& ws = solvers<S>();
  const double m[] = {11, 0, 10, -1, 0, 11, 10, -1, 10, 10, 21, -1, 1, 1, 1, 0};
  for (double ell : {0.0, 7.0, 22.5, 23.0, 23.5, 40.0}) {
    const double q[] = {50, 50, ell, -6};
    double z[4];
    if (ell <= 23) {
      z[0] = z[1] = (ell + 16) / 13;
      z[2] = 2 * (23 - ell) / 13;
      z[3] = (1286 - 9 * ell) / 13;
    } else {
      z[0] = z[1] = 3;
      z[2] = 0;
      z[3] = 83;
    }
    FF_ASSERT_TRUE(set_problem(p, 4, m, q));
    const S tolerance = answer_tolerance<S>(4, S(100));
    const auto lemke = footfall::solve_lemke(p, ws.lemke);
    expect_solution(lemke, 4, z, tolerance);
    expect_checked(p, lemke);
    const auto enumeration = footfall::solve_by_enumeration(p, ws.enumeration);
    expect_solution(enumeration, 4, z, tolerance);
  }
}

// 9. Bimatrix game (Handbook 10.2.4): solutions exist, but Lemke with d = 1 stops on a ray
// after its first pivot; that is "no solution found" (not "infeasible": the ray is no Farkas
// certificate), cleanly. Enumeration finds one of the three solutions.
FF_TEST_FLOAT_AND_DOUBLE(LcpProblems, P09BimatrixRay) {
  auto& p = problem<S>();
  auto& ws = solvers<S>();
  const double m[] = {0, 0, 10, 20, 0, 0, 30, 15, 10, 20, 0, 0, 30, 15, 0, 0}, q[] = {-1, -1, -1, -1};
  FF_ASSERT_TRUE(set_problem(p, 4, m, q));
  const auto lemke = footfall::solve_lemke(p, ws.lemke);
  expect_clean_failure(lemke, 4, StatusCode::kNoSolutionFound);
  FF_EXPECT_EQ(lemke.work, 1);
  const auto enumeration = footfall::solve_by_enumeration(p, ws.enumeration);
  expect_checked(p, enumeration);
  const double solutions[3][4] = {
      {0.1, 0, 0.1, 0}, {0, 1.0 / 15, 0, 1.0 / 15}, {1.0 / 90, 2.0 / 45, 1.0 / 90, 2.0 / 45}};
  int matches = 0;
  const S tolerance = answer_tolerance<S>(4, S(1));
  for (const auto& solution : solutions) {
    bool same = true;
    for (int i = 0; i < 4; ++i) same = same && std::abs(enumeration.z(i) - static_cast<S>(solution[i])) <= tolerance;
    matches += same ? 1 : 0;
  }
  FF_EXPECT_EQ(matches, 1);
}

// 10. Degenerate unique solution (Pang): z = (1, 0, 0), w = 0.
FF_TEST_FLOAT_AND_DOUBLE(LcpProblems, P10DegenerateUnique) {
  auto& p = problem<S>();
  auto& ws = solvers<S>();
  const double m[] = {0, -1, -1, 1, 0, 0, -1, 0, 0}, q[] = {0, -1, 1}, z[] = {1, 0, 0};
  FF_ASSERT_TRUE(set_problem(p, 3, m, q));
  const S tolerance = answer_tolerance<S>(3, S(1));
  for (const auto& result : {footfall::solve_lemke(p, ws.lemke), footfall::solve_by_enumeration(p, ws.enumeration)}) {
    expect_solution(result, 3, z, tolerance);
    for (int i = 0; i < 3; ++i) FF_EXPECT_NEAR(result.w(i), S(0), tolerance);
  }
}

// 11. Infeasible problems: reported, never "solved"; z comes back 0.
FF_TEST_FLOAT_AND_DOUBLE(LcpProblems, P11Infeasible) {
  auto& p = problem<S>();
  auto& ws = solvers<S>();
  struct Case {
    int n;
    double m[9];
    double q[3];
    StatusCode lemke;        // what Lemke's method proves or reports
    StatusCode enumeration;  // "infeasible" when M is symmetric PSD, else "no solution found"
  };
  const Case cases[] = {
      // [−1], q = −1: the ray (1) is a Farkas certificate: Mᵀv = −1 ≤ 0, qᵀv = −1 < 0.
      {1, {-1}, {-1}, StatusCode::kInfeasible, StatusCode::kNoSolutionFound},
      // [0], q = −1.
      {1, {0}, {-1}, StatusCode::kInfeasible, StatusCode::kInfeasible},
      // Murty Ex. 2.2: the ray Lemke meets, v = (0, 1), has Mᵀv = (1, −2), no certificate; the
      // problem is infeasible (w1 + w2 = −z1 − z2 − 2 < 0), but the method cannot show it.
      {2, {-2, 1, 1, -2}, {-1, -1}, StatusCode::kNoSolutionFound, StatusCode::kNoSolutionFound},
      // Murty Ex. 2.9: row 1 alone is infeasible, and the ray shows it.
      {3, {-1, 0, -3, 1, -2, -5, -2, -1, -2}, {-3, -2, -1}, StatusCode::kInfeasible, StatusCode::kNoSolutionFound},
      // PSD but infeasible (w1 + w2 = −2): a ray after 2 pivots, which for copositive-plus M
      // proves infeasibility.
      {2, {1, -1, -1, 1}, {-1, -1}, StatusCode::kInfeasible, StatusCode::kInfeasible},
      // Pang perturbed: z1 = 1 is forced, then w1 = −z2 − z3 − 1e−4 < 0.
      {3, {0, -1, -1, 1, 0, 0, -1, 0, 0}, {-1e-4, -1, 1}, StatusCode::kNoSolutionFound, StatusCode::kNoSolutionFound},
  };
  for (const Case& c : cases) {
    FF_ASSERT_TRUE(set_problem(p, c.n, c.m, c.q));
    const auto lemke = footfall::solve_lemke(p, ws.lemke);
    expect_clean_failure(lemke, c.n, c.lemke);
    const auto enumeration = footfall::solve_by_enumeration(p, ws.enumeration);
    expect_clean_failure(enumeration, c.n, c.enumeration);
    FF_EXPECT_EQ(enumeration.work, 1 << c.n);
  }
  // The PSD case had its ray after 2 pivots; PGS (it is symmetric PSD) runs out of sweeps.
  FF_ASSERT_TRUE(set_problem(p, 2, cases[4].m, cases[4].q));
  FF_EXPECT_EQ(footfall::solve_lemke(p, ws.lemke).work, 2);
  footfall::PgsOptions<S> options;
  options.max_sweeps = 200;
  const auto pgs = footfall::solve_pgs(p, ws.pgs, options);
  expect_clean_failure(pgs, 2, StatusCode::kIterationLimit);
  FF_EXPECT_EQ(pgs.work, 200);
}

// 12. Infinitely many solutions: z = (1, t, t + 1e−4).
FF_TEST_FLOAT_AND_DOUBLE(LcpProblems, P12SolutionRay) {
  auto& p = problem<S>();
  auto& ws = solvers<S>();
  const double m[] = {0, -1, 1, 1, 0, 0, -1, 0, 0}, q[] = {-1e-4, -1, 1};
  FF_ASSERT_TRUE(set_problem(p, 3, m, q));
  const S tolerance = answer_tolerance<S>(3, S(1));
  for (const auto& result : {footfall::solve_lemke(p, ws.lemke), footfall::solve_by_enumeration(p, ws.enumeration)}) {
    expect_checked(p, result);
    FF_EXPECT_NEAR(result.z(0), S(1), tolerance);
    FF_EXPECT_NEAR(result.z(2) - result.z(1), static_cast<S>(1e-4), tolerance);
  }
}

// 13. Mixed-sign 4×4 (Murty Ex. 2.8): z = (2, 1, 3, 1).
FF_TEST_FLOAT_AND_DOUBLE(LcpProblems, P13MixedSign) {
  auto& p = problem<S>();
  auto& ws = solvers<S>();
  const double m[] = {1, -1, -1, -1, -1, 1, -1, -1, 1, 1, 2, 0, 1, 1, 0, 2}, q[] = {3, 5, -9, -5}, z[] = {2, 1, 3, 1};
  FF_ASSERT_TRUE(set_problem(p, 4, m, q));
  const S tolerance = answer_tolerance<S>(4, S(10));
  expect_solution(footfall::solve_lemke(p, ws.lemke), 4, z, tolerance);
  expect_solution(footfall::solve_by_enumeration(p, ws.enumeration), 4, z, tolerance);
}

// 14. 4×4 Ortiz: z = (2/3, 0, 1/3, 0).
FF_TEST_FLOAT_AND_DOUBLE(LcpProblems, P14Ortiz) {
  auto& p = problem<S>();
  auto& ws = solvers<S>();
  const double m[] = {3, 1, 0, -1, -1, 2, 1, 1, 0, 1, 3, -1, 0, 0, 1, 2}, q[] = {-2, 1, -1, 1};
  const double z[] = {2.0 / 3, 0, 1.0 / 3, 0};
  FF_ASSERT_TRUE(set_problem(p, 4, m, q));
  const S tolerance = answer_tolerance<S>(4, S(1));
  expect_solution(footfall::solve_lemke(p, ws.lemke), 4, z, tolerance);
  expect_solution(footfall::solve_by_enumeration(p, ws.enumeration), 4, z, tolerance);
}

// 15. Principal-pivoting pitfall (Cottle Alg. 4.2.11), PD: z = (0, 1/239, 7/239).
FF_TEST_FLOAT_AND_DOUBLE(LcpProblems, P15PrincipalPivotingPitfall) {
  auto& p = problem<S>();
  auto& ws = solvers<S>();
  const double m[] = {60, 26, 37, 26, 36, 29, 37, 29, 30}, q[] = {-1, -1, -1}, z[] = {0, 1.0 / 239, 7.0 / 239};
  FF_ASSERT_TRUE(set_problem(p, 3, m, q));
  const S tolerance = answer_tolerance<S>(3, S(1)) / S(16);
  const auto lemke = footfall::solve_lemke(p, ws.lemke);
  expect_solution(lemke, 3, z, tolerance);
  FF_EXPECT_EQ(lemke.z(0), S(0));
  expect_solution(footfall::solve_by_enumeration(p, ws.enumeration), 3, z, tolerance);
  const auto pgs = footfall::solve_pgs(p, ws.pgs);
  expect_checked(p, pgs, footfall::PgsOptions<S>().tolerance);
  expect_solution(pgs, 3, z, S(4) * footfall::PgsOptions<S>().tolerance);
}
