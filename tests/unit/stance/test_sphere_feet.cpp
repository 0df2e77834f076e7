// Sphere feet (Contact::radius, contact/contact_point.hpp): a contact on a sphere of radius r
// touches the ground at the sphere's lowest point, a different material point of the body at
// every instant. Checked against the closed forms of a ball on a slope (rolling: the centre
// accelerates at (5/7) g sin θ; frictionless: g sin θ, with no angular acceleration; either way
// the normal force is m g cos θ, whatever the ball's spin), and the contact rows of a quadruped
// on sphere feet against central differences: G v against the motion of the material point under
// the contact, Ġv against the change of G v along the motion (which the material point's own
// acceleration misses by r ω × (ω × n)).
#include <cmath>

#include "stance_fixtures.hpp"

namespace {

using namespace footfall;
using footfall::test::StanceBench;
using footfall::test::ulps;

template <typename S>
using BallBench = StanceBench<S, 1, 6, 1>;

template <typename S>
BallBench<S>& ball_bench() {
  static BallBench<S> instance;
  return instance;
}

// A solid ball (mass m, radius r) on a plane tilted by θ about y, its normal n = (sin θ, 0, cos θ),
// so "down the slope" is d = (cos θ, 0, −sin θ). Its frame is turned by `turn` (the sphere
// foot's point must not depend on the body's axes), and it moves down the slope at s while
// rolling (ω = n × v / r) and spinning about n at `spin`, so its contact point does not slip.
template <typename S>
bool ball_on_slope(BallBench<S>& b, S mass, S radius, S theta, S s, S spin, S mu) {
  Inertia<S> inertia;
  Inertia<S>::FromMassComInertia(mass, Vector3<S>::Zero(), ball_inertia(mass, radius), &inertia);
  if (!test::build_free_body(inertia, &b.model).ok()) return false;
  const Vector3<S> n(std::sin(theta), S(0), std::cos(theta)), down(std::cos(theta), S(0), -std::sin(theta));
  const Matrix3<S> turn = exp_so3(Vector3<S>(S(0.4), S(-0.7), S(1.1)));  // body → world
  const auto q = test::free_body_configuration<S, 6>(Vector3<S>(S(0.3), S(-0.2), S(0.5)), turn);
  const Vector3<S> velocity = s * down, omega = n.cross(velocity) / radius + spin * n;  // world
  typename BallBench<S>::Tangent v(6);
  v.template head<3>() = turn.transpose() * velocity;  // v = [linear; angular] in the body's axes
  v.template tail<3>() = turn.transpose() * omega;
  b.contacts.clear();
  // The centre in the body's frame: its origin.
  if (!b.contacts.add(Contact<S>::Sphere(0, Vector3<S>::Zero(), radius, n, mu)).ok()) return false;
  return b.prepare(q, v);
}

// The world acceleration of the ball's centre from q̈: J q̈ + J̇v at the body's origin (gravity
// is in the stance's τ − C, not here).
template <typename S>
Vector3<S> centre_acceleration(BallBench<S>& b) {
  Eigen::Matrix<S, 3, 6> j;
  Vector3<S> bias;
  if (!point_jacobian(b.model, b.ws, 0, Vector3<S>::Zero(), j).ok()) return Vector3<S>::Constant(S(1e9));
  if (!point_velocity_product_acceleration(b.model, b.ws, 0, Vector3<S>::Zero(), &bias).ok())
    return Vector3<S>::Constant(S(1e9));
  return j * b.result.qdd + bias;
}

}  // namespace

