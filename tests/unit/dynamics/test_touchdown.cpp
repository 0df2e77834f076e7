// A swing foot's velocity and touchdown rates (dynamics/touchdown.hpp, point_velocity for a v of
// one's own in jacobians.hpp): on the A1's three-joint legs the least-norm change is the closed
// form J_leg⁻¹(u − J v) that the examples solved by hand; the foot then moves at the velocity
// asked, found again by forward_kinematics on the new v; nothing but the leg's rates changes; on
// the biped's six-joint legs the change has no part in J_leg's null space; a straight or nearly
// straight knee, a leg of no joints and every bad input are refused with v as it was.
#include <cmath>
#include <cstring>
#include <limits>
#include <string_view>
#include <type_traits>

#include <Eigen/LU>

#include "ff_test.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/models.hpp"

namespace {

using namespace footfall;

template <typename S>
struct SwingLegs {
  QuadrupedModel<S> quadruped;
  BipedModel<S> biped;
  Workspace<S, 13, 18> ws;
  typename QuadrupedModel<S>::ConfigVector q;
  typename QuadrupedModel<S>::TangentVector v;

  // The A1 standing on a turned, rolled trunk (hip 0, thigh 0.8, calf `calf`), at rest.
  bool stand(S calf) {
    q = QuadrupedModel<S>::ConfigVector::Zero(19);
    q << S(0.2), S(-0.1), S(0.3), S(0.02), S(-0.03), S(0.1), S(1), S(0.1), S(0.8), calf, S(-0.1), S(0.8), S(-1.5),
        S(0.1), S(0.9), S(-1.6), S(-0.1), S(0.9), S(-1.6);
    q.template segment<4>(3).normalize();
    v = QuadrupedModel<S>::TangentVector::Zero(18);
    return build_quadruped_model(&quadruped).ok() && forward_kinematics(quadruped, ws, q, v).ok();
  }

  // The biped with bent knees and turned hips, at rest.
  bool crouch() {
    q = QuadrupedModel<S>::ConfigVector::Zero(19);
    q(2) = S(0.9);
    q(6) = S(1);
    for (int leg = 0; leg < 2; ++leg) {
      const S side = leg == 0 ? S(1) : S(-1);
      const S angles[6] = {side * S(0.2), side * S(0.1), S(-0.4), S(0.8), S(-0.4), side * S(-0.1)};
      for (int k = 0; k < 6; ++k) q(7 + 6 * leg + k) = angles[k];
    }
    v = QuadrupedModel<S>::TangentVector::Zero(18);
    return build_biped_model(&biped).ok() && forward_kinematics(biped, ws, q, v).ok();
  }
};

template <typename S>
SwingLegs<S>& swing_legs() {
  static SwingLegs<S> instance;  // static: large for a board's stack
  return instance;
}

template <typename S>
Vector3<S> planned_touchdown() {
  return Vector3<S>(S(0.1), S(0), S(-0.5));
}

// A v with every entry moving: the trunk turning and drifting, every joint swinging.
template <typename S>
void moving_everywhere(typename QuadrupedModel<S>::TangentVector& v) {
  for (int k = 0; k < 18; ++k) v(k) = S(0.07) * static_cast<S>(k % 7) - S(0.2);
}

template <typename S>
bool same_v_bits(const typename QuadrupedModel<S>::TangentVector& a, const typename QuadrupedModel<S>::TangentVector& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), sizeof(S) * static_cast<std::size_t>(a.size())) == 0;
}

// The foot's velocity for v found again from scratch: forward_kinematics on v, then the
// kinematics' own point_velocity (the configuration is the same, so the leg's kinematics are).
template <typename S, typename M>
Vector3<S> velocity_by_kinematics(const M& model, Workspace<S, 13, 18>& ws, const typename M::ConfigVector& q,
                                  const typename M::TangentVector& v, int body, const Vector3<S>& point) {
  Vector3<S> u = Vector3<S>::Constant(std::numeric_limits<S>::quiet_NaN());
  if (forward_kinematics(model, ws, q, v).ok()) (void)point_velocity(model, ws, body, point, &u);
  return u;
}

}  // namespace

