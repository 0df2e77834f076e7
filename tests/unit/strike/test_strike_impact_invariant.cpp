// The impact-invariant projection (strike/impact_invariant.hpp; Yang and Posa 2021) held to what
// is computed here apart from it: G from the strike's contact rows and H dense from the
// workspace, H⁻¹Gᵀ and the reference P x = x − H⁻¹Gᵀ(G H⁻¹ Gᵀ)⁻¹ G x by the tests' own Gaussian
// elimination (dense_solve.hpp). On the quadruped striking with one foot, the diagonal pair and
// four feet (cone, sticking, frictionless), a foot given twice, and Housner's block landing on
// four corners (dependent rows): P v⁺ = P v⁻, G P x = 0, P P x = P x, P H⁻¹Gᵀf = 0, trace P =
// nv − rank G, and the refusals, which leave the output as it was.
#include <cmath>
#include <cstring>
#include <limits>

#include "articulated_fixtures.hpp"
#include "block_fixtures.hpp"
#include "random.hpp"

namespace footfall::test {
namespace {

// The dense terms of one strike, kept static (too large for a board's test stack): G (rows ×
// nv), H, A = H⁻¹Gᵀ and W = G A, for at most D DOFs and R rows.
template <typename S, int D, int R>
struct DenseTerms {
  Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, 0, R, D> g;
  Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, 0, D, D> h;
  Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, 0, D, R> a;
  Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, 0, R, R> w;
  int rows = 0, nv = 0;
};

template <typename S, int B, int D, int K>
DenseTerms<S, D, 3 * K>& dense_terms() {
  static DenseTerms<S, D, 3 * K> instance;
  return instance;
}

template <typename S, int B, int D, int K>
bool fill_dense(const StrikeBench<S, B, D, K>& b, DenseTerms<S, D, 3 * K>& t) {
  const auto& cd = b.strike.solve.contact;
  t.rows = cd.rows();
  t.nv = b.model.nv();
  t.g.resize(t.rows, t.nv);
  for (int r = 0; r < t.rows; ++r)
    for (int k = 0; k < t.nv; ++k) t.g(r, k) = cd.jacobian(r, k);
  t.h.resize(t.nv, t.nv);
  for (int r = 0; r < t.nv; ++r)
    for (int k = 0; k < t.nv; ++k) t.h(r, k) = b.ws.mass_matrix(r, k);
  t.a.resize(t.nv, t.rows);
  for (int r = 0; r < t.nv; ++r)
    for (int c = 0; c < t.rows; ++c) t.a(r, c) = t.g(c, r);
  if (!gaussian_solve(t.h, t.a)) return false;
  t.w.resize(t.rows, t.rows);
  for (int r = 0; r < t.rows; ++r)
    for (int c = 0; c < t.rows; ++c) {
      S sum = S(0);
      for (int k = 0; k < t.nv; ++k) sum += t.g(r, k) * t.a(k, c);
      t.w(r, c) = sum;
    }
  return true;
}

template <typename S, int D>
using Dof = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, D, 1>;

// ‖G x‖∞ and the largest row sum Σ_k |G(r, k) x_k|, its rounding scale.
template <typename S, int D, int R>
void contact_rows_of(const DenseTerms<S, D, R>& t, const Dof<S, D>& x, S* size, S* scale) {
  *size = *scale = S(0);
  for (int r = 0; r < t.rows; ++r) {
    S sum = S(0), terms = S(0);
    for (int k = 0; k < t.nv; ++k) {
      sum += t.g(r, k) * x(k);
      terms += std::abs(t.g(r, k) * x(k));
    }
    *size = std::max(*size, std::abs(sum));
    *scale = std::max(*scale, terms);
  }
}

// The reference P x by the dense terms (independent rows only: W is solved by elimination).
template <typename S, int D, int R>
bool reference_projection(const DenseTerms<S, D, R>& t, const Dof<S, D>& x, Dof<S, D>* out) {
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, R, 1> y(t.rows);
  for (int r = 0; r < t.rows; ++r) {
    S sum = S(0);
    for (int k = 0; k < t.nv; ++k) sum += t.g(r, k) * x(k);
    y(r) = sum;
  }
  if (!gaussian_solve(t.w, y)) return false;
  *out = x;
  for (int k = 0; k < t.nv; ++k)
    for (int c = 0; c < t.rows; ++c) (*out)(k) -= t.a(k, c) * y(c);
  return true;
}

// Every identity on the strike in `b` (already solved, ok): `rank` is rank G, `independent`
// whether G's rows are (then P is compared with the reference too). `tolerance` is relative,
// in units of the scalar's rounding scaled by the problem's conditioning.
template <typename S, int B, int D, int K>
void expect_impact_invariant(StrikeBench<S, B, D, K>& b, int rank, bool independent, S tolerance) {
  auto& t = dense_terms<S, B, D, K>();
  FF_ASSERT_TRUE(fill_dense(b, t));
  const int nv = b.model.nv();
  static Dof<S, D> before, after, x, px, ppx, reference, response;
  // (a) The strike changes nothing P keeps: P v⁺ = P v⁻, though v⁺ differs from v⁻.
  FF_ASSERT_TRUE(impact_invariant_projection(b.model, b.ws, b.strike, b.v, before).ok());
  FF_ASSERT_TRUE(impact_invariant_projection(b.model, b.ws, b.strike, b.result.v_plus, after).ok());
  const S speed = std::max(max_abs(b.v), max_abs(b.result.v_plus));
  FF_EXPECT_TRUE(max_abs_difference(b.result.v_plus, b.v) > S(0.01) * speed);
  FF_EXPECT_MATRIX_NEAR(after, before, tolerance * speed);
  if (independent) {
    FF_ASSERT_TRUE(reference_projection(t, b.v, &reference));
    FF_EXPECT_MATRIX_NEAR(before, reference, tolerance * speed);
  }

  Random random(20210927);
  for (int trial = 0; trial < 8; ++trial) {
    x.resize(nv);
    for (int k = 0; k < nv; ++k) x(k) = random.uniform(S(-1), S(1));
    FF_ASSERT_TRUE(impact_invariant_projection(b.model, b.ws, b.strike, x, px).ok());
    // (b) The contacts do not see P x: G P x = 0 on every row, to the rounding of G x.
    S size, scale, unused;
    contact_rows_of(t, px, &size, &unused);
    contact_rows_of(t, x, &unused, &scale);
    FF_EXPECT_LE(size, tolerance * scale);
    // (c) P is a projection: P P x = P x (in place: out and vector the same).
    ppx = px;
    FF_ASSERT_TRUE(impact_invariant_projection(b.model, b.ws, b.strike, ppx, ppx).ok());
    FF_EXPECT_MATRIX_NEAR(ppx, px, tolerance * max_abs(x));
    if (independent) {
      FF_ASSERT_TRUE(reference_projection(t, x, &reference));
      FF_EXPECT_MATRIX_NEAR(px, reference, tolerance * max_abs(x));
    }
    // (d) What a strike can do, H⁻¹Gᵀf for any f (here the dense A f), P removes whole.
    response.setZero(nv);
    for (int c = 0; c < t.rows; ++c) {
      const S f = random.uniform(S(-1), S(1));
      for (int k = 0; k < nv; ++k) response(k) += t.a(k, c) * f;
    }
    FF_ASSERT_TRUE(impact_invariant_projection(b.model, b.ws, b.strike, response, px).ok());
    FF_EXPECT_LE(max_abs(px), tolerance * max_abs(response));
  }
  // trace P = nv − rank G: P keeps all of null(G), not just some of it (P = 0 passes (a) to (d),
  // and the dependent cases have no reference).
  S trace = S(0);
  for (int k = 0; k < nv; ++k) {
    x.setZero(nv);
    x(k) = S(1);
    FF_ASSERT_TRUE(impact_invariant_projection(b.model, b.ws, b.strike, x, px).ok());
    trace += px(k);
  }
  FF_EXPECT_NEAR(trace, S(nv - rank), tolerance * S(nv));
}

// Relative tolerance: the rounding of a solve with W's conditioning, the same in both scalars'
// units.
template <typename S>
S projection_tolerance() {
  return ulps<S>(256);
}

FF_TEST_FLOAT_AND_DOUBLE(StrikeImpactInvariant, QuadrupedOneFoot) {
  auto& b = quadruped_bench<S>();
  const int feet[1] = {1};
  FF_ASSERT_TRUE(quadruped_touchdown(b, feet, 1, S(0.5), S(0.8), S(0.2)));
  FF_ASSERT_TRUE(b.solve(StrikeFriction::kCone).ok());
  expect_impact_invariant(b, 3, true, projection_tolerance<S>());
}

FF_TEST_FLOAT_AND_DOUBLE(StrikeImpactInvariant, QuadrupedDiagonalPair) {
  auto& b = quadruped_bench<S>();
  const int feet[2] = {0, 3};
  FF_ASSERT_TRUE(quadruped_touchdown(b, feet, 2, S(0.6), S(0.8), S(0.2)));
  FF_ASSERT_TRUE(b.solve(StrikeFriction::kCone).ok());
  expect_impact_invariant(b, 6, true, projection_tolerance<S>());
}

FF_TEST_FLOAT_AND_DOUBLE(StrikeImpactInvariant, QuadrupedFourFeetConeStickingFrictionless) {
  auto& b = quadruped_bench<S>();
  const int feet[4] = {0, 1, 2, 3};
  const StrikeFriction frictions[3] = {StrikeFriction::kCone, StrikeFriction::kSticking, StrikeFriction::kNone};
  for (const StrikeFriction friction : frictions) {
    FF_ASSERT_TRUE(quadruped_touchdown(b, feet, 4, S(0.5), S(0.6), S(0)));
    FF_ASSERT_TRUE(b.solve(friction).ok());
    // Without friction the strike's rows are the four normals, which is all it can push along.
    const bool normals = friction == StrikeFriction::kNone;
    FF_EXPECT_EQ(b.strike.solve.contact.rows(), normals ? 4 : 12);
    expect_impact_invariant(b, normals ? 4 : 12, true, projection_tolerance<S>());
  }
}

// The same foot given twice (its rows of W equal the first copy's) and the other diagonal foot:
// 9 rows of rank 6.
FF_TEST_FLOAT_AND_DOUBLE(StrikeImpactInvariant, QuadrupedFootGivenTwice) {
  auto& b = quadruped_bench<S>();
  const int feet[3] = {0, 3, 0};
  FF_ASSERT_TRUE(quadruped_touchdown(b, feet, 3, S(0.6), S(0.8), S(0.2)));
  FF_ASSERT_TRUE(b.solve(StrikeFriction::kSticking).ok());
  FF_EXPECT_EQ(b.strike.solve.contact.rows(), 9);
  expect_impact_invariant(b, 6, false, projection_tolerance<S>());
}

// Four corners of a rigid face: frictionless, 4 normal rows of rank 3 (the face's height, roll
// and pitch), so P keeps the other three motions; sticking, 12 rows of rank 6, so nothing of
// the block's motion is left that a strike could not change (P = 0).
FF_TEST_FLOAT_AND_DOUBLE(StrikeImpactInvariant, RockingBlockDependentCorners) {
  auto& b = block_bench<S>();
  FF_ASSERT_TRUE(rocking_block(b, Block(), S(0)));
  FF_ASSERT_TRUE(b.solve(StrikeFriction::kNone).ok());
  FF_EXPECT_EQ(b.strike.solve.contact.rows(), 4);
  expect_impact_invariant(b, 3, false, projection_tolerance<S>());
  FF_ASSERT_TRUE(rocking_block(b, Block(), S(2)));
  FF_ASSERT_TRUE(b.solve(StrikeFriction::kSticking).ok());
  FF_EXPECT_EQ(b.strike.solve.contact.rows(), 12);
  expect_impact_invariant(b, 6, false, projection_tolerance<S>());
}

// Refusals, and the check that refuses a wrong answer: the output keeps every bit it had.
template <typename S, typename Vector>
bool unchanged(const Vector& out, const Vector& copy) {
  return out.size() == copy.size() &&
         std::memcmp(out.data(), copy.data(), sizeof(S) * static_cast<std::size_t>(copy.size())) == 0;
}

FF_TEST_FLOAT_AND_DOUBLE(StrikeImpactInvariant, RefusesBadVectorsAndKeepsOutput) {
  auto& b = quadruped_bench<S>();
  const int feet[2] = {0, 3};
  FF_ASSERT_TRUE(quadruped_touchdown(b, feet, 2, S(0.6), S(0.8), S(0.2)));
  FF_ASSERT_TRUE(b.solve(StrikeFriction::kCone).ok());
  static Dof<S, 18> out, copy, x;
  out.setConstant(18, S(7));
  copy = out;
  const auto expect_refused = [&](const Status& status, const char* field, int index) {
    FF_EXPECT_TRUE(status.code == StatusCode::kBadInput);
    FF_EXPECT_TRUE(std::strcmp(status.field, field) == 0);
    FF_EXPECT_EQ(status.index, index);
    FF_EXPECT_TRUE((unchanged<S>(out, copy)));
  };
  x.setOnes(17);
  expect_refused(impact_invariant_projection(b.model, b.ws, b.strike, x, out), "vector", -1);
  x.setOnes(18);
  x(5) = std::numeric_limits<S>::quiet_NaN();
  expect_refused(impact_invariant_projection(b.model, b.ws, b.strike, x, out), "vector", 5);
  x(5) = S(1);
  x(11) = -std::numeric_limits<S>::infinity();
  expect_refused(impact_invariant_projection(b.model, b.ws, b.strike, x, out), "vector", 11);
  // Finite, but G x overflows the scalar.
  x.setConstant(18, std::numeric_limits<S>::max());
  expect_refused(impact_invariant_projection(b.model, b.ws, b.strike, x, out), "vector.overflow", -1);
  // Contact terms no solve wrote.
  x.setOnes(18);
  b.strike.solve.contact.rows_per_contact = 2;
  expect_refused(impact_invariant_projection(b.model, b.ws, b.strike, x, out), "strike_workspace.contact", -1);
  b.strike.solve.contact.rows_per_contact = 3;
  // Terms whose W is not G H⁻¹ Gᵀ (here twice it): the projection's G P x is not zero, and it
  // is not given.
  auto& w = b.strike.solve.contact.delassus;
  w *= S(2);
  const Status doubled = impact_invariant_projection(b.model, b.ws, b.strike, x, out);
  FF_EXPECT_TRUE(doubled.code == StatusCode::kCheckFailed && std::strcmp(doubled.field, "strike.projection") == 0);
  FF_EXPECT_TRUE((unchanged<S>(out, copy)));
  w *= S(0.5);  // exactly back
  // A workspace with no kinematics, H or factor.
  static Workspace<S, 13, 18> fresh;
  expect_refused(impact_invariant_projection(b.model, fresh, b.strike, x, out), "workspace.kinematics", -1);
  // And what is refused is refused only: the same call on good input projects.
  FF_EXPECT_TRUE(impact_invariant_projection(b.model, b.ws, b.strike, x, out).ok());
  FF_EXPECT_FALSE((unchanged<S>(out, copy)));
}

// No strike solved (or no contact took part): nothing can change the vector, which comes back
// as it is.
FF_TEST_FLOAT_AND_DOUBLE(StrikeImpactInvariant, NoContactsLeavesVector) {
  auto& b = quadruped_bench<S>();
  const int feet[1] = {0};
  FF_ASSERT_TRUE(quadruped_touchdown(b, feet, 1, S(0.5), S(0.8), S(0)));
  static StrikeWorkspace<S, 18, 4, strike_variables(StrikeFriction::kCone, 4)> unsolved;  // sized for the cone
  static Dof<S, 18> out;
  out.setZero(3);
  FF_ASSERT_TRUE(impact_invariant_projection(b.model, b.ws, unsolved, b.v, out).ok());
  FF_EXPECT_TRUE(out == b.v);
  // A foot leaving faster than separating_speed takes no part: no rows, P = I.
  typename QuadrupedStrike<S>::Tangent leaving = b.v;
  leaving(2) = S(2);
  b.v = leaving;
  FF_ASSERT_TRUE(b.solve(StrikeFriction::kCone).ok());
  FF_EXPECT_EQ(b.strike.solve.contact.count, 0);
  FF_ASSERT_TRUE(impact_invariant_projection(b.model, b.ws, b.strike, b.v, out).ok());
  FF_EXPECT_TRUE(out == b.v);
}

}  // namespace
}  // namespace footfall::test
