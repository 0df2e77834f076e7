// The three solvers against each other on many random problems, in float and double:
// - symmetric positive definite M: one solution; Lemke, enumeration and PGS give the same z;
// - symmetric positive semidefinite M of lower rank, feasible by construction: the solution
//   set may be a face, but w (so Mz, RBDA §11.5 property 2) is unique: all three give the same w;
//   with random q the problem is often infeasible, and Lemke and enumeration then both prove it;
// - non-symmetric P-matrices: one solution; Lemke and enumeration agree (PGS is for symmetric M).
// Every answer also passes the library's own check, re-run here on the returned z.
#include "lcp_fixtures.hpp"

namespace {

using footfall::StatusCode;
using footfall::test::Random;
using footfall::test::solvers;

#if defined(FOOTFALL_TEST_ON_BOARD)
constexpr int kTrials = 100;  // the same streams, fewer problems: boards are slower
#else
constexpr int kTrials = 400;
#endif

// PGS settled tighter than its default, so that its z is comparable with the exact methods'.
template <typename S>
footfall::PgsOptions<S> tight_pgs() {
  footfall::PgsOptions<S> options;
  options.tolerance = S(64) * footfall::epsilon<S>() * S(footfall::test::kLcpCapacity);
  options.max_sweeps = 20000;
  return options;
}

template <typename S>
S max_difference(const footfall::test::TestVector<S>& a, const footfall::test::TestVector<S>& b) {
  S out = S(0);
  for (int i = 0; i < a.size(); ++i) out = std::max(out, std::abs(a(i) - b(i)));
  return out;
}

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(LcpRandom, SymmetricPositiveDefinite) {
  static footfall::test::TestProblem<S> p;
  auto& ws = solvers<S>();
  Random rng(sizeof(S) == 4 ? 7001 : 7002);
  int max_pivots = 0;
  for (int trial = 0; trial < kTrials; ++trial) {
    const int n = 1 + static_cast<int>(rng.next() % footfall::test::kLcpCapacity);
    FF_ASSERT_TRUE(p.resize(n).ok());
    footfall::test::random_gram<S>(rng, n, n, S(0.1), p.m);
    for (int i = 0; i < n; ++i) p.q(i) = rng.uniform(S(-1), S(1));
    const auto lemke = footfall::solve_lemke(p, ws.lemke);
    const auto enumeration = footfall::solve_by_enumeration(p, ws.enumeration);
    const auto pgs = footfall::solve_pgs(p, ws.pgs, tight_pgs<S>());
    footfall::test::expect_checked(p, lemke);
    footfall::test::expect_checked(p, enumeration);
    footfall::test::expect_checked(p, pgs, tight_pgs<S>().tolerance);
    FF_ASSERT_TRUE(lemke.ok() && enumeration.ok() && pgs.ok());
    max_pivots = std::max(max_pivots, lemke.work);
    // λ_min(M) ≥ 0.1, so an error of δ in w is at most 10δ in z.
    const S scale = S(1) + footfall::test::largest(lemke.z);
    FF_EXPECT_LE(max_difference(lemke.z, enumeration.z), footfall::test::answer_tolerance<S>(n, scale) * S(10));
    FF_EXPECT_LE(max_difference(lemke.z, pgs.z), S(10) * S(4) * tight_pgs<S>().tolerance * scale);
    // Lemke on an n×n P-matrix problem takes at most n + 1 pivots when each z enters once; a
    // random SPD problem stays near that.
    FF_EXPECT_LE(lemke.work, 3 * n + 1);
  }
  FF_EXPECT_LT(0, max_pivots);
}

// Lemke's method on a semidefinite M of lower rank pivots through bases that are singular in
// exact arithmetic; rounding decides some ratio tests there, and on a few problems in ten
// thousand its final basis fails the check (cleanly: "result failed its check", z = 0) where
// enumeration, which judges every block afresh, succeeds. The tests below allow that at a
// bounded rate and nothing else.
constexpr int kLemkeCheckFailuresPer1000 = 5;

// Feasible by construction, with M exactly of lower rank and the data exact in both scalars
// (random_exact_semidefinite; z*, w* in eighths), so the problem is well posed. Enumeration
// always solves it; Lemke too, but for the rare clean failure above. (Such an M can have a zero
// diagonal and small nonzero eigenvalues: PGS is tested on its own class below.)
FF_TEST_FLOAT_AND_DOUBLE(LcpRandom, SymmetricSemidefiniteFeasible) {
  static footfall::test::TestProblem<S> p;
  static footfall::test::TestVector<S> z_star;
  auto& ws = solvers<S>();
  Random rng(sizeof(S) == 4 ? 7101 : 7102);
  int lemke_failures = 0;
  for (int trial = 0; trial < kTrials; ++trial) {
    const int n = 2 + static_cast<int>(rng.next() % (footfall::test::kLcpCapacity - 1));
    const int rank = 1 + static_cast<int>(rng.next() % static_cast<std::uint64_t>(n - 1));  // < n
    FF_ASSERT_TRUE(p.resize(n).ok());
    footfall::test::random_exact_semidefinite<S>(rng, n, rank, p.m);
    // A solution z* ≥ 0 and w* ≥ 0, complementary (some pairs both zero: degenerate), then
    // q = w* − M z*, all exact.
    z_star.resize(n);
    for (int i = 0; i < n; ++i) {
      const std::uint64_t kind = rng.next() % 3;
      const S eighths = static_cast<S>(1 + rng.next() % 8) / S(8);
      z_star(i) = kind == 0 ? eighths : S(0);
      p.q(i) = kind == 1 ? eighths : S(0);
    }
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) p.q(i) -= p.m(i, j) * z_star(j);
    const auto lemke = footfall::solve_lemke(p, ws.lemke);
    const auto enumeration = footfall::solve_by_enumeration(p, ws.enumeration);
    footfall::test::expect_checked(p, enumeration);
    FF_ASSERT_TRUE(enumeration.ok());
    // z need not be unique, w is (RBDA §11.5): the two agree to rounding of M z.
    const S w_scale = S(1) + footfall::test::largest(enumeration.z) * S(n);
    if (lemke.ok()) {
      footfall::test::expect_checked(p, lemke);
      FF_EXPECT_LE(max_difference(lemke.w, enumeration.w), footfall::test::answer_tolerance<S>(n, w_scale) * S(4));
    } else {
      footfall::test::expect_clean_failure(lemke, n, StatusCode::kCheckFailed);
      ++lemke_failures;
    }
  }
  FF_EXPECT_LE(lemke_failures, 1 + kLemkeCheckFailuresPer1000 * kTrials / 1000);
}