// point_velocity for a v of one's own is J v, and for the kinematics' own v what the kinematics
// give.
FF_TEST_FLOAT_AND_DOUBLE(Touchdown, PointVelocityOfAVIsJv) {
  auto& l = swing_legs<S>();
  FF_ASSERT_TRUE(l.stand(S(-1.5)));
  moving_everywhere<S>(l.v);
  const int calf = quadruped_calf_body(2);
  Eigen::Matrix<S, 3, 18> jacobian;
  FF_ASSERT_TRUE(point_jacobian(l.quadruped, l.ws, calf, quadruped_foot_point<S>(), jacobian).ok());
  Vector3<S> u = Vector3<S>::Zero();
  FF_ASSERT_TRUE(point_velocity(l.quadruped, l.ws, calf, quadruped_foot_point<S>(), l.v, &u).ok());
  const Vector3<S> jv = jacobian * l.v;
  FF_EXPECT_MATRIX_NEAR(u, jv, test::ulps<S>(64));
  FF_ASSERT_TRUE(forward_kinematics(l.quadruped, l.ws, l.q, l.v).ok());
  Vector3<S> by_kinematics = Vector3<S>::Zero();
  FF_ASSERT_TRUE(point_velocity(l.quadruped, l.ws, calf, quadruped_foot_point<S>(), &by_kinematics).ok());
  FF_EXPECT_MATRIX_NEAR(u, by_kinematics, test::ulps<S>(64));
  FF_EXPECT_TRUE(point_velocity(l.quadruped, l.ws, calf, quadruped_foot_point<S>(), l.v.head(17), &u).field ==
                 std::string_view("v"));
}

// Three joints: the change is J_leg⁻¹(u − J v), the examples' partialPivLu solve, to rounding;
// the foot then moves at u; the trunk's and the other legs' rates are as they were.
FF_TEST_FLOAT_AND_DOUBLE(Touchdown, ThreeJointLegIsTheClosedForm) {
  auto& l = swing_legs<S>();
  for (const bool at_rest : {true, false}) {
    for (int leg = 0; leg < 4; ++leg) {
      FF_ASSERT_TRUE(l.stand(S(-1.5)));
      if (!at_rest) moving_everywhere<S>(l.v);
      const int calf = quadruped_calf_body(leg), first = 6 + 3 * leg;
      Eigen::Matrix<S, 3, 18> jacobian;
      FF_ASSERT_TRUE(point_jacobian(l.quadruped, l.ws, calf, quadruped_foot_point<S>(), jacobian).ok());
      const Matrix3<S> block = jacobian.template block<3, 3>(0, first);
      const Vector3<S> rest = jacobian * l.v - block * l.v.template segment<3>(first);  // J v without the leg
      const Vector3<S> closed = block.partialPivLu().solve(Vector3<S>(planned_touchdown<S>() - rest));
      const typename QuadrupedModel<S>::TangentVector before = l.v;
      FF_ASSERT_TRUE(set_touchdown_velocity(l.quadruped, l.ws, calf, quadruped_foot_point<S>(), planned_touchdown<S>(), l.v).ok());
      // The rates are some 10 rad/s per m/s of the foot; J_leg's condition here is below 10.
      FF_EXPECT_MATRIX_NEAR(l.v.template segment<3>(first), closed, test::ulps<S>(256) * S(10));
      for (int k = 0; k < 18; ++k)
        if (k < first || k >= first + 3) FF_EXPECT_TRUE(l.v(k) == before(k));
      const Vector3<S> u = velocity_by_kinematics(l.quadruped, l.ws, l.q, l.v, calf, quadruped_foot_point<S>());
      FF_EXPECT_MATRIX_NEAR(u, planned_touchdown<S>(), test::ulps<S>(256));
    }
  }
}

