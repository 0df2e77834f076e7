// footfall's stance solve against a peer: Siconos numerics' friction-contact solver (fc3d_driver
// with non-smooth Gauss–Seidel, Debian's libsiconos-numerics-dev 4.4) for the exact Coulomb
// cone, and its lexicographic Lemke (lcp_lexicolemke) for the frictionless and pyramid LCPs.
// Host only.
//
// The quadruped stands on four feet and on three (stance_fixtures.hpp), held by the torques of
// a gravity-compensation solve, then pushed by random joint torques: small ones everywhere, a
// leg pulling its foot off the ground or pressing it down, a leg pushing its foot sideways hard
// enough to slide it (the cone's edge), and all together, with μ random in [0.3, 1.2] per foot;
// in a third of the states the robot moves with its feet still (v in the null space of G:
// velocity terms Ġv but no slip, so every foot may stick). footfall's contact terms W and d
// (StanceWorkspace::contact) go to Siconos unchanged (siconos_fc3d.hpp says why it is the same
// law), and the answers must agree:
// - the contact-frame forces r to 1e-8 relative (W is positive definite on three and four feet),
//   and the contact accelerations a = W r + d to 1e-8 of ‖d‖∞;
// - every kind of state (a foot separating, a foot sliding, all sticking) comes up often;
// - frictionless: the same λ as Lemke on the same LCP; pyramid: the same contact-frame forces.
// And the comparison can fail: an answer moved by 1e-6 and a Siconos run with μ 1 % smaller on
// a sliding foot are both rejected.
#include <gtest/gtest.h>

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "siconos_fc3d.hpp"
#include "siconos_lcp.hpp"
#include "stance_fixtures.hpp"

namespace {

using namespace footfall;
using Bench = footfall::test::QuadrupedBench<double>;
using Tangent = Bench::Tangent;
using Config = Bench::Config;
using footfall::test::Random;
using footfall::test::SiconosFrictionContact;
using footfall::test::SiconosLcp;
using Vector = Eigen::VectorXd;

constexpr double kAgreement = 1e-8;  // relative: forces to their size, accelerations to ‖d‖∞
constexpr int kTrials = 400;         // per foot count
constexpr double kWeight = 13.74 * 9.81;

Bench& bench() {
  static Bench instance;
  return instance;
}

// The peers, made once and kept for the whole run, as in test_siconos_agreement.cpp: Debian's
// Siconos 4.4 does not free everything solver_options_create allocates (120 bytes an options
// object, fc3d NSGS's and lexicolemke's alike), which LeakSanitizer would report for a peer made
// and deleted in a test body.
SiconosFrictionContact& fc3d_peer() {
  static SiconosFrictionContact instance;
  return instance;
}

SiconosLcp& lemke_peer() {
  static SiconosLcp instance{SICONOS_LCP_LEMKE};
  instance.options().iparam[SICONOS_IPARAM_MAX_ITER] = 100000;
  return instance;
}

// |a − b|∞ relative to the larger of the two (at least a thousandth of the robot's weight, so
// that two answers with every foot in the air agree).
double force_difference(const Vector& a, const Vector& b) {
  const double scale = std::max({a.cwiseAbs().maxCoeff(), b.cwiseAbs().maxCoeff(), 1e-3 * kWeight});
  return (a - b).cwiseAbs().maxCoeff() / scale;
}

double acceleration_difference(const Vector& a, const Vector& b, const Vector& d) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(d.cwiseAbs().maxCoeff(), 1.0);
}

// The fixture's standing pose (stance_fixtures.hpp, quadruped_standing) with its terms: the
// torques that hold it, G (contact frame) and a basis of G's null space (joint velocities that
// leave every foot still).
struct Pose {
  int count = 0;
  Config q;
  Tangent hold;
  Eigen::MatrixXd g, null_space;
};

Config standing_configuration(int count) {
  Config q(19);
  q << 0, 0, 0.3, 0, 0, 0, 1, 0, 0.8, -1.6, 0, 0.8, -1.6, 0, 0.8, -1.6, 0, 0.8, -1.6;
  if (count == 3) q(8) = 1.1;  // as quadruped_standing: the front-right foot inside the triangle
  return q;
}

bool stand(Bench& b, int count, Pose* pose) {
  const int feet[4] = {0, 1, 3, 2};  // on three, the rear-right foot is lifted
  pose->count = count;
  pose->q = standing_configuration(count);
  if (!test::quadruped_standing(b, feet, count, 0.8)) return false;
  if (b.solve(Tangent::Zero(18), FrictionModel::kCone).code == StatusCode::kBadInput) return false;
  Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 12, 1> forces;
  pose->hold = test::gravity_compensation(b, &forces);
  pose->g = b.stance.contact.jacobian;
  pose->null_space = Eigen::FullPivLU<Eigen::MatrixXd>(pose->g).kernel();
  return pose->null_space.cols() == 18 - 3 * count;
}