// 22. A ball rolling down a slope: a = (5/7) g sin θ down the slope, friction (2/7) m g sin θ up
// it, normal force m g cos θ, for every friction model whose cone holds that friction, at any
// rolling speed and spin about the normal. A contact fixed on the ball at its lowest point would
// give the normal force m (g cos θ + r ‖ω_t‖²) instead: ω × (ω × (−r n)) pulls that material
// point towards the centre.
FF_TEST_FLOAT_AND_DOUBLE(StanceReference, P22BallRollingDownSlope) {
  auto& b = ball_bench<S>();
  const S m = S(2.5), r = S(0.15), theta = S(0.3), g = S(9.81);
  const FrictionModel models[3] = {FrictionModel::kCone, FrictionModel::kPyramid4, FrictionModel::kPyramid8};
  const S speeds[2] = {S(0), S(3)}, spins[2] = {S(0), S(-5)};
  for (const FrictionModel model : models)
    for (const S s : speeds)
      for (const S spin : spins) {
        FF_ASSERT_TRUE(ball_on_slope(b, m, r, theta, s, spin, S(1)));
        FF_ASSERT_TRUE(b.solve(BallBench<S>::Tangent::Zero(6), model).ok());
        const Vector3<S> n(std::sin(theta), S(0), std::cos(theta)), down(std::cos(theta), S(0), -std::sin(theta));
        const Vector3<S> a = centre_acceleration(b);
        // Rolling at 3 m/s, ω r = 3: its terms are of that size, and float keeps ε of them.
        const S tol = ulps<S>(64) * (g + s * s / r);
        FF_EXPECT_NEAR(a.dot(down), S(5) / S(7) * g * std::sin(theta), tol);
        FF_EXPECT_NEAR(a.dot(n), S(0), tol);
        FF_EXPECT_NEAR(b.result.normal_force[0], m * g * std::cos(theta), m * tol);
        FF_EXPECT_NEAR(b.result.force[0].dot(down), -S(2) / S(7) * m * g * std::sin(theta), m * tol);
        FF_EXPECT_TRUE(b.result.state[0] == ContactState::kSticking);
      }
  // Frictionless: it slides at g sin θ and nothing turns it (the normal passes through the centre).
  FF_ASSERT_TRUE(ball_on_slope(b, m, r, theta, S(3), S(-5), S(0)));
  FF_ASSERT_TRUE(b.solve(BallBench<S>::Tangent::Zero(6), FrictionModel::kNone).ok());
  const Vector3<S> down(std::cos(theta), S(0), -std::sin(theta));
  const S tol = ulps<S>(64) * (g + S(9) / r);
  FF_EXPECT_NEAR(centre_acceleration(b).dot(down), g * std::sin(theta), tol);
  FF_EXPECT_NEAR(b.result.normal_force[0], m * g * std::cos(theta), m * tol);
  // ω̇ = 0: the angular part of q̈ is ω̇ in the body's axes minus nothing (ω × ω = 0).
  FF_EXPECT_NEAR(b.result.qdd.template tail<3>().norm(), S(0), tol / r);
}

namespace {

template <typename S>
using FeetBench = StanceBench<S, 13, 18, 4>;

FeetBench<double>& feet_bench() {
  static FeetBench<double> instance;
  return instance;
}

// The quadruped on four sphere feet of radius 2 cm centred at the calves' ends, in a pose away
// from every symmetry, at v: the trunk turning and every joint moving.
bool sphere_feet_terms(FeetBench<double>& b, const QuadrupedModel<double>::ConfigVector& q,
                       const QuadrupedModel<double>::TangentVector& v, double radius,
                       ContactDynamics<double, 18, 4>* cd) {
  if (!b.prepare(q, v)) return false;
  b.contacts.clear();
  const Vector3<double> n = Vector3<double>(0.1, -0.2, 1).normalized();
  for (int leg = 0; leg < 4; ++leg) {
    Contact<double> c = Contact<double>::Sphere(quadruped_calf_body(leg), quadruped_foot_point<double>(), radius, n, 0.8);
    if (!b.contacts.add(c).ok()) return false;
  }
  return compute_contact_terms(b.model, b.ws, b.contacts, ContactRows::kWithTangents, ContactTerms::kWithVelocityTerms, *cd).ok();
}

}  // namespace