// PGS on feasible semidefinite problems whose nonzero eigenvalues lie in [0.5, 2)
// (random_semidefinite): it converges without a bound on its rate, so a few may run out of
// sweeps (cleanly); the rest give enumeration's w to PGS's accuracy. (Building q = w* − M z*
// in working precision leaves an error of ε|M||z*|, which can exceed the exact methods'
// rounding-level check when the solution z is much smaller than z*; enumeration then fails its
// check, rarely, and that trial has nothing to compare with.)
FF_TEST_FLOAT_AND_DOUBLE(LcpRandom, PgsSemidefiniteFeasible) {
  static footfall::test::TestProblem<S> p;
  static footfall::test::TestVector<S> z_star;
  auto& ws = solvers<S>();
  Random rng(sizeof(S) == 4 ? 7601 : 7602);
  int pgs_out_of_sweeps = 0, compared = 0;
  for (int trial = 0; trial < kTrials; ++trial) {
    const int n = 2 + static_cast<int>(rng.next() % (footfall::test::kLcpCapacity - 1));
    const int rank = 1 + static_cast<int>(rng.next() % static_cast<std::uint64_t>(n - 1));
    FF_ASSERT_TRUE(p.resize(n).ok());
    footfall::test::random_semidefinite<S>(rng, n, rank, p.m);
    z_star.resize(n);
    for (int i = 0; i < n; ++i) {
      const std::uint64_t kind = rng.next() % 3;
      z_star(i) = kind == 0 ? rng.uniform(S(0.1), S(1)) : S(0);
      p.q(i) = kind == 1 ? rng.uniform(S(0.1), S(1)) : S(0);
    }
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) p.q(i) -= p.m(i, j) * z_star(j);
    footfall::PgsOptions<S> options;
    options.max_sweeps = 20000;
    const auto pgs = footfall::solve_pgs(p, ws.pgs, options);
    if (!pgs.ok()) {
      footfall::test::expect_clean_failure(pgs, n, StatusCode::kIterationLimit);
      ++pgs_out_of_sweeps;
      continue;
    }
    footfall::test::expect_checked(p, pgs, options.tolerance);
    const auto enumeration = footfall::solve_by_enumeration(p, ws.enumeration);
    if (!enumeration.ok()) continue;
    ++compared;
    const S w_scale = S(1) + footfall::test::largest(enumeration.z) * S(n);
    FF_EXPECT_LE(max_difference(enumeration.w, pgs.w), S(256) * options.tolerance * w_scale);
  }
  FF_EXPECT_LE(pgs_out_of_sweeps, 1 + kTrials / 50);  // at most 2 %, or one
  FF_EXPECT_LE(kTrials - pgs_out_of_sweeps - compared, 1 + kTrials / 100);  // at most 1 %, or one
}

