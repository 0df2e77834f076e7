// Tree dynamics against identities that hold for every model and state, on every reference
// model, in float and double: H symmetric positive definite; H q̈ + C = RNEA(q, v, q̈);
// RNEA(q, v, ABA(q, v, τ)) = τ; the sparse factor reproduces H and its solves agree with a dense
// solve. Products are Eigen's lazyProduct (coefficient-wise): its general run-time-sized
// product keeps a heap fallback that board images must not link. Tolerances are multiples of ε times the size of the numbers compared.
#include <algorithm>
#include <cmath>
#include <limits>

#include "dense_solve.hpp"
#include "footfall/dynamics/residual_check.hpp"
#include "ff_test.hpp"
#include "model_fixtures.hpp"

namespace {

using footfall::test::Random;

// Model::dof_subtree_end against its definition: m descends from k exactly when k is on m's
// chain of DOF parents; every descendant lies in k < m < end, and end − 1 is k or a descendant.
// Every DOF in every run descends from k exactly when the numbering is `depth_first`, and
// Model::dofs_depth_first, which lets the factorisation skip its copy of H, says the same.
template <typename S, int B, int D>
void check_subtree_runs(const footfall::Model<S, B, D>& model, bool depth_first) {
  // The tree root the builder stores for each body is the ancestor whose parent is the world.
  for (int i = 0; i < model.body_count(); ++i) {
    int root = i;
    while (model.parent(root) != -1) root = model.parent(root);
    FF_EXPECT_EQ(model.tree_root(i), root);
  }
  const auto descends = [&](int m, int k) {
    for (int a = model.dof_parent(m); a != -1; a = model.dof_parent(a))
      if (a == k) return true;
    return false;
  };
  bool every_run_a_subtree = true;
  for (int k = 0; k < model.nv(); ++k) {
    const int end = model.dof_subtree_end(k);
    FF_EXPECT_LT(k, end);
    FF_EXPECT_LE(end, model.nv());
    FF_EXPECT_TRUE(end - 1 == k || descends(end - 1, k));
    for (int m = 0; m < model.nv(); ++m) {
      if (descends(m, k)) {
        FF_EXPECT_TRUE(k < m && m < end);
      }
    }
    for (int m = k + 1; m < end; ++m) every_run_a_subtree = every_run_a_subtree && descends(m, k);
  }
  FF_EXPECT_TRUE(every_run_a_subtree == depth_first);
  FF_EXPECT_TRUE(model.dofs_depth_first() == depth_first);
}

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
    // mass_matrix writes every entry, H's pattern and its structural zeros alike: what it left
    // from before (here NaN) would reach the symmetry check below and every identity after it.
    ws.mass_matrix.setConstant(n, n, std::numeric_limits<S>::quiet_NaN());
    FF_ASSERT_TRUE(footfall::mass_matrix(model, ws).ok());
    FF_ASSERT_TRUE(footfall::bias_forces(model, ws).ok());
    const typename footfall::Workspace<S, B, D>::Matrix h = ws.mass_matrix;
    // Entries between DOFs on different branches (neither descends from the other) are zeros.
    for (int k = 0; k < n; ++k)
      for (int r = k + 1; r < n; ++r) {
        bool related = false;
        for (int a = model.dof_parent(r); a != -1 && !related; a = model.dof_parent(a)) related = a == k;
        if (!related) {
          FF_EXPECT_TRUE(h(r, k) == S(0) && h(k, r) == S(0));
        }
      }
    const typename Model::TangentVector c = ws.bias;
    // H is exactly symmetric by construction and positive definite (the factor's pivots > 0).
    FF_EXPECT_MATRIX_NEAR(h, h.transpose().eval(), S(0));
    // Whatever the factorisation does not write must not matter: a factor read off H's pattern
    // (which a depth-first model no longer copies there) would carry the NaN into every check.
    ws.factor.setConstant(n, n, std::numeric_limits<S>::quiet_NaN());
    FF_ASSERT_TRUE(footfall::factorize_mass_matrix(model, ws).ok());
    for (int k = 0; k < n; ++k) FF_EXPECT_LT(S(0), ws.factor(k, k));

