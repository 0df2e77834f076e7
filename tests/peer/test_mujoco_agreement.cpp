// footfall against a peer: the joint-space inertia H(q) and the bias forces C(q, v) (Coriolis,
// centrifugal and gravity) of the reference models, compared with MuJoCo's on random states.
// MuJoCo computes them by its own route (CRB in the centre-of-mass frame, RNE on cdof and
// cdof_dot), from the same bodies written as MJCF by mjcf_from_model.hpp.
//
// Conventions. For a floating base footfall's v = [ṗ_body, ω_body, q̇] and MuJoCo's
// qvel = [ṗ_world, ω_body, q̇], so v_mj = T(q) v_ff with T = blockdiag(R, 1, ..., 1), R the
// base rotation (body → world). Kinetic energy ½ v_mjᵀ H_mj v_mj = ½ v_ffᵀ (Tᵀ H_mj T) v_ff
// gives H_ff = Tᵀ H_mj T, and equal power τ_ffᵀ v_ff = τ_mjᵀ v_mj gives τ_ff = Tᵀ τ_mj. C is
// τ at zero acceleration, but zero acceleration is not the same motion in the two
// coordinates: v̇_mj = T v̇_ff + Ṫ v_ff, and Ṫ = blockdiag(Ṙ, 0) with Ṙ = R ω×, so footfall's
// v̇_ff = 0 (body-frame linear velocity held) is MuJoCo's q̈ = a = [R (ω × ṗ_body); 0; ...]
// — the base's centripetal acceleration in the world. Hence
//     C_ff = Tᵀ τ_mj(q, v_mj, a) = Tᵀ (C_mj + H_mj a).
// The test checks that extra term matters (without it C disagrees), and computes it both as
// H_mj a and by MuJoCo's own RNE with that acceleration.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "mjcf_from_model.hpp"
#include "model_fixtures.hpp"
#include "published_robots.hpp"

