// footfall's LCP solvers against a peer: Siconos numerics' lexicographic Lemke (lcp_lexicolemke,
// Debian's libsiconos-numerics-dev), on many random problems and on the pivot counts of
// the LCP problems of tests/README.md. Host only (Siconos allocates and is not built for the boards).
//
// - symmetric positive definite M and non-symmetric P-matrices: the same z; the same pivot
//   count, Siconos counting one fewer (it leaves out the pivot that brings z0 in);
// - symmetric PSD M of lower rank, feasible: the same w = Mz + q (z need not be unique);
// - symmetric PSD M of lower rank with random q: "infeasible" from both where footfall proves
//   it, the same w where both solve it;
// - the LCP problems of tests/README.md that must fail, and their verdicts.
// Siconos' verdict is its solver's info and then its own test of the answer (lcp_compute_error,
// as its driver does: Debian's 4.4 returns info 0 on a ray, see siconos_lcp.hpp). Its answers
// are also judged by footfall's check (check_lcp_solution) at a loose accuracy, since Siconos
// reads z off its tableau without a final solve.
#include <gtest/gtest.h>

#include <cstdio>

#include "lcp_fixtures.hpp"
#include "siconos_lcp.hpp"

namespace {

using footfall::StatusCode;
using footfall::test::Random;
using footfall::test::SiconosLcp;
using footfall::test::TestProblem;
using footfall::test::TestVector;

constexpr int kTrials = 2000;

struct Solvers {
  footfall::test::LcpSolvers<double> footfall;
  SiconosLcp lemke{SICONOS_LCP_LEMKE};
  Solvers() { lemke.options().iparam[SICONOS_IPARAM_MAX_ITER] = 100000; }
};

Solvers& solvers() {
  static Solvers instance;
  return instance;
}

// Siconos' z, and whether it passes footfall's check at accuracy `accuracy` (w is recomputed
// from the problem, not taken from Siconos).
bool siconos_answer(const TestProblem<double>& p, const SiconosLcp& peer, TestVector<double>& z, TestVector<double>& w,
                    double accuracy) {
  z.resize(p.size());
  for (int i = 0; i < p.size(); ++i) z(i) = peer.z(i) > 0 ? peer.z(i) : 0.0;
  return footfall::check_lcp_solution(p, z, w, accuracy).status.ok();
}

double max_difference(const TestVector<double>& a, const TestVector<double>& b) {
  double out = 0;
  for (int i = 0; i < a.size(); ++i) out = std::max(out, std::abs(a(i) - b(i)));
  return out;
}

}  // namespace

namespace {

// On problems with a unique solution (SPD or P-matrix M from `fill_m`), footfall's Lemke and
// Siconos' lexicolemke reach the same z; walking the same lexicographic rule on the same
// tableau, they take the same pivots (Siconos counts one fewer) except where rounding decides a
// tie. Returns how many problems had the same pivot count.
template <typename FillM>
int compare_unique_solutions(std::uint64_t seed, double z_tolerance, FillM&& fill_m) {
  static TestProblem<double> p;
  static TestVector<double> z, w;
  auto& s = solvers();
  Random rng(seed);
  int same_pivots = 0;
  for (int trial = 0; trial < kTrials; ++trial) {
    const int n = 1 + static_cast<int>(rng.next() % footfall::test::kLcpCapacity);
    EXPECT_TRUE(p.resize(n).ok());
    fill_m(rng, n, trial, p.m);
    for (int i = 0; i < n; ++i) p.q(i) = rng.uniform(-1.0, 1.0);
    const auto ours = footfall::solve_lemke(p, s.footfall.lemke);
    s.lemke.set_problem(p.m, p.q);
    EXPECT_EQ(s.lemke.solve(), 0) << "trial " << trial;
    EXPECT_TRUE(ours.ok()) << "trial " << trial;
    EXPECT_TRUE(siconos_answer(p, s.lemke, z, w, 1e-9));
    EXPECT_LE(max_difference(ours.z, z), z_tolerance * (1 + footfall::test::largest(ours.z))) << "trial " << trial;
    const int siconos_pivots = s.lemke.iterations() + (ours.work > 0 ? 1 : 0);
    same_pivots += siconos_pivots == ours.work ? 1 : 0;
  }
  return same_pivots;
}

}  // namespace

TEST(SiconosLemke, SymmetricPositiveDefinite) {
  const int same_pivots = compare_unique_solutions(9001, 1e-10, [](Random& rng, int n, int, auto& m) {
    footfall::test::random_gram<double>(rng, n, n, 0.1, m);
  });
  EXPECT_GE(same_pivots, kTrials * 99 / 100);
  std::printf("SPD: the same pivot count in %d of %d problems\n", same_pivots, kTrials);
}

TEST(SiconosLemke, NonSymmetricPMatrix) {
  const int same_pivots = compare_unique_solutions(9002, 1e-9, [](Random& rng, int n, int trial, auto& m) {
    footfall::test::random_p_matrix<double>(rng, n, trial % 2 == 0, m);
  });
  EXPECT_GE(same_pivots, kTrials * 99 / 100);
  std::printf("P-matrix: the same pivot count in %d of %d problems\n", same_pivots, kTrials);
}

