// The principal solve for a semidefinite block (lcp/principal_solve.hpp): M = G Gᵀ with some
// rows of G combinations of earlier ones, as a contact given twice makes W = J H⁻¹ Jᵀ. With a
// consistent right-hand side (q = G y, in G's range) the dependent rows are dropped (z 0) and
// the kept ones solved to rounding, so Gᵀz, the part of the answer that is unique (the joint
// space's Jᵀf), equals the one of the problem without the dependent rows. An inconsistent q
// leaves the dropped rows' equations unsatisfied, for the caller's check to see; a definite
// block gives the plain LDLᵀ's answer; a zero row is dropped.
#include <algorithm>

#include "footfall/lcp/least_norm.hpp"
#include "lcp_fixtures.hpp"

namespace {

using footfall::test::Random;
using footfall::test::TestProblem;
using footfall::test::TestVector;
constexpr int kColumns = 8;  // G's columns: the "joint space" of these problems

template <typename S>
struct Dependent {
  footfall::LcpMatrix<S, footfall::test::kLcpCapacity> g;  // rows g_i, kLcpCapacity × kColumns
  TestProblem<S> full;     // all rows, dependent ones included
  TestProblem<S> reduced;  // the independent rows only
  int independent[footfall::test::kLcpCapacity] = {};  // rows of full kept in reduced
  int count = 0;                                        // how many
  int n = 0;
  // Row i dependent: g_i = weight[i][0] g_{of[i][0]} + weight[i][1] g_{of[i][1]}; of[i][0] = −1 otherwise.
  int of[footfall::test::kLcpCapacity][2] = {};
  S weight[footfall::test::kLcpCapacity][2] = {};
};

// n0 independent random rows, then n - n0 rows each a random combination of two earlier rows
// (a copy when the second weight is 0), interleaved at random places; q = G y.
template <typename S>
void make_dependent(Random& rng, Dependent<S>& d) {
  const int n0 = 1 + static_cast<int>(rng.next() % 6);
  d.n = std::min(footfall::test::kLcpCapacity, n0 + 1 + static_cast<int>(rng.next() % 6));
  d.g.resize(d.n, kColumns);
  d.count = 0;
  bool dependent[footfall::test::kLcpCapacity] = {};
  int made = 0;
  for (int i = 0; i < d.n; ++i) {
    // Row i is dependent when enough independent rows are left for the remaining places.
    const bool must_be_independent = made == 0 || d.n - i <= n0 - made;
    dependent[i] = !must_be_independent && (made == n0 || rng.next() % 2 == 0);
    d.of[i][0] = -1;
    if (!dependent[i]) {
      for (int c = 0; c < kColumns; ++c) d.g(i, c) = rng.uniform(S(-1), S(1));
      d.independent[d.count++] = i;
      ++made;
      continue;
    }
    const int a = d.independent[rng.next() % static_cast<unsigned>(d.count)];
    const int b = d.independent[rng.next() % static_cast<unsigned>(d.count)];
    const S wa = rng.uniform(S(0.5), S(1.5)), wb = rng.next() % 2 == 0 ? S(0) : rng.uniform(S(-1), S(1));
    for (int c = 0; c < kColumns; ++c) d.g(i, c) = wa * d.g(a, c) + wb * d.g(b, c);
    d.of[i][0] = a;
    d.of[i][1] = b;
    d.weight[i][0] = wa;
    d.weight[i][1] = wb;
  }
  S y[kColumns];
  for (S& value : y) value = rng.uniform(S(-1), S(1));
  FF_ASSERT_TRUE(d.full.resize(d.n).ok());
  FF_ASSERT_TRUE(d.reduced.resize(d.count).ok());
  for (int i = 0; i < d.n; ++i) {
    S qi = S(0);
    for (int c = 0; c < kColumns; ++c) qi += d.g(i, c) * y[c];
    d.full.q(i) = qi;
    for (int j = 0; j < d.n; ++j) {
      S mij = S(0);
      for (int c = 0; c < kColumns; ++c) mij += d.g(i, c) * d.g(j, c);
      d.full.m(i, j) = mij;
    }
  }
  for (int i = 0; i < d.count; ++i) {
    d.reduced.q(i) = d.full.q(d.independent[i]);
    for (int j = 0; j < d.count; ++j) d.reduced.m(i, j) = d.full.m(d.independent[i], d.independent[j]);
  }
}

// ‖Gᵀz‖∞ over the rows `rows` of G (z indexed by position in `rows`).
template <typename S>
void g_transpose_z(const Dependent<S>& d, const int* rows, int count, const TestVector<S>& z, S* out) {
  for (int c = 0; c < kColumns; ++c) {
    out[c] = S(0);
    for (int i = 0; i < count; ++i) out[c] += d.g(rows[i], c) * z(i);
  }
}

template <typename S>
footfall::PrincipalSolveScratch<S, footfall::test::kLcpCapacity>& scratch() {
  static footfall::PrincipalSolveScratch<S, footfall::test::kLcpCapacity> instance;
  return instance;
}

int identity[footfall::test::kLcpCapacity] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(PrincipalSolve, DependentRowsAreDroppedAndTheRestSolvedToRounding) {
  static Dependent<S> d;
  static TestVector<S> z, z_reduced;
  Random rng(sizeof(S) == 4 ? 9101 : 9102);
  S worst = S(0);
  for (int trial = 0; trial < 200; ++trial) {
    make_dependent(rng, d);
    FF_ASSERT_TRUE(footfall::detail::solve_principal_block_semidefinite(d.full, identity, d.n, scratch<S>(), z));
    FF_ASSERT_TRUE(footfall::detail::solve_principal_block_symmetric(d.reduced, identity, d.count, scratch<S>(),
                                                                     z_reduced));
    // The dependent rows carry nothing: α's order keeps the earlier row of each combination.
    int kept = 0;
    for (int i = 0; i < d.n; ++i) {
      if (kept < d.count && d.independent[kept] == i) {
        ++kept;
        continue;
      }
      FF_EXPECT_EQ(z(i), S(0));
    }
    S gz[kColumns], gz_reduced[kColumns];
    g_transpose_z(d, identity, d.n, z, gz);
    g_transpose_z(d, d.independent, d.count, z_reduced, gz_reduced);
    S scale = S(1);
    for (int c = 0; c < kColumns; ++c) scale = std::max(scale, std::abs(gz_reduced[c]));
    for (int c = 0; c < kColumns; ++c) worst = std::max(worst, std::abs(gz[c] - gz_reduced[c]) / scale);
    // Every equation, dropped ones too, holds: q is consistent.
    for (int i = 0; i < d.n; ++i) {
      S wi = d.full.q(i);
      for (int j = 0; j < d.n; ++j) wi += d.full.m(i, j) * z(j);
      FF_EXPECT_NEAR(wi, S(0), footfall::test::ulps<S>(1000) * scale);
    }
  }
  // Rounding of an ill-conditioned but definite kept block (random rows, cond up to ~1e3).
  FF_EXPECT_LE(worst, footfall::test::ulps<S>(1000));
}

// The least-norm solve (lcp/least_norm.hpp) on the same problems: every equation holds, z is
// orthogonal to each null vector e_i − w_a e_a − w_b e_b of M = G Gᵀ (so it is in M's range: the
// least-norm solution, M⁺(−q)), Gᵀz is the reduced problem's, and solving the rows in reverse
// order gives the same z.
FF_TEST_FLOAT_AND_DOUBLE(PrincipalSolve, LeastNormSolutionIsInTheRangeAndOrderFree) {
  static Dependent<S> d;
  static TestVector<S> z, z_reversed, z_reduced;
  Random rng(sizeof(S) == 4 ? 9401 : 9402);
  for (int trial = 0; trial < 200; ++trial) {
    make_dependent(rng, d);
    int rank = -1;
    FF_ASSERT_TRUE(footfall::detail::solve_least_norm_block(footfall::detail::block_data(d.full.m, d.full.q), d.n, identity, d.n, scratch<S>(), z, &rank));
    FF_EXPECT_EQ(rank, d.count);
    int reversed[footfall::test::kLcpCapacity];
    for (int i = 0; i < d.n; ++i) reversed[i] = d.n - 1 - i;
    int rank_reversed = -1;
    FF_ASSERT_TRUE(footfall::detail::solve_least_norm_block(footfall::detail::block_data(d.full.m, d.full.q), d.n, reversed, d.n, scratch<S>(),
                                                            z_reversed, &rank_reversed));
    FF_EXPECT_EQ(rank_reversed, d.count);
    FF_ASSERT_TRUE(footfall::detail::solve_principal_block_symmetric(d.reduced, identity, d.count, scratch<S>(),
                                                                     z_reduced));
    S scale = S(1);
    for (int i = 0; i < d.n; ++i) scale = std::max(scale, std::abs(z(i)));
    for (int i = 0; i < d.n; ++i) {
      S wi = d.full.q(i);
      for (int j = 0; j < d.n; ++j) wi += d.full.m(i, j) * z(j);
      FF_EXPECT_NEAR(wi, S(0), footfall::test::ulps<S>(1000) * scale);
      FF_EXPECT_NEAR(z(i), z_reversed(i), footfall::test::ulps<S>(1000) * scale);
      if (d.of[i][0] < 0) continue;
      const S along = z(i) - d.weight[i][0] * z(d.of[i][0]) - d.weight[i][1] * z(d.of[i][1]);
      FF_EXPECT_NEAR(along, S(0), footfall::test::ulps<S>(1000) * scale);
    }
    S gz[kColumns], gz_reduced[kColumns];
    g_transpose_z(d, identity, d.n, z, gz);
    g_transpose_z(d, d.independent, d.count, z_reduced, gz_reduced);
    for (int c = 0; c < kColumns; ++c) FF_EXPECT_NEAR(gz[c], gz_reduced[c], footfall::test::ulps<S>(1000) * scale);
  }
}

// Two copies of one row share its load equally, where the basic solve gives it all to the first.
FF_TEST_FLOAT_AND_DOUBLE(PrincipalSolve, LeastNormSplitsACopyEvenly) {
  static TestProblem<S> p;
  static TestVector<S> z;
  FF_ASSERT_TRUE(p.resize(3).ok());
  const S m[3][3] = {{S(2), S(2), S(1)}, {S(2), S(2), S(1)}, {S(1), S(1), S(3)}};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) p.m(i, j) = m[i][j];
  p.q(0) = S(-1);
  p.q(1) = S(-1);
  p.q(2) = S(-2);
  int rank = 0;
  FF_ASSERT_TRUE(footfall::detail::solve_least_norm_block(footfall::detail::block_data(p.m, p.q), 3, identity, 3, scratch<S>(), z, &rank));
  FF_EXPECT_EQ(rank, 2);
  // The basic solution (0.2, 0, 0.6) with its first entry split: (0.1, 0.1, 0.6).
  FF_EXPECT_NEAR(z(0), S(0.1), footfall::test::ulps<S>(8));
  FF_EXPECT_NEAR(z(1), S(0.1), footfall::test::ulps<S>(8));
  FF_EXPECT_NEAR(z(2), S(0.6), footfall::test::ulps<S>(8));
}