// One random state: μ per foot, v (zero, or moving with the feet still) and τ.
struct State {
  Tangent v, tau;
  double mu[4] = {0, 0, 0, 0};
  int kind = 0;  // 0 small torques, 1 a foot pulled or pressed, 2 a foot pushed sideways, 3 all
};

// Joint torques of leg `foot` that push its foot with `force` (contact frame): the foot's rows
// of G restricted to its leg's joints, transposed.
void add_leg_push(const Pose& pose, int foot, const Vector3<double>& force, Tangent* tau) {
  for (int k = 6; k < 18; ++k)
    for (int r = 0; r < 3; ++r) (*tau)(k) += pose.g(3 * foot + r, k) * force(r);
}

State random_state(const Pose& pose, Random& rng, int trial) {
  State s;
  s.kind = trial % 4;
  s.v = Tangent::Zero(18);
  if (trial % 3 == 2) {
    Vector xi(pose.null_space.cols());
    for (int k = 0; k < xi.size(); ++k) xi(k) = rng.uniform(-1.0, 1.0);
    s.v = pose.null_space * xi;
  }
  for (int i = 0; i < pose.count; ++i) s.mu[i] = rng.uniform(0.3, 1.2);
  s.tau = pose.hold;
  if (s.kind == 0 || s.kind == 3)
    for (int k = 6; k < 18; ++k) s.tau(k) += rng.uniform(-3.0, 3.0);
  if (s.kind == 1 || s.kind == 3) {
    const int foot = static_cast<int>(rng.next() % static_cast<std::uint64_t>(pose.count));
    add_leg_push(pose, foot, Vector3<double>(rng.uniform(-150.0, 150.0), 0, 0), &s.tau);
  }
  if (s.kind == 2 || s.kind == 3) {
    const int foot = static_cast<int>(rng.next() % static_cast<std::uint64_t>(pose.count));
    const double angle = rng.uniform(0.0, 6.283185307179586), size = rng.uniform(20.0, 150.0);
    add_leg_push(pose, foot, Vector3<double>(0, size * std::cos(angle), size * std::sin(angle)), &s.tau);
  }
  return s;
}

// The stance solve of `state` on `pose` with the given friction model and options.
Status solve(Bench& b, const Pose& pose, const State& state, FrictionModel friction,
             const StanceOptions<double>& options) {
  if (!b.prepare(pose.q, state.v)) return Status::BadInput("test.prepare");
  for (int i = 0; i < pose.count; ++i) b.contacts[i].mu = state.mu[i];
  StanceOptions<double> o = options;
  o.friction = friction;
  return solve_stance(b.model, b.ws, b.contacts, state.tau, o, b.stance, b.result);
}

// Tight options for the exact cone: the iterate's accuracy near Siconos' 1e-12, and room for
// the sweeps that takes (Gauss–Seidel converges linearly when a foot slides; 10 sweeps are the
// most any state here needs).
StanceOptions<double> tight_options() {
  StanceOptions<double> o;
  o.tolerance = 1e-13;
  o.max_sweeps = 1000;
  o.warm_start = false;
  return o;
}

Vector to_vector(const Eigen::Ref<const Vector>& x) { return x; }

struct ConeAgreement {
  double force = 0, acceleration = 0;  // the largest differences
  int states = 0, separating = 0, sliding = 0, all_sticking = 0, moving = 0;
  int footfall_sweeps = 0, siconos_iterations = 0;  // the largest
  int footfall_failed = 0;                          // not solved by footfall (see below)
  int default_ok = 0, default_agree = 0;            // footfall with its default options
  double default_force = 0;                         // the largest difference then
};

