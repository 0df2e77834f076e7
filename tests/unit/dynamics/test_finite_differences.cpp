// Tree dynamics against finite differences of positions, of H and of the potential energy:
// checks that do not share code paths with the algorithms they check, so they catch errors the
// identities of test_identities.cpp cannot (a wrong velocity-product term, for example, is
// shared by RNEA, ABA and C and cancels out there). Central differences with the step
// h = ε^(1/3), which balances truncation (∝ h²) against rounding (∝ ε/h).
#include <cmath>

#include "ff_test.hpp"
#include "model_fixtures.hpp"

namespace {

using footfall::test::Random;

template <typename S>
S fd_step() {
  return std::cbrt(footfall::epsilon<S>());
}

template <typename S>
S fd_tolerance() {
  return S(200) * fd_step<S>() * fd_step<S>();
}

// q ⊕ v t.
template <typename S, int B, int D, typename Q, typename V>
typename footfall::Model<S, B, D>::ConfigVector moved(const footfall::Model<S, B, D>& model, const Q& q,
                                                      const V& v, S t) {
  typename footfall::Model<S, B, D>::ConfigVector out(model.nq());
  const footfall::Status status = footfall::integrate(model, q, v, t, out);
  (void)status;
  return out;
}

// A point on each leaf-ward body: its COM offset by a little, so the lever arm is non-trivial.
template <typename S, int B, int D>
void check_point_kinematics(const footfall::Model<S, B, D>& model, std::uint64_t seed) {
  static footfall::Workspace<S, B, D> ws;
  using Model = footfall::Model<S, B, D>;
  Random rng(seed);
  const S h = fd_step<S>();
  for (int trial = 0; trial < 5; ++trial) {
    const typename Model::ConfigVector q = footfall::test::random_configuration(model, rng);
    const typename Model::TangentVector v = footfall::test::random_velocity(model, rng);
    const typename Model::ConfigVector q_plus = moved(model, q, v, h), q_minus = moved(model, q, v, -h);
    for (int body = 0; body < model.body_count(); ++body) {
      const footfall::Vector3<S> point = rng.vector3<S>(S(0.2));
      // Jacobian: J v = dp/dt along q(t) = q ⊕ v t.
      Eigen::Matrix<S, 3, Eigen::Dynamic, 0, 3, D> jac(3, model.nv());
      footfall::Vector3<S> p_plus, p_minus, ja_v, velocity;
      p_plus.setZero();
      p_minus.setZero();
      FF_ASSERT_TRUE(footfall::forward_kinematics(model, ws, q_plus, v).ok());
      FF_ASSERT_TRUE(footfall::point_position(model, ws, body, point, &p_plus).ok());
      Eigen::Matrix<S, 3, Eigen::Dynamic, 0, 3, D> jac_plus(3, model.nv());
      FF_ASSERT_TRUE(footfall::point_jacobian(model, ws, body, point, jac_plus).ok());
      FF_ASSERT_TRUE(footfall::forward_kinematics(model, ws, q_minus, v).ok());
      FF_ASSERT_TRUE(footfall::point_position(model, ws, body, point, &p_minus).ok());
      Eigen::Matrix<S, 3, Eigen::Dynamic, 0, 3, D> jac_minus(3, model.nv());
      FF_ASSERT_TRUE(footfall::point_jacobian(model, ws, body, point, jac_minus).ok());
      FF_ASSERT_TRUE(footfall::forward_kinematics(model, ws, q, v).ok());
      FF_ASSERT_TRUE(footfall::point_jacobian(model, ws, body, point, jac).ok());
      FF_ASSERT_TRUE(footfall::point_velocity(model, ws, body, point, &velocity).ok());
      FF_ASSERT_TRUE(footfall::point_velocity_product_acceleration(model, ws, body, point, &ja_v).ok());
      const footfall::Vector3<S> jv = jac * v;
      const footfall::Vector3<S> fd_velocity = (p_plus - p_minus) / (S(2) * h);
      const S scale = S(1) + footfall::max_abs(jv);
      FF_EXPECT_MATRIX_NEAR(jv, fd_velocity, fd_tolerance<S>() * scale);
      FF_EXPECT_MATRIX_NEAR(jv, velocity, footfall::test::ulps<S>(64) * scale);
      // J̇v: with q̈ = 0 (v held constant along q ⊕ v t) the point accelerates by d(J v)/dt.
      const footfall::Vector3<S> fd_acceleration = (jac_plus * v - jac_minus * v) / (S(2) * h);
      FF_EXPECT_MATRIX_NEAR(ja_v, fd_acceleration, fd_tolerance<S>() * (S(1) + footfall::max_abs(ja_v)) * S(4));
      // After bias_forces, J̇v comes from its accelerations, gravity taken back out: the same
      // J̇v for any gravity, to rounding of the gravity's size. Then rnea with a q̈ leaves other
      // accelerations in the workspace, and J̇v must not be read from them.
      const footfall::Vector3<S> gravity = rng.vector3<S>(S(20));
      FF_ASSERT_TRUE(footfall::bias_forces(model, ws, gravity).ok());
      footfall::Vector3<S> ja_v_after_bias;
      FF_ASSERT_TRUE(footfall::point_velocity_product_acceleration(model, ws, body, point, &ja_v_after_bias).ok());
      const S with_gravity = S(1) + footfall::max_abs(ja_v) + footfall::max_abs(gravity);
      FF_EXPECT_MATRIX_NEAR(ja_v_after_bias, ja_v, footfall::test::ulps<S>(256) * with_gravity);
      const typename Model::TangentVector qdd = footfall::test::random_velocity(model, rng);
      FF_ASSERT_TRUE(footfall::rnea(model, ws, q, v, qdd, gravity).ok());
      footfall::Vector3<S> ja_v_after_rnea;
      FF_ASSERT_TRUE(footfall::point_velocity_product_acceleration(model, ws, body, point, &ja_v_after_rnea).ok());
      FF_EXPECT_MATRIX_NEAR(ja_v_after_rnea, ja_v, footfall::test::ulps<S>(256) * with_gravity);
      FF_ASSERT_TRUE(footfall::forward_kinematics(model, ws, q, v).ok());
      // The body Jacobian in its own frame gives the body's velocity.
      Eigen::Matrix<S, 6, Eigen::Dynamic, 0, 6, D> body_jac(6, model.nv());
      FF_ASSERT_TRUE(footfall::body_jacobian(model, ws, body, footfall::ReferenceFrame::kLocal, body_jac).ok());
      FF_EXPECT_MATRIX_NEAR((body_jac * v).eval(), ws.velocity[body].vector(), footfall::test::ulps<S>(64) * scale);
      FF_ASSERT_TRUE(footfall::body_jacobian(model, ws, body, footfall::ReferenceFrame::kWorld, body_jac).ok());
      FF_EXPECT_MATRIX_NEAR((body_jac * v).eval(), ws.world_to_body[body].apply_inverse(ws.velocity[body]).vector(),
                            footfall::test::ulps<S>(64) * scale);
    }
  }
}

// vᵀ Ḣ v = 2 vᵀ c(q, v), with c = C without gravity: the power balance that makes Ḣ − 2C skew
// in the quadratic form, whatever factorisation of c into C(q, v) v is chosen. And the gravity
// part of C is the gradient of the potential energy: dV/dt along v equals vᵀ C(q, 0).
template <typename S, int B, int D>
void check_energy_derivatives(const footfall::Model<S, B, D>& model, std::uint64_t seed) {
  static footfall::Workspace<S, B, D> ws;
  using Model = footfall::Model<S, B, D>;
  using Matrix = typename footfall::Workspace<S, B, D>::Matrix;
  Random rng(seed);
  const S h = fd_step<S>();
  const footfall::Vector3<S> no_gravity = footfall::Vector3<S>::Zero();
  const footfall::Vector3<S> gravity = footfall::standard_gravity<S>();
  const typename Model::TangentVector zero = Model::TangentVector::Zero(model.nv());
  for (int trial = 0; trial < 5; ++trial) {
    const typename Model::ConfigVector q = footfall::test::random_configuration(model, rng);
    const typename Model::TangentVector v = footfall::test::random_velocity(model, rng);
    FF_ASSERT_TRUE(footfall::forward_kinematics(model, ws, moved(model, q, v, h), zero).ok());
    FF_ASSERT_TRUE(footfall::mass_matrix(model, ws).ok());
    const Matrix h_plus = ws.mass_matrix;
    S v_plus;
    FF_ASSERT_TRUE(footfall::potential_energy(model, ws, gravity, &v_plus).ok());
    FF_ASSERT_TRUE(footfall::forward_kinematics(model, ws, moved(model, q, v, -h), zero).ok());
    FF_ASSERT_TRUE(footfall::mass_matrix(model, ws).ok());
    const Matrix h_minus = ws.mass_matrix;
    S v_minus;
    FF_ASSERT_TRUE(footfall::potential_energy(model, ws, gravity, &v_minus).ok());
    const Matrix h_dot = (h_plus - h_minus) / (S(2) * h);

    FF_ASSERT_TRUE(footfall::forward_kinematics(model, ws, q, v).ok());
    FF_ASSERT_TRUE(footfall::bias_forces(model, ws, no_gravity).ok());
    const S lhs = footfall::test::inner_product(v, (h_dot * v).eval());
    const S rhs = S(2) * footfall::test::inner_product(v, ws.bias);
    FF_EXPECT_NEAR(lhs, rhs, fd_tolerance<S>() * (S(1) + std::abs(rhs)) * S(4));

    FF_ASSERT_TRUE(footfall::forward_kinematics(model, ws, q, zero).ok());
    FF_ASSERT_TRUE(footfall::bias_forces(model, ws, gravity).ok());
    const S power = footfall::test::inner_product(v, ws.bias), fd_power = (v_plus - v_minus) / (S(2) * h);
    FF_EXPECT_NEAR(power, fd_power, fd_tolerance<S>() * (S(1) + std::abs(power)) * S(4));
  }
}

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(DynamicsFiniteDifferences, QuadrupedPointKinematics) {
  static footfall::QuadrupedModel<S> model;
  FF_ASSERT_TRUE(footfall::build_quadruped_model(&model).ok());
  check_point_kinematics(model, 201);
}

FF_TEST_FLOAT_AND_DOUBLE(DynamicsFiniteDifferences, BipedPointKinematics) {
  static footfall::BipedModel<S> model;
  FF_ASSERT_TRUE(footfall::build_biped_model(&model).ok());
  check_point_kinematics(model, 202);
}

FF_TEST_FLOAT_AND_DOUBLE(DynamicsFiniteDifferences, RodPointKinematics) {
  static footfall::Rod2dModel<S> model;
  FF_ASSERT_TRUE(footfall::build_rod2d_model(&model).ok());
  check_point_kinematics(model, 203);
}

FF_TEST_FLOAT_AND_DOUBLE(DynamicsFiniteDifferences, QuadrupedEnergyDerivatives) {
  static footfall::QuadrupedModel<S> model;
  FF_ASSERT_TRUE(footfall::build_quadruped_model(&model).ok());
  check_energy_derivatives(model, 204);
}

FF_TEST_FLOAT_AND_DOUBLE(DynamicsFiniteDifferences, ChainEnergyDerivatives) {
  static footfall::ChainModel<S, 12> model;
  FF_ASSERT_TRUE(footfall::build_chain_model(12, &model).ok());
  check_energy_derivatives(model, 205);
}

FF_TEST_FLOAT_AND_DOUBLE(DynamicsFiniteDifferences, RodEnergyDerivatives) {
  static footfall::Rod2dModel<S> model;
  FF_ASSERT_TRUE(footfall::build_rod2d_model(&model).ok());
  check_energy_derivatives(model, 206);
}

// Ḣ − 2C skew-symmetric, with C the Christoffel-symbol Coriolis matrix
// C_ij = Σ_k ½ (∂H_ij/∂q_k + ∂H_ik/∂q_j − ∂H_jk/∂q_i) v_k, built from finite differences of H.
// Done on the fixed-base chain, whose coordinates are flat (on a floating base the quaternion
// makes partial derivatives along coordinates meaningless). C v must also equal RNEA's c(q, v).
FF_TEST_FLOAT_AND_DOUBLE(DynamicsFiniteDifferences, ChainChristoffelCoriolisIsSkew) {
  constexpr int kLinks = 6;
  static footfall::ChainModel<S, kLinks> model;
  static footfall::Workspace<S, kLinks, kLinks> ws;
  using Matrix = Eigen::Matrix<S, kLinks, kLinks>;
  FF_ASSERT_TRUE(footfall::build_chain_model(kLinks, &model).ok());
  Random rng(207);
  const S h = fd_step<S>();
  for (int trial = 0; trial < 3; ++trial) {
    const auto q = footfall::test::random_configuration(model, rng);
    const auto v = footfall::test::random_velocity(model, rng);
    const auto zero = footfall::ChainModel<S, kLinks>::TangentVector::Zero(kLinks);
    Matrix dh[kLinks];  // ∂H/∂q_k
    for (int k = 0; k < kLinks; ++k) {
      auto qk = q;
      qk(k) += h;
      FF_ASSERT_TRUE(footfall::forward_kinematics(model, ws, qk, zero).ok());
      FF_ASSERT_TRUE(footfall::mass_matrix(model, ws).ok());
      dh[k] = ws.mass_matrix;
      qk(k) -= S(2) * h;
      FF_ASSERT_TRUE(footfall::forward_kinematics(model, ws, qk, zero).ok());
      FF_ASSERT_TRUE(footfall::mass_matrix(model, ws).ok());
      dh[k] = (dh[k] - ws.mass_matrix) / (S(2) * h);
    }
    Matrix c = Matrix::Zero(), h_dot = Matrix::Zero();
    for (int k = 0; k < kLinks; ++k) h_dot += dh[k] * v(k);
    for (int i = 0; i < kLinks; ++i)
      for (int j = 0; j < kLinks; ++j)
        for (int k = 0; k < kLinks; ++k) c(i, j) += S(0.5) * (dh[k](i, j) + dh[j](i, k) - dh[i](j, k)) * v(k);
    const Matrix n = h_dot - S(2) * c;
    const S scale = S(1) + footfall::max_abs(h_dot);
    FF_EXPECT_MATRIX_NEAR(n, (-n.transpose()).eval(), S(4) * fd_tolerance<S>() * scale);
    FF_ASSERT_TRUE(footfall::forward_kinematics(model, ws, q, v).ok());
    FF_ASSERT_TRUE(footfall::bias_forces(model, ws, footfall::Vector3<S>::Zero()).ok());
    FF_EXPECT_MATRIX_NEAR((c * v).eval(), ws.bias, S(4) * fd_tolerance<S>() * scale);
  }
}