FF_TEST_FLOAT_AND_DOUBLE(PrincipalSolve, CombinationWithLargeWeightsIsDropped) {
  // g0 and g1 = g0 + δu nearly parallel, g2 = (g1 − g0)/δ = u: a combination with weights 1/δ,
  // so the elimination cancels terms 1/δ² times g2's diagonal and leaves a pivot of about that
  // many ε of it, above any threshold of a few ε, yet below √ε: the relative test drops it.
  static TestProblem<S> p;
  static TestVector<S> z;
  Random rng(sizeof(S) == 4 ? 9301 : 9302);
  const S delta = sizeof(S) == 4 ? S(0.1) : S(1e-3);
  for (int trial = 0; trial < 100; ++trial) {
    S g[3][kColumns], y[kColumns];
    for (int c = 0; c < kColumns; ++c) {
      g[0][c] = rng.uniform(S(-1), S(1));
      g[1][c] = g[0][c] + delta * rng.uniform(S(-1), S(1));
      g[2][c] = (g[1][c] - g[0][c]) / delta;
      y[c] = rng.uniform(S(-1), S(1));
    }
    FF_ASSERT_TRUE(p.resize(3).ok());
    for (int i = 0; i < 3; ++i) {
      p.q(i) = S(0);
      for (int c = 0; c < kColumns; ++c) p.q(i) += g[i][c] * y[c];
      for (int j = 0; j < 3; ++j) {
        p.m(i, j) = S(0);
        for (int c = 0; c < kColumns; ++c) p.m(i, j) += g[i][c] * g[j][c];
      }
    }
    FF_ASSERT_TRUE(footfall::detail::solve_principal_block_semidefinite(p, identity, 3, scratch<S>(), z));
    FF_EXPECT_EQ(z(2), S(0));
    // The kept block solved: g0 and g1's equations hold to its conditioning's rounding.
    for (int i = 0; i < 2; ++i) {
      const S wi = p.q(i) + p.m(i, 0) * z(0) + p.m(i, 1) * z(1);
      FF_EXPECT_NEAR(wi, S(0), footfall::test::ulps<S>(64) / (delta * delta));
    }
  }
}