namespace {

using footfall::test::Random;
using Dense = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Column = Eigen::VectorXd;

// Relative to rounding: H and C are sums of O(n) products of numbers of their own size.
constexpr double kRelativeTolerance = 1e-10;

// |difference| / scale, with 0 / 0 = 0 (a C that is exactly zero on both sides agrees).
double relative(double difference, double scale) { return difference == 0 ? 0 : difference / scale; }

struct Peer {
  footfall::peer::ModelPtr m;
  footfall::peer::DataPtr d;
};

template <int B, int D>
Peer load_peer(const footfall::Model<double, B, D>& model,
               const footfall::peer::MjcfOptions& options = footfall::peer::MjcfOptions()) {
  Peer peer;
  std::string xml, error;
  if (!footfall::peer::mjcf_from_model(model, &xml, &error, options)) {
    ADD_FAILURE() << "mjcf_from_model: " << error;
    return peer;
  }
  peer.m = footfall::peer::load_mjcf(xml, &error);
  if (!peer.m) {
    ADD_FAILURE() << error << "\n" << xml;
    return peer;
  }
  if (!footfall::peer::check_layout(peer.m.get(), model, &error)) {
    ADD_FAILURE() << error << "\n" << xml;
    peer.m.reset();
    return peer;
  }
  peer.d.reset(mj_makeData(peer.m.get()));
  return peer;
}

// MuJoCo's H, C and the same in footfall's coordinates, for footfall's (q, v).
struct PeerDynamics {
  Dense h_mj;          // H in MuJoCo's coordinates (mj_fullM of qM)
  Column c_mj;         // C in MuJoCo's coordinates (mj_rne, zero acceleration)
  Dense h;             // Tᵀ H_mj T
  Column c;            // Tᵀ (C_mj + H_mj a)
  Column c_by_rne;     // Tᵀ RNE_mj(q, v, a): the extra term by MuJoCo's own RNE
  Column c_uncorrected;  // Tᵀ C_mj: what a test that forgot Ṫ v would compare
};

template <int B, int D, typename QDerived, typename VDerived>
PeerDynamics peer_dynamics(const footfall::Model<double, B, D>& model, const Peer& peer,
                           const Eigen::MatrixBase<QDerived>& q, const Eigen::MatrixBase<VDerived>& v) {
  const mjModel* m = peer.m.get();
  mjData* d = peer.d.get();
  const int n = model.nv();
  footfall::peer::to_mujoco_state(model, q, v, d->qpos, d->qvel);

  PeerDynamics out;
  // H: kinematics, cdof and composite inertias, CRB (which puts dof_armature on qM's
  // diagonal), then qM expanded to a dense matrix.
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_crb(m, d);
  out.h_mj.resize(n, n);
  mj_fullM(m, out.h_mj.data(), d->qM);
  // C: cdof_dot, then RNE at zero acceleration (gravity included unless disabled).
  mj_comVel(m, d);
  out.c_mj.resize(n);
  mj_rne(m, d, 0, out.c_mj.data());

  // T and a.
  Dense t = Dense::Identity(n, n);
  Column a = Column::Zero(n);
  for (int i = 0; i < model.body_count(); ++i) {
    if (model.joint_type(i) != footfall::JointType::kFreeFlyer) continue;
    const int iq = model.q_index(i), iv = model.v_index(i);
    const footfall::Matrix3<double> r = footfall::rotation_from_quaternion(
        footfall::Vector4<double>(q.coeff(iq + 3), q.coeff(iq + 4), q.coeff(iq + 5), q.coeff(iq + 6)));
    t.block(iv, iv, 3, 3) = r;
    const footfall::Vector3<double> linear(v.coeff(iv), v.coeff(iv + 1), v.coeff(iv + 2));
    const footfall::Vector3<double> omega(v.coeff(iv + 3), v.coeff(iv + 4), v.coeff(iv + 5));
    a.segment(iv, 3) = r * omega.cross(linear);
  }
  out.h = t.transpose() * out.h_mj * t;
  out.c = t.transpose() * (out.c_mj + out.h_mj * a);
  out.c_uncorrected = t.transpose() * out.c_mj;

  // The same τ by MuJoCo's RNE with q̈ = a. mj_rne leaves the rotor torque armature·q̈ out
  // (mj_inverse adds it), so add it here.
  for (int k = 0; k < n; ++k) d->qacc[k] = a(k);
  Column tau(n);
  mj_rne(m, d, 1, tau.data());
  for (int k = 0; k < n; ++k) tau(k) += m->dof_armature[k] * a(k);
  out.c_by_rne = t.transpose() * tau;
  return out;
}

struct Agreement {
  double h = 0;            // max over states of max|ΔH| / max|H|
  double c = 0;            // max over states of max|ΔC| / max|C|
  double c_by_rne = 0;     // the same with the extra term from MuJoCo's RNE
  double c_uncorrected = 0;  // min over states, without the extra term (must be large)
  double h_symmetry = 0;   // MuJoCo's H: max|H − Hᵀ| / max|H|
  double inertia = 0;      // compiled_inertia_difference
  bool floating = false;
  int states = 0;
};

template <int B, int D>
Agreement compare_with_mujoco(const footfall::Model<double, B, D>& model, std::uint64_t seed, int trials) {
  static footfall::Workspace<double, B, D> ws;
  Agreement agreement;
  agreement.c_uncorrected = std::numeric_limits<double>::infinity();
  const Peer peer = load_peer(model);
  if (!peer.m || !peer.d) return agreement;
  // MuJoCo's compiled bodies are footfall's to rounding (see MjcfOptions::inertia).
  agreement.inertia = footfall::peer::compiled_inertia_difference(peer.m.get(), model);
  EXPECT_LE(agreement.inertia, 1e-14);
  agreement.floating = model.has_floating_base();
  Random rng(seed);
  for (int trial = 0; trial < trials; ++trial) {
    SCOPED_TRACE("state " + std::to_string(trial));
    const auto q = footfall::test::random_configuration(model, rng);
    const auto v = footfall::test::random_velocity(model, rng, 2.0);
    EXPECT_TRUE(footfall::forward_kinematics(model, ws, q, v).ok());
    EXPECT_TRUE(footfall::mass_matrix(model, ws).ok());
    EXPECT_TRUE(footfall::bias_forces(model, ws).ok());
    const Dense h = ws.mass_matrix;
    const Column c = ws.bias;
    const PeerDynamics peer_result = peer_dynamics(model, peer, q, v);

    const double h_scale = footfall::max_abs(h), c_scale = footfall::max_abs(c);
    const double dh = relative(footfall::max_abs(Dense(h - peer_result.h)), h_scale);
    const double dc = relative(footfall::max_abs(Column(c - peer_result.c)), c_scale);
    const double dc_rne = relative(footfall::max_abs(Column(c - peer_result.c_by_rne)), c_scale);
    const double dc_uncorrected = relative(footfall::max_abs(Column(c - peer_result.c_uncorrected)), c_scale);
    EXPECT_LE(dh, kRelativeTolerance) << "H, footfall:\n" << h << "\nMuJoCo (footfall's coordinates):\n"
                                      << peer_result.h;
    EXPECT_LE(dc, kRelativeTolerance) << "C, footfall: " << c.transpose()
                                      << "\nMuJoCo (footfall's coordinates): " << peer_result.c.transpose();
    EXPECT_LE(dc_rne, kRelativeTolerance);
    agreement.h = std::max(agreement.h, dh);
    agreement.c = std::max(agreement.c, dc);
    agreement.c_by_rne = std::max(agreement.c_by_rne, dc_rne);
    agreement.c_uncorrected = std::min(agreement.c_uncorrected, dc_uncorrected);
    agreement.h_symmetry = std::max(
        agreement.h_symmetry, footfall::max_abs(Dense(peer_result.h_mj - peer_result.h_mj.transpose())) / h_scale);
    ++agreement.states;
  }
  return agreement;
}

std::string scientific(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3e", x);
  return buffer;
}

void report(const char* name, const Agreement& a) {
  char line[400];
  std::snprintf(line, sizeof line,
                "%s: %d states, max relative difference H %.3e, C %.3e (C via mj_rne with a: %.3e); "
                "compiled inertias %.3e",
                name, a.states, a.h, a.c, a.c_by_rne, a.inertia);
  if (a.floating) {
    const std::size_t used = std::strlen(line);
    std::snprintf(line + used, sizeof line - used, "; without the Ṫv term C would differ by at least %.3e",
                  a.c_uncorrected);
  }
  std::printf("%s\n", line);
  SCOPED_TRACE(line);
  ::testing::Test::RecordProperty("max_relative_difference_H", scientific(a.h));
  ::testing::Test::RecordProperty("max_relative_difference_C", scientific(a.c));
  ::testing::Test::RecordProperty("max_relative_difference_C_by_rne", scientific(a.c_by_rne));
  if (a.floating)
    ::testing::Test::RecordProperty("min_relative_difference_C_without_term", scientific(a.c_uncorrected));
  EXPECT_EQ(a.states, 20);
  // The check is live: the differences are real numbers (not NaN, which EXPECT_LE would also
  // reject, but say so here), and MuJoCo's qM expansion is symmetric.
  EXPECT_LE(a.h_symmetry, kRelativeTolerance);
}

constexpr int kTrials = 20;

}  // namespace

