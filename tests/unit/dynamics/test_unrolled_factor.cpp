// factorize_mass_matrix_unrolled (dynamics/unrolled_factor.hpp) and the DOF trees it is unrolled
// for (model/topology.hpp): the quadruped's topology is the tree build_quadruped_model builds,
// the unrolled factor is the generic factor to the bit (it runs the same arithmetic in the same
// order), and a model of another tree, a workspace without H or an H that is not positive
// definite is refused as the generic factor refuses it.
#include <cstring>

#include "ff_test.hpp"
#include "model_fixtures.hpp"

namespace {

using footfall::QuadrupedTopology;
using footfall::Status;
using footfall::StatusCode;
using footfall::Workspace;

// The tree's shape, worked out at compile time: the free flyer a chain, each leg three deep on it.
static_assert(footfall::TopologyIsValid<QuadrupedTopology>, "the quadruped's tree is parent first, depth first");
static_assert(footfall::topology_depth<QuadrupedTopology>(0) == 0 && footfall::topology_depth<QuadrupedTopology>(8) == 8,
              "depths");
static_assert(footfall::topology_ancestor<QuadrupedTopology>(17, 2) == 5, "RL calf, thigh, hip, then the free flyer");
static_assert(footfall::topology_subtree_end<QuadrupedTopology>(5) == 18 &&
                  footfall::topology_subtree_end<QuadrupedTopology>(9) == 12 &&
                  footfall::topology_subtree_end<QuadrupedTopology>(17) == 18,
              "subtree runs");

// Trees TopologyIsValid refuses: a parent numbered after its child, and a subtree split in two
// (DOF 1's child 3 comes after DOF 0's other child 2).
struct ParentAfterChild {
  static constexpr int kDofs = 3;
  static constexpr int kDofParent[kDofs] = {-1, 2, 0};
};
struct NotDepthFirst {
  static constexpr int kDofs = 4;
  static constexpr int kDofParent[kDofs] = {-1, 0, 0, 1};
};
static_assert(!footfall::TopologyIsValid<ParentAfterChild>, "λ(k) < k");
static_assert(!footfall::TopologyIsValid<NotDepthFirst>, "subtrees contiguous");

// The quadruped's tree with the FR calf hung from the hip instead of the thigh: valid, not the A1's.
struct CalfOnHip {
  static constexpr int kDofs = 18;
  static constexpr int kDofParent[kDofs] = {-1, 0, 1, 2, 3, 4, 5, 6, 6, 5, 9, 10, 5, 12, 13, 5, 15, 16};
};
static_assert(footfall::TopologyIsValid<CalfOnHip>, "a valid tree");

template <typename S>
footfall::QuadrupedModel<S>& quadruped() {
  static footfall::QuadrupedModel<S> model;
  static const bool built = footfall::build_quadruped_model(&model).ok();
  (void)built;
  return model;
}

// D and L on H's pattern, compared exactly.
template <typename S, int B, int D>
bool same_factor(const footfall::Model<S, B, D>& model, const Workspace<S, B, D>& a, const Workspace<S, B, D>& b) {
  bool same = a.factor.rows() == model.nv() && b.factor.rows() == model.nv();
  for (int k = 0; k < model.nv() && same; ++k) {
    same = a.factor(k, k) == b.factor(k, k);
    for (int i = model.dof_parent(k); i != -1 && same; i = model.dof_parent(i)) same = a.factor(k, i) == b.factor(k, i);
  }
  return same;
}

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(UnrolledFactor, QuadrupedTopologyIsTheModelsTree) {
  const auto& model = quadruped<S>();
  FF_ASSERT_TRUE(model.nv() == QuadrupedTopology::kDofs);
  FF_EXPECT_TRUE(footfall::check_topology<QuadrupedTopology>(model).ok());
  for (int k = 0; k < model.nv(); ++k) {
    FF_EXPECT_EQ(model.dof_parent(k), QuadrupedTopology::kDofParent[k]);
    FF_EXPECT_EQ(model.dof_subtree_end(k), footfall::topology_subtree_end<QuadrupedTopology>(k));
  }
  const Status other = footfall::check_topology<CalfOnHip>(model);
  // The first DOF whose parent differs is the FR calf (8), there the hip's child, not the thigh's.
  FF_EXPECT_TRUE(other.code == StatusCode::kBadInput && std::strcmp(other.field, "model.topology") == 0 &&
                 other.index == 8);
}

FF_TEST_FLOAT_AND_DOUBLE(UnrolledFactor, IsTheGenericFactorToTheBit) {
  using W = Workspace<S, 13, 18>;
  const auto& model = quadruped<S>();
  static W generic, unrolled;  // static: large for a board's stack
  footfall::test::Random rng(301);
  for (int trial = 0; trial < 20; ++trial) {
    const auto q = footfall::test::random_configuration(model, rng);
    const auto v = footfall::test::random_velocity(model, rng);
    FF_ASSERT_TRUE(footfall::compute_tick_terms(model, generic, q, v).ok());
    FF_ASSERT_TRUE(footfall::compute_tick_terms<footfall::UnrolledKernels<QuadrupedTopology>>(model, unrolled, q, v).ok());
    FF_EXPECT_EQ(unrolled.stage, unsigned(W::kKinematics | W::kMassMatrix | W::kFactor | W::kBias));
    FF_EXPECT_TRUE(unrolled.mass_matrix == generic.mass_matrix && unrolled.bias == generic.bias);
    FF_EXPECT_TRUE(same_factor(model, generic, unrolled));
    FF_ASSERT_TRUE(footfall::compute_mass_terms<footfall::UnrolledKernels<QuadrupedTopology>>(model, unrolled, q, v).ok());
    FF_EXPECT_TRUE(same_factor(model, generic, unrolled));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(UnrolledFactor, RefusesWhatTheGenericFactorRefuses) {
  using W = Workspace<S, 13, 18>;
  const auto& model = quadruped<S>();
  static W generic, unrolled;
  footfall::test::Random rng(302);
  const auto q = footfall::test::random_configuration(model, rng);
  const auto v = footfall::test::random_velocity(model, rng);

  // No H yet.
  unrolled.stage = 0;
  Status status = footfall::factorize_mass_matrix_unrolled<QuadrupedTopology>(model, unrolled);
  FF_EXPECT_TRUE(status.code == StatusCode::kBadInput && std::strcmp(status.field, "workspace.mass_matrix") == 0);

  // Another tree: refused before anything is written, and the factor is not marked current.
  FF_ASSERT_TRUE(footfall::forward_kinematics(model, unrolled, q, v).ok());
  FF_ASSERT_TRUE(footfall::mass_matrix(model, unrolled).ok());
  status = footfall::factorize_mass_matrix_unrolled<CalfOnHip>(model, unrolled);
  FF_EXPECT_TRUE(status.code == StatusCode::kBadInput && std::strcmp(status.field, "model.topology") == 0 &&
                 status.index == 8);
  FF_EXPECT_TRUE((unrolled.stage & W::kFactor) == 0u);
  status = footfall::compute_mass_terms<footfall::UnrolledKernels<CalfOnHip>>(model, unrolled, q, v);
  FF_EXPECT_TRUE(status.code == StatusCode::kBadInput && std::strcmp(status.field, "model.topology") == 0);
  static footfall::BipedModel<S> biped;
  FF_ASSERT_TRUE(footfall::build_biped_model(&biped).ok());
  static W biped_ws;  // the biped: 18 DOFs too, but two legs of six
  int first_difference = -1;
  for (int k = 0; k < biped.nv() && first_difference < 0; ++k)
    if (biped.dof_parent(k) != QuadrupedTopology::kDofParent[k]) first_difference = k;
  FF_ASSERT_TRUE(biped.nv() == QuadrupedTopology::kDofs && first_difference >= 6);
  const auto biped_q = footfall::test::random_configuration(biped, rng);
  const auto biped_v = footfall::test::random_velocity(biped, rng);
  status = footfall::compute_mass_terms<footfall::UnrolledKernels<QuadrupedTopology>>(biped, biped_ws, biped_q, biped_v);
  FF_EXPECT_TRUE(status.code == StatusCode::kBadInput && std::strcmp(status.field, "model.topology") == 0 &&
                 status.index == first_difference);
  // And a tree of another size, a chain of 7 links on the same Model<S, 13, 18>: index −1 (nv).
  static footfall::Model<S, 13, 18> chain;
  FF_ASSERT_TRUE(footfall::build_chain_model(7, &chain).ok());
  status = footfall::check_topology<QuadrupedTopology>(chain);
  FF_EXPECT_TRUE(status.code == StatusCode::kBadInput && std::strcmp(status.field, "model.topology") == 0 &&
                 status.index == -1);
  FF_EXPECT_TRUE((biped_ws.stage & W::kFactor) == 0u);

  // An H that is not positive definite: the same pivot refused by both.
  FF_ASSERT_TRUE(footfall::compute_mass_terms(model, generic, q, v).ok());
  FF_ASSERT_TRUE(footfall::compute_mass_terms(model, unrolled, q, v).ok());
  generic.mass_matrix(9, 9) = unrolled.mass_matrix(9, 9) = S(-1);
  const Status expected = footfall::factorize_mass_matrix(model, generic);
  status = footfall::factorize_mass_matrix_unrolled<QuadrupedTopology>(model, unrolled);
  FF_EXPECT_TRUE(expected.code == StatusCode::kBadInput &&
                 std::strcmp(expected.field, "mass_matrix.positive_definite") == 0);
  FF_EXPECT_TRUE(status.code == expected.code && std::strcmp(status.field, expected.field) == 0 &&
                 status.index == expected.index);
  FF_EXPECT_TRUE((unrolled.stage & W::kFactor) == 0u);
}