// Fills *agreement (assertions return early, so the out-parameter).
void compare_cone(int count, std::uint64_t seed, ConeAgreement* agreement) {
  Bench& b = bench();
  ConeAgreement& out = *agreement;
  Pose pose;
  ASSERT_TRUE(stand(b, count, &pose)) << "standing on " << count << " feet";
  SiconosFrictionContact& peer = fc3d_peer();
  Random rng(seed);
  StanceOptions<double> defaults;
  defaults.warm_start = false;
  for (int trial = 0; trial < kTrials; ++trial) {
    SCOPED_TRACE("feet " + std::to_string(count) + ", state " + std::to_string(trial));
    const State state = random_state(pose, rng, trial);
    const Status status = solve(b, pose, state, FrictionModel::kCone, tight_options());
    // The contact terms are computed before the solver runs, so they are there either way.
    const auto& cd = b.stance.contact;
    const int rows = 3 * count;
    ASSERT_EQ(cd.count, count);
    // Every foot may stick (none slides faster than the threshold): the problem is W and d.
    for (int i = 0; i < count; ++i) ASSERT_TRUE(b.stance.mode[i] == ContactMode::kFriction);
    ASSERT_EQ(b.stance.problem.size(), rows);
    EXPECT_EQ((b.stance.problem.m - cd.delassus).cwiseAbs().maxCoeff(), 0.0);
    EXPECT_EQ((b.stance.problem.q - cd.free_contact_acceleration).cwiseAbs().maxCoeff(), 0.0);

    Vector mu(count);
    for (int i = 0; i < count; ++i) mu(i) = state.mu[i];
    peer.set_problem(cd.delassus, cd.free_contact_acceleration, mu);
    ASSERT_EQ(peer.solve(), 0);
    Vector r(rows), u(rows);
    for (int k = 0; k < rows; ++k) {
      r(k) = peer.r(k);
      u(k) = peer.u(k);
    }
    if (!status.ok()) {
      // A state footfall did not solve (counted, and the count must be zero): its Status must
      // still be an honest failure, and Siconos' answer must pass footfall's own check, which
      // says a solution was there to find.
      EXPECT_EQ(status.code, StatusCode::kIterationLimit) << status.field;
      LcpVector<double, StanceWorkspace<double, 18, 4>::kMaxVariables> z(rows), w;
      for (int k = 0; k < rows; ++k) z(k) = r(k);
      const auto verdict = detail::check_cone_answer(b.stance, b.contacts, z, w, 1e-12);
      EXPECT_TRUE(verdict.status.ok()) << verdict.status.field;
      ++out.footfall_failed;
      if (out.footfall_failed <= 3)
        std::printf("  state %d: footfall %s after %d sweeps; Siconos solved it in %d iterations (error %.2e)\n",
                    trial, status.field, b.result.work, peer.iterations(), peer.error());
      continue;
    }
    const Vector d = to_vector(cd.free_contact_acceleration);
    const Vector lambda = to_vector(b.result.lambda);
    const double df = force_difference(lambda, r);
    const double da = acceleration_difference(to_vector(b.result.contact_acceleration), u, d);
    EXPECT_LE(df, kAgreement) << "footfall " << lambda.transpose() << "\nSiconos  " << r.transpose();
    EXPECT_LE(da, kAgreement) << "footfall " << b.result.contact_acceleration.transpose() << "\nSiconos  "
                              << u.transpose();
    out.force = std::max(out.force, df);
    out.acceleration = std::max(out.acceleration, da);
    out.footfall_sweeps = std::max(out.footfall_sweeps, b.result.work);
    out.siconos_iterations = std::max(out.siconos_iterations, peer.iterations());
    ++out.states;
    bool separating = false, sliding = false;
    for (int i = 0; i < count; ++i) {
      separating = separating || b.result.state[i] == ContactState::kSeparating;
      sliding = sliding || b.result.state[i] == ContactState::kSliding;
    }
    out.separating += separating ? 1 : 0;
    out.sliding += sliding ? 1 : 0;
    out.all_sticking += !separating && !sliding ? 1 : 0;
    out.moving += state.v.cwiseAbs().maxCoeff() > 0 ? 1 : 0;

    // The same state with footfall's default options (τ = √ε, 200 sweeps).
    if (solve(b, pose, state, FrictionModel::kCone, defaults).ok()) {
      ++out.default_ok;
      const double dd = force_difference(to_vector(b.result.lambda), r);
      out.default_force = std::max(out.default_force, dd);
      out.default_agree += dd <= 1e-6 ? 1 : 0;
    }
  }
}

void report_cone(int count, const ConeAgreement& a) {
  std::printf(
      "cone, %d feet: %d states (%d moving with the feet still): %d with a foot separating, %d with a foot "
      "sliding, %d all sticking; largest difference from Siconos: forces %.3e, accelerations %.3e; at most %d "
      "sweeps (footfall, tolerance 1e-13) and %d iterations (Siconos NSGS, 1e-12); footfall failed on %d states\n",
      count, a.states, a.moving, a.separating, a.sliding, a.all_sticking, a.force, a.acceleration, a.footfall_sweeps,
      a.siconos_iterations, a.footfall_failed);
  std::printf("  with footfall's default options: %d of %d solved, %d of them within 1e-6 of Siconos (largest %.3e)\n",
              a.default_ok, a.states, a.default_agree, a.default_force);
}

