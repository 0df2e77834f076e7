// The contact terms against dense solves (contact/contact_dynamics.hpp): the Delassus matrix
// W = G H⁻¹ Gᵀ that delassus_from_factor builds from H's sparse factor over the contacts'
// supports, H⁻¹Gᵀf from contact_force_acceleration, and H⁻¹Gᵀ from contact_response, each
// compared with Gaussian elimination on the dense H (dense_solve.hpp), which shares no code with
// footfall's LDLᵀ. The contacts are chosen so that every branch of the sparse code is used: the
// four feet (whose supports share only the trunk's six DOFs), a tilted normal, and a contact
// between two legs (a support over two paths to the root).
#include <limits>

#include "stance_fixtures.hpp"

namespace {

using namespace footfall;
using footfall::test::ulps;

template <typename S>
struct TermsBench {
  static constexpr int kContacts = 5;
  QuadrupedModel<S> model;
  Workspace<S, 13, 18> ws;
  ContactSet<S, kContacts> set;
  ContactDynamics<S, 18, kContacts> cd;
  // G, X = H⁻¹Gᵀ by the dense solve, and the dense W = G X.
  Eigen::Matrix<S, 15, 18> g;
  Eigen::Matrix<S, 18, 15> x;
  Eigen::Matrix<S, 15, 15> w;
};

template <typename S>
TermsBench<S>& terms_bench() {
  static TermsBench<S> instance;
  return instance;
}

// A pose away from every symmetry: the trunk displaced and turned, each leg's joints different.
template <typename S>
bool prepare(TermsBench<S>& b) {
  if (!build_quadruped_model(&b.model).ok()) return false;
  typename QuadrupedModel<S>::ConfigVector q(19);
  const Vector4<S> turn = Vector4<S>(S(0.1), S(-0.2), S(0.15), S(0.95)).normalized();
  q << S(0.1), S(-0.05), S(0.3), turn(0), turn(1), turn(2), turn(3), S(0.1), S(0.7), S(-1.4), S(-0.2), S(0.9),
      S(-1.7), S(0.05), S(0.6), S(-1.2), S(-0.1), S(1.0), S(-1.9);
  typename QuadrupedModel<S>::TangentVector v(18);
  for (int k = 0; k < 18; ++k) v(k) = S(0.1) * static_cast<S>(k % 5) - S(0.2);
  if (!compute_tick_terms(b.model, b.ws, q, v).ok()) return false;
  b.set.clear();
  const Vector3<S> up = Vector3<S>::UnitZ(), tilted = Vector3<S>(S(0.2), S(-0.1), S(1)).normalized();
  for (int leg = 0; leg < 4; ++leg)
    if (!b.set.add(Contact<S>::Ground(quadruped_calf_body(leg), quadruped_foot_point<S>(), leg == 2 ? tilted : up, S(0.8)))
             .ok())
      return false;
  // The front-right foot against the front-left calf's middle.
  const Vector3<S> calf_middle = S(0.5) * quadruped_foot_point<S>();
  return b.set
      .add(Contact<S>::Between(quadruped_calf_body(0), quadruped_foot_point<S>(), quadruped_calf_body(1), calf_middle,
                               Vector3<S>(S(0), S(-1), S(0)), S(0.5)))
      .ok();
}

// Fills G with m rows a contact, then X and W densely. False if a step fails.
template <typename S>
bool dense_reference(TermsBench<S>& b, bool with_tangents) {
  if (!compute_contact_terms(b.model, b.ws, b.set, with_tangents ? ContactRows::kWithTangents : ContactRows::kNormals, ContactTerms::kVelocityOnly, b.cd).ok()) return false;
  const int rows = b.cd.rows();
  const Eigen::Matrix<S, 18, 18> h = b.ws.mass_matrix;
  b.g.topRows(rows) = b.cd.jacobian;
  auto x = b.x.leftCols(rows);
  x = b.cd.jacobian.transpose();
  if (!test::gaussian_solve(h, x)) return false;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < rows; ++c) {
      S sum = S(0);
      for (int k = 0; k < 18; ++k) sum += b.g(r, k) * b.x(k, c);
      b.w(r, c) = sum;
    }
  return true;
}

// H's conditioning (light feet on a heavy trunk: about 10⁴) times rounding, as the stance tests
// allow for a solve with H.
template <typename S>
S solve_tolerance() {
  return ulps<S>(1 << 16);
}

}  // namespace