TEST(SiconosLemke, SemidefiniteFeasible) {
  static TestProblem<double> p;
  static TestVector<double> z_star, z, w;
  auto& s = solvers();
  Random rng(9003);
  int both = 0, siconos_failed = 0, footfall_failed = 0;
  for (int trial = 0; trial < kTrials; ++trial) {
    const int n = 2 + static_cast<int>(rng.next() % (footfall::test::kLcpCapacity - 1));
    const int rank = 1 + static_cast<int>(rng.next() % static_cast<std::uint64_t>(n - 1));
    ASSERT_TRUE(p.resize(n).ok());
    footfall::test::random_exact_semidefinite<double>(rng, n, rank, p.m);
    z_star.resize(n);
    for (int i = 0; i < n; ++i) {
      const std::uint64_t kind = rng.next() % 3;
      const double eighths = static_cast<double>(1 + rng.next() % 8) / 8;
      z_star(i) = kind == 0 ? eighths : 0.0;
      p.q(i) = kind == 1 ? eighths : 0.0;
    }
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) p.q(i) -= p.m(i, j) * z_star(j);
    const auto ours = footfall::solve_lemke(p, s.footfall.lemke);
    s.lemke.set_problem(p.m, p.q);
    const bool peer_ok = s.lemke.solve() == 0 && s.lemke.verified(1e-8) && siconos_answer(p, s.lemke, z, w, 1e-9);
    if (!ours.ok()) {
      EXPECT_TRUE(ours.status.code == StatusCode::kCheckFailed);
      ++footfall_failed;
      continue;
    }
    if (!peer_ok) {
      ++siconos_failed;
      continue;
    }
    ++both;
    // w is unique (RBDA §11.5), z need not be.
    EXPECT_LE(max_difference(ours.w, w), 1e-9 * (1 + footfall::test::largest(ours.z) * n)) << "trial " << trial;
  }
  std::printf("PSD feasible: both solved %d, Siconos failed %d, footfall failed %d of %d\n", both, siconos_failed,
              footfall_failed, kTrials);
  EXPECT_LE(footfall_failed, kTrials / 200);
}

TEST(SiconosLemke, SemidefiniteRandomQ) {
  static TestProblem<double> p;
  static TestVector<double> z, w;
  auto& s = solvers();
  Random rng(9004);
  int both_infeasible = 0, both_solved = 0, peer_wrong = 0, footfall_failed = 0;
  for (int trial = 0; trial < kTrials; ++trial) {
    const int n = 2 + static_cast<int>(rng.next() % (footfall::test::kLcpCapacity - 1));
    const int rank = 1 + static_cast<int>(rng.next() % static_cast<std::uint64_t>(n - 1));
    ASSERT_TRUE(p.resize(n).ok());
    footfall::test::random_exact_semidefinite<double>(rng, n, rank, p.m);
    for (int i = 0; i < n; ++i) p.q(i) = rng.uniform(-1.0, 1.0);
    const auto ours = footfall::solve_lemke(p, s.footfall.lemke);
    s.lemke.set_problem(p.m, p.q);
    const bool peer_solved = s.lemke.solve() == 0 && s.lemke.verified(1e-8);
    const bool peer_ok = peer_solved && siconos_answer(p, s.lemke, z, w, 1e-9);
    if (ours.status.code == StatusCode::kInfeasible) {
      // No z passes the check: Siconos must not have found one, and says so.
      EXPECT_FALSE(peer_ok) << "trial " << trial;
      if (!peer_solved) ++both_infeasible;
      else {
        // Siconos' filter passed an answer that footfall's check refuses: so far always a z of
        // order 1e16 (a pivot on rounding noise), which its relative error measure scales away.
        ++peer_wrong;
        const auto verdict = footfall::check_lcp_solution(p, z, w, 1e-9);
        std::printf("  trial %d: n = %d, Siconos' z up to %.3g; footfall's check refuses it: %s\n", trial, n,
                    footfall::test::largest(z), verdict.status.field);
      }
    } else if (ours.ok()) {
      if (peer_ok) {
        ++both_solved;
        EXPECT_LE(max_difference(ours.w, w), 1e-9 * (1 + footfall::test::largest(ours.z) * n)) << "trial " << trial;
      }
    } else {
      EXPECT_TRUE(ours.status.code == StatusCode::kCheckFailed);
      ++footfall_failed;
    }
  }
  std::printf(
      "PSD random q: both infeasible %d, both solved %d, Siconos 'solved' but wrong %d, footfall failed %d of %d\n",
      both_infeasible, both_solved, peer_wrong, footfall_failed, kTrials);
  // The same verdict on infeasible problems, but where Siconos' filter lets a huge z through.
  EXPECT_GE(both_infeasible * 100, 99 * (both_infeasible + peer_wrong));
  EXPECT_LT(0, both_infeasible);
  EXPECT_LT(0, both_solved);
  EXPECT_LE(footfall_failed, kTrials / 200);
}

