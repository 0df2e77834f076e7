// Fuzzes the simulators that fuzz_time_step does not, on the quadruped: the event-driven scheme
// of RBDA Table 11.1 (motion/event_driven.hpp), Liu04's variable-step trapezoidal scheme
// (motion/trapezoidal.hpp) and soft contact (motion/soft_contact.hpp). A state read from the
// bytes (pose, velocity, τ), up to five candidates (one over the capacity) on planes at any
// offset, one scheme with any of its options or surface parameters, then up to 8 steps.
// The two rigid schemes end a step at a located landing or lift-off, where a contact that neither
// lands nor leaves once ended every step a bisection after it began (the rod balanced on its
// middle, tests/unit/motion); libFuzzer's timeout catches a step that never ends. Beyond
// fuzz_support.hpp's rules: an ok step leaves a finite state, advances the time by the step it
// reports, leaves no force on an inactive rigid candidate, keeps every normal force ≥ 0 and a
// soft friction force inside its cone, leaves a contact gained at a landing not approaching,
// and the same sequence run again from the same start gives the same bits. Found so far, each
// now a seed named regression-*: a rigid start 18 cm inside a wall, held 12 mm off it with a
// force of the wrong sign (now refused, "state.penetration"), and a soft step whose forces took
// q⁺ to NaN with an ok Status (now "soft.overflow").
#include <cmath>
#include <limits>

#include "footfall/motion/event_driven.hpp"
#include "footfall/motion/soft_contact.hpp"
#include "footfall/motion/trapezoidal.hpp"
#include "fuzz_quadruped.hpp"

namespace {

using namespace footfall;
using fuzz::ByteReader;
using fuzz::require;

enum class Scheme : int { kEventDriven = 0, kTrapezoidal, kSoft };

template <typename S>
using Tangent = typename QuadrupedModel<S>::TangentVector;

// The options both rigid schemes share, each field now and then hostile (the ranges cross zero).
template <typename S>
void read_contact_options(ByteReader& in, RigidContactOptions<S>& o) {
  if (in.one_in(8)) o.gravity = fuzz::read_vector<S>(in, o.gravity, S(10));
  if (in.one_in(8)) o.gap_tolerance = in.number<S>(o.gap_tolerance, o.gap_tolerance);
  if (in.one_in(8)) o.speed_tolerance = in.number<S>(o.speed_tolerance, o.speed_tolerance);
  if (in.one_in(8)) o.min_step = in.number<S>(o.min_step, o.min_step);
  if (in.one_in(8)) o.max_pivots = in.integer(-1, 60);
}

template <typename S>
EventDrivenOptions<S> read_event_driven_options(ByteReader& in) {
  EventDrivenOptions<S> o;
  read_contact_options(in, o.contact);
  if (in.one_in(4)) o.step = in.number<S>(o.step, o.step);
  if (in.one_in(8)) o.event_time_tolerance = in.number<S>(o.event_time_tolerance, o.event_time_tolerance);
  if (in.one_in(8)) o.max_location_iterations = in.integer(0, 201);
  if (in.one_in(8)) o.stabilization_time = in.number<S>(S(0.01), S(0.02));
  return o;
}

template <typename S>
TrapezoidalOptions<S> read_trapezoidal_options(ByteReader& in) {
  TrapezoidalOptions<S> o;
  read_contact_options(in, o.contact);
  o.friction = static_cast<FrictionModel>(in.integer(0, 4));
  if (in.one_in(4)) o.initial_step = in.number<S>(o.initial_step, o.initial_step);
  if (in.one_in(8)) o.max_step = in.number<S>(o.max_step, o.max_step);
  if (in.one_in(8)) o.max_halvings = in.integer(-1, 61);
  if (in.one_in(8)) o.iteration_tolerance = in.number<S>(o.iteration_tolerance, o.iteration_tolerance);
  if (in.one_in(8)) o.max_iterations = in.integer(0, 40);
  if (in.one_in(8)) o.score_limit = in.integer(0, 10);
  return o;
}

template <typename S>
SoftContactParameters<S> read_soft_parameters(ByteReader& in) {
  SoftContactParameters<S> p;
  p.law = static_cast<SoftNormalLaw>(in.integer(0, 2));
  if (p.law == SoftNormalLaw::kHuntCrossley) {  // k δⁿ: a Hertzian sphere's stiffness
    p.normal_stiffness = S(1e6);
    p.normal_damping = S(1e5);
  }
  if (in.one_in(4)) p.normal_stiffness = in.number<S>(p.normal_stiffness, p.normal_stiffness);
  if (in.one_in(4)) p.normal_damping = in.number<S>(p.normal_damping, p.normal_damping);
  if (in.one_in(8)) p.exponent = in.number<S>(p.exponent, S(1));
  if (in.one_in(8)) p.tangential_stiffness = in.number<S>(p.tangential_stiffness, p.tangential_stiffness);
  if (in.one_in(8)) p.tangential_damping = in.number<S>(p.tangential_damping, p.tangential_damping);
  return p;
}

// What an ok step must leave, whatever the scheme.
template <typename S, typename State>
void require_finite_advance(const State& state, S before, S report_time, S report_step, int k) {
  require(fuzz::all_finite(state.q) && fuzz::all_finite(state.v), "an ok step left a non-finite state", k);
  // (An event-driven step that ends at an event a hair after its start may be shorter than the
  // time resolves, late in a float run; its nominal step is not: that the scheme checks.)
  require(state.time > before || !(before + report_step > before), "an ok step did not advance the time", k);
  require(report_time == state.time, "the report's time is not the state's", k);
  require(report_step > S(0) && std::isfinite(report_step), "an ok step reported no step", k);
}

template <typename S>
struct Rigid {
  using State = RigidMotionState<S, 13, 18, fuzz::kFeet>;
  Workspace<S, 13, 18> ws;
  RigidMotionWorkspace<S, 13, 18, fuzz::kFeet> motion, motion_start;
  State state, start, first_end;
  RigidStepReport<S, fuzz::kFeet> report;
  EventDrivenOptions<S> event;
  TrapezoidalOptions<S> trapezoidal;
  bool event_driven = true;