// Random q: often infeasible. Lemke and enumeration reach the same verdict: both solve it (the
// same w), or both prove it infeasible (Lemke's ray on a PSD matrix; enumeration's exhausted
// search on one), but for Lemke's rare clean failure. With M exactly of lower rank
// (random_exact_semidefinite) the problem is posed exactly; with M of lower rank only to
// rounding (random_semidefinite) its "zero" eigenvalues are ±ε‖M‖ and whether a solution (with
// z of order 1/ε) exists is decided by rounding: then the check refuses Lemke's huge z
// ("conditioning") where enumeration, which skips blocks singular to working precision, proves
// the problem infeasible. Never "ok" on an answer that fails the check, always clean failures.
template <typename S>
void check_semidefinite_random_q(bool exact, std::uint64_t seed) {
  static footfall::test::TestProblem<S> p;
  auto& ws = solvers<S>();
  Random rng(seed);
  int infeasible = 0, solved = 0, lemke_failures = 0;
  for (int trial = 0; trial < kTrials; ++trial) {
    const int n = 2 + static_cast<int>(rng.next() % (footfall::test::kLcpCapacity - 1));
    const int rank = 1 + static_cast<int>(rng.next() % static_cast<std::uint64_t>(n - 1));
    FF_ASSERT_TRUE(p.resize(n).ok());
    if (exact)
      footfall::test::random_exact_semidefinite<S>(rng, n, rank, p.m);
    else
      footfall::test::random_semidefinite<S>(rng, n, rank, p.m);
    for (int i = 0; i < n; ++i) p.q(i) = rng.uniform(S(-1), S(1));
    const auto lemke = footfall::solve_lemke(p, ws.lemke);
    const auto enumeration = footfall::solve_by_enumeration(p, ws.enumeration);
    if (enumeration.ok()) {
      ++solved;
      footfall::test::expect_checked(p, enumeration);
    } else {
      ++infeasible;
      footfall::test::expect_clean_failure(enumeration, n, StatusCode::kInfeasible);
    }
    if (lemke.status.code == enumeration.status.code) {
      if (lemke.ok()) {
        footfall::test::expect_checked(p, lemke);
        const S w_scale = S(1) + footfall::test::largest(lemke.z) * S(n);
        FF_EXPECT_LE(max_difference(lemke.w, enumeration.w), footfall::test::answer_tolerance<S>(n, w_scale) * S(4));
      } else {
        footfall::test::expect_clean_failure(lemke, n, StatusCode::kInfeasible);
      }
    } else {
      footfall::test::expect_clean_failure(lemke, n, StatusCode::kCheckFailed);
      ++lemke_failures;
    }
  }
  FF_EXPECT_LT(0, infeasible);  // both outcomes occur in the sample
  FF_EXPECT_LT(0, solved);
  FF_EXPECT_LE(lemke_failures, 1 + kLemkeCheckFailuresPer1000 * kTrials / 1000);
}

FF_TEST_FLOAT_AND_DOUBLE(LcpRandom, SymmetricSemidefiniteRandomQ) {
  check_semidefinite_random_q<S>(true, sizeof(S) == 4 ? 7201 : 7202);
}

FF_TEST_FLOAT_AND_DOUBLE(LcpRandom, SymmetricSemidefiniteRoundedRandomQ) {
  check_semidefinite_random_q<S>(false, sizeof(S) == 4 ? 7501 : 7502);
}

FF_TEST_FLOAT_AND_DOUBLE(LcpRandom, NonSymmetricPMatrix) {
  static footfall::test::TestProblem<S> p;
  auto& ws = solvers<S>();
  Random rng(sizeof(S) == 4 ? 7301 : 7302);
  for (int trial = 0; trial < kTrials; ++trial) {
    const int n = 1 + static_cast<int>(rng.next() % footfall::test::kLcpCapacity);
    FF_ASSERT_TRUE(p.resize(n).ok());
    footfall::test::random_p_matrix<S>(rng, n, trial % 2 == 0, p.m);
    for (int i = 0; i < n; ++i) p.q(i) = rng.uniform(S(-1), S(1));
    const auto lemke = footfall::solve_lemke(p, ws.lemke);
    const auto enumeration = footfall::solve_by_enumeration(p, ws.enumeration);
    footfall::test::expect_checked(p, lemke);
    footfall::test::expect_checked(p, enumeration);
    FF_ASSERT_TRUE(lemke.ok() && enumeration.ok());
    const S scale = S(1) + footfall::test::largest(lemke.z);
    FF_EXPECT_LE(max_difference(lemke.z, enumeration.z), footfall::test::answer_tolerance<S>(n, scale) * S(10));
  }
}

// The same inputs give the same bits and the same count of work (lib/DESIGN.md §2).
FF_TEST_FLOAT_AND_DOUBLE(LcpRandom, Deterministic) {
  static footfall::test::TestProblem<S> p;
  auto& ws = solvers<S>();
  Random rng(7401);
  FF_ASSERT_TRUE(p.resize(10).ok());
  footfall::test::random_gram<S>(rng, 10, 10, S(0.1), p.m);
  for (int i = 0; i < 10; ++i) p.q(i) = rng.uniform(S(-1), S(1));
  const auto first = footfall::solve_lemke(p, ws.lemke);
  const auto second = footfall::solve_lemke(p, ws.lemke);
  FF_EXPECT_EQ(first.work, second.work);
  for (int i = 0; i < 10; ++i) FF_EXPECT_EQ(first.z(i), second.z(i));
  const auto pgs_first = footfall::solve_pgs(p, ws.pgs);
  const auto pgs_second = footfall::solve_pgs(p, ws.pgs);
  FF_EXPECT_EQ(pgs_first.work, pgs_second.work);
  for (int i = 0; i < 10; ++i) FF_EXPECT_EQ(pgs_first.z(i), pgs_second.z(i));
}