TEST(MujocoAgreement, Quadruped) {
  static footfall::QuadrupedModel<double> model;
  ASSERT_TRUE(footfall::build_quadruped_model(&model).ok());
  const Agreement a = compare_with_mujoco(model, 201, kTrials);
  report("quadruped", a);
  // With a moving base the term from Ṫ v is far above rounding: leaving it out fails.
  EXPECT_GT(a.c_uncorrected, 1e3 * kRelativeTolerance);
}

TEST(MujocoAgreement, Biped) {
  static footfall::BipedModel<double> model;
  ASSERT_TRUE(footfall::build_biped_model(&model).ok());
  const Agreement a = compare_with_mujoco(model, 202, kTrials);
  report("biped", a);
  EXPECT_GT(a.c_uncorrected, 1e3 * kRelativeTolerance);
}

TEST(MujocoAgreement, Chain7) {
  static footfall::ChainModel<double, 7> model;
  ASSERT_TRUE(footfall::build_chain_model(7, &model).ok());
  report("chain(7)", compare_with_mujoco(model, 203, kTrials));
}

TEST(MujocoAgreement, Chain12) {
  static footfall::ChainModel<double, 12> model;
  ASSERT_TRUE(footfall::build_chain_model(12, &model).ok());
  report("chain(12)", compare_with_mujoco(model, 204, kTrials));
}