  // Runs `steps` steps from `start`; returns the status of the last one taken.
  Status run_steps(const ContactCandidates<S, fuzz::kFeet>& candidates, const Tangent<S>& tau, int steps, bool check) {
    const auto& model = fuzz::quadruped<S>();
    state = start;
    motion = motion_start;
    Status status = Status::Ok();
    for (int k = 0; k < steps && status.ok(); ++k) {
      const S before = state.time;
      status = event_driven ? advance_event_driven(model, ws, candidates, tau, event, motion, state, report)
                            : advance_trapezoidal(model, ws, candidates, tau, trapezoidal, motion, state, report);
      fuzz::require_well_formed(status);
      if (!check || !status.ok()) continue;
      require_finite_advance(state, before, report.time, report.step, k);
      S scale = std::numeric_limits<S>::min();
      for (int i = 0; i < candidates.size(); ++i) scale = std::max(scale, std::abs(state.normal_force[i]));
      for (int i = 0; i < candidates.size(); ++i) {
        require(std::isfinite(state.normal_force[i]), "a non-finite normal force", i);
        require(state.normal_force[i] >= -std::sqrt(epsilon<S>()) * scale, "a negative normal force", i);
        require(state.active[i] || state.normal_force[i] == S(0), "a force on an inactive candidate", i);
      }
      // A landing the step ended at must leave its contact not approaching, or the next step
      // finds the same landing again at once (a slow one once did, for ever).
      const int gained = report.event_contact;
      if ((report.events & kEventContactGain) && gained >= 0)
        require(report.normal_velocity[gained] >=
                    -std::sqrt(epsilon<S>()) * (S(1) + std::abs(report.approach_velocity[gained])),
                "a landing left its contact approaching", gained);
    }
    return status;
  }
};

template <typename S>
struct Soft {
  using State = SoftMotionState<S, 13, 18, fuzz::kFeet>;
  Workspace<S, 13, 18> ws;
  SoftMotionWorkspace<S, 13, 18> motion;
  State state, start, first_end;
  SoftStepReport<S, fuzz::kFeet> report;
  SoftContactParameters<S> parameters;
  Vector3<S> gravity = standard_gravity<S>();
  S step = S(1e-3);