// A straight knee, and one bent by less than the scalar can resolve, leave the leg two
// independent directions: refused, v as it was. A knee bent as a standing one is not refused.
FF_TEST_FLOAT_AND_DOUBLE(Touchdown, StraightKneeIsRefused) {
  auto& l = swing_legs<S>();
  const S nearly = std::is_same<S, float>::value ? S(1e-3) : S(1e-6);
  for (const S calf : {S(0), -nearly, nearly}) {
    FF_ASSERT_TRUE(l.stand(calf));
    moving_everywhere<S>(l.v);
    const typename QuadrupedModel<S>::TangentVector before = l.v;
    const Status status =
        set_touchdown_velocity(l.quadruped, l.ws, quadruped_calf_body(0), quadruped_foot_point<S>(), planned_touchdown<S>(), l.v);
    FF_EXPECT_TRUE(status.code == StatusCode::kBadInput);
    FF_EXPECT_TRUE(status.field == std::string_view("body.leg_rank"));
    FF_EXPECT_EQ(status.index, quadruped_calf_body(0));
    FF_EXPECT_TRUE(same_v_bits<S>(l.v, before));
  }
  FF_ASSERT_TRUE(l.stand(S(-0.3)));
  FF_EXPECT_TRUE(
      set_touchdown_velocity(l.quadruped, l.ws, quadruped_calf_body(0), quadruped_foot_point<S>(), planned_touchdown<S>(), l.v).ok());
}

// Six joints: the foot moves at u, and the change is orthogonal to J_leg's null space, each of
// whose vectors is built from three of the leg's columns (n = [−B⁻¹c; e], B three columns
// that span the foot's velocities, c one of the other three): the least-norm change, not merely one that moves the foot.
FF_TEST_FLOAT_AND_DOUBLE(Touchdown, SixJointLegIsLeastNorm) {
  auto& l = swing_legs<S>();
  for (int leg = 0; leg < 2; ++leg) {
    FF_ASSERT_TRUE(l.crouch());
    moving_everywhere<S>(l.v);
    const int foot = biped_foot_body(leg), first = 6 + 6 * leg;
    const Vector3<S> sole = biped_sole_corner<S>(1);
    const typename QuadrupedModel<S>::TangentVector before = l.v;
    Eigen::Matrix<S, 3, 18> jacobian;
    FF_ASSERT_TRUE(point_jacobian(l.biped, l.ws, foot, sole, jacobian).ok());
    FF_ASSERT_TRUE(set_touchdown_velocity(l.biped, l.ws, foot, sole, planned_touchdown<S>(), l.v).ok());
    const Eigen::Matrix<S, 6, 1> change = l.v.template segment<6>(first) - before.template segment<6>(first);
    for (int k = 0; k < 18; ++k)
      if (k < first || k >= first + 6) FF_EXPECT_TRUE(l.v(k) == before(k));
    const Eigen::Matrix<S, 3, 6> leg_columns = jacobian.template block<3, 6>(0, first);
    // B: hip roll, hip pitch and knee (the hip's three axes meet at a point, so they span two
    // directions of the foot's velocity alone); the others each give a null vector.
    const int basis[3] = {1, 2, 3}, extras[3] = {0, 4, 5};
    Matrix3<S> b;
    for (int i = 0; i < 3; ++i) b.col(i) = leg_columns.col(basis[i]);
    const Eigen::PartialPivLU<Matrix3<S>> lu(b);
    for (const int extra : extras) {
      Eigen::Matrix<S, 6, 1> null = Eigen::Matrix<S, 6, 1>::Zero();
      const Vector3<S> coefficients = -lu.solve(Vector3<S>(leg_columns.col(extra)));
      for (int i = 0; i < 3; ++i) null(basis[i]) = coefficients(i);
      null(extra) = S(1);
      FF_EXPECT_LE((leg_columns * null).norm(), test::ulps<S>(256) * null.norm());
      FF_EXPECT_LE(std::abs(change.dot(null)), test::ulps<S>(256) * S(10) * change.norm() * null.norm());
    }
    const Vector3<S> u = velocity_by_kinematics(l.biped, l.ws, l.q, l.v, foot, sole);
    FF_EXPECT_MATRIX_NEAR(u, planned_touchdown<S>(), test::ulps<S>(256));
  }
}