// W from the factor, with friction (3 rows a contact) and normals only (1 row), equals G H⁻¹ Gᵀ
// from the dense solve, and is exactly symmetric. A wrong row of Y, a pair of contacts summed
// over DOFs they do not share, or a missed second path would be off by the size of W itself.
FF_TEST_FLOAT_AND_DOUBLE(ContactTerms, DelassusMatchesTheDenseSolve) {
  auto& b = terms_bench<S>();
  FF_ASSERT_TRUE(prepare(b));
  for (const bool with_tangents : {true, false}) {
    FF_ASSERT_TRUE(dense_reference(b, with_tangents));
    const int rows = b.cd.rows();
    FF_ASSERT_TRUE(rows == (with_tangents ? 15 : 5));
    FF_ASSERT_TRUE(b.cd.delassus.rows() == rows && b.cd.delassus.cols() == rows);
    S scale = S(0);
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < rows; ++c) scale = std::max(scale, std::abs(b.w(r, c)));
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < rows; ++c) {
        FF_EXPECT_NEAR(b.cd.delassus(r, c), b.w(r, c), solve_tolerance<S>() * scale);
        FF_EXPECT_TRUE(b.cd.delassus(r, c) == b.cd.delassus(c, r));
      }
    // The two legs' contact couples through the trunk only with the rear feet, and through its
    // own legs with the front ones: every block of W is non-zero.
    const int m = b.cd.rows_per_contact;
    for (int i = 0; i < TermsBench<S>::kContacts; ++i)
      for (int j = 0; j < TermsBench<S>::kContacts; ++j) FF_EXPECT_TRUE(std::abs(b.cd.delassus(i * m, j * m)) > S(1e-3) * scale);
  }
}

// G's rows are each contact's relative point velocity per unit q̇ along its frame: e_rᵀ(J_s − J_p)
// with J from point_jacobian (about the world's origin, by its own walk), on every column. The
// free flyer's six columns of a foot on the ground are made from E's rotations of the frame and
// the lever (store_free_flyer_contact_columns), the legs' from ⁰S_k: a swapped column, a lever
// from the wrong origin or a turn by Eᵀ for E is off by the size of the row.
FF_TEST_FLOAT_AND_DOUBLE(ContactTerms, RowsAreTheJacobiansAlongTheContactFrame) {
  auto& b = terms_bench<S>();
  FF_ASSERT_TRUE(prepare(b));
  FF_ASSERT_TRUE(compute_contact_terms(b.model, b.ws, b.set, ContactRows::kWithTangents, ContactTerms::kVelocityOnly, b.cd).ok());
  Eigen::Matrix<S, 3, 18> successor, predecessor;
  for (int i = 0; i < TermsBench<S>::kContacts; ++i) {
    const Contact<S>& c = b.set[i];
    FF_ASSERT_TRUE(point_jacobian(b.model, b.ws, c.body, c.point, successor).ok());
    predecessor.setZero();
    if (c.other_body != -1) {
      FF_ASSERT_TRUE(point_jacobian(b.model, b.ws, c.other_body, c.other_point, predecessor).ok());
    }
    const Eigen::Matrix<S, 3, 18> relative = successor - predecessor;
    const S scale = successor.cwiseAbs().maxCoeff() + predecessor.cwiseAbs().maxCoeff();
    for (int r = 0; r < 3; ++r)
      for (int k = 0; k < 18; ++k)
        FF_EXPECT_NEAR(b.cd.jacobian(3 * i + r, k), b.cd.direction[i][r].dot(relative.col(k)), ulps<S>(64) * scale);
  }
}

