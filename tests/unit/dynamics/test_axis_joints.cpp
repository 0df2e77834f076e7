// Revolute joints about their frame's x, y or z axis take forward_kinematics' short path
// (AxisTurn, model/joint.hpp). A joint about −x turned by −q is the same joint as one about +x
// turned by q, and a negative axis takes the general path (Rodrigues' formula, 3×3 products), so
// two models that differ only in their axes' signs must place and move every body alike, to the
// rounding of a few products. AxisTurn itself must be Rodrigues' rotation for each axis, and
// AxisTransform must carry motions and forces, and compose, as the 6×6 matrices do. (RNEA, CRBA
// and the strike's joint impulses take the same short path; test_identities.cpp and the peers
// check them.)
#include <cmath>
#include <type_traits>

#include "ff_test.hpp"
#include "footfall/dynamics.hpp"

namespace {

using namespace footfall;

// A free-flying trunk with a leg of three joints about x, y and z, each placed by a translation:
// axes along +x, +y, +z (sign +1) or −x, −y, −z (sign −1).
template <typename S>
bool build_leg(S sign, Model<S, 4, 9>* model) {
  Inertia<S> link;
  if (!Inertia<S>::FromMassComInertia(S(0.9), Vector3<S>(S(0.02), S(-0.01), S(-0.08)),
                                      Vector3<S>(S(0.004), S(0.006), S(0.003)).asDiagonal(), &link)
           .ok())
    return false;
  ModelBuilder<S, 4, 9> b;
  bool ok = b.add_body("trunk", -1, JointSpec<S>::FreeFlyer(), link).ok();
  const Vector3<S> offsets[3] = {Vector3<S>(S(0.18), S(-0.05), S(0)), Vector3<S>(S(0), S(-0.08), S(0)),
                                 Vector3<S>(S(0), S(0), S(-0.2))};
  const char* names[3] = {"hip", "thigh", "calf"};
  for (int k = 0; k < 3 && ok; ++k)
    ok = b.add_body(names[k], k, JointSpec<S>::Revolute(Vector3<S>(sign * Vector3<S>::Unit(k)), Transform<S>::Translation(offsets[k])),
                    link)
             .ok();
  return ok && b.build(model).ok();
}

template <typename S>
struct Legs {
  Model<S, 4, 9> plus, minus;
  Workspace<S, 4, 9> ws_plus, ws_minus;
};

template <typename S>
Legs<S>& legs() {
  static Legs<S> instance;  // static: two workspaces are large for a board's stack
  return instance;
}

}  // namespace

