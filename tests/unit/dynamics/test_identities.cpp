// Tree dynamics against identities that hold for every model and state, on every reference
// model, in float and double: H symmetric positive definite; H q̈ + C = RNEA(q, v, q̈);
// RNEA(q, v, ABA(q, v, τ)) = τ; the sparse factor reproduces H and its solves agree with a dense
// solve. Products are Eigen's lazyProduct (coefficient-wise): its general run-time-sized
// product keeps a heap fallback that board images must not link. Tolerances are multiples of ε times the size of the numbers compared.
#include "dense_solve.hpp"
#include "ff_test.hpp"
#include "model_fixtures.hpp"

namespace {

using footfall::test::Random;

template <typename S, int B, int D>
void check_dynamics_identities(const footfall::Model<S, B, D>& model, std::uint64_t seed, int trials) {
  using Model = footfall::Model<S, B, D>;
  static footfall::Workspace<S, B, D> ws;  // static: large for a board's stack
  Random rng(seed);
  const int n = model.nv();
  const S tolerance = S(64) * S(n) * footfall::epsilon<S>();
  for (int trial = 0; trial < trials; ++trial) {
    const typename Model::ConfigVector q = footfall::test::random_configuration(model, rng);
    const typename Model::TangentVector v = footfall::test::random_velocity(model, rng);
    const typename Model::TangentVector qdd = footfall::test::random_velocity(model, rng, S(3));

    FF_ASSERT_TRUE(footfall::forward_kinematics(model, ws, q, v).ok());
    FF_ASSERT_TRUE(footfall::mass_matrix(model, ws).ok());
    FF_ASSERT_TRUE(footfall::bias_forces(model, ws).ok());
    const typename footfall::Workspace<S, B, D>::Matrix h = ws.mass_matrix;
    const typename Model::TangentVector c = ws.bias;
    // H is exactly symmetric by construction and positive definite (the factor's pivots > 0).
    FF_EXPECT_MATRIX_NEAR(h, h.transpose().eval(), S(0));
    FF_ASSERT_TRUE(footfall::factorize_mass_matrix(model, ws).ok());
    for (int k = 0; k < n; ++k) FF_EXPECT_LT(S(0), ws.factor(k, k));

    // RNEA = H q̈ + C
    FF_ASSERT_TRUE(footfall::rnea(model, ws, q, v, qdd).ok());
    const typename Model::TangentVector tau = ws.tau;
    const S tau_scale = S(1) + footfall::max_abs(tau);
    FF_EXPECT_MATRIX_NEAR(tau, (h.lazyProduct(qdd) + c).eval(), tolerance * tau_scale);

    // RNEA(q, v, ABA(q, v, τ)) = τ: compared as forces, the well-conditioned side.
    FF_ASSERT_TRUE(footfall::aba(model, ws, q, v, tau).ok());
    const typename Model::TangentVector qdd_aba = ws.qdd;
    FF_ASSERT_TRUE(footfall::rnea(model, ws, q, v, qdd_aba).ok());
    FF_EXPECT_MATRIX_NEAR(ws.tau, tau, tolerance * tau_scale);

    // The factor reproduces H: Lᵀ D L with L unit lower triangular.
    FF_ASSERT_TRUE(footfall::forward_kinematics(model, ws, q, v).ok());
    FF_ASSERT_TRUE(footfall::mass_matrix(model, ws).ok());
    FF_ASSERT_TRUE(footfall::factorize_mass_matrix(model, ws).ok());
    typename footfall::Workspace<S, B, D>::Matrix l = footfall::Workspace<S, B, D>::Matrix::Identity(n, n);
    typename footfall::Workspace<S, B, D>::Matrix d = footfall::Workspace<S, B, D>::Matrix::Zero(n, n);
    for (int k = 0; k < n; ++k) {
      d(k, k) = ws.factor(k, k);
      for (int i = model.dof_parent(k); i != -1; i = model.dof_parent(i)) l(k, i) = ws.factor(k, i);
    }
    const S h_scale = footfall::max_abs(h);
    FF_EXPECT_MATRIX_NEAR((l.transpose().lazyProduct(d).eval().lazyProduct(l)).eval(), h, tolerance * h_scale);

    // Solves, one and many right-hand sides, against a pivoted dense elimination of H: both
    // must leave a residual at rounding level, and agree with each other.
    Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, 0, D, 3> rhs(n, 3);
    for (int k = 0; k < n; ++k)
      for (int j = 0; j < 3; ++j) rhs(k, j) = rng.uniform(S(-1), S(1));
    Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, 0, D, 3> x = rhs;
    FF_ASSERT_TRUE(footfall::solve_mass_matrix(model, ws, x).ok());
    Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, 0, D, 3> x_dense = rhs;
    FF_ASSERT_TRUE(footfall::test::gaussian_solve(h, x_dense));
    const S x_scale = footfall::max_abs(x_dense);
    FF_EXPECT_MATRIX_NEAR(h.lazyProduct(x).eval(), rhs, tolerance * h_scale * x_scale);
    FF_EXPECT_MATRIX_NEAR(h.lazyProduct(x_dense).eval(), rhs, tolerance * h_scale * x_scale);
    // The difference of the two solutions is bounded by the condition number, estimated by
    // the spread of D (a lower bound on cond(H)) with a margin.
    const S spread = ws.factor.diagonal().maxCoeff() / ws.factor.diagonal().minCoeff();
    FF_EXPECT_MATRIX_NEAR(x, x_dense, S(16) * spread * tolerance * x_scale);
  }
}

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(DynamicsIdentities, Quadruped) {
  static footfall::QuadrupedModel<S> model;
  FF_ASSERT_TRUE(footfall::build_quadruped_model(&model).ok());
  check_dynamics_identities(model, 101, 10);
}

FF_TEST_FLOAT_AND_DOUBLE(DynamicsIdentities, Biped) {
  static footfall::BipedModel<S> model;
  FF_ASSERT_TRUE(footfall::build_biped_model(&model).ok());
  check_dynamics_identities(model, 102, 10);
}

FF_TEST_FLOAT_AND_DOUBLE(DynamicsIdentities, Chain) {
  static footfall::ChainModel<S, 12> model;
  FF_ASSERT_TRUE(footfall::build_chain_model(12, &model).ok());
  check_dynamics_identities(model, 103, 10);
}

FF_TEST_FLOAT_AND_DOUBLE(DynamicsIdentities, Rod2d) {
  static footfall::Rod2dModel<S> model;
  FF_ASSERT_TRUE(footfall::build_rod2d_model(&model).ok());
  check_dynamics_identities(model, 104, 10);
}
