// Fuzzes the fixed-step simulation step (motion/time_stepping.hpp, the Stewart–Trinkle /
// Anitescu–Potra LCP of one step) on the quadruped: a state read from the bytes (pose, velocity,
// τ), up to five ground candidates (one over the capacity) on planes at any offset, any step,
// margin, stabilization, friction and gravity, then up to 24 steps. Beyond fuzz_support.hpp's
// rules: an ok step leaves a finite state, advances the time by h, keeps every normal force
// ≥ 0, and the same sequence run again from the same start gives the same bits.
#include "footfall/motion/time_stepping.hpp"
#include "fuzz_quadruped.hpp"

namespace {

using namespace footfall;
using fuzz::ByteReader;
using fuzz::require;

template <typename S>
struct Scratch {
  using State = RigidMotionState<S, 13, 18, fuzz::kFeet>;
  Workspace<S, 13, 18> ws;
  ContactCandidates<S, fuzz::kFeet> candidates;
  RigidMotionWorkspace<S, 13, 18, fuzz::kFeet> motion, motion_start;
  State state, start, first_end;
  RigidStepReport<S, fuzz::kFeet> report;
  typename QuadrupedModel<S>::TangentVector tau;
};

template <typename S>
TimeSteppingOptions<S> read_options(ByteReader& in) {
  TimeSteppingOptions<S> o;
  o.friction = static_cast<FrictionModel>(in.integer(0, 4));
  if (in.one_in(4)) o.step = in.number<S>(o.step, o.step);
  if (in.one_in(8)) o.margin = in.number<S>(o.margin, o.margin);
  if (in.one_in(8)) o.stabilization = in.number<S>(o.stabilization, S(1));
  if (in.one_in(8)) o.restitution_threshold = in.number<S>(S(0), S(1));
  if (in.one_in(8)) o.contact.gravity = fuzz::read_vector<S>(in, o.contact.gravity, S(10));
  if (in.one_in(8)) o.contact.max_pivots = in.integer(-1, 60);
  return o;
}

// Runs `steps` steps from s.start; returns the status of the last one taken.
template <typename S>
Status run_steps(Scratch<S>& s, const TimeSteppingOptions<S>& o, int steps, bool check) {
  const auto& model = fuzz::quadruped<S>();
  s.state = s.start;
  s.motion = s.motion_start;
  Status status = Status::Ok();
  for (int k = 0; k < steps && status.ok(); ++k) {
    const S before = s.state.time;
    status = advance_time_stepping(model, s.ws, s.candidates, s.tau, o, s.motion, s.state, s.report);
    fuzz::require_well_formed(status);
    if (!check || !status.ok()) continue;
    require(fuzz::all_finite(s.state.q) && fuzz::all_finite(s.state.v), "an ok step left a non-finite state", k);
    require(s.state.time > before, "an ok step did not advance the time", k);
    S scale = std::numeric_limits<S>::min();
    for (int i = 0; i < s.candidates.size(); ++i) scale = std::max(scale, std::abs(s.state.normal_force[i]));
    for (int i = 0; i < s.candidates.size(); ++i)
      require(s.state.normal_force[i] >= -std::sqrt(epsilon<S>()) * scale, "a negative normal force", i);
  }
  return status;
}

template <typename S>
void run(ByteReader& in) {
  static Scratch<S> s;
  s.start = typename Scratch<S>::State();
  s.candidates.clear();
  const int count = fuzz::read_contact_count(in);
  for (int i = 0; i < count; ++i) {
    Contact<S> c = fuzz::read_contact<S>(in, i);
    if (!in.one_in(4)) c.other_body = -1;  // candidates are ground contacts; sometimes not
    const Status added = s.candidates.add(c, in.number<S>(S(0), S(0.1)));
    require(added.ok() == (i < fuzz::kFeet), "the candidates' capacity not enforced", i);
  }
  const TimeSteppingOptions<S> options = read_options<S>(in);
  const int steps = in.integer(1, 24);

  // The state last: the choices above come from the first bytes, which the fuzzer mutates most.
  fuzz::read_configuration<S>(in, s.start.q);
  fuzz::read_tangent<S>(in, s.start.v, S(0), S(1));
  fuzz::read_tangent<S>(in, s.tau, S(0), S(20));

  fuzz::NoHeap no_heap;
  s.motion_start = s.motion;
  const Status first = run_steps(s, options, steps, true);
  s.first_end = s.state;
  const Status second = run_steps(s, options, steps, false);
  require(first.code == second.code, "a repeated run ends differently");
  require(fuzz::same_bits(s.state.q, s.first_end.q), "a repeated run gives other bits");
}

}  // namespace

FOOTFALL_FUZZ_BOTH_SCALARS(run)
