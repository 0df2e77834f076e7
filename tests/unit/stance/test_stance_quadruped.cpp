// Reference problem 5 (tests/README.md): the quadruped standing on four feet and on three. Joint
// torques from a gravity-compensation solve hold it still: the normal forces sum to its weight,
// the trunk and joints do not accelerate, and the forces equal the direct equality-constrained
// (KKT) solve of H and G to rounding, for the exact cone and both pyramids.
#include <cstring>

#include "footfall/strike.hpp"
#include "stance_fixtures.hpp"

namespace {

using namespace footfall;
using footfall::test::QuadrupedBench;
using footfall::test::ulps;

template <typename S>
QuadrupedBench<S>& quadruped_bench() {
  static QuadrupedBench<S> instance;
  return instance;
}

// The quadruped standing on its four feet (friction μ), the contact terms of a solve in the bench
// and, in *tau, the torques that hold it still there (test::gravity_compensation).
template <typename S>
bool held_on_four_feet(QuadrupedBench<S>& b, S mu, typename QuadrupedBench<S>::Tangent* tau) {
  const int feet[4] = {0, 1, 2, 3};
  if (!test::quadruped_standing(b, feet, 4, mu)) return false;
  if (b.solve(QuadrupedBench<S>::Tangent::Zero(18), FrictionModel::kCone).code == StatusCode::kBadInput) return false;
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 12, 1> hold;
  *tau = test::gravity_compensation(b, &hold);
  return true;
}

template <typename S>
void check_standing(QuadrupedBench<S>& b, const int* feet, int count) {
  FF_ASSERT_TRUE(test::quadruped_standing(b, feet, count, S(0.8)));
  // The contact terms (with tangents), then the torques that hold the robot there.
  FF_ASSERT_TRUE(b.solve(QuadrupedBench<S>::Tangent::Zero(18), FrictionModel::kCone).code != StatusCode::kBadInput);
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 12, 1> expected;
  const auto tau = test::gravity_compensation(b, &expected);
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 30, 1> kkt;
  FF_ASSERT_TRUE(test::kkt_solve(b, tau, &kkt));

  const S weight = b.model.total_mass() * S(9.81);
  // Rounding of a solve with H's conditioning (light feet, heavy trunk: about 10⁴).
  const S tolerance = ulps<S>(1 << 16) * weight;
  const FrictionModel models[3] = {FrictionModel::kCone, FrictionModel::kPyramid4, FrictionModel::kPyramid8};
  for (FrictionModel friction : models) {
    FF_ASSERT_TRUE(b.solve(tau, friction).ok());
    S total = S(0);
    for (int i = 0; i < count; ++i) {
      total += b.result.force[i].z();
      FF_EXPECT_TRUE(b.result.state[i] == ContactState::kSticking);
      for (int r = 0; r < 3; ++r) {
        FF_EXPECT_NEAR(b.result.lambda(3 * i + r), expected(3 * i + r), tolerance);
        FF_EXPECT_NEAR(b.result.lambda(3 * i + r), kkt(18 + 3 * i + r), tolerance);
      }
    }
    FF_EXPECT_NEAR(total, weight, tolerance);
    for (int k = 0; k < 18; ++k) {
      FF_EXPECT_NEAR(b.result.qdd(k), S(0), tolerance);
      FF_EXPECT_NEAR(b.result.qdd(k), kkt(k), tolerance);
    }
    test::expect_stance_conditions(b.result, b.contacts, weight, S(10), ulps<S>(1 << 12));
  }
}

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(StanceReference, P5QuadrupedOnFourFeet) {
  const int feet[4] = {0, 1, 2, 3};
  check_standing(quadruped_bench<S>(), feet, 4);
}

FF_TEST_FLOAT_AND_DOUBLE(StanceReference, P5QuadrupedOnThreeFeet) {
  const int feet[3] = {0, 1, 3};  // the rear-right foot lifted
  check_standing(quadruped_bench<S>(), feet, 3);
}

// With torques that do not hold it still (random joint torques added): whenever the KKT
// solve's forces are admissible (every normal force positive, every force inside its cone) the
// feet stick and the stance forces and accelerations equal the KKT solve's.
FF_TEST_FLOAT_AND_DOUBLE(StanceReference, P5QuadrupedKktAgreement) {
  auto& b = quadruped_bench<S>();
  const int feet[4] = {0, 1, 3, 2};  // on three, the rear-right foot is lifted
  test::Random rng(51);
  const S weight = S(13.74) * S(9.81);
  const S tolerance = ulps<S>(1 << 16) * weight;
  for (int count = 3; count <= 4; ++count) {
    FF_ASSERT_TRUE(test::quadruped_standing(b, feet, count, S(0.9)));
    FF_ASSERT_TRUE(b.solve(QuadrupedBench<S>::Tangent::Zero(18), FrictionModel::kCone).code != StatusCode::kBadInput);
    Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 12, 1> hold;
    auto tau = test::gravity_compensation(b, &hold);
    int admissible = 0;
    for (int trial = 0; trial < 20; ++trial) {
      auto pushed = tau;
      for (int k = 6; k < 18; ++k) pushed(k) += rng.uniform(S(-0.1), S(0.1));
      Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 30, 1> kkt;
      FF_ASSERT_TRUE(test::kkt_solve(b, pushed, &kkt));
      FF_ASSERT_TRUE(b.solve(pushed, FrictionModel::kCone).ok());
      bool inside = true;
      for (int i = 0; i < count; ++i) {
        const S fn = kkt(18 + 3 * i), f1 = kkt(19 + 3 * i), f2 = kkt(20 + 3 * i);
        inside = inside && fn > S(0) && std::sqrt(f1 * f1 + f2 * f2) < S(0.9) * fn;
      }
      if (!inside) continue;
      ++admissible;
      for (int r = 0; r < 3 * count; ++r) FF_EXPECT_NEAR(b.result.lambda(r), kkt(18 + r), tolerance);
      for (int k = 0; k < 18; ++k) FF_EXPECT_NEAR(b.result.qdd(k), kkt(k), tolerance);
      FF_EXPECT_TRUE(b.result.equation_residual <= ulps<S>(1 << 10) * weight);
    }
    FF_EXPECT_TRUE(admissible >= 10);
  }
}

// Pushed off its holding torques on slippery ground (μ = 0.05), two feet start to slide: the
// answer's complementarity residual stays within the solve's accuracy (StanceOptions::tolerance,
// √ε, relative to the weight) for every friction model. The sliding feet accelerate along the
// floor (‖a_t‖ of metres per s²) with f_t on the cone's edge and against the motion: that is
// complementarity, and the residual once reported ‖a_t‖ itself (34 m/s² here).
FF_TEST_FLOAT_AND_DOUBLE(StanceReference, P5QuadrupedStartingToSlideHasAResidualWithinTheAccuracy) {
  auto& b = quadruped_bench<S>();
  typename QuadrupedBench<S>::Tangent tau;
  FF_ASSERT_TRUE(held_on_four_feet(b, S(0.05), &tau));
  tau(6) += S(5);  // the front-right hip
  const S weight = S(13.74) * S(9.81), accuracy = std::sqrt(std::numeric_limits<S>::epsilon());
  const FrictionModel models[3] = {FrictionModel::kCone, FrictionModel::kPyramid4, FrictionModel::kPyramid8};
  for (FrictionModel friction : models) {
    FF_ASSERT_TRUE(b.solve(tau, friction).ok());
    int sliding = 0;
    for (int i = 0; i < 4; ++i) sliding += b.result.state[i] == ContactState::kSliding ? 1 : 0;
    FF_EXPECT_TRUE(sliding > 0);
    FF_EXPECT_TRUE(b.result.residual <= accuracy * weight);
  }
}

// holding_torques with damping, on a trotting robot's diagonal pair (front-right and rear-left),
// which cannot resist a moment about the line between its feet: the forces are the damped least
// squares ones, so they satisfy the normal equations Aᵀ(A f − C_base) + δ f = 0 with δ = ε tr(AAᵀ)/6,
// A = (Gᵀ)_base. Without the damping term the identity fails by δ f, so the check sees it. The
// torques are C − Gᵀf on the joints (G summed densely here, over every column) and 0 on the base.
// A negative or non-finite ε is refused and leaves τ as it was.
FF_TEST_FLOAT_AND_DOUBLE(StanceReference, HoldingTorquesDampedOnADiagonalPair) {
  auto& b = quadruped_bench<S>();
  const int feet[2] = {0, 3};
  FF_ASSERT_TRUE(test::quadruped_standing(b, feet, 2, S(0.8)));
  FF_ASSERT_TRUE(b.solve(QuadrupedBench<S>::Tangent::Zero(18), FrictionModel::kCone).code != StatusCode::kBadInput);
  const auto& cd = b.stance.contact;
  const int rows = cd.rows();
  FF_ASSERT_TRUE(rows == 6);
  const S epsilon_damping = S(1e-2);  // large enough that δ f stands far above float's rounding
  typename QuadrupedBench<S>::Tangent tau(18);
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 12, 1> f;
  FF_ASSERT_TRUE(holding_torques(b.model, b.ws, cd, tau, &f, epsilon_damping).ok());
  FF_ASSERT_TRUE(f.size() == rows);

  const Eigen::Matrix<S, 6, 6> a = cd.jacobian.topLeftCorner(6, 6).transpose();  // A: 6 × rows
  const Eigen::Matrix<S, 6, 1> c_base = b.ws.bias.template head<6>();
  const S delta = epsilon_damping * (a * a.transpose()).trace() / S(6);
  const Eigen::Matrix<S, 6, 1> misfit = a * f.head(6) - c_base;
  const Eigen::Matrix<S, 6, 1> normal = a.transpose() * misfit + delta * f.head(6);
  // Rounding scale of the normal equations: |A|ᵀ(|A||f| + |C|) + δ|f|.
  const Eigen::Matrix<S, 6, 1> scale = a.cwiseAbs().transpose() * (a.cwiseAbs() * f.head(6).cwiseAbs() + c_base.cwiseAbs()) +
                                       delta * f.head(6).cwiseAbs();
  const S tolerance = ulps<S>(1 << 6) * scale.maxCoeff();
  for (int r = 0; r < 6; ++r) FF_EXPECT_NEAR(normal(r), S(0), tolerance);
  // The damping term is far above that rounding, so forces that ignored it would fail.
  FF_EXPECT_TRUE(delta * f.head(6).cwiseAbs().maxCoeff() > S(64) * tolerance);

  for (int k = 0; k < 18; ++k) {
    S expected = k < 6 ? S(0) : b.ws.bias(k);
    if (k >= 6)
      for (int r = 0; r < rows; ++r) expected -= cd.jacobian(r, k) * f(r);
    FF_EXPECT_NEAR(tau(k), expected, ulps<S>(1 << 8) * (std::abs(b.ws.bias(k)) + cd.jacobian.cwiseAbs().maxCoeff() * f.cwiseAbs().sum()));
  }

  const typename QuadrupedBench<S>::Tangent before = tau;
  const S bad[2] = {S(-1e-4), std::numeric_limits<S>::quiet_NaN()};
  for (const S damping : bad) {
    const Status status = holding_torques(b.model, b.ws, cd, tau, &f, damping);
    FF_EXPECT_TRUE(status.code == StatusCode::kBadInput);
    FF_EXPECT_TRUE(tau == before);
  }
}

// The equations-of-motion check catches what the solve's own terms cannot: with one pivot of
// H's factor doubled, W, q̈ and the contact accelerations all come from the same wrong factor
// and agree with each other, the cone's answer among them, but H q̈ + C − τ − Gᵀf is far from
// zero on H itself. The stance must fail there (it judges a large residual only after summing
// every term's size, dynamics/residual_check.hpp) and pass again on the factor made afresh.
// (Torques that hold the robot still would not do: q̈ = 0 answers them on any factor.)
FF_TEST_FLOAT_AND_DOUBLE(StanceChecks, QuadrupedWrongFactorFailsTheEquationsOfMotion) {
  auto& b = quadruped_bench<S>();
  typename QuadrupedBench<S>::Tangent tau;
  FF_ASSERT_TRUE(held_on_four_feet(b, S(0.8), &tau));
  tau(7) += S(2);  // the front-right thigh and the rear-left calf push a little more
  tau(17) -= S(2);
  FF_ASSERT_TRUE(b.solve(tau, FrictionModel::kCone).ok());
  FF_ASSERT_TRUE(b.result.qdd.cwiseAbs().maxCoeff() > S(1));
  // Doubled pivots of the trunk's height and pitch and of a thigh: each moves H q̈ by more than
  // the check allows in either scalar. (Not every pivot does in float, whose allowance is
  // 8 · 32 (n + 1) ε ≈ 6·10⁻⁴ of the largest row of the terms' sizes: doubling the roll's leaves
  // a residual of 0.16 N m here, inside it, and so do several of the legs' pivots.)
  for (int k : {2, 4, 13}) {
    const S pivot = b.ws.factor(k, k);
    b.ws.factor(k, k) = S(2) * pivot;
    const Status status = b.solve(tau, FrictionModel::kCone);
    FF_EXPECT_TRUE(status.code == StatusCode::kCheckFailed);
    FF_EXPECT_TRUE(std::strcmp(status.field, "stance.equations_of_motion") == 0);
    b.ws.factor(k, k) = pivot;
    FF_EXPECT_TRUE(b.solve(tau, FrictionModel::kCone).ok());
  }
}

// The penetration check reads the normal accelerations off q̈ (G q̈ + Ġv), not off the solver's
// W f + d: a velocity term that changed after the problem was solved (here Ġv of one foot's
// normal row, lowered by 1 m/s²) leaves that foot accelerating into the ground, and the stance
// must fail there, naming the foot, while the same answer on the terms as they were passes.
FF_TEST_FLOAT_AND_DOUBLE(StanceChecks, QuadrupedFootAcceleratingIntoTheGroundFailsPenetration) {
  auto& b = quadruped_bench<S>();
  typename QuadrupedBench<S>::Tangent tau;
  FF_ASSERT_TRUE(held_on_four_feet(b, S(0.8), &tau));
  StanceOptions<S> options;
  options.warm_start = false;
  for (int foot = -1; foot < 4; ++foot) {  // −1: none lowered
    FF_ASSERT_TRUE(detail::prepare_stance(b.model, b.ws, b.contacts, tau, options, b.stance, b.result).ok());
    StanceSolver used = StanceSolver::kAuto;
    detail::run_stance_solver(b.contacts, options, false, b.stance.contact.free_contact_acceleration, b.stance, &used);
    FF_ASSERT_TRUE(b.stance.lcp.ok());
    if (foot >= 0) b.stance.contact.velocity_term(3 * foot) -= S(1);
    const Status status = detail::finish_stance(b.model, b.ws, b.contacts, tau, options, used, b.stance, b.result);
    if (foot < 0) {
      FF_EXPECT_TRUE(status.ok());
    } else {
      FF_EXPECT_TRUE(status.code == StatusCode::kCheckFailed && std::strcmp(status.field, "stance.penetration") == 0 &&
                     status.index == foot);
    }
  }
}

// Workspaces with the room of the friction models they are built for (stance_variables,
// strike_variables): the exact cone's are a quarter of the default's, which holds the 8-facet
// pyramid. On the quadruped standing on four feet and landing on them, they give the default
// workspace's answers to the bit (the same operations on the same numbers), and refuse a model
// they have no room for (Status::Capacity, "stance.variables") rather than solve part of it.
namespace {

template <typename S, int V>
struct SizedTick {
  StanceWorkspace<S, 18, 4, V> stance;
  StrikeWorkspace<S, 18, 4, V> strike;
  StanceResult<S, 18, 4> stance_result;
  StrikeResult<S, 13, 18, 4> strike_result;
};

template <typename S, int V>
void solve_sized(QuadrupedBench<S>& b, const typename QuadrupedBench<S>::Tangent& tau,
                 const typename QuadrupedBench<S>::Tangent& v_minus, FrictionModel friction,
                 StrikeFriction strike_friction, SizedTick<S, V>& t, Status* stance, Status* strike) {
  StanceOptions<S> stance_options;
  stance_options.friction = friction;
  stance_options.warm_start = false;
  *stance = solve_stance(b.model, b.ws, b.contacts, tau, stance_options, t.stance, t.stance_result);
  StrikeOptions<S> strike_options;
  strike_options.friction = strike_friction;
  const typename QuadrupedBench<S>::Config q = test::quadruped_standing_configuration<S>(4);
  *strike = compute_mass_terms(b.model, b.ws, q, v_minus);
  if (strike->ok()) *strike = solve_strike(b.model, b.ws, b.contacts, v_minus, strike_options, t.strike, t.strike_result);
  // The next solve starts from the standing tick's terms again.
  FF_ASSERT_TRUE(b.prepare(q, QuadrupedBench<S>::Tangent::Zero(18)));
}

template <typename A, typename B>
bool same_bits(const A& a, const B& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), sizeof(a.coeff(0)) * static_cast<std::size_t>(a.size())) == 0;
}

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(StanceWorkspaceRoom, ConeSizedWorkspacesGiveTheDefaultsAnswersToTheBit) {
  auto& b = quadruped_bench<S>();
  typename QuadrupedBench<S>::Tangent tau;
  FF_ASSERT_TRUE(held_on_four_feet(b, S(0.8), &tau));
  typename QuadrupedBench<S>::Tangent v_minus = QuadrupedBench<S>::Tangent::Zero(18);
  v_minus(2) = S(-0.5);  // the trunk, level, lands on all four feet at 0.5 m/s
  constexpr int kCone = stance_variables(FrictionModel::kCone, 4);
  static_assert(kCone == strike_variables(StrikeFriction::kCone, 4) && kCone == strike_variables(StrikeFriction::kSticking, 4),
                "the cone and sticking: three unknowns a contact");
  static SizedTick<S, kCone> sized;
  static SizedTick<S, stance_variables(FrictionModel::kPyramid8, 4)> full;
  FF_EXPECT_LT(4 * sizeof(sized.stance.lemke), sizeof(full.stance.lemke) + 1);
  Status sized_stance, sized_strike, full_stance, full_strike;
  solve_sized(b, tau, v_minus, FrictionModel::kCone, StrikeFriction::kCone, sized, &sized_stance, &sized_strike);
  solve_sized(b, tau, v_minus, FrictionModel::kCone, StrikeFriction::kCone, full, &full_stance, &full_strike);
  FF_ASSERT_TRUE(sized_stance.ok() && full_stance.ok() && sized_strike.ok() && full_strike.ok());
  FF_EXPECT_TRUE(same_bits(sized.stance_result.lambda, full.stance_result.lambda));
  FF_EXPECT_TRUE(same_bits(sized.stance_result.qdd, full.stance_result.qdd));
  FF_EXPECT_EQ(sized.stance_result.work, full.stance_result.work);
  FF_EXPECT_TRUE(same_bits(sized.strike_result.v_plus, full.strike_result.v_plus));
  FF_EXPECT_TRUE(same_bits(sized.strike_result.joint_impulse, full.strike_result.joint_impulse));
  for (int i = 0; i < 4; ++i) FF_EXPECT_LT(S(0), sized.strike_result.normal_impulse[i]);

  // A pyramid needs more room than the cone's workspace has: refused, with the count it needed.
  solve_sized(b, tau, v_minus, FrictionModel::kPyramid4, StrikeFriction::kPyramid8, sized, &sized_stance, &sized_strike);
  FF_EXPECT_TRUE(sized_stance.code == StatusCode::kCapacity && std::strcmp(sized_stance.field, "stance.variables") == 0);
  FF_EXPECT_TRUE(sized_strike.code == StatusCode::kCapacity && std::strcmp(sized_strike.field, "stance.variables") == 0);
  FF_EXPECT_TRUE(!sized.stance_result.ok() && !sized.strike_result.ok());
}