FF_TEST_FLOAT_AND_DOUBLE(PrincipalSolve, DefiniteBlockGivesTheLdltAnswer) {
  static TestProblem<S> p;
  static TestVector<S> z, z_ldlt;
  Random rng(sizeof(S) == 4 ? 9201 : 9202);
  for (int trial = 0; trial < 100; ++trial) {
    const int n = 1 + static_cast<int>(rng.next() % footfall::test::kLcpCapacity);
    FF_ASSERT_TRUE(p.resize(n).ok());
    footfall::test::random_gram<S>(rng, n, n, S(0.1), p.m);
    for (int i = 0; i < n; ++i) p.q(i) = rng.uniform(S(-1), S(1));
    FF_ASSERT_TRUE(footfall::detail::solve_principal_block_semidefinite(p, identity, n, scratch<S>(), z));
    FF_ASSERT_TRUE(footfall::detail::solve_principal_block_symmetric(p, identity, n, scratch<S>(), z_ldlt));
    // The same elimination in the same order: the same numbers, up to how the compiler
    // contracts each copy's products.
    S scale = S(1);
    for (int i = 0; i < n; ++i) scale = std::max(scale, std::abs(z_ldlt(i)));
    for (int i = 0; i < n; ++i) FF_EXPECT_NEAR(z(i), z_ldlt(i), footfall::test::ulps<S>(16) * scale);
  }
}

