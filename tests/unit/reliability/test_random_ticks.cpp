// Random ticks and determinism (issue 9). Each tick draws a quadruped state the way a robot's
// estimator could report it — trunk height and tilt, joint angles across their range, joint and
// trunk rates, a subset of the four feet in contact with its own μ and e (some of them sphere
// feet, and one tick in eight two points on each of two feet: dependent rows), joint torques — and runs
// what a controller runs: the dynamics terms, the stance solve and the strike prediction on the
// same contacts. Every answer must be ok and pass the conditions it claims (λ ≥ 0, the cone,
// complementarity, no foot leaving the ground approaching it, an inelastic strike losing energy),
// or carry a solver failure (never bad input: every input here is valid) with its documented
// zeroed outputs. Every 7th tick is solved again on a second, separately initialised set of
// workspaces and the two answers compared bit for bit: the same inputs give the same bits, and
// nothing left in a workspace by an earlier tick leaks into a later one.
//
// FOOTFALL_RANDOM_TICKS sets the count (tests/CMakeLists.txt: a million in the host-release
// build, fewer where the code runs unoptimised, sanitised or emulated). On the emulated boards
// the stance and strike solves are also counted in instructions, and the worst of each printed.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "ff_test.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/models.hpp"
#include "footfall/stance.hpp"
#include "footfall/strike.hpp"
#include "instructions_of.hpp"
#include "quadruped_input.hpp"
#include "random.hpp"

#ifndef FOOTFALL_RANDOM_TICKS
#define FOOTFALL_RANDOM_TICKS 200
#endif

namespace {

using namespace footfall;

using test::instructions_of;

// One controller's state for one tick: static (the workspaces are too large for a board's stack).
template <typename S>
struct Tick {
  using Quadruped = QuadrupedModel<S>;
  Workspace<S, 13, 18> ws;
  ContactSet<S, 4> contacts;
  StanceWorkspace<S, 18, 4> stance;
  StanceResult<S, 18, 4> stance_result;
  StrikeWorkspace<S, 18, 4> strike;
  StrikeResult<S, 13, 18, 4> strike_result;
  std::uint32_t stance_instructions = 0, strike_instructions = 0;  // the last run's, on a board