// Every bad input is named, and v is left as it was.
FF_TEST_FLOAT_AND_DOUBLE(Touchdown, BadInputsAreNamed) {
  auto& l = swing_legs<S>();
  const S nan = std::numeric_limits<S>::quiet_NaN(), huge = std::numeric_limits<S>::max();
  const Vector3<S> foot = quadruped_foot_point<S>();
  const int calf = quadruped_calf_body(1);
  struct Case {
    int body;
    Vector3<S> point, velocity;
    int spoiled_v;  // the index of v made NaN, or −1
    const char* field;
    int index;
  };
  const Case cases[] = {
      {-1, foot, planned_touchdown<S>(), -1, "body", -1},
      {13, foot, planned_touchdown<S>(), -1, "body", 13},
      {calf, Vector3<S>(nan, S(0), S(0)), planned_touchdown<S>(), -1, "point", calf},
      {calf, foot, Vector3<S>(S(0), nan, S(0)), -1, "velocity", -1},
      {calf, foot, planned_touchdown<S>(), 4, "v", 4},
      {0, Vector3<S>::Zero(), planned_touchdown<S>(), -1, "body.leg_rank", 0},  // the trunk: no leg
      {calf, foot, Vector3<S>(huge, huge, S(0)), -1, "velocity.overflow", -1},
  };
  for (const Case& c : cases) {
    FF_ASSERT_TRUE(l.stand(S(-1.5)));
    moving_everywhere<S>(l.v);
    if (c.spoiled_v >= 0) l.v(c.spoiled_v) = nan;
    const typename QuadrupedModel<S>::TangentVector before = l.v;
    const Status status = set_touchdown_velocity(l.quadruped, l.ws, c.body, c.point, c.velocity, l.v);
    FF_EXPECT_TRUE(status.code == StatusCode::kBadInput);
    FF_EXPECT_TRUE(status.field == std::string_view(c.field));
    FF_EXPECT_EQ(status.index, c.index);
    FF_EXPECT_TRUE(same_v_bits<S>(l.v, before));
  }
  FF_ASSERT_TRUE(l.stand(S(-1.5)));
  typename QuadrupedModel<S>::TangentVector short_v = l.v.head(17);
  FF_EXPECT_TRUE(set_touchdown_velocity(l.quadruped, l.ws, calf, foot, planned_touchdown<S>(), short_v).field ==
                 std::string_view("v"));
  Workspace<S, 13, 18>& fresh = l.ws;
  fresh.stage = 0;  // no kinematics
  const typename QuadrupedModel<S>::TangentVector before = l.v;
  FF_EXPECT_TRUE(set_touchdown_velocity(l.quadruped, fresh, calf, foot, planned_touchdown<S>(), l.v).field ==
                 std::string_view("workspace.kinematics"));
  FF_EXPECT_TRUE(same_v_bits<S>(l.v, before));
}

// The rod2d's planar root is its only joint: a point velocity out of its plane is beyond it.
FF_TEST_FLOAT_AND_DOUBLE(Touchdown, PlanarRootCannotLeaveItsPlane) {
  static Rod2dModel<S> rod;
  static Workspace<S, 1, 3> ws;
  FF_ASSERT_TRUE(build_rod2d_model(&rod).ok());
  Eigen::Matrix<S, 3, 1> q(S(0), S(1), S(0.3)), v(S(0.1), S(0), S(0.2));
  FF_ASSERT_TRUE(forward_kinematics(rod, ws, q, v).ok());
  const Eigen::Matrix<S, 3, 1> before = v;
  const Status status = set_touchdown_velocity(rod, ws, 0, rod2d_end<S>(0), planned_touchdown<S>(), v);
  FF_EXPECT_TRUE(status.field == std::string_view("body.leg_rank"));
  FF_EXPECT_TRUE(v == before);
}