// H⁻¹Gᵀf (contact_force_acceleration: Z f and one forward substitution) and H⁻¹Gᵀ
// (contact_response: a full solve a column) against the dense X.
FF_TEST_FLOAT_AND_DOUBLE(ContactTerms, ResponseMatchesTheDenseSolve) {
  auto& b = terms_bench<S>();
  FF_ASSERT_TRUE(prepare(b));
  for (const bool with_tangents : {true, false}) {
    FF_ASSERT_TRUE(dense_reference(b, with_tangents));
    const int rows = b.cd.rows();
    Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 15, 1> f(rows);
    for (int r = 0; r < rows; ++r) f(r) = S(1 + r % 4) * (r % 3 == 0 ? S(10) : S(-2));
    typename QuadrupedModel<S>::TangentVector acceleration(18), expected(18);
    FF_ASSERT_TRUE(contact_force_acceleration(b.model, b.ws, b.cd, f, acceleration).ok());
    S scale = S(0);
    for (int k = 0; k < 18; ++k) {
      S sum = S(0), size = S(0);
      for (int r = 0; r < rows; ++r) {
        sum += b.x(k, r) * f(r);
        size += std::abs(b.x(k, r) * f(r));
      }
      expected(k) = sum;
      scale = std::max(scale, size);
    }
    for (int k = 0; k < 18; ++k) FF_EXPECT_NEAR(acceleration(k), expected(k), solve_tolerance<S>() * scale);

    Eigen::Matrix<S, 18, Eigen::Dynamic, 0, 18, 15> response(18, rows);
    FF_ASSERT_TRUE(contact_response(b.model, b.ws, b.cd, response).ok());
    const S x_scale = b.x.leftCols(rows).cwiseAbs().maxCoeff();
    for (int k = 0; k < 18; ++k)
      for (int r = 0; r < rows; ++r) FF_EXPECT_NEAR(response(k, r), b.x(k, r), solve_tolerance<S>() * x_scale);
    // A response of the wrong shape is refused.
    Eigen::Matrix<S, 18, Eigen::Dynamic, 0, 18, 15> wrong(18, rows - 1);
    FF_EXPECT_TRUE(contact_response(b.model, b.ws, b.cd, wrong).code == StatusCode::kBadInput);
  }
}

// contact_force_acceleration refuses what it cannot use, and writes nothing then: an f of the
// wrong size or not finite, an out of the wrong size, no factor, terms from a bigger model.
FF_TEST_FLOAT_AND_DOUBLE(ContactTerms, ForceAccelerationRefusesBadInput) {
  auto& b = terms_bench<S>();
  FF_ASSERT_TRUE(prepare(b));
  FF_ASSERT_TRUE(dense_reference(b, true));
  const int rows = b.cd.rows();
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 15, 1> f = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 15, 1>::Ones(rows);
  typename QuadrupedModel<S>::TangentVector out = QuadrupedModel<S>::TangentVector::Constant(18, S(7));
  const auto unchanged = [&] { return (out.array() == S(7)).all(); };

  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 15, 1> short_f = f.head(rows - 1);
  FF_EXPECT_TRUE(contact_force_acceleration(b.model, b.ws, b.cd, short_f, out).code == StatusCode::kBadInput);
  f(2) = std::numeric_limits<S>::quiet_NaN();
  FF_EXPECT_TRUE(contact_force_acceleration(b.model, b.ws, b.cd, f, out).code == StatusCode::kBadInput);
  f(2) = S(1);
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 18, 1> short_out(17);
  FF_EXPECT_TRUE(contact_force_acceleration(b.model, b.ws, b.cd, f, short_out).code == StatusCode::kBadInput);
  FF_EXPECT_TRUE(unchanged());

  // Terms whose supports reach past this model's DOFs, or with neither 1 nor 3 rows a contact.
  const int first = b.cd.support[0][0];
  b.cd.support[0][0] = 18;
  FF_EXPECT_TRUE(contact_force_acceleration(b.model, b.ws, b.cd, f, out).code == StatusCode::kBadInput);
  b.cd.support[0][0] = first;
  b.cd.rows_per_contact = 2;
  FF_EXPECT_TRUE(contact_force_acceleration(b.model, b.ws, b.cd, f, out).code == StatusCode::kBadInput);
  b.cd.rows_per_contact = 3;
  FF_EXPECT_TRUE(unchanged());

  const unsigned stage = b.ws.stage;
  b.ws.stage = stage & ~Workspace<S, 13, 18>::kFactor;
  FF_EXPECT_TRUE(contact_force_acceleration(b.model, b.ws, b.cd, f, out).code == StatusCode::kBadInput);
  b.ws.stage = stage;
  FF_EXPECT_TRUE(unchanged());
  FF_EXPECT_TRUE(contact_force_acceleration(b.model, b.ws, b.cd, f, out).ok());
  FF_EXPECT_TRUE(!unchanged());
}
