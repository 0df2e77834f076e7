// mass_matrix_unrolled (dynamics/unrolled_crba.hpp): for the quadruped's tree and turn axes it is
// CRBA's H and composite inertias to the bit (the same arithmetic in the same order); a model
// whose axes or tree are not the topology's, or a workspace without kinematics, is refused and
// H is left as it was; a topology that names no axes takes the generic walk.
#include <cstring>

#include "ff_test.hpp"
#include "model_fixtures.hpp"

namespace {

using footfall::QuadrupedTopology;
using footfall::Status;
using footfall::StatusCode;
using footfall::Workspace;

static_assert(footfall::detail::topology_is_legged<QuadrupedTopology>(), "a free flyer and four unbranched legs");
static_assert(footfall::detail::topology_chain_length<QuadrupedTopology>(6) == 3 &&
                  footfall::detail::topology_chain_length<QuadrupedTopology>(15) == 3,
              "legs of three");

// The A1's tree with the FR calf about x: the axes differ from the model's at DOF 8.
struct FrCalfAboutX {
  static constexpr int kDofs = 18;
  static constexpr int kDofParent[kDofs] = {-1, 0, 1, 2, 3, 4, 5, 6, 7, 5, 9, 10, 5, 12, 13, 5, 15, 16};
  static constexpr int kTurnAxis[kDofs] = {-1, -1, -1, -1, -1, -1, 0, 1, 0, 0, 1, 1, 0, 1, 1, 0, 1, 1};
};
// The A1's tree without axes: CRBA is not unrolled for it.
struct TreeOnly {
  static constexpr int kDofs = 18;
  static constexpr int kDofParent[kDofs] = {-1, 0, 1, 2, 3, 4, 5, 6, 7, 5, 9, 10, 5, 12, 13, 5, 15, 16};
};
// A leg that branches (the FR calf and a second joint both on the thigh): not the legged shape.
struct BranchedLeg {
  static constexpr int kDofs = 9;
  static constexpr int kDofParent[kDofs] = {-1, 0, 1, 2, 3, 4, 5, 6, 6};
  static constexpr int kTurnAxis[kDofs] = {-1, -1, -1, -1, -1, -1, 0, 1, 1};
};
static_assert(!footfall::detail::topology_is_legged<TreeOnly>(), "no axes");
static_assert(!footfall::detail::topology_is_legged<BranchedLeg>(), "a branched leg");

template <typename S>
footfall::QuadrupedModel<S>& a1_model() {
  static footfall::QuadrupedModel<S> model;
  static const bool built = footfall::build_quadruped_model(&model).ok();
  (void)built;
  return model;
}

template <typename S>
bool same_inertia(const footfall::Inertia<S>& a, const footfall::Inertia<S>& b) {
  return a.mass() == b.mass() && a.first_moment() == b.first_moment() &&
         a.rotational_about_origin() == b.rotational_about_origin();
}

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(UnrolledCrba, IsTheGenericMassMatrixToTheBit) {
  using W = Workspace<S, 13, 18>;
  const auto& model = a1_model<S>();
  static W generic, unrolled;  // static: large for a board's stack
  footfall::test::Random rng(303);
  for (int trial = 0; trial < 20; ++trial) {
    const auto q = footfall::test::random_configuration(model, rng);
    const auto v = footfall::test::random_velocity(model, rng);
    FF_ASSERT_TRUE(footfall::forward_kinematics(model, generic, q, v).ok());
    FF_ASSERT_TRUE(footfall::forward_kinematics(model, unrolled, q, v).ok());
    FF_ASSERT_TRUE(footfall::mass_matrix(model, generic).ok());
    unrolled.mass_matrix.setConstant(18, 18, S(7));  // every entry must be written
    FF_ASSERT_TRUE(footfall::mass_matrix_unrolled<QuadrupedTopology>(model, unrolled).ok());
    FF_EXPECT_EQ(unrolled.stage, unsigned(W::kKinematics | W::kMassMatrix));
    FF_EXPECT_TRUE(unrolled.mass_matrix == generic.mass_matrix);
    bool same = true;
    for (int i = 0; i < model.body_count(); ++i) same = same && same_inertia(unrolled.composite[i], generic.composite[i]);
    for (int k = 0; k < model.nv(); ++k) same = same && unrolled.subspace_world[k].vector() == generic.subspace_world[k].vector();
    FF_EXPECT_TRUE(same);
    // A topology without axes is the generic walk itself.
    FF_ASSERT_TRUE(footfall::mass_matrix_unrolled<TreeOnly>(model, unrolled).ok());
    FF_EXPECT_TRUE(unrolled.mass_matrix == generic.mass_matrix);
  }
}

FF_TEST_FLOAT_AND_DOUBLE(UnrolledCrba, RefusesAnotherModelAndLeavesH) {
  using W = Workspace<S, 13, 18>;
  const auto& model = a1_model<S>();
  static W ws;
  footfall::test::Random rng(304);
  const auto q = footfall::test::random_configuration(model, rng);
  const auto v = footfall::test::random_velocity(model, rng);

  ws.stage = 0;  // no kinematics
  Status status = footfall::mass_matrix_unrolled<QuadrupedTopology>(model, ws);
  FF_EXPECT_TRUE(status.code == StatusCode::kBadInput && std::strcmp(status.field, "workspace.kinematics") == 0);

  FF_ASSERT_TRUE(footfall::compute_mass_terms<footfall::UnrolledKernels<QuadrupedTopology>>(model, ws, q, v).ok());
  const auto before = ws.mass_matrix;
  // The same tree with another axis at DOF 8: refused there, H and the stage as they were.
  status = footfall::mass_matrix_unrolled<FrCalfAboutX>(model, ws);
  FF_EXPECT_TRUE(status.code == StatusCode::kBadInput && std::strcmp(status.field, "model.topology") == 0 &&
                 status.index == 8);
  FF_EXPECT_TRUE(ws.mass_matrix == before);
  FF_EXPECT_TRUE((ws.stage & W::kFactor) != 0u);
  status = footfall::compute_tick_terms<footfall::UnrolledKernels<FrCalfAboutX>>(model, ws, q, v);
  FF_EXPECT_TRUE(status.code == StatusCode::kBadInput && std::strcmp(status.field, "model.topology") == 0 &&
                 status.index == 8);
  FF_EXPECT_TRUE((ws.stage & W::kMassMatrix) == 0u);

  // Another tree of 18 DOFs (the biped's two legs of six): refused at its first differing DOF.
  static footfall::BipedModel<S> biped;
  FF_ASSERT_TRUE(footfall::build_biped_model(&biped).ok());
  static W biped_ws;
  const auto biped_q = footfall::test::random_configuration(biped, rng);
  const auto biped_v = footfall::test::random_velocity(biped, rng);
  FF_ASSERT_TRUE(footfall::forward_kinematics(biped, biped_ws, biped_q, biped_v).ok());
  status = footfall::mass_matrix_unrolled<QuadrupedTopology>(biped, biped_ws);
  FF_EXPECT_TRUE(status.code == StatusCode::kBadInput && std::strcmp(status.field, "model.topology") == 0 &&
                 status.index >= 6);
  FF_EXPECT_TRUE((biped_ws.stage & W::kMassMatrix) == 0u);
}
