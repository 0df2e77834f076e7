// H, the contact columns and point_jacobian do not depend on where the robot stands (dynamics/crba.hpp): the A1
// in its standing pose, moved 10 m, 100 m and 1 km from the world's origin, has the H and the
// foot Jacobian it has at the origin, to the rounding of its absolute positions (ε·d, relative to
// its legs' lengths) and no worse. Taken about the world's origin, CRBA's m d² terms made a float
// H 10 % wrong at 100 m; this test fails on that (it is the same check at any d).
#include <cmath>

#include "ff_test.hpp"
#include "footfall/contact/contact_dynamics.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/models.hpp"

namespace {

using namespace footfall;

template <typename S>
struct StandingQuadruped {
  QuadrupedModel<S> model;
  Workspace<S, 13, 18> ws;
  ContactDynamics<S, 18, 1> contact;
  ContactSet<S, 1> foot;
  Eigen::Matrix<S, 3, 18> foot_jacobian;  // point_jacobian of the same foot
  typename QuadrupedModel<S>::ConfigVector q;
  typename QuadrupedModel<S>::TangentVector v;

  // The standing pose at (x, y) on the floor, with a turning, rolling trunk; terms and the
  // front-right foot's rows.
  bool prepare(S x, S y) {
    q = QuadrupedModel<S>::ConfigVector::Zero(19);
    q << x, y, S(0.3), S(0.02), S(-0.03), S(0.1), S(0), S(0.1), S(0.8), S(-1.5), S(-0.1), S(0.8), S(-1.5),
        S(0.1), S(0.9), S(-1.6), S(-0.1), S(0.9), S(-1.6);
    q.template segment<4>(3).normalize();
    v = QuadrupedModel<S>::TangentVector::Zero(18);
    for (int k = 0; k < 18; ++k) v(k) = S(0.1) * static_cast<S>(k % 5) - S(0.2);
    foot.clear();
    const Status added =
        foot.add(Contact<S>::Ground(quadruped_calf_body(0), quadruped_foot_point<S>(), Vector3<S>::UnitZ(), S(0.8)));
    return added.ok() && compute_mass_terms(model, ws, q, v).ok() &&
           compute_contact_terms(model, ws, foot, ContactRows::kWithTangents, ContactTerms::kVelocityOnly, contact).ok() &&
           point_jacobian(model, ws, quadruped_calf_body(0), quadruped_foot_point<S>(), foot_jacobian).ok();
  }
};

// [0] at the origin, [1] away from it (static: large for a board's stack).
template <typename S>
StandingQuadruped<S>* quadrupeds() {
  static StandingQuadruped<S> instances[2];
  return instances;
}

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(CrbaFrame, QuadrupedHAndFootJacobianWhereverItStands) {
  auto& o = quadrupeds<S>()[0];
  auto& a = quadrupeds<S>()[1];
  FF_ASSERT_TRUE(build_quadruped_model(&o.model).ok());
  FF_ASSERT_TRUE(build_quadruped_model(&a.model).ok());
  FF_ASSERT_TRUE(o.prepare(S(0), S(0)));
  for (S d : {S(10), S(100), S(1000)}) {
    FF_ASSERT_TRUE(a.prepare(d, S(-0.7) * d));
    // The absolute positions carry ε·d; a leg's lever is some 0.2 m, so the terms built from
    // their differences carry about 5 ε·d relative to their size (d in metres). About the
    // world's origin the error was d² m / (leg inertia) times ε instead: 1e4 times this at 100 m.
    const S relative = test::ulps<S>(64) * (S(1) + S(5) * d);
    for (int i = 0; i < 18; ++i)
      for (int j = 0; j <= i; ++j) {
        const S scale = std::sqrt(o.ws.mass_matrix(i, i) * o.ws.mass_matrix(j, j));
        FF_EXPECT_NEAR(a.ws.mass_matrix(i, j), o.ws.mass_matrix(i, j), relative * scale);
      }
    // G: the foot's rows (unit normal and tangents) per unit q̇, of size the leg's lever.
    for (int r = 0; r < 3; ++r)
      for (int k = 0; k < 18; ++k) FF_EXPECT_NEAR(a.contact.jacobian(r, k), o.contact.jacobian(r, k), relative);
    // point_jacobian's world-frame columns: v_O + ω × p about the world's origin, two terms of
    // size d that cancel to the leg's lever, each rounded to ε·d as the positions are, so the
    // same bound holds (about the trunk's origin, as G is, they come out only 2× closer).
    for (int r = 0; r < 3; ++r)
      for (int k = 0; k < 18; ++k) FF_EXPECT_NEAR(a.foot_jacobian(r, k), o.foot_jacobian(r, k), relative);
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c)
        FF_EXPECT_NEAR(a.contact.delassus(r, c), o.contact.delassus(r, c), relative * o.contact.delassus(0, 0));
  }
}