void expect_coverage(const ConeAgreement& a) {
  EXPECT_EQ(a.states + a.footfall_failed, kTrials);
  EXPECT_EQ(a.footfall_failed, 0);
  EXPECT_GE(a.separating, kTrials / 10);
  EXPECT_GE(a.sliding, kTrials / 10);
  EXPECT_GE(a.all_sticking, kTrials / 10);
  EXPECT_GE(a.moving, kTrials / 4);
}

}  // namespace

TEST(SiconosFrictionContact, ConeOnFourFeet) {
  ConeAgreement a;
  compare_cone(4, 7001, &a);
  report_cone(4, a);
  expect_coverage(a);
}

TEST(SiconosFrictionContact, ConeOnThreeFeet) {
  ConeAgreement a;
  compare_cone(3, 7002, &a);
  report_cone(3, a);
  expect_coverage(a);
}

// The comparison rejects what it should: a force moved by 1e-6 of the largest, and Siconos'
// answer with μ 1 % smaller on a foot that slides.
TEST(SiconosFrictionContact, ComparisonCanFail) {
  Bench& b = bench();
  Pose pose;
  ASSERT_TRUE(stand(b, 4, &pose));
  SiconosFrictionContact& peer = fc3d_peer();
  Random rng(7003);
  int sliding_states = 0;
  for (int trial = 0; trial < 200 && sliding_states < 10; ++trial) {
    const State state = random_state(pose, rng, trial);
    ASSERT_TRUE(solve(b, pose, state, FrictionModel::kCone, tight_options()).ok());
    const auto& cd = b.stance.contact;
    const Vector lambda = to_vector(b.result.lambda);
    int slider = -1;
    for (int i = 0; i < 4; ++i)
      if (b.result.state[i] == ContactState::kSliding) slider = i;

    Vector mu(4);
    for (int i = 0; i < 4; ++i) mu(i) = state.mu[i];
    peer.set_problem(cd.delassus, cd.free_contact_acceleration, mu);
    ASSERT_EQ(peer.solve(), 0);
    Vector r(12);
    for (int k = 0; k < 12; ++k) r(k) = peer.r(k);
    ASSERT_LE(force_difference(lambda, r), kAgreement);
    Vector moved = r;
    const int k = static_cast<int>(rng.next() % 12);
    moved(k) += 1e-6 * lambda.cwiseAbs().maxCoeff();
    EXPECT_GT(force_difference(lambda, moved), kAgreement);
    if (slider < 0) continue;

    ++sliding_states;
    mu(slider) *= 0.99;
    peer.set_problem(cd.delassus, cd.free_contact_acceleration, mu);
    ASSERT_EQ(peer.solve(), 0);
    for (int c = 0; c < 12; ++c) r(c) = peer.r(c);
    EXPECT_GT(force_difference(lambda, r), 1e3 * kAgreement);
  }
  EXPECT_EQ(sliding_states, 10);
}