FF_TEST_FLOAT_AND_DOUBLE(PrincipalSolve, InconsistentCopyIsLeftForTheCheck) {
  // Rows 0 and 1 equal, q different: no z solves both; row 1 is dropped and its w is the gap.
  static TestProblem<S> p;
  static TestVector<S> z;
  FF_ASSERT_TRUE(p.resize(3).ok());
  const S m[3][3] = {{S(2), S(2), S(1)}, {S(2), S(2), S(1)}, {S(1), S(1), S(3)}};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) p.m(i, j) = m[i][j];
  p.q(0) = S(-1);
  p.q(1) = S(-3);
  p.q(2) = S(-2);
  FF_ASSERT_TRUE(footfall::detail::solve_principal_block_semidefinite(p, identity, 3, scratch<S>(), z));
  // Rows 0 and 2: 2 z0 + z2 = 1, z0 + 3 z2 = 2, so z0 = 1/5, z2 = 3/5.
  FF_EXPECT_NEAR(z(0), S(0.2), footfall::test::ulps<S>(8));
  FF_EXPECT_EQ(z(1), S(0));
  FF_EXPECT_NEAR(z(2), S(0.6), footfall::test::ulps<S>(8));
  const S w1 = p.q(1) + S(2) * z(0) + z(2);
  FF_EXPECT_NEAR(w1, S(-2), footfall::test::ulps<S>(8));
}