// G v is the velocity of the material point under each sphere, and Ġv the rate of G v along the
// motion (central differences at h = 10⁻⁵, truncation O(h²) and rounding O(ε/h) both near 1e−10 of
// the terms). The material point's own acceleration differs from Ġv by r ω × (ω × n), which is
// far above that: the comparison can tell the two apart.
FF_TEST(StanceSphereFeet, RowsAndRatesAgainstFiniteDifferences) {
  auto& b = feet_bench();
  FF_ASSERT_TRUE(build_quadruped_model(&b.model).ok());
  QuadrupedModel<double>::ConfigVector q(19);
  const Vector4<double> turn = Vector4<double>(0.1, -0.2, 0.15, 0.95).normalized();
  q << 0.1, -0.05, 0.3, turn(0), turn(1), turn(2), turn(3), 0.1, 0.7, -1.4, -0.2, 0.9, -1.7, 0.05, 0.6, -1.2, -0.1,
      1.0, -1.9;
  QuadrupedModel<double>::TangentVector v(18);
  for (int k = 0; k < 18; ++k) v(k) = 0.7 * static_cast<double>((k * 7) % 5) - 1.3;
  const double r = 0.02, h = 1e-5;
  static ContactDynamics<double, 18, 4> at, ahead, behind;
  FF_ASSERT_TRUE(sphere_feet_terms(b, q, v, r, &at));
  // The material points under the spheres at q, in their bodies' frames, and their world
  // positions moved by ±h along v.
  Vector3<double> material[4];
  for (int i = 0; i < 4; ++i) material[i] = detail::contact_point(b.ws, b.contacts[i]);
  QuadrupedModel<double>::ConfigVector q_ahead(19), q_behind(19);
  FF_ASSERT_TRUE(integrate(b.model, q, v, h, q_ahead).ok());
  FF_ASSERT_TRUE(integrate(b.model, q, v, -h, q_behind).ok());
  Vector3<double> moved_ahead[4], moved_behind[4];
  FF_ASSERT_TRUE(sphere_feet_terms(b, q_ahead, v, r, &ahead));
  for (int i = 0; i < 4; ++i) moved_ahead[i] = detail::world_point(b.ws, b.contacts[i].body, material[i]);
  FF_ASSERT_TRUE(sphere_feet_terms(b, q_behind, v, r, &behind));
  for (int i = 0; i < 4; ++i) moved_behind[i] = detail::world_point(b.ws, b.contacts[i].body, material[i]);
  FF_ASSERT_TRUE(sphere_feet_terms(b, q, v, r, &at));  // the workspace back at q, for ω below
  for (int i = 0; i < 4; ++i) {
    const Vector3<double> velocity = (moved_ahead[i] - moved_behind[i]) / (2 * h);
    const Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 12, 1> rate =
        (ahead.jacobian * v - behind.jacobian * v) / (2 * h);
    const Vector3<double> omega =
        b.ws.world_to_body[b.contacts[i].body].rotation().transpose() * b.ws.velocity[b.contacts[i].body].angular();
    const Vector3<double> rolling = r * omega.cross(omega.cross(b.contacts[i].normal));
    FF_EXPECT_TRUE(rolling.norm() > 1e-3);  // the term this test tells apart
    for (int row = 0; row < 3; ++row) {
      const Vector3<double>& e = at.direction[i][row];
      FF_EXPECT_NEAR(at.velocity(3 * i + row), e.dot(velocity), 1e-8);
      FF_EXPECT_NEAR(at.velocity_term(3 * i + row), rate(3 * i + row), 1e-7);
    }
  }
  // A zero radius is the point contact at the sphere's centre.
  FF_ASSERT_TRUE(sphere_feet_terms(b, q, v, 0.0, &ahead));
  for (int i = 0; i < 4; ++i)
    FF_EXPECT_TRUE((ahead.position[i] - detail::world_point(b.ws, b.contacts[i].body, quadruped_foot_point<double>())).norm() ==
                   0.0);
}