// AxisTurn<S, A> against evaluate_joint's Rodrigues rotation about the same unit axis.
template <typename S, int A>
void check_axis_turn() {
  const Vector3<S> unit = Vector3<S>::Unit(A);
  FF_EXPECT_EQ(revolute_coordinate_axis(JointType::kRevolute, unit), A);
  FF_EXPECT_EQ(revolute_coordinate_axis(JointType::kRevolute, Vector3<S>(-unit)), -1);
  FF_EXPECT_EQ(revolute_coordinate_axis(JointType::kPrismatic, unit), -1);
  Eigen::Matrix<S, 1, 1> q, v;
  v(0) = S(0);
  const Vector3<S> x(S(0.7), S(-1.1), S(0.4));
  Matrix3<S> m;
  m << S(1), S(2), S(-3), S(0.5), S(-0.25), S(4), S(-2), S(1.5), S(0.75);
  for (S angle : {S(0.3), S(-1.5), S(2.9)}) {
    q(0) = angle;
    JointState<S> general;
    evaluate_joint(JointType::kRevolute, unit, q, 0, v, 0, &general);
    const Matrix3<S>& e = general.transform.rotation();
    const AxisTurn<S, A> turn = AxisTurn<S, A>::By(angle);
    FF_EXPECT_MATRIX_NEAR(turn.matrix(), e, S(4) * epsilon<S>());
    FF_EXPECT_MATRIX_NEAR(turn.apply(x), Vector3<S>(e * x), S(8) * epsilon<S>());
    FF_EXPECT_MATRIX_NEAR(turn.apply_transpose(x), Vector3<S>(e.transpose() * x), S(8) * epsilon<S>());
    FF_EXPECT_MATRIX_NEAR(turn.times(m), Matrix3<S>(e * m), S(32) * epsilon<S>());
    // Eᵀ M E of a symmetric M (turn_back_symmetric, by the double angle), exactly symmetric.
    const Matrix3<S> symmetric = (m + m.transpose()).eval();
    const Matrix3<S> turned_back = turn.turn_back_symmetric(symmetric);
    FF_EXPECT_MATRIX_NEAR(turned_back, Matrix3<S>(e.transpose() * symmetric * e), S(64) * epsilon<S>());
    FF_EXPECT_MATRIX_NEAR(turned_back, Matrix3<S>(turned_back.transpose()), S(0));
    FF_EXPECT_TRUE(general.transform.translation() == Vector3<S>::Zero());
    // The transform a body of such a joint has, as an AxisTransform, against the closed forms of
    // RBDA (2.24): X = [E 0; −E r× E] for motions, X* = X⁻ᵀ for forces, so X⁻¹ = X*ᵀ and
    // (X*)⁻¹ = Xᵀ; composition is the matrices' product. (Transform's products share the formulas
    // AxisTransform uses, so they would not be an independent check.)
    const AxisTurn<S, A> stored = AxisTurn<S, A>::Of(turn.matrix());
    FF_EXPECT_TRUE(stored.cos == turn.cos && stored.sin == turn.sin);
    const Transform<S> placed(turn.matrix(), Vector3<S>(S(0.1), S(-0.2), S(0.3)));
    const AxisTransform<S, A> sparse(placed);
    const Matrix6<S> xm = placed.motion_matrix(), xf = placed.force_matrix();
    const Motion<S> motion(x, Vector3<S>(S(-0.5), S(0.2), S(1.3)));
    const Force<S> force(Vector3<S>(S(2), S(-1), S(0.5)), Vector3<S>(S(-3), S(4), S(1)));
    FF_EXPECT_MATRIX_NEAR(sparse.apply(motion).vector(), (xm * motion.vector()).eval(), S(16) * epsilon<S>());
    FF_EXPECT_MATRIX_NEAR(sparse.apply(force).vector(), (xf * force.vector()).eval(), S(16) * epsilon<S>());
    FF_EXPECT_MATRIX_NEAR(sparse.apply_inverse(motion).vector(), (xf.transpose() * motion.vector()).eval(),
                          S(32) * epsilon<S>());
    FF_EXPECT_MATRIX_NEAR(sparse.apply_inverse(force).vector(), (xm.transpose() * force.vector()).eval(),
                          S(32) * epsilon<S>());
    const Transform<S> first(Matrix3<S>(AxisTurn<S, (A + 1) % 3>::By(S(0.8)).matrix() * e), Vector3<S>(S(-0.4), S(0.6), S(0.2)));
    FF_EXPECT_MATRIX_NEAR((sparse * first).motion_matrix(), (xm * first.motion_matrix()).eval(), S(32) * epsilon<S>());
    FF_EXPECT_MATRIX_NEAR(sparse.dense().motion_matrix(), placed.motion_matrix(), S(0));
    // A body's inertia carried back through the sparse transform, as CRBA carries a composite
    // inertia to its parent: Xᵀ I X (RBDA (2.66)), exactly symmetric.
    Matrix3<S> about_com;
    about_com << S(0.04), S(0.003), S(-0.002), S(0.003), S(0.05), S(0.001), S(-0.002), S(0.001), S(0.03);
    Inertia<S> body;
    FF_ASSERT_TRUE(Inertia<S>::FromMassComInertia(S(1.7), Vector3<S>(S(0.1), S(-0.05), S(0.2)), about_com, &body).ok());
    const Inertia<S> carried = body.transformed_back(sparse.turn(), sparse.translation());
    FF_EXPECT_MATRIX_NEAR(carried.matrix(), (xm.transpose() * body.matrix() * xm).eval(), S(64) * epsilon<S>());
    FF_EXPECT_MATRIX_NEAR(carried.matrix(), body.transformed_back(placed).matrix(), S(64) * epsilon<S>());
    FF_EXPECT_MATRIX_NEAR(carried.rotational_about_origin(), carried.rotational_about_origin().transpose().eval(), S(0));
  }
}

