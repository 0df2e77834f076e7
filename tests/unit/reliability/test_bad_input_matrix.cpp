// The bad-input matrix (issue 9): one table that feeds every public entry point of the core each
// class of bad input it can be given — NaN and Inf anywhere, zero and negative mass, inertia that
// is not positive definite, zero and non-unit normals, μ < 0, e outside [0, 1], duplicate and
// positively dependent contacts, more contacts than the capacity, body indices out of range,
// singular configurations, infeasible and degenerate LCPs — and checks the documented answer:
// the Status's code, the field it names and the index it gives; what the caller owns left as it
// was; a failed result in its documented state (zero forces, impulses and z; the Status stored);
// and, where the input is odd but valid (duplicates, a straight leg, a degenerate LCP), a
// solution that meets its conditions.
//
// Each row starts from one valid world (the quadruped standing on four feet at rest, a small
// PSD LCP, a model half built), spoils one thing, makes one call. The per-module validation
// suites test every field of each entry point; this table is the cross-cut: every class against
// every entry point that takes it, in one place, on the host and on the boards.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>

#include "ff_test.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/executive/executive.hpp"
#include "footfall/lcp.hpp"
#include "footfall/models.hpp"
#include "footfall/motion/event_driven.hpp"
#include "footfall/motion/soft_contact.hpp"
#include "footfall/motion/time_stepping.hpp"
#include "footfall/motion/trapezoidal.hpp"
#include "footfall/stance.hpp"
#include "footfall/strike.hpp"
#include "quadruped_input.hpp"

namespace {

using namespace footfall;

constexpr int kBodies = 13, kDofs = 18, kFeet = 4, kLcp = 4;

// The entry points, each called one way by call() below.
enum class Entry {
  kMassProperties,  // Inertia::FromMassComInertia
  kAddBody,         // ModelBuilder::add_body
  kKinematics,      // forward_kinematics
  kMassMatrix,      // mass_matrix
  kFactor,          // factorize_mass_matrix
  kFactorUnrolled,  // factorize_mass_matrix_unrolled<QuadrupedTopology>
  kBias,            // bias_forces
  kTickTerms,       // compute_tick_terms
  kRnea,
  kAba,
  kJacobian,        // point_jacobian
  kAddContact,      // ContactSet::add
  kStance,          // solve_stance
  kStrike,          // solve_strike
  kAddCandidate,    // ContactCandidates::add
  kTimeStepping,    // advance_time_stepping
  kEventDriven,     // advance_event_driven
  kTrapezoidal,     // advance_trapezoidal
  kSoftContact,     // advance_soft_contact
  kResizeLcp,       // LcpProblem::resize
  kLemke,           // solve_lemke
  kPgs,             // solve_pgs
  kEnumeration,     // solve_by_enumeration
  kExecutive,       // run_executive
};

const char* name_of(Entry e) {
  static const char* const kNames[] = {
      "Inertia::FromMassComInertia", "ModelBuilder::add_body", "forward_kinematics", "mass_matrix",
      "factorize_mass_matrix",       "factorize_mass_matrix_unrolled", "bias_forces", "compute_tick_terms", "rnea", "aba",
      "point_jacobian",              "ContactSet::add",        "solve_stance",       "solve_strike",
      "ContactCandidates::add",      "advance_time_stepping",  "advance_event_driven", "advance_trapezoidal",
      "advance_soft_contact",        "LcpProblem::resize",     "solve_lemke",        "solve_pgs",
      "solve_by_enumeration",        "run_executive"};
  return kNames[static_cast<int>(e)];
}

// Everything any row touches, in one valid state after reset(). Static: far too large for a
// board's stack.
template <typename S>
struct World {
  using Quadruped = QuadrupedModel<S>;
  using Config = typename Quadruped::ConfigVector;
  using Tangent = typename Quadruped::TangentVector;

  Quadruped model;
  Workspace<S, kBodies, kDofs> ws;
  Config q;
  Tangent v, tau, qdd;
  Vector3<S> gravity;

  // Mass properties, and a builder holding a trunk to which one more body is added.
  S mass;
  Vector3<S> com;
  Matrix3<S> inertia_about_com;
  Inertia<S> inertia_out;
  ModelBuilder<S, 2, 7> builder;
  Model<S, 2, 7> built;
  const char* body_name;
  int parent;
  JointSpec<S> joint;
  Inertia<S> body_inertia;

  int body;
  Vector3<S> point;
  Eigen::Matrix<S, 3, kDofs> jacobian;

  Contact<S> extra;  // the contact or candidate an add() row adds
  ContactSet<S, kFeet> contacts;
  StanceOptions<S> stance_options;
  StanceWorkspace<S, kDofs, kFeet> stance;
  StanceResult<S, kDofs, kFeet> stance_result;
  StrikeOptions<S> strike_options;
  StrikeWorkspace<S, kDofs, kFeet> strike;
  StrikeResult<S, kBodies, kDofs, kFeet> strike_result;

  ContactCandidates<S, kFeet> candidates;
  TimeSteppingOptions<S> time_stepping;
  EventDrivenOptions<S> event_driven;
  TrapezoidalOptions<S> trapezoidal;
  RigidMotionWorkspace<S, kBodies, kDofs, kFeet> motion;
  RigidMotionState<S, kBodies, kDofs, kFeet> state;
  RigidStepReport<S, kFeet> report;

  SoftContactParameters<S> soft;
  S soft_step;
  SoftMotionWorkspace<S, kBodies, kDofs> soft_motion;
  SoftMotionState<S, kBodies, kDofs, kFeet> soft_state;
  SoftStepReport<S, kFeet> soft_report;

  int lcp_size;
  LcpProblem<S, kLcp> lcp;
  LemkeOptions<S> lemke_options;
  PgsOptions<S> pgs_options;
  EnumerationOptions<S> enumeration_options;
  LemkeWorkspace<S, kLcp> lemke;
  PgsWorkspace<S, kLcp> pgs;
  EnumerationWorkspace<S, kLcp> enumeration;
  LcpResult<S, kLcp> lcp_result;