    // The branch-sparse product the checks use (add_off_diagonal_product, with the caller's
    // diagonal) is H q̈ and its term sizes |H||q̈|, row for row: with a free flyer its panel is
    // taken a row at a time, and every entry of H off that panel and the column runs still
    // counts once.
    typename Model::TangentVector product(n), sizes(n);
    for (int k = 0; k < n; ++k) {
      product(k) = h(k, k) * qdd(k);
      sizes(k) = std::abs(h(k, k) * qdd(k));
    }
    footfall::add_off_diagonal_product(model, ws, qdd, product, sizes);
    const typename Model::TangentVector dense_sizes = h.cwiseAbs().lazyProduct(qdd.cwiseAbs()).eval();
    FF_EXPECT_MATRIX_NEAR(product, h.lazyProduct(qdd).eval(), tolerance * footfall::max_abs(dense_sizes));
    FF_EXPECT_MATRIX_NEAR(sizes, dense_sizes, tolerance * footfall::max_abs(dense_sizes));

    // The checks' judgement of a residual (dynamics/residual_check.hpp) sums H's off-diagonal
    // sizes only when the residual fails without them, and must then judge it as with them: a
    // residual t on one row passes against the whole scale, the largest row of |H||q̈|, for a
    // bound between t / that scale and t / the diagonal's, and fails, on that row, below both.
    const S full_scale = footfall::max_abs(dense_sizes);
    S diagonal_scale = S(0);
    for (int k = 0; k < n; ++k) diagonal_scale = std::max(diagonal_scale, std::abs(h(k, k) * qdd(k)));
    if (full_scale > S(2) * diagonal_scale) {
      const typename Model::TangentVector exact = h.lazyProduct(qdd).eval();
      const int row = trial % n;
      const S t = full_scale / S(10);
      const auto judge = [&](S bound, S* largest) {
        typename Model::TangentVector residual(n), magnitude(n);
        for (int k = 0; k < n; ++k) {
          residual(k) = h(k, k) * qdd(k) - exact(k) + (k == row ? t : S(0));  // r = H q̈ − (H q̈ − t e_row)
          magnitude(k) = std::abs(h(k, k) * qdd(k));
        }
        // The caller's sizes here are the diagonal's, which the first count has already.
        return footfall::detail::first_row_over_rounding(model, ws, qdd, residual, magnitude, bound, largest,
                                                         [](auto&) { return S(0); });
      };
      S largest = S(0);
      FF_EXPECT_EQ(judge(t / std::sqrt(full_scale * diagonal_scale), &largest), -1);
      FF_EXPECT_NEAR(largest, t, tolerance * full_scale);
      FF_EXPECT_EQ(judge(t / (S(2) * full_scale), &largest), row);
    }
    // And the kinetic-energy form the strike uses, ½vᵀHv over the same pattern.
    FF_EXPECT_NEAR(footfall::detail::half_quadratic_form(model, ws, v), S(0.5) * v.dot(h.lazyProduct(v).eval()),
                   tolerance * v.cwiseAbs().dot(h.cwiseAbs().lazyProduct(v.cwiseAbs()).eval()));

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

// A link of the hand-built trees below: its mass, centre of mass and principal moments about it.
template <typename S>
bool link_inertia(S mass, const footfall::Vector3<S>& com, const footfall::Vector3<S>& moments,
                  footfall::Inertia<S>* inertia) {
  return footfall::Inertia<S>::FromMassComInertia(mass, com, moments.asDiagonal(), inertia).ok();
}

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(DynamicsIdentities, Quadruped) {
  static footfall::QuadrupedModel<S> model;
  FF_ASSERT_TRUE(footfall::build_quadruped_model(&model).ok());
  check_subtree_runs(model, true);
  check_dynamics_identities(model, 101, 10);
}

// CRBA's sweep of depth-first runs (crba.hpp's store_run_columns) takes each joint as it is: a
// free flyer's copies, a coordinate axis's column and sparse turn, and the dense products for
// any other joint. Here one branch has only the others (a revolute joint about a skew axis, a
// prismatic one, one about x behind a turned placement) and the other coordinate axes, all
// held to RNEA's columns of H.
FF_TEST_FLOAT_AND_DOUBLE(DynamicsIdentities, DepthFirstMixedJoints) {
  using footfall::JointSpec;
  using footfall::Transform;
  using footfall::Vector3;
  footfall::Inertia<S> body;
  FF_ASSERT_TRUE(link_inertia(S(0.9), Vector3<S>(S(0.02), S(0.01), S(-0.08)), Vector3<S>(S(0.005), S(0.004), S(0.003)), &body));
  const Transform<S> down = Transform<S>::Translation(Vector3<S>(S(0.05), S(-0.03), S(-0.2)));
  const Transform<S> turned(footfall::AxisTurn<S, 2>::By(S(0.4)).matrix(), Vector3<S>(S(0), S(0.1), S(-0.15)));
  footfall::ModelBuilder<S, 6, 11> b;
  int root = -1, skew = -1, slide = -1, yaw = -1;
  FF_ASSERT_TRUE(b.add_body("base", -1, JointSpec<S>::FreeFlyer(), body, &root).ok());
  FF_ASSERT_TRUE(b.add_body("skew", root, JointSpec<S>::Revolute(Vector3<S>(S(0.6), S(0.8), S(0)), down), body, &skew).ok());
  FF_ASSERT_TRUE(b.add_body("slide", skew, JointSpec<S>::Prismatic(Vector3<S>::UnitZ(), down), body, &slide).ok());
  FF_ASSERT_TRUE(b.add_body("turned", slide, JointSpec<S>::Revolute(Vector3<S>::UnitX(), turned), body).ok());
  FF_ASSERT_TRUE(b.add_body("pitch", root, JointSpec<S>::Revolute(Vector3<S>::UnitY(), down), body, &yaw).ok());
  FF_ASSERT_TRUE(b.add_body("yaw", yaw, JointSpec<S>::Revolute(Vector3<S>::UnitZ(), down), body).ok());
  static footfall::Model<S, 6, 11> model;
  FF_ASSERT_TRUE(b.build(&model).ok());
  FF_EXPECT_EQ(model.turn_axis(3), -1);  // its placement turns the frame
  FF_EXPECT_EQ(model.turn_axis(5), 2);
  check_subtree_runs(model, true);
  check_dynamics_identities(model, 109, 10);
}

// A floating base with three legs of three joints, its bodies added level by level (the hips,
// then the thighs, then the calves): DOFs numbered breadth-first, so each leg's DOFs are
// not contiguous and the factor's runs of descendants hold other legs' DOFs, whose entries are
// H's zeros. The factor and the solves must come out the same as for depth-first numbering.
FF_TEST_FLOAT_AND_DOUBLE(DynamicsIdentities, BreadthFirstTree) {
  using footfall::JointSpec;
  using footfall::Transform;
  using footfall::Vector3;
  footfall::Inertia<S> body;
  FF_ASSERT_TRUE(link_inertia(S(0.8), Vector3<S>(S(0.01), S(-0.02), S(-0.1)), Vector3<S>(S(0.004), S(0.005), S(0.002)), &body));
  footfall::ModelBuilder<S, 10, 15> b;
  FF_ASSERT_TRUE(b.add_body("base", -1, JointSpec<S>::FreeFlyer(), body).ok());
  const Vector3<S> axes[3] = {Vector3<S>::UnitX(), Vector3<S>::UnitY(), Vector3<S>::UnitY()};
  const char* names[3][3] = {{"hip0", "hip1", "hip2"}, {"thigh0", "thigh1", "thigh2"}, {"calf0", "calf1", "calf2"}};
  for (int level = 0; level < 3; ++level)
    for (int leg = 0; leg < 3; ++leg) {
      const int parent = level == 0 ? 0 : 1 + 3 * (level - 1) + leg;
      const Vector3<S> hip(S(0.2) * S(leg - 1), S(0.1) * S(leg % 2 == 0 ? 1 : -1), S(0));
      const Transform<S> placement = Transform<S>::Translation(level == 0 ? hip : Vector3<S>(S(0), S(0), S(-0.2)));
      FF_ASSERT_TRUE(b.add_body(names[level][leg], parent, JointSpec<S>::Revolute(axes[level], placement), body).ok());
    }
  static footfall::Model<S, 10, 15> model;
  FF_ASSERT_TRUE(b.build(&model).ok());
  FF_EXPECT_EQ(model.dof_subtree_end(6), 13);  // hip0's run reaches calf0 over legs 1 and 2's hips and thighs
  check_subtree_runs(model, false);
  check_dynamics_identities(model, 105, 10);
}

// Model::dofs_depth_first where its rule has special cases: two trees, and a fixed joint (no DOF)
// between a DOF and its child. In tree order (a, its fixed plate, the plate's link, then b and
// its link) the numbering is a preorder; with b's root added before a's link, a's run holds b's
// DOF, and the factorisation must copy H's zeros for it.
FF_TEST_FLOAT_AND_DOUBLE(DynamicsIdentities, DepthFirstAcrossTreesAndFixedJoints) {
  using footfall::JointSpec;
  using footfall::Transform;
  using footfall::Vector3;
  footfall::Inertia<S> body;
  FF_ASSERT_TRUE(link_inertia(S(0.5), Vector3<S>(S(0.02), S(0), S(-0.1)), Vector3<S>(S(0.003), S(0.004), S(0.002)), &body));
  const Transform<S> down = Transform<S>::Translation(Vector3<S>(S(0), S(0), S(-0.2)));
  const Transform<S> aside = Transform<S>::Translation(Vector3<S>(S(1), S(0), S(0)));
  static footfall::Model<S, 5, 4> models[2];
  for (int order = 0; order < 2; ++order) {
    footfall::ModelBuilder<S, 5, 4> b;
    int a = -1, plate = -1, tree_b = -1;
    FF_ASSERT_TRUE(b.add_body("a", -1, JointSpec<S>::Revolute(Vector3<S>::UnitX()), body, &a).ok());
    FF_ASSERT_TRUE(b.add_body("plate", a, JointSpec<S>::Fixed(down), body, &plate).ok());
    if (order == 1) {
      FF_ASSERT_TRUE(b.add_body("b", -1, JointSpec<S>::Revolute(Vector3<S>::UnitX(), aside), body, &tree_b).ok());
    }
    FF_ASSERT_TRUE(b.add_body("a_link", plate, JointSpec<S>::Revolute(Vector3<S>::UnitY(), down), body).ok());
    if (order == 0) {
      FF_ASSERT_TRUE(b.add_body("b", -1, JointSpec<S>::Revolute(Vector3<S>::UnitX(), aside), body, &tree_b).ok());
    }
    FF_ASSERT_TRUE(b.add_body("b_link", tree_b, JointSpec<S>::Revolute(Vector3<S>::UnitY(), down), body).ok());
    FF_ASSERT_TRUE(b.build(&models[order]).ok());
    FF_EXPECT_EQ(models[order].nv(), 4);
    check_subtree_runs(models[order], order == 0);
    check_dynamics_identities(models[order], 106 + static_cast<std::uint64_t>(order), 10);
  }
}

FF_TEST_FLOAT_AND_DOUBLE(DynamicsIdentities, Biped) {
  static footfall::BipedModel<S> model;
  FF_ASSERT_TRUE(footfall::build_biped_model(&model).ok());
  check_subtree_runs(model, true);
  check_dynamics_identities(model, 102, 10);
}

FF_TEST_FLOAT_AND_DOUBLE(DynamicsIdentities, Chain) {
  static footfall::ChainModel<S, 12> model;
  FF_ASSERT_TRUE(footfall::build_chain_model(12, &model).ok());
  check_subtree_runs(model, true);
  check_dynamics_identities(model, 103, 10);
}

FF_TEST_FLOAT_AND_DOUBLE(DynamicsIdentities, Rod2d) {
  static footfall::Rod2dModel<S> model;
  FF_ASSERT_TRUE(footfall::build_rod2d_model(&model).ok());
  check_subtree_runs(model, true);
  check_dynamics_identities(model, 104, 10);
}

// A free flyer beside a second, fixed-base tree, its bodies added out of depth-first order (the
// arm's root between the trunk and its leg), so CRBA walks each column up the tree
// (crba.hpp's store_body_columns): the leg's entries with the free flyer come from its chain
// alone, the other tree's from its own, and none join the two.
FF_TEST_FLOAT_AND_DOUBLE(DynamicsIdentities, FreeFlyerBesideAFixedTree) {
  using footfall::JointSpec;
  using footfall::Transform;
  using footfall::Vector3;
  footfall::Inertia<S> body;
  FF_ASSERT_TRUE(link_inertia(S(1.5), Vector3<S>(S(0.03), S(-0.01), S(0.02)), Vector3<S>(S(0.02), S(0.03), S(0.025)), &body));
  const Transform<S> down = Transform<S>::Translation(Vector3<S>(S(0.1), S(0.05), S(-0.2)));
  static footfall::Model<S, 5, 9> model;
  footfall::ModelBuilder<S, 5, 9> b;
  int trunk = -1, arm = -1;
  FF_ASSERT_TRUE(b.add_body("trunk", -1, JointSpec<S>::FreeFlyer(), body, &trunk).ok());
  FF_ASSERT_TRUE(b.add_body("arm", -1, JointSpec<S>::Revolute(Vector3<S>::UnitZ(), Transform<S>::Translation(Vector3<S>(S(2), S(0), S(0)))), body, &arm).ok());
  FF_ASSERT_TRUE(b.add_body("leg", trunk, JointSpec<S>::Revolute(Vector3<S>::UnitY(), down), body).ok());
  FF_ASSERT_TRUE(b.add_body("forearm", arm, JointSpec<S>::Revolute(Vector3<S>::UnitX(), down), body).ok());
  FF_ASSERT_TRUE(b.build(&model).ok());
  FF_EXPECT_EQ(model.nv(), 9);
  FF_EXPECT_TRUE(model.has_floating_base());
  check_dynamics_identities(model, 108, 10);
}