  Status run(const Quadruped& model, const typename Quadruped::ConfigVector& q,
             const typename Quadruped::TangentVector& v, const typename Quadruped::TangentVector& tau,
             Status* strike_status) {
    Status status = compute_tick_terms(model, ws, q, v);
    if (!status.ok()) return status;
    StanceOptions<S> stance_options;
    stance_options.warm_start = false;  // each tick stands alone, as the comparison needs
    stance_instructions =
        instructions_of([&] { status = solve_stance(model, ws, contacts, tau, stance_options, stance, stance_result); });
    strike_instructions = instructions_of(
        [&] { *strike_status = solve_strike(model, ws, contacts, v, StrikeOptions<S>{}, strike, strike_result); });
    return status;
  }
};

template <typename S>
struct Bench {
  QuadrupedModel<S> model;
  Tick<S> first, second;
};

template <typename S>
Bench<S>& bench() {
  static Bench<S> instance;
  return instance;
}

// Bitwise equality of Eigen objects and of plain arrays (NaNs and signed zeros included).
template <typename A, typename B>
bool same_bits(const Eigen::DenseBase<A>& a, const Eigen::DenseBase<B>& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() &&
         std::memcmp(a.derived().data(), b.derived().data(),
                     static_cast<std::size_t>(a.size()) * sizeof(typename A::Scalar)) == 0;
}
// The first `count` entries of two per-contact arrays (slots past the set's count are unused).
template <typename T, std::size_t N>
bool same_bits(const T (&a)[N], const T (&b)[N], int count) {
  return count >= 0 && static_cast<std::size_t>(count) <= N &&
         std::memcmp(a, b, static_cast<std::size_t>(count) * sizeof(T)) == 0;
}

template <typename S>
bool same_stance(const StanceResult<S, 18, 4>& a, const StanceResult<S, 18, 4>& b) {
  return a.status.code == b.status.code && a.count == b.count && a.work == b.work && a.solver == b.solver &&
         same_bits(a.normal_force, b.normal_force, a.count) && same_bits(a.lambda, b.lambda) && same_bits(a.qdd, b.qdd) &&
         same_bits(a.contact_acceleration, b.contact_acceleration) && same_bits(a.tau_contact, b.tau_contact) &&
         std::memcmp(&a.residual, &b.residual, sizeof(S)) == 0;
}

template <typename S>
bool same_strike(const StrikeResult<S, 13, 18, 4>& a, const StrikeResult<S, 13, 18, 4>& b) {
  bool same = a.status.code == b.status.code && a.count == b.count && a.work == b.work &&
              same_bits(a.normal_impulse, b.normal_impulse, a.count) && same_bits(a.departure, b.departure, a.count) &&
              same_bits(a.v_plus, b.v_plus) && same_bits(a.joint_impulse, b.joint_impulse) &&
              same_bits(a.axis_impulse, b.axis_impulse);
  for (int i = 0; i < a.count; ++i) same = same && same_bits(a.frame_impulse[i], b.frame_impulse[i]);
  return same;
}

// A failure a valid input may meet (the solver's limits), never a complaint about the input.
bool solver_failure(StatusCode code) {
  return code == StatusCode::kNoSolutionFound || code == StatusCode::kIterationLimit ||
         code == StatusCode::kCheckFailed || code == StatusCode::kInconsistentFriction ||
         code == StatusCode::kInfeasible;
}

template <typename S>
void draw_tick(test::Random& rng, typename QuadrupedModel<S>::ConfigVector& q, typename QuadrupedModel<S>::TangentVector& v,
               typename QuadrupedModel<S>::TangentVector& tau, ContactSet<S, 4>& contacts, bool* inelastic) {
  q.setZero(19);
  q(2) = rng.uniform(S(0.2), S(0.4));
  const Vector4<S> quaternion = quaternion_from_rotation_vector<S>(rng.vector3<S>(S(0.3)));  // tilt up to ~30°
  for (int k = 0; k < 4; ++k) q(3 + k) = quaternion(k);
  for (int leg = 0; leg < 4; ++leg) {
    q(7 + 3 * leg) = rng.uniform(S(-0.5), S(0.5));    // hip
    q(8 + 3 * leg) = rng.uniform(S(0.0), S(1.6));     // thigh
    q(9 + 3 * leg) = rng.uniform(S(-2.6), S(-0.8));   // calf
  }
  v.setZero(18);
  for (int k = 0; k < 3; ++k) v(k) = rng.uniform(S(-1), S(1));
  for (int k = 3; k < 6; ++k) v(k) = rng.uniform(S(-2), S(2));
  for (int k = 6; k < 18; ++k) v(k) = rng.uniform(S(-6), S(6));
  tau.setZero(18);
  for (int k = 6; k < 18; ++k) tau(k) = rng.uniform(S(-30), S(30));
  contacts.clear();
  const unsigned feet = 1u + static_cast<unsigned>(rng.next() % 15u);  // a non-empty subset
  // One tick in eight puts two points on each of up to two feet, 2 cm apart along the calf's x: an
  // edge of each foot, whose rows depend on one another (the held-contacts finish, least-norm).
  const bool edges = rng.next() % 8u == 0u;
  *inelastic = true;
  for (int leg = 0; leg < 4; ++leg) {
    if (!(feet & (1u << leg))) continue;
    // μ = 0 (ice) and e = 0 (a plastic strike) each about one time in four.
    const S mu = rng.next() % 4u == 0u ? S(0) : rng.uniform(S(0.05), S(1.2));
    const S e = rng.next() % 4u == 0u ? S(0) : rng.uniform(S(0), S(1));
    if (e != S(0)) *inelastic = false;
    const int body = quadruped_calf_body(leg);
    if (edges) {
      if (contacts.count + 2 > 4) break;
      for (const S along : {S(-0.01), S(0.01)})
        contacts.add(Contact<S>::Ground(body, quadruped_foot_point<S>() + Vector3<S>(along, S(0), S(0)), Vector3<S>::UnitZ(),
                                        mu, e));
      continue;
    }
    // A sphere foot of 2 cm about one foot in four (its centre the foot point: the contact 2 cm
    // lower, rolling), else a point foot.
    if (rng.next() % 4u == 0u)
      contacts.add(Contact<S>::Sphere(body, quadruped_foot_point<S>(), S(0.02), Vector3<S>::UnitZ(), mu, e));
    else
      contacts.add(Contact<S>::Ground(body, quadruped_foot_point<S>(), Vector3<S>::UnitZ(), mu, e));
  }
}

// The stance answer against its conditions (RBDA (11.42) and the cone), scaled by its own size
// and by the free contact accelerations d, the scale an iterative answer's accuracy is relative
// to (StanceOptions::tolerance).
template <typename S>
bool stance_holds(const StanceResult<S, 18, 4>& r, const ContactSet<S, 4>& set,
                  const typename ContactDynamics<S, 18, 4>::RowVector& d, S tolerance) {
  S force_scale = S(1), acceleration_scale = S(1);
  for (int k = 0; k < d.size(); ++k) acceleration_scale = std::fmax(acceleration_scale, std::fabs(d(k)));
  for (int k = 0; k < r.lambda.size(); ++k) force_scale = std::fmax(force_scale, std::fabs(r.lambda(k)));
  for (int k = 0; k < r.contact_acceleration.size(); ++k)
    acceleration_scale = std::fmax(acceleration_scale, std::fabs(r.contact_acceleration(k)));
  bool holds = r.qdd.allFinite() && r.lambda.allFinite();
  for (int i = 0; i < r.count; ++i) {
    const S lambda = r.lambda(3 * i), zeta = r.contact_acceleration(3 * i);
    const S tangential = std::sqrt(r.lambda(3 * i + 1) * r.lambda(3 * i + 1) + r.lambda(3 * i + 2) * r.lambda(3 * i + 2));
    holds = holds && lambda >= -tolerance * force_scale && zeta >= -tolerance * acceleration_scale &&
            std::fabs(lambda * zeta) <= tolerance * force_scale * acceleration_scale &&
            tangential <= set[i].mu * lambda + tolerance * force_scale && r.normal_force[i] == lambda;
  }
  return holds;
}

// The strike's answer: impulses pushing, in the cone, no foot leaving approaching the ground
// (ζ⁺ ≥ 0 up to rounding at the speed of the strike), and, when every e is 0, no energy gained.
template <typename S>
bool strike_holds(const StrikeResult<S, 13, 18, 4>& r, const ContactSet<S, 4>& set, bool inelastic, S tolerance) {
  S impulse_scale = S(1e-3), speed_scale = S(1);
  for (int i = 0; i < r.count; ++i) {
    impulse_scale = std::fmax(impulse_scale, r.frame_impulse[i].cwiseAbs().maxCoeff());
    speed_scale = std::fmax(speed_scale, std::fabs(r.approach[i]));
  }
  bool holds = r.v_plus.allFinite() && r.joint_impulse.allFinite();
  for (int i = 0; i < r.count; ++i) {
    const Vector3<S>& iota = r.frame_impulse[i];
    holds = holds && iota(0) >= -tolerance * impulse_scale &&
            std::sqrt(iota(1) * iota(1) + iota(2) * iota(2)) <= set[i].mu * iota(0) + tolerance * impulse_scale &&
            r.departure[i] >= -tolerance * speed_scale;
  }
  if (inelastic)
    holds = holds && r.kinetic_energy_after <= r.kinetic_energy_before * (S(1) + tolerance) + tolerance;
  return holds;
}

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(Reliability, RandomTicksHoldTheirConditionsAndRepeatBitForBit) {
  Bench<S>& b = bench<S>();
  FF_ASSERT_TRUE(build_quadruped_model(&b.model).ok());
  // Rounding grows with the strike's speed and the torques; float carries ~7 digits.
  const S tolerance = sizeof(S) == 4 ? S(2e-3) : S(1e-7);
  test::Random rng(sizeof(S) == 4 ? 20261125u : 20261126u);
  typename QuadrupedModel<S>::ConfigVector q;
  typename QuadrupedModel<S>::TangentVector v, tau;
  long stance_failures[8] = {};  // by StatusCode
  long ok_stance = 0, ok_strike = 0, failed_stance = 0, failed_strike = 0, compared = 0, wrong = 0;
  const long ticks = FOOTFALL_RANDOM_TICKS;
  std::uint32_t worst_stance = 0, worst_strike = 0;  // instructions, on the boards
  int worst_stance_feet = 0, worst_strike_feet = 0;
  for (long t = 0; t < ticks; ++t) {
    bool inelastic = false;
    draw_tick<S>(rng, q, v, tau, b.first.contacts, &inelastic);
    Status strike_status;
    const Status stance_status = b.first.run(b.model, q, v, tau, &strike_status);
    const char* broken = nullptr;  // the first condition that failed
    if (b.first.stance_instructions > worst_stance) {
      worst_stance = b.first.stance_instructions;
      worst_stance_feet = b.first.contacts.count;
    }
    if (b.first.strike_instructions > worst_strike) {
      worst_strike = b.first.strike_instructions;
      worst_strike_feet = b.first.contacts.count;
    }
    if (stance_status.ok()) {
      ++ok_stance;
      if (!stance_holds(b.first.stance_result, b.first.contacts, b.first.stance.contact.free_contact_acceleration,
                        tolerance))
        broken = "stance conditions";
    } else {
      ++failed_stance;
      ++stance_failures[static_cast<int>(stance_status.code) & 7];
      if (!solver_failure(stance_status.code)) broken = "stance status";
      if (!b.first.stance_result.qdd.isZero(S(0)) || !b.first.stance_result.lambda.isZero(S(0)))
        broken = "stance outputs not zeroed";
    }
    if (strike_status.ok()) {
      ++ok_strike;
      if (!strike_holds(b.first.strike_result, b.first.contacts, inelastic, tolerance)) broken = "strike conditions";
    } else {
      ++failed_strike;
      if (!solver_failure(strike_status.code)) broken = "strike status";
    }
    if (t % 7 == 0) {
      // The same tick on the second set of workspaces, which has seen other ticks (or none).
      b.second.contacts = b.first.contacts;
      Status second_strike;
      const Status second_stance = b.second.run(b.model, q, v, tau, &second_strike);
      ++compared;
      if (second_stance.code != stance_status.code || !same_stance(b.first.stance_result, b.second.stance_result))
        broken = "stance repeated differently";
      if (second_strike.code != strike_status.code || !same_strike(b.first.strike_result, b.second.strike_result))
        broken = "strike repeated differently";
    }
    if (broken != nullptr) {
      ++wrong;
      if (wrong <= 5)
        std::printf("  tick %ld: stance %s (%s), strike %s (%s), %d contacts, %s: %s\n", t,
                    to_string(stance_status.code), stance_status.field, to_string(strike_status.code),
                    strike_status.field, b.first.contacts.count, inelastic ? "e = 0" : "elastic", broken);
    }
  }
  std::printf("  %ld random ticks (%s): stance ok %ld, solver failures %ld; strike ok %ld, solver failures %ld; "
              "%ld repeated bit for bit; %ld wrong\n",
              ticks, sizeof(S) == 4 ? "float" : "double", ok_stance, failed_stance, ok_strike, failed_strike, compared,
              wrong);
  if (worst_stance > 0)
    std::printf("    worst instructions over these ticks: stance %lu (%d feet), strike %lu (%d feet)\n",
                static_cast<unsigned long>(worst_stance), worst_stance_feet, static_cast<unsigned long>(worst_strike),
                worst_strike_feet);
  for (int code = 1; code < 8; ++code)
    if (stance_failures[code] > 0)
      std::printf("    stance %s: %ld\n", to_string(static_cast<StatusCode>(code)), stance_failures[code]);
  FF_EXPECT_TRUE(wrong == 0);
  // Solver failures are allowed answers, but a solver that failed on most valid ticks would pass
  // the loop above while being useless: at least 99% must be solved.
  FF_EXPECT_TRUE(failed_stance * 100 <= ticks);
  FF_EXPECT_TRUE(failed_strike * 100 <= ticks);
}