  Status run_steps(const ContactCandidates<S, fuzz::kFeet>& candidates, const Tangent<S>& tau, int steps, bool check) {
    const auto& model = fuzz::quadruped<S>();
    state = start;
    Status status = Status::Ok();
    for (int k = 0; k < steps && status.ok(); ++k) {
      const S before = state.time;
      status = advance_soft_contact(model, ws, candidates, tau, parameters, gravity, step, motion, state, report);
      fuzz::require_well_formed(status);
      if (!check || !status.ok()) continue;
      require_finite_advance(state, before, report.time, report.step, k);
      require(std::isfinite(report.contact_work) && std::isfinite(report.stored_energy) && report.stored_energy >= S(0),
              "an ok step's energies not finite, or stored energy < 0", k);
      for (int i = 0; i < candidates.size(); ++i) {
        const SoftContactForce<S>& f = report.force[i];
        require(std::isfinite(f.normal) && f.normal >= S(0) && fuzz::all_finite(f.friction),
                "a soft force not finite, or a normal force < 0", i);
        const S limit = candidates.contacts[i].mu * f.normal;
        require(f.friction.norm() <= limit + S(8) * epsilon<S>() * limit, "a soft friction force outside its cone", i);
      }
    }
    return status;
  }
};

// Runs the scheme's steps twice from the same start: the first checked, the second compared.
template <typename S, typename Runner>
void run_twice(Runner& r, const ContactCandidates<S, fuzz::kFeet>& candidates, const Tangent<S>& tau, int steps) {
  const Status first = r.run_steps(candidates, tau, steps, true);
  r.first_end = r.state;
  const Status second = r.run_steps(candidates, tau, steps, false);
  require(first.code == second.code, "a repeated run ends differently");
  require(fuzz::same_bits(r.state.q, r.first_end.q) && fuzz::same_bits(r.state.v, r.first_end.v),
          "a repeated run gives other bits");
}

template <typename S>
void run(ByteReader& in) {
  static Rigid<S> rigid;
  static Soft<S> soft;
  static ContactCandidates<S, fuzz::kFeet> candidates;
  static Tangent<S> tau;
  const auto scheme = static_cast<Scheme>(in.integer(0, 2));
  // The event-driven scheme is frictionless and refuses μ ≠ 0: its candidates mostly have none.
  const bool frictionless = scheme == Scheme::kEventDriven && !in.one_in(8);
  candidates.clear();
  const int count = fuzz::read_contact_count(in);
  for (int i = 0; i < count; ++i) {
    Contact<S> c = fuzz::read_contact<S>(in, i);
    if (!in.one_in(4)) c.other_body = -1;  // candidates are ground contacts; sometimes not
    if (frictionless) c.mu = S(0);
    const Status added = candidates.add(c, in.number<S>(S(0), S(0.1)));
    require(added.ok() == (i < fuzz::kFeet), "the candidates' capacity not enforced", i);
  }
  rigid.event_driven = scheme == Scheme::kEventDriven;
  if (scheme == Scheme::kEventDriven) rigid.event = read_event_driven_options<S>(in);
  if (scheme == Scheme::kTrapezoidal) rigid.trapezoidal = read_trapezoidal_options<S>(in);
  if (scheme == Scheme::kSoft) {
    soft.parameters = read_soft_parameters<S>(in);
    soft.gravity = in.one_in(8) ? fuzz::read_vector<S>(in, standard_gravity<S>(), S(10)) : standard_gravity<S>();
    soft.step = in.one_in(4) ? in.number<S>(S(1e-3), S(1e-3)) : S(1e-3);
  }
  const int steps = in.integer(1, 8);

  // The state last: the choices above come from the first bytes, which the fuzzer mutates most.
  Tangent<S>& v = scheme == Scheme::kSoft ? soft.start.v : rigid.start.v;
  auto& q = scheme == Scheme::kSoft ? soft.start.q : rigid.start.q;
  rigid.start = typename Rigid<S>::State();
  soft.start = typename Soft<S>::State();
  fuzz::read_configuration<S>(in, q);
  fuzz::read_tangent<S>(in, v, S(0), S(1));
  fuzz::read_tangent<S>(in, tau, S(0), S(20));
  // Now and then a late start: in float, past 2¹⁵ s a 1 ms step no longer moves the time.
  if (in.one_in(16)) rigid.start.time = soft.start.time = in.number<S>(S(0), S(1e5));

  fuzz::NoHeap no_heap;
  if (scheme == Scheme::kSoft) {
    run_twice<S>(soft, candidates, tau, steps);
  } else {
    rigid.motion_start = rigid.motion;
    run_twice<S>(rigid, candidates, tau, steps);
  }
}

}  // namespace

FOOTFALL_FUZZ_BOTH_SCALARS(run)