// The pivot counts of the LCP problems in tests/README.md, footfall's and Siconos' (plus its uncounted first pivot).
TEST(SiconosLemke, ProblemPivotCounts) {
  static TestProblem<double> p;
  auto& s = solvers();
  struct Case {
    const char* name;
    int n;
    std::vector<double> m, q;
    int pivots;  // as tests/README.md lists it
  };
  std::vector<Case> cases = {
      {"2. symmetric PD 2x2", 2, {2, 1, 1, 2}, {-5, -6}, 3},
      {"3. Murty lower triangular", 3, {1, 0, 0, 2, 1, 0, 2, 2, 1}, {-8, -12, -14}, 8},
      {"4. Kostreva", 3, {1, 2, 0, 0, 1, 2, 2, 0, 1}, {-1, -1, -1}, 4},
      {"7. CPS Ex. 4.4.7", 3, {0, -1, 2, 2, 0, -2, -1, 1, 0}, {-3, 6, -1}, 5},
  };
  Case diagonal{"1. diag(1..9)", 9, std::vector<double>(81, 0.0), std::vector<double>(9, -1.0), 10};
  for (int i = 0; i < 9; ++i) diagonal.m[static_cast<std::size_t>(i * 9 + i)] = i + 1;
  cases.push_back(diagonal);
  for (int n : {6, 8, 10}) {
    Case murty{"3. Murty 2^n", n, std::vector<double>(static_cast<std::size_t>(n * n), 0.0),
               std::vector<double>(static_cast<std::size_t>(n), 0.0), 1 << n};
    for (int i = 0; i < n; ++i) {
      for (int j = i; j < n; ++j) murty.m[static_cast<std::size_t>(i * n + j)] = i == j ? 1 : 2;
      murty.q[static_cast<std::size_t>(i)] = -(std::ldexp(1.0, n + 1) - std::ldexp(1.0, i + 1));
    }
    cases.push_back(murty);
  }
  footfall::LemkeOptions<double> options;
  options.max_pivots = 100000;
  for (const Case& c : cases) {
    ASSERT_TRUE(footfall::test::set_problem(p, c.n, c.m.data(), c.q.data()));
    const auto ours = footfall::solve_lemke(p, s.footfall.lemke, options);
    s.lemke.set_problem(p.m, p.q);
    EXPECT_EQ(s.lemke.solve(), 0) << c.name;
    EXPECT_TRUE(ours.ok()) << c.name;
    EXPECT_EQ(ours.work, c.pivots) << c.name;
    EXPECT_EQ(s.lemke.iterations() + 1, c.pivots) << c.name;
    std::printf("%-28s n = %2d: footfall %5d pivots, Siconos %5d + 1, listed %5d\n", c.name, c.n, ours.work,
                s.lemke.iterations(), c.pivots);
  }
}

// the LCP problems (tests/README.md) without a solution Lemke can reach: footfall's verdict, and
// Siconos' (its info, which is 0 on these rays in 4.4, then its own filter, which refuses).
TEST(SiconosLemke, ProblemFailures) {
  static TestProblem<double> p;
  auto& s = solvers();
  struct Case {
    const char* name;
    int n;
    std::vector<double> m, q;
    StatusCode footfall;
  };
  const std::vector<Case> cases = {
      {"9. bimatrix game (ray)", 4, {0, 0, 10, 20, 0, 0, 30, 15, 10, 20, 0, 0, 30, 15, 0, 0}, {-1, -1, -1, -1},
       StatusCode::kNoSolutionFound},
      {"11. [-1], q = -1", 1, {-1}, {-1}, StatusCode::kInfeasible},
      {"11. [0], q = -1", 1, {0}, {-1}, StatusCode::kInfeasible},
      {"11. Murty Ex. 2.2", 2, {-2, 1, 1, -2}, {-1, -1}, StatusCode::kNoSolutionFound},
      {"11. Murty Ex. 2.9", 3, {-1, 0, -3, 1, -2, -5, -2, -1, -2}, {-3, -2, -1}, StatusCode::kInfeasible},
      {"11. PSD infeasible", 2, {1, -1, -1, 1}, {-1, -1}, StatusCode::kInfeasible},
      {"11. Pang perturbed", 3, {0, -1, -1, 1, 0, 0, -1, 0, 0}, {-1e-4, -1, 1}, StatusCode::kNoSolutionFound},
  };
  for (const Case& c : cases) {
    ASSERT_TRUE(footfall::test::set_problem(p, c.n, c.m.data(), c.q.data()));
    const auto ours = footfall::solve_lemke(p, s.footfall.lemke);
    s.lemke.set_problem(p.m, p.q);
    const int info = s.lemke.solve();
    const bool verified = s.lemke.verified(1e-8);
    EXPECT_TRUE(ours.status.code == c.footfall) << c.name;
    EXPECT_FALSE(verified) << c.name;
    std::printf("%-26s footfall: %-17s Siconos: info %d, its filter %s\n", c.name,
                footfall::to_string(ours.status.code), info, verified ? "accepts" : "refuses");
  }
}