FF_TEST_FLOAT_AND_DOUBLE(PrincipalSolve, ZeroRowIsDropped) {
  // The out-of-plane tangent of a planar model: a row and column of zeros.
  static TestProblem<S> p;
  static TestVector<S> z;
  FF_ASSERT_TRUE(p.resize(3).ok());
  p.m(0, 0) = S(4);
  p.m(2, 2) = S(2);
  p.m(0, 2) = p.m(2, 0) = S(1);
  p.q(0) = S(-5);
  p.q(1) = S(-1);
  p.q(2) = S(-3);
  FF_EXPECT_FALSE(footfall::detail::solve_principal_block_symmetric(p, identity, 3, scratch<S>(), z));
  FF_ASSERT_TRUE(footfall::detail::solve_principal_block_semidefinite(p, identity, 3, scratch<S>(), z));
  // 4 z0 + z2 = 5, z0 + 2 z2 = 3: z0 = 1, z2 = 1.
  FF_EXPECT_NEAR(z(0), S(1), footfall::test::ulps<S>(8));
  FF_EXPECT_EQ(z(1), S(0));
  FF_EXPECT_NEAR(z(2), S(1), footfall::test::ulps<S>(8));
}

FF_TEST_FLOAT_AND_DOUBLE(PrincipalSolve, UnrolledBlockOfSixIsTheRolledLoops) {
  // A 6×6 block (two contacts with friction) takes the unrolled path of solve_symmetric_block;
  // the run-time path must give the same numbers from the same elimination, on blocks picked
  // out of a larger problem in a scrambled order (the stance problem's active rows), and refuse
  // the same singular blocks.
  static TestProblem<S> p;
  static TestVector<S> z_unrolled, z_rolled;
  Random rng(sizeof(S) == 4 ? 9301 : 9302);
  int solved = 0, refused = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 6 + static_cast<int>(rng.next() % static_cast<unsigned>(footfall::test::kLcpCapacity - 5));
    FF_ASSERT_TRUE(p.resize(n).ok());
    // Every fourth problem is a Gram matrix of rank 5: its 6×6 blocks are singular.
    const bool singular = trial % 4 == 3;
    footfall::test::random_gram<S>(rng, n, singular ? 5 : n, singular ? S(0) : S(0.1), p.m);
    for (int i = 0; i < n; ++i) p.q(i) = rng.uniform(S(-1), S(1));
    int active[footfall::test::kLcpCapacity];
    for (int i = 0; i < n; ++i) active[i] = i;
    for (int i = n - 1; i > 0; --i) std::swap(active[i], active[rng.next() % static_cast<unsigned>(i + 1)]);
    const bool unrolled = footfall::detail::solve_symmetric_block<6>(p, active, 6, scratch<S>(), z_unrolled);
    const bool rolled = footfall::detail::solve_symmetric_block<0>(p, active, 6, scratch<S>(), z_rolled);
    FF_ASSERT_TRUE(unrolled == rolled);
    if (!unrolled) {
      ++refused;
      continue;
    }
    ++solved;
    S scale = S(1);
    for (int i = 0; i < n; ++i) scale = std::max(scale, std::abs(z_rolled(i)));
    // Bit for bit where the compiler contracts neither copy's products into fused ones (the
    // host); within a few roundings where it may contract them differently (the boards' FPUs).
    for (int i = 0; i < n; ++i) FF_EXPECT_NEAR(z_unrolled(i), z_rolled(i), footfall::test::ulps<S>(4) * scale);
    // And the answer solves the block, M_αα z_α = −q_α, to the rounding of its terms, with z 0 off α.
    for (int a = 0; a < 6; ++a) {
      const int r = active[a];
      S residual = p.q(r), size = std::abs(p.q(r));
      for (int c = 0; c < 6; ++c) {
        residual += p.m(r, active[c]) * z_unrolled(active[c]);
        size += std::abs(p.m(r, active[c]) * z_unrolled(active[c]));
      }
      FF_EXPECT_NEAR(residual, S(0), footfall::test::ulps<S>(64) * size);
    }
    for (int a = 6; a < n; ++a) FF_EXPECT_EQ(z_unrolled(active[a]), S(0));
  }
  FF_EXPECT_LE(100, solved);
  FF_EXPECT_LE(20, refused);
}