// Frictionless and the 4-facet pyramid: the LCP footfall assembles (StanceWorkspace::problem)
// handed to Siconos' lexicographic Lemke. Frictionless, M = the normal rows of W, positive
// definite: the same λ. Siconos' z is used only where its own filter accepts it (see below).
// The pyramid's z need not be unique (a pair of opposite facets can
// carry any common amount inside the pyramid), but the contact-frame forces P z are on these
// states, and the accelerations follow from them.
TEST(SiconosLemke, FrictionlessAndPyramidStance) {
  Bench& b = bench();
  Random rng(7004);
  SiconosLcp& peer = lemke_peer();
  StanceOptions<double> options;
  options.warm_start = false;
  for (int count = 3; count <= 4; ++count) {
    Pose pose;
    ASSERT_TRUE(stand(b, count, &pose));
    double worst[2] = {0, 0};
    int pyramid_sliding = 0, separating = 0, solved[2] = {0, 0}, siconos_failed[2] = {0, 0};
    for (int trial = 0; trial < kTrials; ++trial) {
      SCOPED_TRACE("feet " + std::to_string(count) + ", state " + std::to_string(trial));
      const State state = random_state(pose, rng, trial);
      const FrictionModel models[2] = {FrictionModel::kNone, FrictionModel::kPyramid4};
      for (int m = 0; m < 2; ++m) {
        const Status status = solve(b, pose, state, models[m], options);
        ASSERT_TRUE(status.ok()) << to_string(models[m]) << ": " << status.field;
        const auto& p = b.stance.problem;
        peer.set_problem(p.m, p.q);
        if (peer.solve() != 0 || !peer.verified(1e-8)) {
          ++siconos_failed[m];
          continue;
        }
        // Siconos' z as contact-frame forces, by footfall's map P (StanceWorkspace::force_of).
        const int rows = b.stance.contact.rows();
        Vector f = Vector::Zero(rows);
        for (int c = 0; c < p.size(); ++c) {
          const RowCombination<double>& fc = b.stance.force_of[c];
          for (int y = 0; y < fc.count; ++y) f(fc.row[y]) += fc.weight[y] * std::max(peer.z(c), 0.0);
        }
        const double df = force_difference(to_vector(b.result.lambda), f);
        EXPECT_LE(df, kAgreement) << to_string(models[m]) << "\nfootfall " << b.result.lambda.transpose()
                                  << "\nSiconos  " << f.transpose();
        worst[m] = std::max(worst[m], df);
        ++solved[m];
        for (int i = 0; i < count; ++i) {
          if (m == 1 && b.result.state[i] == ContactState::kSliding) ++pyramid_sliding;
          if (m == 0 && b.result.state[i] == ContactState::kSeparating) ++separating;
        }
      }
    }
    std::printf(
        "%d feet, %d states: frictionless (Lemke, n = %d) largest force difference %.3e with %d feet separating, "
        "Siconos failed %d; pyramid4 (n = %d) %.3e with %d feet sliding, Siconos failed %d\n",
        count, kTrials, count, worst[0], separating, siconos_failed[0], 6 * count, worst[1], pyramid_sliding,
        siconos_failed[1]);
    EXPECT_EQ(solved[0] + siconos_failed[0], kTrials);
    EXPECT_EQ(solved[1] + siconos_failed[1], kTrials);
    EXPECT_EQ(siconos_failed[0], 0);
    // Siconos 4.4's lexicolemke on the pyramid LCP: in about 1 state in 10 it pivots on rounding
    // noise in a γ row (the multiplier whose row has a zero diagonal) and returns info 0 with a
    // γ near 1e18, which its own filter then refuses (siconos_lcp.hpp's verified). footfall's
    // Lemke solved and checked every one of those states.
    EXPECT_LE(siconos_failed[1], kTrials / 5);
    EXPECT_GE(pyramid_sliding, kTrials / 10);
  }
}

// The core bug behind the states footfall fails on above, reduced to one contact's 3×3 problem
// (state 11 of ConeOnFourFeet, foot 2, with the other feet's forces Siconos found): the slip
// solution is at θ ≈ 0.2813 rad (force direction in t₁, t₂), between the scan angles 0.1963 and
// 0.3927. solve_local_coulomb (stance/cone_solver.hpp) brackets a root of g only between two
// angles where `along` ≤ 0, and at 0.1963 `along` is +4.2e-3 (a_t nearly perpendicular to the
// edge there), so it misses the root, finds none, and falls back to the stick force projected
// onto the cone, where a_n = −0.175: Gauss–Seidel then stalls on that force until the sweep
// limit. (Fixed: the slip search now brackets any sign change of g and tests `along` at the
// root it converges to.)
TEST(SiconosFrictionContact, LocalSlipRootBetweenScanAngles) {
  Matrix3<double> a;
  a << 1.5387949303798614, 0.70351817140221951, 0.47519480550577686,  //
      0.70351817140221951, 2.8781094774376248, 0.097071339593489847,  //
      0.47519480550577686, 0.097071339593489847, 2.5015102303521375;
  const Vector3<double> b(-25.434996697248735, -33.385864853936589, -12.707858310307582);
  const double mu = 0.74223662290547543;
  bool on_edge = false;
  const Vector3<double> f = detail::solve_local_coulomb(a, b, mu, &on_edge);
  const Vector3<double> acc = a * f + b;
  EXPECT_TRUE(on_edge);
  EXPECT_NEAR(std::hypot(f(1), f(2)), mu * f(0), 1e-12 * f(0));
  EXPECT_NEAR(acc(0), 0.0, 1e-12 * b.norm());  // a_n = 0 while sliding (was −0.175)
  EXPECT_LE(acc(1) * f(1) + acc(2) * f(2), 0.0);  // a_t against the friction
  EXPECT_NEAR(acc(1) * f(2) - acc(2) * f(1), 0.0, 1e-10 * b.norm() * f.norm());  // and parallel to it
  std::printf("local force %.17g %.17g %.17g, accelerations %.3e %.3e %.3e\n", f(0), f(1), f(2), acc(0), acc(1),
              acc(2));
}