// mj_crb puts dof_armature on qM's diagonal, so mj_fullM includes it: a document without
// armature gives exactly H minus diag(armature) — and footfall's H, which includes it,
// disagrees with that one by the armature, far beyond the tolerance (the check can fail).
TEST(MujocoAgreement, ArmatureIsInQM) {
  static footfall::QuadrupedModel<double> model;
  ASSERT_TRUE(footfall::build_quadruped_model(&model).ok());
  footfall::peer::MjcfOptions without;
  without.armature = false;
  const Peer with_armature = load_peer(model), no_armature = load_peer(model, without);
  ASSERT_TRUE(with_armature.m && no_armature.m);
  static footfall::Workspace<double, 13, 18> ws;
  Random rng(206);
  const int n = model.nv();
  for (int k = 0; k < n; ++k) {
    EXPECT_EQ(with_armature.m->dof_armature[k], model.armature(k));
    EXPECT_EQ(no_armature.m->dof_armature[k], 0.0);
  }
  for (int trial = 0; trial < 5; ++trial) {
    const auto q = footfall::test::random_configuration(model, rng);
    const auto v = footfall::test::random_velocity(model, rng);
    const PeerDynamics a = peer_dynamics(model, with_armature, q, v);
    const PeerDynamics b = peer_dynamics(model, no_armature, q, v);
    Dense armature = Dense::Zero(n, n);
    for (int k = 0; k < n; ++k) armature(k, k) = model.armature(k);
    const double scale = footfall::max_abs(a.h_mj);
    EXPECT_LE(footfall::max_abs(Dense(a.h_mj - b.h_mj - armature)), kRelativeTolerance * scale);
    // C does not depend on armature (q̈ = 0 at the joints).
    EXPECT_LE(footfall::max_abs(Column(a.c_mj - b.c_mj)), kRelativeTolerance * footfall::max_abs(a.c_mj));

    ASSERT_TRUE(footfall::forward_kinematics(model, ws, q, v).ok());
    ASSERT_TRUE(footfall::mass_matrix(model, ws).ok());
    const Dense h = ws.mass_matrix;
    EXPECT_LE(footfall::max_abs(Dense(h - a.h)), kRelativeTolerance * scale);
    const double without_armature = footfall::max_abs(Dense(h - b.h));
    EXPECT_NEAR(without_armature, 0.01, kRelativeTolerance * scale);  // the A1's armature, 0.01 kg m²
    EXPECT_GT(without_armature, 1e6 * kRelativeTolerance * scale);
  }
}