  // A 1 kHz loop of one stage on a clock that only moves when told.
  struct Clock {
    ClockTicks time = 1000;
    ClockTicks now() noexcept { return time; }
    void sleep_until(ClockTicks deadline) noexcept { time = deadline > time ? deadline : time; }
  } clock;
  ExecutiveConfig<2> executive;
  long ticks;
  ExecutiveReport<2> executive_report;
};

Status idle_stage(void*, StageMode) noexcept { return Status::Ok(); }

template <typename S>
World<S>& world() {
  static World<S> instance;
  return instance;
}

template <typename S>
S nan() {
  return std::numeric_limits<S>::quiet_NaN();
}
template <typename S>
S inf() {
  return std::numeric_limits<S>::infinity();
}

// The quadruped standing level at 0.3 m on its four feet, at rest (the firmware's pose), with
// the dynamics terms of that tick; the candidates are the same feet on the ground plane. A
// plain 2×2 PSD LCP, M = [2 1; 1 2], q = (−1, 1). A builder with its trunk.
template <typename S>
bool reset(World<S>& w, bool straight_legs = false) {
  if (!build_quadruped_model(&w.model).ok()) return false;
  w.q.resize(19);
  w.q << S(0), S(0), S(0.3), S(0), S(0), S(0), S(1), S(0), S(0.8), S(-1.6), S(0), S(0.8), S(-1.6), S(0), S(0.8),
      S(-1.6), S(0), S(0.8), S(-1.6);
  if (straight_legs)
    for (int leg = 0; leg < 4; ++leg) w.q(8 + 3 * leg) = w.q(9 + 3 * leg) = S(0);
  w.v = World<S>::Tangent::Zero(kDofs);
  w.tau = World<S>::Tangent::Zero(kDofs);
  w.qdd = World<S>::Tangent::Zero(kDofs);
  w.gravity = standard_gravity<S>();
  if (!compute_tick_terms(w.model, w.ws, w.q, w.v, w.gravity).ok()) return false;

  w.mass = S(2);
  w.com = Vector3<S>(S(0), S(0), S(0.1));
  w.inertia_about_com = Vector3<S>(S(0.02), S(0.03), S(0.04)).asDiagonal();
  w.inertia_out = Inertia<S>();
  w.builder = ModelBuilder<S, 2, 7>();
  Inertia<S> trunk;
  const Matrix3<S> trunk_about_com = Vector3<S>(S(0.1), S(0.2), S(0.2)).asDiagonal();
  if (!Inertia<S>::FromMassComInertia(S(5), Vector3<S>::Zero(), trunk_about_com, &trunk).ok()) return false;
  if (!w.builder.add_body("trunk", -1, JointSpec<S>::FreeFlyer(), trunk).ok()) return false;
  w.built = Model<S, 2, 7>();
  w.body_name = "leg";
  w.parent = 0;
  w.joint = JointSpec<S>::Revolute(Vector3<S>::UnitY());
  if (!Inertia<S>::FromMassComInertia(w.mass, w.com, w.inertia_about_com, &w.body_inertia).ok()) return false;

  w.body = quadruped_calf_body(0);
  w.point = quadruped_foot_point<S>();
  w.jacobian.setZero();

  w.contacts.clear();
  w.candidates.clear();
  for (int foot = 0; foot < kFeet; ++foot) {
    const Contact<S> c = Contact<S>::Ground(quadruped_calf_body(foot), quadruped_foot_point<S>(), Vector3<S>::UnitZ(), S(0.8));
    if (!w.contacts.add(c).ok() || !w.candidates.add(c).ok()) return false;
  }
  w.extra = w.contacts[0];
  w.stance_options = StanceOptions<S>();
  w.stance_options.warm_start = false;
  w.stance_result = StanceResult<S, kDofs, kFeet>();
  w.strike_options = StrikeOptions<S>();
  w.strike_result = StrikeResult<S, kBodies, kDofs, kFeet>();
  w.time_stepping = TimeSteppingOptions<S>();
  w.event_driven = EventDrivenOptions<S>();
  w.trapezoidal = TrapezoidalOptions<S>();
  w.state = RigidMotionState<S, kBodies, kDofs, kFeet>();
  w.state.q = w.q;
  w.state.v = w.v;
  w.report = RigidStepReport<S, kFeet>();
  w.soft = SoftContactParameters<S>();
  w.soft_step = S(1e-3);
  w.soft_state = SoftMotionState<S, kBodies, kDofs, kFeet>();
  w.soft_state.q = w.q;
  w.soft_state.v = w.v;
  w.soft_report = SoftStepReport<S, kFeet>();

  w.lcp_size = 2;
  if (!w.lcp.resize(2).ok()) return false;
  w.lcp.m << S(2), S(1), S(1), S(2);
  w.lcp.q << S(-1), S(1);
  w.lemke_options = LemkeOptions<S>();
  w.pgs_options = PgsOptions<S>();
  w.enumeration_options = EnumerationOptions<S>();
  w.lcp_result = LcpResult<S, kLcp>();

  w.clock = typename World<S>::Clock();
  w.executive = ExecutiveConfig<2>();
  w.executive.period = 1000;
  w.executive.stages[0].name = "idle";
  w.executive.stages[0].run = idle_stage;
  w.executive.stage_count = 1;
  w.ticks = 10;
  w.executive_report = ExecutiveReport<2>();
  return true;
}

// One call of the entry point on the world.
template <typename S>
Status call(World<S>& w, Entry e) {
  switch (e) {
    case Entry::kMassProperties:
      return Inertia<S>::FromMassComInertia(w.mass, w.com, w.inertia_about_com, &w.inertia_out);
    case Entry::kAddBody:
      return w.builder.add_body(w.body_name, w.parent, w.joint, w.body_inertia);
    case Entry::kKinematics:
      return forward_kinematics(w.model, w.ws, w.q, w.v);
    case Entry::kMassMatrix:
      return mass_matrix(w.model, w.ws);
    case Entry::kFactor:
      return factorize_mass_matrix(w.model, w.ws);
    case Entry::kFactorUnrolled:
      return factorize_mass_matrix_unrolled<QuadrupedTopology>(w.model, w.ws);
    case Entry::kBias:
      return bias_forces(w.model, w.ws, w.gravity);
    case Entry::kTickTerms:
      return compute_tick_terms(w.model, w.ws, w.q, w.v, w.gravity);
    case Entry::kRnea:
      return rnea(w.model, w.ws, w.q, w.v, w.qdd, w.gravity);
    case Entry::kAba:
      return aba(w.model, w.ws, w.q, w.v, w.tau, w.gravity);
    case Entry::kJacobian:
      return point_jacobian(w.model, w.ws, w.body, w.point, w.jacobian);
    case Entry::kAddContact:
      return w.contacts.add(w.extra);
    case Entry::kStance:
      return solve_stance(w.model, w.ws, w.contacts, w.tau, w.stance_options, w.stance, w.stance_result);
    case Entry::kStrike:
      return solve_strike(w.model, w.ws, w.contacts, w.v, w.strike_options, w.strike, w.strike_result);
    case Entry::kAddCandidate:
      return w.candidates.add(w.extra);
    case Entry::kTimeStepping:
      return advance_time_stepping(w.model, w.ws, w.candidates, w.tau, w.time_stepping, w.motion, w.state, w.report);
    case Entry::kEventDriven:
      return advance_event_driven(w.model, w.ws, w.candidates, w.tau, w.event_driven, w.motion, w.state, w.report);
    case Entry::kTrapezoidal:
      return advance_trapezoidal(w.model, w.ws, w.candidates, w.tau, w.trapezoidal, w.motion, w.state, w.report);
    case Entry::kSoftContact:
      return advance_soft_contact(w.model, w.ws, w.candidates, w.tau, w.soft, w.gravity, w.soft_step, w.soft_motion,
                                  w.soft_state, w.soft_report);
    case Entry::kResizeLcp:
      return w.lcp.resize(w.lcp_size);
    case Entry::kLemke:
      return (w.lcp_result = solve_lemke(w.lcp, w.lemke, w.lemke_options)).status;
    case Entry::kPgs:
      return (w.lcp_result = solve_pgs(w.lcp, w.pgs, w.pgs_options)).status;
    case Entry::kEnumeration:
      return (w.lcp_result = solve_by_enumeration(w.lcp, w.enumeration, w.enumeration_options)).status;
    case Entry::kExecutive:
      return run_executive(w.clock, w.executive, w.ticks, w.executive_report);
  }
  return Status::CheckFailed("test.entry");
}

// What the caller owns and a failed call must leave as it was (the documented state), as
// (address, size) pairs.
struct Span {
  const void* data;
  std::size_t size;
};
template <typename T>
Span span_of(const T& object) {
  return Span{&object, sizeof(T)};
}

// FNV-1a over an object's bytes: a fingerprint taken before the call and compared after it
// (copies of the model and workspace would not fit beside the world in a board's RAM).
std::uint64_t fingerprint(const Span& span) {
  const auto* bytes = static_cast<const unsigned char*>(span.data);
  std::uint64_t hash = 14695981039346656037ull;
  for (std::size_t i = 0; i < span.size; ++i) hash = (hash ^ bytes[i]) * 1099511628211ull;
  return hash;
}

template <typename S>
int owned_by_caller(const World<S>& w, Entry e, Span* out) {
  int n = 0;
  out[n++] = span_of(w.model);  // every call reads the model and none may write it
  switch (e) {
    case Entry::kMassProperties: out[n++] = span_of(w.inertia_out); break;
    case Entry::kAddBody: out[n++] = span_of(w.built); break;  // and build() reports the error
    case Entry::kKinematics:
    case Entry::kMassMatrix:
    case Entry::kFactor:
    case Entry::kFactorUnrolled:
    case Entry::kBias:
    case Entry::kTickTerms:
    case Entry::kRnea:
    case Entry::kAba: out[n++] = span_of(w.ws); break;
    case Entry::kJacobian: out[n++] = span_of(w.jacobian); break;
    case Entry::kAddContact:
    case Entry::kStance:
    case Entry::kStrike: out[n++] = span_of(w.ws); out[n++] = span_of(w.contacts); break;
    case Entry::kAddCandidate:
    case Entry::kTimeStepping:
    case Entry::kEventDriven:
    case Entry::kTrapezoidal: out[n++] = span_of(w.candidates); out[n++] = span_of(w.state); break;
    case Entry::kSoftContact: out[n++] = span_of(w.candidates); out[n++] = span_of(w.soft_state); break;
    case Entry::kResizeLcp:
    case Entry::kLemke:
    case Entry::kPgs:
    case Entry::kEnumeration: out[n++] = span_of(w.lcp); break;
    case Entry::kExecutive: out[n++] = span_of(w.clock); break;  // no tick ran, no time read
  }
  return n;
}

// A failed solve's result in its documented state: its Status stored, every force, impulse or z
// zero (solve_stance.hpp, solve_strike.hpp, lcp/result.hpp).
template <typename S>
bool result_reset(const World<S>& w, Entry e, const Status& status) {
  if (e == Entry::kStance) {
    const auto& r = w.stance_result;
    bool zero = r.status.code == status.code && r.qdd.isZero(0) && r.tau_contact.isZero(0) && r.lambda.isZero(0);
    for (int i = 0; i < r.count; ++i) zero = zero && r.normal_force[i] == S(0) && r.force[i].isZero(0);
    return zero;
  }
  if (e == Entry::kStrike) {
    const auto& r = w.strike_result;
    bool zero = r.status.code == status.code && r.v_plus.isZero(0) && r.joint_impulse.isZero(0);
    for (int i = 0; i < r.count; ++i) zero = zero && r.normal_impulse[i] == S(0) && r.impulse[i].isZero(0);
    return zero;
  }
  if (e == Entry::kTimeStepping || e == Entry::kEventDriven || e == Entry::kTrapezoidal)
    return w.report.status.code == status.code;
  if (e == Entry::kSoftContact) return w.soft_report.status.code == status.code;
  if (e == Entry::kExecutive) return w.executive_report.status.code == status.code && w.executive_report.ticks == 0;
  if (e == Entry::kLemke || e == Entry::kPgs || e == Entry::kEnumeration)
    return w.lcp_result.status.code == status.code && w.lcp_result.z.isZero(0) && w.lcp_result.w.isZero(0);
  return true;
}

// A row of the matrix: the class of bad input, the entry point, how the valid world is spoiled
// and the documented answer. kAnyIndex: the row does not pin the index.
constexpr int kAnyIndex = -2;
template <typename S>
struct Row {
  const char* bad;
  Entry entry;
  void (*spoil)(World<S>&);
  StatusCode code;
  const char* field;  // for kOk rows, nullptr
  int index;
};

template <typename S>
void spoil_foot_normal(World<S>& w, const Vector3<S>& normal) {
  w.contacts[2].normal = normal;
  w.candidates.contacts[2].normal = normal;
}

// The matrix. Rows are grouped by class of bad input; within a class, one per entry point that
// takes that input.
template <typename S>
int rows(const Row<S>** out) {
  using C = StatusCode;
  using W = World<S>;
  static const Row<S> kRows[] = {
      // NaN and Inf anywhere: mass properties, joint data, the state, τ, gravity, a contact's
      // every number, the plane, options, the LCP.
      {"NaN mass", Entry::kMassProperties, [](W& w) { w.mass = nan<S>(); }, C::kBadInput, "mass", -1},
      {"Inf centre of mass", Entry::kMassProperties, [](W& w) { w.com.y() = inf<S>(); }, C::kBadInput, "com", -1},
      {"NaN inertia", Entry::kMassProperties, [](W& w) { w.inertia_about_com(1, 1) = nan<S>(); }, C::kBadInput, "inertia", -1},
      {"NaN joint axis", Entry::kAddBody, [](W& w) { w.joint.axis.x() = nan<S>(); }, C::kBadInput, "joint.axis", 1},
      {"Inf joint placement", Entry::kAddBody, [](W& w) { w.joint.placement = Transform<S>(Matrix3<S>::Identity(), Vector3<S>(S(0), S(0), inf<S>())); }, C::kBadInput, "joint.placement.translation", 1},
      {"NaN armature", Entry::kAddBody, [](W& w) { w.joint.armature = nan<S>(); }, C::kBadInput, "joint.armature", 1},
      {"NaN in q", Entry::kKinematics, [](W& w) { w.q(9) = nan<S>(); }, C::kBadInput, "q", 9},
      {"Inf in v", Entry::kKinematics, [](W& w) { w.v(4) = inf<S>(); }, C::kBadInput, "v", 4},
      {"NaN gravity", Entry::kBias, [](W& w) { w.gravity.z() = nan<S>(); }, C::kBadInput, "gravity", -1},
      {"NaN in q", Entry::kTickTerms, [](W& w) { w.q(12) = nan<S>(); }, C::kBadInput, "q", 12},
      {"Inf in v", Entry::kTickTerms, [](W& w) { w.v(17) = -inf<S>(); }, C::kBadInput, "v", 17},
      {"Inf gravity", Entry::kTickTerms, [](W& w) { w.gravity.x() = inf<S>(); }, C::kBadInput, "gravity", -1},
      {"NaN in q̈", Entry::kRnea, [](W& w) { w.qdd(17) = nan<S>(); }, C::kBadInput, "qdd", 17},
      {"Inf in τ", Entry::kAba, [](W& w) { w.tau(0) = inf<S>(); }, C::kBadInput, "tau", 0},
      {"NaN in q", Entry::kAba, [](W& w) { w.q(0) = nan<S>(); }, C::kBadInput, "q", 0},
      {"NaN point", Entry::kJacobian, [](W& w) { w.point.z() = nan<S>(); }, C::kBadInput, "point", 3},  // foot 0's calf
      {"NaN contact point", Entry::kStance, [](W& w) { w.contacts[1].point.x() = nan<S>(); }, C::kBadInput, "contacts.point", 1},
      {"Inf μ", Entry::kStance, [](W& w) { w.contacts[3].mu = inf<S>(); }, C::kBadInput, "contacts.mu", 3},
      {"NaN in τ", Entry::kStance, [](W& w) { w.tau(11) = nan<S>(); }, C::kBadInput, "tau", 11},
      {"NaN option", Entry::kStance, [](W& w) { w.stance_options.tolerance = nan<S>(); }, C::kBadInput, "options.tolerance", -1},
      {"NaN restitution", Entry::kStrike, [](W& w) { w.contacts[0].restitution = nan<S>(); }, C::kBadInput, "contacts.restitution", 0},
      {"Inf in v⁻", Entry::kStrike, [](W& w) { w.v(7) = inf<S>(); }, C::kBadInput, "v", 7},
      {"NaN curvature", Entry::kStrike, [](W& w) { w.contacts[2].curvature = nan<S>(); }, C::kBadInput, "contacts.curvature", 2},
      {"NaN sphere radius", Entry::kStance, [](W& w) { w.contacts[2].radius = nan<S>(); }, C::kBadInput, "contacts.radius", 2},
      {"Inf sphere radius", Entry::kStrike, [](W& w) { w.contacts[1].radius = inf<S>(); }, C::kBadInput, "contacts.radius", 1},
      {"NaN sphere radius", Entry::kTimeStepping, [](W& w) { w.candidates.contacts[0].radius = nan<S>(); }, C::kBadInput, "contacts.radius", 0},
      {"Inf plane offset", Entry::kTimeStepping, [](W& w) { w.candidates.plane_offset[1] = inf<S>(); }, C::kBadInput, "candidates.plane_offset", 1},
      {"NaN in the state's v", Entry::kTimeStepping, [](W& w) { w.state.v(3) = nan<S>(); }, C::kBadInput, "state.v", 3},
      {"NaN step", Entry::kTimeStepping, [](W& w) { w.time_stepping.step = nan<S>(); }, C::kBadInput, "options.step", -1},
      {"a time a step no longer moves", Entry::kTimeStepping, [](W& w) { w.state.time = S(1e30); }, C::kBadInput, "state.time", -1},
      {"a time a step no longer moves", Entry::kSoftContact, [](W& w) { w.soft_state.time = S(1e30); }, C::kBadInput, "state.time", -1},
      {"Inf in τ", Entry::kEventDriven, [](W& w) { w.tau(5) = inf<S>(); }, C::kBadInput, "tau", 5},
      {"NaN gravity", Entry::kEventDriven, [](W& w) { w.event_driven.contact.gravity.x() = nan<S>(); }, C::kBadInput, "options.gravity", -1},
      {"NaN in the state's q", Entry::kTrapezoidal, [](W& w) { w.state.q(2) = nan<S>(); }, C::kBadInput, "q", 2},
      {"NaN tolerance", Entry::kTrapezoidal, [](W& w) { w.trapezoidal.iteration_tolerance = nan<S>(); }, C::kBadInput, "options.iteration_tolerance", -1},
      {"a foot starting 5 cm inside its plane", Entry::kEventDriven, [](W& w) {
         for (int i = 0; i < w.candidates.size(); ++i) w.candidates.contacts[i].mu = S(0);  // frictionless, as the scheme needs
         w.candidates.plane_offset[2] = S(0.05);
       }, C::kBadInput, "state.penetration", 2},
      {"a foot starting 5 cm inside its plane", Entry::kTrapezoidal, [](W& w) { w.candidates.plane_offset[1] = S(0.05); }, C::kBadInput, "state.penetration", 1},
      {"negative start penetration allowed", Entry::kTrapezoidal, [](W& w) { w.trapezoidal.contact.max_start_penetration = S(-1e-3); }, C::kBadInput, "options.max_start_penetration", -1},
      {"NaN in τ", Entry::kSoftContact, [](W& w) { w.tau(6) = nan<S>(); }, C::kBadInput, "tau", 6},
      {"NaN in the state's q", Entry::kSoftContact, [](W& w) { w.soft_state.q(1) = nan<S>(); }, C::kBadInput, "q", 1},
      {"Inf step", Entry::kSoftContact, [](W& w) { w.soft_step = inf<S>(); }, C::kBadInput, "step", -1},
      {"a foot pressed in beyond the scalar's range", Entry::kSoftContact,
       [](W& w) { w.candidates.plane_offset[0] = S(10) * std::sqrt(std::numeric_limits<S>::max()); }, C::kBadInput, "soft.overflow", -1},
      {"NaN in M", Entry::kLemke, [](W& w) { w.lcp.m(1, 0) = nan<S>(); }, C::kBadInput, "lcp.m", 2},
      {"Inf in q", Entry::kLemke, [](W& w) { w.lcp.q(1) = inf<S>(); }, C::kBadInput, "lcp.q", 1},
      {"NaN in M", Entry::kPgs, [](W& w) { w.lcp.m(0, 1) = nan<S>(); }, C::kBadInput, "lcp.m", 1},
      {"NaN tolerance", Entry::kPgs, [](W& w) { w.pgs_options.tolerance = nan<S>(); }, C::kBadInput, "pgs.tolerance", -1},
      {"NaN accuracy", Entry::kLemke, [](W& w) { w.lemke_options.accuracy = nan<S>(); }, C::kBadInput, "lemke.accuracy", -1},
      {"Inf in q", Entry::kEnumeration, [](W& w) { w.lcp.q(0) = -inf<S>(); }, C::kBadInput, "lcp.q", 0},

      // An accuracy of 1 or more on the data's scale, under which z = 0 passes every check.
      {"tolerance 1", Entry::kStance, [](W& w) { w.stance_options.tolerance = S(1); }, C::kBadInput, "options.tolerance", -1},
      {"tolerance 10", Entry::kStrike, [](W& w) { w.strike_options.tolerance = S(10); }, C::kBadInput, "options.tolerance", -1},
      {"tolerance 1", Entry::kPgs, [](W& w) { w.pgs_options.tolerance = S(1); }, C::kBadInput, "pgs.tolerance", -1},
      {"accuracy 2", Entry::kLemke, [](W& w) { w.lemke_options.accuracy = S(2); }, C::kBadInput, "lemke.accuracy", -1},
      {"accuracy 1", Entry::kEnumeration, [](W& w) { w.enumeration_options.accuracy = S(1); }, C::kBadInput, "enumeration.accuracy", -1},

      // Zero and negative mass.
      {"zero mass", Entry::kMassProperties, [](W& w) { w.mass = S(0); }, C::kBadInput, "mass", -1},
      {"negative mass", Entry::kMassProperties, [](W& w) { w.mass = S(-1); }, C::kBadInput, "mass", -1},
      {"negative sphere radius", Entry::kStance, [](W& w) { w.contacts[0].radius = S(-0.02); }, C::kBadInput, "contacts.radius", 0},
      {"zero step", Entry::kSoftContact, [](W& w) { w.soft_step = S(0); }, C::kBadInput, "step", -1},
      {"negative stiffness", Entry::kSoftContact, [](W& w) { w.soft.normal_stiffness = S(-1); }, C::kBadInput, "soft.normal_stiffness", -1},
      {"zero period", Entry::kExecutive, [](W& w) { w.executive.period = 0; }, C::kBadInput, "executive.period", -1},
      {"negative tick count", Entry::kExecutive, [](W& w) { w.ticks = -1; }, C::kBadInput, "executive.ticks", -1},
      {"zero mass", Entry::kAddBody, [](W& w) { w.body_inertia = Inertia<S>(); }, C::kBadInput, "body.mass", 1},

      // Inertia that is not symmetric positive definite, or not a body's.
      {"non-symmetric inertia", Entry::kMassProperties, [](W& w) { w.inertia_about_com(0, 1) = S(0.01); }, C::kBadInput, "inertia.symmetric", -1},
      {"indefinite inertia", Entry::kMassProperties, [](W& w) { w.inertia_about_com(2, 2) = S(-0.04); }, C::kBadInput, "inertia.positive_definite", -1},
      {"singular inertia", Entry::kMassProperties, [](W& w) { w.inertia_about_com(0, 0) = S(0); }, C::kBadInput, "inertia.positive_definite", -1},
      {"no body's inertia", Entry::kMassProperties, [](W& w) { w.inertia_about_com(2, 2) = S(0.1); }, C::kBadInput, "inertia.triangle_inequality", -1},

      // Zero and non-unit normals.
      {"zero normal", Entry::kStance, [](W& w) { spoil_foot_normal<S>(w, Vector3<S>::Zero()); }, C::kBadInput, "contacts.normal", 2},
      {"non-unit normal", Entry::kStance, [](W& w) { spoil_foot_normal<S>(w, Vector3<S>(S(0), S(0.1), S(1))); }, C::kBadInput, "contacts.normal", 2},
      {"zero normal", Entry::kStrike, [](W& w) { spoil_foot_normal<S>(w, Vector3<S>::Zero()); }, C::kBadInput, "contacts.normal", 2},
      {"non-unit normal", Entry::kStrike, [](W& w) { spoil_foot_normal<S>(w, Vector3<S>(S(0), S(0), S(2))); }, C::kBadInput, "contacts.normal", 2},
      {"zero normal", Entry::kTimeStepping, [](W& w) { spoil_foot_normal<S>(w, Vector3<S>::Zero()); }, C::kBadInput, "contacts.normal", 2},
      {"non-unit normal", Entry::kEventDriven, [](W& w) { spoil_foot_normal<S>(w, Vector3<S>(S(0.5), S(0), S(0.5))); }, C::kBadInput, "contacts.normal", 2},
      {"zero normal", Entry::kSoftContact, [](W& w) { spoil_foot_normal<S>(w, Vector3<S>::Zero()); }, C::kBadInput, "contacts.normal", 2},
      {"zero normal", Entry::kTrapezoidal, [](W& w) { spoil_foot_normal<S>(w, Vector3<S>::Zero()); }, C::kBadInput, "contacts.normal", 2},
      {"zero joint axis", Entry::kAddBody, [](W& w) { w.joint.axis = Vector3<S>::Zero(); }, C::kBadInput, "joint.axis", 1},

      // μ < 0.
      {"μ < 0", Entry::kStance, [](W& w) { w.contacts[1].mu = S(-0.1); }, C::kBadInput, "contacts.mu", 1},
      {"μ < 0", Entry::kStrike, [](W& w) { w.contacts[1].mu = S(-0.1); }, C::kBadInput, "contacts.mu", 1},
      {"μ < 0", Entry::kTimeStepping, [](W& w) { w.candidates.contacts[1].mu = S(-1); }, C::kBadInput, "contacts.mu", 1},
      {"μ < 0", Entry::kEventDriven, [](W& w) { w.candidates.contacts[0].mu = S(-1); }, C::kBadInput, "contacts.mu", 0},

      // e outside [0, 1].
      {"e > 1", Entry::kStrike, [](W& w) { w.contacts[3].restitution = S(1.5); }, C::kBadInput, "contacts.restitution", 3},
      {"e < 0", Entry::kStrike, [](W& w) { w.contacts[3].restitution = S(-0.1); }, C::kBadInput, "contacts.restitution", 3},
      {"e > 1", Entry::kStance, [](W& w) { w.contacts[0].restitution = S(2); }, C::kBadInput, "contacts.restitution", 0},
      {"e < 0", Entry::kTimeStepping, [](W& w) { w.candidates.contacts[2].restitution = S(-1); }, C::kBadInput, "contacts.restitution", 2},
      {"e > 1", Entry::kTrapezoidal, [](W& w) { w.candidates.contacts[2].restitution = S(1.01); }, C::kBadInput, "contacts.restitution", 2},

      // Duplicate and positively dependent contacts: valid input, solved (checked below against
      // the same problem without the copy: the joint-space answer is unique).
      {"duplicate contact", Entry::kStance, [](W& w) { w.contacts[3] = w.contacts[2]; }, C::kOk, nullptr, 0},
      {"dependent contact (same point and normal, other μ)", Entry::kStance, [](W& w) {
         w.contacts[3] = w.contacts[2];
         w.contacts[3].mu = S(0.3);
       }, C::kOk, nullptr, 0},
      {"duplicate contact", Entry::kStrike, [](W& w) { w.contacts[3] = w.contacts[2]; }, C::kOk, nullptr, 0},
      {"duplicate body name", Entry::kAddBody, [](W& w) { w.body_name = "trunk"; }, C::kBadInput, "body.name.duplicate", 1},

      // More than the capacity.
      {"a contact past the capacity", Entry::kAddContact, [](W&) {}, C::kCapacity, "contacts", kFeet},
      {"a candidate past the capacity", Entry::kAddCandidate, [](W&) {}, C::kCapacity, "contacts", kFeet},
      {"a negative count", Entry::kAddContact, [](W& w) { w.contacts.count = -1; }, C::kBadInput, "contacts.count", -1},
      {"a negative count", Entry::kAddCandidate, [](W& w) { w.candidates.contacts.count = -1; }, C::kBadInput, "contacts.count", -1},
      {"a count past the capacity", Entry::kStance, [](W& w) { w.contacts.count = kFeet + 1; }, C::kBadInput, "contacts.count", kFeet + 1},
      {"a count past the capacity", Entry::kStrike, [](W& w) { w.contacts.count = -1; }, C::kBadInput, "contacts.count", -1},
      {"a count past the capacity", Entry::kTimeStepping, [](W& w) { w.candidates.contacts.count = kFeet + 1; }, C::kBadInput, "contacts.count", kFeet + 1},
      {"a body past the capacity", Entry::kAddBody, [](W& w) {
         (void)w.builder.add_body("thigh", 0, JointSpec<S>::Revolute(Vector3<S>::UnitY()), w.body_inertia);
       }, C::kCapacity, "model.bodies", 2},
      {"degrees of freedom past the capacity", Entry::kAddBody, [](W& w) { w.joint = JointSpec<S>::FreeFlyer(); w.parent = -1; },
       C::kCapacity, "model.degrees_of_freedom", 1},
      {"stages past the capacity", Entry::kExecutive, [](W& w) { w.executive.stage_count = 3; }, C::kCapacity, "executive.stages", 3},
      {"a stage with no function", Entry::kExecutive, [](W& w) { w.executive.stages[0].run = nullptr; }, C::kBadInput, "executive.stages.run", 0},
      {"an LCP past the capacity", Entry::kResizeLcp, [](W& w) { w.lcp_size = kLcp + 1; }, C::kCapacity, "lcp.size", kLcp + 1},
      {"a negative LCP size", Entry::kResizeLcp, [](W& w) { w.lcp_size = -1; }, C::kBadInput, "lcp.size", -1},

      // Body indices out of range.
      {"body index past the model", Entry::kJacobian, [](W& w) { w.body = kBodies; }, C::kBadInput, "body", kBodies},
      {"negative body index", Entry::kJacobian, [](W& w) { w.body = -1; }, C::kBadInput, "body", -1},
      {"parent index past the bodies", Entry::kAddBody, [](W& w) { w.parent = 1; }, C::kBadInput, "body.parent", 1},
      {"contact body past the model", Entry::kStance, [](W& w) { w.contacts[0].body = kBodies; }, C::kBadInput, "contacts.body", 0},
      {"other body past the model", Entry::kStrike, [](W& w) { w.contacts[1].other_body = 40; }, C::kBadInput, "contacts.other_body", 1},
      {"contact body past the model", Entry::kSoftContact, [](W& w) { w.candidates.contacts[1].body = kBodies; }, C::kBadInput, "contacts.body", 1},
      {"contact body negative", Entry::kEventDriven, [](W& w) { w.candidates.contacts[3].body = -4; }, C::kBadInput, "contacts.body", 3},
      {"a candidate on a second body", Entry::kTimeStepping, [](W& w) { w.candidates.contacts[0].other_body = 1; }, C::kBadInput, "candidates.other_body", 0},

      // Singular configurations: a quaternion that is no rotation is refused; straight legs
      // (each foot's Jacobian loses rank in the knee) are valid and solved.
      {"zero quaternion", Entry::kKinematics, [](W& w) { w.q.segment(3, 4).setZero(); }, C::kBadInput, "q.quaternion", 0},
      {"non-unit quaternion", Entry::kKinematics, [](W& w) { w.q(6) = S(2); }, C::kBadInput, "q.quaternion", 0},
      {"zero quaternion", Entry::kTimeStepping, [](W& w) { w.state.q.segment(3, 4).setZero(); }, C::kBadInput, "q.quaternion", 0},
      // A base too far out for the scalar to resolve its feet's levers (dynamics/validate.hpp).
      {"base beyond the resolved distance", Entry::kKinematics, [](W& w) { w.q(0) = S(2) * resolved_position_limit<S>(); },
       C::kBadInput, "q.position", 0},
      {"base beyond the resolved distance", Entry::kTimeStepping,
       [](W& w) { w.state.q(1) = -S(2) * resolved_position_limit<S>(); }, C::kBadInput, "q.position", 0},
      {"straight legs", Entry::kStance, [](W& w) { reset(w, true); }, C::kOk, nullptr, 0},
      {"straight legs", Entry::kStrike, [](W& w) {
         reset(w, true);
         w.v(2) = S(-0.5);  // the trunk falling at 0.5 m/s onto straight legs
       }, C::kOk, nullptr, 0},

      // Stages out of order: a workspace that does not yet hold what the call reads (new
      // kinematics make every later stage stale).
      {"no kinematics yet", Entry::kMassMatrix, [](W& w) { w.ws.stage = 0; }, C::kBadInput, "workspace.kinematics", -1},
      {"no mass matrix yet", Entry::kFactor, [](W& w) {
         (void)forward_kinematics(w.model, w.ws, w.q, w.v);
       }, C::kBadInput, "workspace.mass_matrix", -1},
      {"no mass matrix yet", Entry::kFactorUnrolled, [](W& w) {
         (void)forward_kinematics(w.model, w.ws, w.q, w.v);
       }, C::kBadInput, "workspace.mass_matrix", -1},
      // The kernel unrolled for the quadruped's tree, given a model of another tree (a chain of 7
      // links; the workspace still holds the quadruped's H): refused before it reads H.
      {"a model of another tree", Entry::kFactorUnrolled, [](W& w) { (void)build_chain_model(7, &w.model); },
       C::kBadInput, "model.topology", -1},
      {"no factor yet", Entry::kStance, [](W& w) {
         (void)forward_kinematics(w.model, w.ws, w.q, w.v);
         (void)mass_matrix(w.model, w.ws);
       }, C::kBadInput, "workspace.factor", -1},

      // Infeasible and degenerate LCPs. M = [1 −1; −1 1] is PSD and q = (−1, −1) has no
      // solution (w₁ + w₂ = −2 for every z): Lemke's ray proves it, enumeration finds no
      // complementary set, PGS runs out of sweeps. M = [1 1; 1 1], q = (−1, −1) is degenerate
      // (every z₁ + z₂ = 1 solves it; the ratio test ties): solved.
      {"infeasible LCP", Entry::kLemke, [](W& w) {
         w.lcp.m << S(1), S(-1), S(-1), S(1);
         w.lcp.q << S(-1), S(-1);
       }, C::kInfeasible, nullptr, kAnyIndex},
      {"infeasible LCP", Entry::kEnumeration, [](W& w) {
         w.lcp.m << S(1), S(-1), S(-1), S(1);
         w.lcp.q << S(-1), S(-1);
       }, C::kInfeasible, nullptr, kAnyIndex},
      {"infeasible LCP", Entry::kPgs, [](W& w) {
         w.lcp.m << S(1), S(-1), S(-1), S(1);
         w.lcp.q << S(-1), S(-1);
       }, C::kIterationLimit, nullptr, kAnyIndex},
      {"degenerate LCP", Entry::kLemke, [](W& w) {
         w.lcp.m << S(1), S(1), S(1), S(1);
         w.lcp.q << S(-1), S(-1);
       }, C::kOk, nullptr, 0},
      {"degenerate LCP", Entry::kEnumeration, [](W& w) {
         w.lcp.m << S(1), S(1), S(1), S(1);
         w.lcp.q << S(-1), S(-1);
       }, C::kOk, nullptr, 0},
      {"non-square M", Entry::kLemke, [](W& w) { w.lcp.m.resize(2, 3); }, C::kBadInput, "lcp.m.size", 2},
      {"zero diagonal", Entry::kPgs, [](W& w) { w.lcp.m(1, 1) = S(0); }, C::kBadInput, "lcp.m.diagonal", 1},
  };
  *out = kRows;
  return static_cast<int>(sizeof(kRows) / sizeof(kRows[0]));
}

// The answer of a valid row: the solve's own Status ok, and for the duplicate and dependent
// contacts the joint-space answer of the same problem without the copy (q̈ of the stance, v⁺ of
// the strike: unique even where the forces are not), to rounding; an LCP's z solves it.
template <typename S>
const char* check_valid_answer(World<S>& w, const Row<S>& row) {
  if (row.entry == Entry::kLemke || row.entry == Entry::kEnumeration) {
    const auto z = w.lcp_result.z;
    const auto m = w.lcp.m;
    const auto q = w.lcp.q;
    const S tolerance = S(64) * test::ulps<S>(1);
    for (int i = 0; i < q.size(); ++i) {
      S wi = q(i);
      for (int j = 0; j < q.size(); ++j) wi += m(i, j) * z(j);
      if (z(i) < -tolerance || wi < -tolerance || std::abs(z(i) * wi) > tolerance) return "z does not solve the LCP";
    }
    return nullptr;
  }
  const bool copy = row.entry == Entry::kStance || row.entry == Entry::kStrike ? w.contacts.count == kFeet &&
                    w.contacts[3].body == w.contacts[2].body : false;
  if (!copy) return nullptr;
  static typename World<S>::Tangent with_copy;
  with_copy = row.entry == Entry::kStance ? w.stance_result.qdd : w.strike_result.v_plus;
  w.contacts.count = kFeet - 1;  // the same problem without the copy
  if (!call(w, row.entry).ok()) return "the problem without the copy failed";
  const auto& without = row.entry == Entry::kStance ? w.stance_result.qdd : w.strike_result.v_plus;
  const S scale = std::max(S(1), without.cwiseAbs().maxCoeff());
  if (!((with_copy - without).cwiseAbs().maxCoeff() <= S(1e4) * test::ulps<S>(1) * scale))
    return "the copy changed the joint-space answer";
  return nullptr;
}

// One row: spoil, copy what the caller owns, call, check. Returns what was wrong, or nullptr.
template <typename S>
const char* run_row(World<S>& w, const Row<S>& row, Status* got) {
  if (!reset(w)) return "the valid world did not build";
  if (row.entry == Entry::kStrike) w.v(2) = S(-0.5);  // the strike rows: the robot landing
  row.spoil(w);
  Span owned[4];
  std::uint64_t before[4];
  const int n = owned_by_caller(w, row.entry, owned);
  for (int k = 0; k < n; ++k) before[k] = fingerprint(owned[k]);

  const Status status = call(w, row.entry);
  *got = status;
  if (status.code != row.code) return "another status code";
  if (row.code == StatusCode::kOk) return check_valid_answer(w, row);
  if (row.field != nullptr && std::strcmp(status.field, row.field) != 0) return "another field";
  if (row.index != kAnyIndex && status.index != row.index) return "another index";
  for (int k = 0; k < n; ++k)
    if (fingerprint(owned[k]) != before[k]) return "it changed what the caller owns";
  if (!result_reset(w, row.entry, status)) return "the failed result is not in its documented state";
  if (row.entry == Entry::kAddBody) {
    const Status built = w.builder.build(&w.built);
    if (built.code != status.code || std::strcmp(built.field, status.field) != 0) return "build() forgot the error";
  }
  return nullptr;
}

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(BadInputMatrix, EveryEntryPointEveryClass) {
  World<S>& w = world<S>();
  const Row<S>* table = nullptr;
  const int count = rows<S>(&table);
  int failed = 0;
  bool entry_seen[static_cast<int>(Entry::kExecutive) + 1] = {};
  for (int i = 0; i < count; ++i) {
    const Row<S>& row = table[i];
    entry_seen[static_cast<int>(row.entry)] = true;
    Status got;
    const char* wrong = run_row(w, row, &got);
    if (wrong == nullptr) continue;
    ++failed;
    std::printf("bad-input matrix: %s to %s: %s (%s, \"%s\", %d)\n", row.bad, name_of(row.entry), wrong,
                to_string(got.code), got.field, got.index);
  }
  FF_EXPECT_EQ(failed, 0);
  // Every entry point has at least one row.
  for (const bool seen : entry_seen) FF_EXPECT_TRUE(seen);
  std::printf("bad-input matrix: %d rows over %d entry points\n", count, static_cast<int>(Entry::kExecutive) + 1);
}