// AxisTransform refers to the translation it is given, so it refuses temporaries at compile time.
static_assert(std::is_constructible<AxisTransform<float, 0>, const Transform<float>&>::value, "from a stored transform");
static_assert(!std::is_constructible<AxisTransform<float, 0>, Transform<float>>::value, "not from a temporary");
static_assert(!std::is_constructible<AxisTransform<double, 2>, AxisTurn<double, 2>, Vector3<double>>::value,
              "not from a temporary translation");

FF_TEST_FLOAT_AND_DOUBLE(AxisJoints, AxisTurnIsRodriguesRotation) {
  check_axis_turn<S, 0>();
  check_axis_turn<S, 1>();
  check_axis_turn<S, 2>();
  FF_EXPECT_EQ(revolute_coordinate_axis(JointType::kRevolute, Vector3<S>(S(0.6), S(0.8), S(0))), -1);
}

FF_TEST_FLOAT_AND_DOUBLE(AxisJoints, KinematicsAlikeWhicheverWayTheAxisPoints) {
  Legs<S>& l = legs<S>();
  FF_ASSERT_TRUE(build_leg(S(1), &l.plus));
  FF_ASSERT_TRUE(build_leg(S(-1), &l.minus));
  typename Model<S, 4, 9>::ConfigVector q(10), q_minus(10);
  q << S(0.3), S(-0.2), S(0.45), S(0.1), S(-0.2), S(0.3), S(0.9), S(0.4), S(0.9), S(-1.7);
  q.template segment<4>(3).normalize();
  typename Model<S, 4, 9>::TangentVector v(9), v_minus(9);
  v << S(0.5), S(-0.1), S(0.2), S(0.3), S(-0.4), S(0.25), S(2), S(-1.5), S(3);
  q_minus = q;
  v_minus = v;
  q_minus.template tail<3>() = -q.template tail<3>();  // −q about −axis: the same turn
  v_minus.template tail<3>() = -v.template tail<3>();
  FF_ASSERT_TRUE(forward_kinematics(l.plus, l.ws_plus, q, v).ok());
  FF_ASSERT_TRUE(forward_kinematics(l.minus, l.ws_minus, q_minus, v_minus).ok());
  // Rotations are unit-sized; translations and velocities are a few tenths to a few units here.
  const S tolerance = S(64) * epsilon<S>();
  for (int i = 0; i < 4; ++i) {
    FF_EXPECT_MATRIX_NEAR(l.ws_plus.world_to_body[i].rotation(), l.ws_minus.world_to_body[i].rotation(), tolerance);
    FF_EXPECT_MATRIX_NEAR(l.ws_plus.world_to_body[i].translation(), l.ws_minus.world_to_body[i].translation(), tolerance);
    FF_EXPECT_MATRIX_NEAR(l.ws_plus.parent_to_body[i].rotation(), l.ws_minus.parent_to_body[i].rotation(), tolerance);
    FF_EXPECT_MATRIX_NEAR(l.ws_plus.velocity[i].vector(), l.ws_minus.velocity[i].vector(), tolerance);
    FF_EXPECT_MATRIX_NEAR(l.ws_plus.velocity_product[i].vector(), l.ws_minus.velocity_product[i].vector(), tolerance);
  }
  for (int k = 6; k < 9; ++k) {  // S of a joint is its axis: opposite, with q̇ opposite
    const Motion<S> opposite(-l.ws_minus.subspace[k].angular(), -l.ws_minus.subspace[k].linear());
    FF_EXPECT_MATRIX_NEAR(l.ws_plus.subspace[k].vector(), opposite.vector(), S(0));
  }
}