// The comparison is sensitive: a state off by 1e-6 rad in one joint, or the quaternion handed
// over in the wrong order, is caught.
TEST(MujocoAgreement, CheckCanFail) {
  static footfall::QuadrupedModel<double> model;
  ASSERT_TRUE(footfall::build_quadruped_model(&model).ok());
  static footfall::Workspace<double, 13, 18> ws;
  const Peer peer = load_peer(model);
  ASSERT_TRUE(peer.m && peer.d);
  Random rng(207);
  const auto q = footfall::test::random_configuration(model, rng);
  const auto v = footfall::test::random_velocity(model, rng);
  ASSERT_TRUE(footfall::forward_kinematics(model, ws, q, v).ok());
  ASSERT_TRUE(footfall::mass_matrix(model, ws).ok());
  ASSERT_TRUE(footfall::bias_forces(model, ws).ok());
  const Dense h = ws.mass_matrix;
  const Column c = ws.bias;
  const double h_scale = footfall::max_abs(h), c_scale = footfall::max_abs(c);

  auto q_moved = q;
  q_moved(7 + 1) += 1e-6;  // FR thigh
  const PeerDynamics moved = peer_dynamics(model, peer, q_moved, v);
  const double dh_moved = footfall::max_abs(Dense(h - moved.h)) / h_scale;
  const double dc_moved = footfall::max_abs(Column(c - moved.c)) / c_scale;
  std::printf("q off by 1e-6 rad: relative difference H %.3e, C %.3e\n", dh_moved, dc_moved);
  EXPECT_GT(std::max(dh_moved, dc_moved), 10 * kRelativeTolerance);

  // Quaternion as w x y z at footfall's API (where x y z w belongs), renormalised: wrong R.
  auto q_swapped = q;
  q_swapped(3) = q(6);
  q_swapped(4) = q(3);
  q_swapped(5) = q(4);
  q_swapped(6) = q(5);
  const PeerDynamics swapped = peer_dynamics(model, peer, q_swapped, v);
  EXPECT_GT(footfall::max_abs(Column(c - swapped.c)) / c_scale, 1e3 * kRelativeTolerance);
}

// The `fullinertia` attribute (ixx iyy izz ixy ixz iyz) means what mjcf_from_model writes: the
// inertia MuJoCo compiles from it is footfall's — but only to what MuJoCo's compiler-side 3×3
// eigen-decomposition delivers (measured: up to ~1e-7 relative on the A1), which is why the
// comparisons above write principal axes instead (MjcfOptions::inertia).
TEST(MujocoAgreement, FullInertiaAttribute) {
  static footfall::QuadrupedModel<double> model;
  ASSERT_TRUE(footfall::build_quadruped_model(&model).ok());
  footfall::peer::MjcfOptions full;
  full.inertia = footfall::peer::MjcfOptions::InertiaForm::kFull;
  const Peer peer = load_peer(model, full);
  ASSERT_TRUE(peer.m);
  const double difference = footfall::peer::compiled_inertia_difference(peer.m.get(), model);
  std::printf("fullinertia: compiled inertias differ from footfall's by %.3e relative\n", difference);
  ::testing::Test::RecordProperty("compiled_inertia_difference", scientific(difference));
  // A wrong attribute order (ixy and ixz swapped, say) would be off by ~1e-2 relative.
  EXPECT_LE(difference, 1e-6);
}

// The robots their makers publish (../shared/robots, tests/common/published_robots.hpp), each
// imported as the tool imports it and built at the smallest capacity that holds it: H and C
// against MuJoCo's on random states, as the reference models above.
TEST(MujocoAgreement, PublishedRobots) {
  FOOTFALL_SKIP_WITHOUT_PUBLISHED_ROBOTS();
  std::uint64_t seed = 301;
  for (const footfall::test::PublishedRobot& robot : footfall::test::published_robots()) {
    footfall::test::with_published_model(robot, [&](const auto& model, const footfall::host::RobotDescription&) {
      const Agreement a = compare_with_mujoco(model, seed++, kTrials);
      report(robot.file, a);
      if (a.floating) {
        EXPECT_GT(a.c_uncorrected, 1e3 * kRelativeTolerance) << robot.file;
      }
    });
  }
}
