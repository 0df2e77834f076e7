#include "footfall/host/strike/strike_impact.hpp"

#include <memory>

#include "../state/core_state.hpp"
#include "footfall/strike.hpp"

namespace footfall::host {

namespace {

constexpr int kContacts = kMaxStateContacts;
// The actuated DOFs, which --torque-limits limits: those of the revolute and prismatic joints, in
// the model's DOF order (a free flyer's and a planar joint's are never limited).
std::vector<int> actuated_dofs(const RobotDescription& d) {
  std::vector<int> dofs;
  int dof = 0;
  for (const BodyDescription& body : d.bodies) {
    const int n = joint_nv(body.joint.type);
    if (body.joint.type == JointType::kRevolute || body.joint.type == JointType::kPrismatic)
      for (int k = 0; k < n; ++k) dofs.push_back(dof + k);
    dof += n;
  }
  return dofs;
}

// The options that asked for the safe touchdown speed, for messages.
std::string limit_options(const TouchdownLimits& limits) {
  if (!limits.joint_torque.empty() && !limits.foot_force.empty()) return "--torque-limits and --force-limit";
  return limits.joint_torque.empty() ? "--force-limit" : "--torque-limits";
}

// What the safe touchdown speed needs before any solve (strike/safe_touchdown.hpp): lists of the
// right counts, and linear pads, on which alone the peaks are linear in the speed.
Result<void> check_limits(const RobotDescription& d, const ImpactState& s, const std::string& state_name,
                          const std::vector<int>& actuated) {
  const TouchdownLimits& limits = s.limits;
  const std::size_t torques = limits.joint_torque.size(), forces = limits.foot_force.size();
  if (torques > 0 && actuated.empty())
    return Error{"--torque-limits: " + d.name +
                 " has no actuated joint (a free flyer's and a planar joint's DOFs are never limited)"};
  if (torques > 1 && torques != actuated.size()) {
    const std::vector<std::string> names = dof_names(d);
    return Error{"--torque-limits: has " + std::to_string(torques) + " numbers, needs 1 or " +
                 std::to_string(actuated.size()) + " (one per actuated joint of " + d.name + ", " +
                 names[static_cast<std::size_t>(actuated.front())] + " to " +
                 names[static_cast<std::size_t>(actuated.back())] + ")"};
  }
  if (forces > 1 && forces != s.contacts.size())
    return Error{"--force-limit: has " + std::to_string(forces) + " numbers, needs 1 or " +
                 std::to_string(s.contacts.size()) + " (one per contact point of " + state_name + ")"};
  bool padded = false;
  for (std::size_t i = 0; i < s.contacts.size(); ++i) {
    const StateContact& c = s.contacts[i];
    padded = padded || c.has_pad();
    if (c.pad.law == PadLaw::kHuntCrossley)
      return Error{limit_options(limits) + ": the safe touchdown speed needs linear pads, and contact " +
                   std::to_string(i) + " (" + c.body + ") of " + state_name +
                   " has a hunt_crossley pad, whose peaks are not linear in the speed"};
  }
  if (!padded)
    return Error{limit_options(limits) + ": the safe touchdown speed needs the peak loads, and no contact of " +
                 state_name + " has a pad (give each contact that strikes or touches a linear pad)"};
  return {};
}

template <int B, int D>
using StrikeRun = CoreRun<B, D, StrikeWorkspace<double, D, kContacts>, StrikeResult<double, B, D, kContacts>>;

template <typename Vector>
std::vector<double> to_vector(const Vector& x, int size) {
  std::vector<double> out;
  out.reserve(static_cast<std::size_t>(size));
  for (int k = 0; k < size; ++k) out.push_back(x.coeff(k));
  return out;
}

// The safe touchdown speed of the solved strike in `run` against the state's limits, which
// check_limits() has passed. A strike on which nothing takes part predicts no peaks, and has no
// touchdown to bound: its speed is +∞, bound by nothing.
template <int B, int D>
Result<SafeTouchdownReport> safe_touchdown(const RobotDescription& d, const ImpactState& s,
                                           const std::string& state_name, const StrikeOptions<double>& options,
                                           const std::vector<int>& actuated, const StrikeRun<B, D>& run,
                                           const ImpactReport& report) {
  const int nv = run.model.nv();
  const TouchdownLimits& given = s.limits;
  LoadLimits<double, D, kContacts> limits = LoadLimits<double, D, kContacts>::Unlimited(nv);
  if (!given.joint_torque.empty())
    for (std::size_t a = 0; a < actuated.size(); ++a)
      limits.joint_torque.coeffRef(actuated[a]) = given.joint_torque[given.joint_torque.size() == 1 ? 0 : a];
  if (!given.foot_force.empty())
    for (std::size_t i = 0; i < s.contacts.size(); ++i)
      limits.foot_force[i] = given.foot_force[given.foot_force.size() == 1 ? 0 : i];

  SafeTouchdownReport out;
  out.joint_torque_limits = to_vector(limits.joint_torque, nv);
  out.foot_force_limits.assign(limits.foot_force, limits.foot_force + s.contacts.size());
  const StrikeResult<double, B, D, kContacts>& r = run.result;
  if (!r.peaks.predicted) return out;  // nothing took part
  SafeTouchdown<double> safe;
  const Status status = safe_touchdown_speed(run.contacts, options, r, limits, safe);
  if (!status.ok())  // check_limits() refused what the core refuses; this is a guard
    return Error{limit_options(given) + ": " + describe_stance_status(status, d, state_name)};
  out.planned_speed = safe.planned_speed;
  out.speed = safe.speed;
  out.margin = safe.margin;
  out.bound = safe.bound;
  out.index = safe.index;
  out.set_from = safe.set_from;
  out.set_to = safe.set_to;
  out.bound_of_current_set = safe.bound_of_current_set;
  const std::size_t k = static_cast<std::size_t>(safe.index);
  if (safe.bound == TouchdownBound::kJointTorque) {
    out.name = report.dof_names[k];
    out.limit = out.joint_torque_limits[k];
    out.peak = report.peak_joint_torques[k];
    out.unit = "N m";
    for (int i = 0; i < run.model.body_count(); ++i)
      if (run.model.joint_type(i) == JointType::kPrismatic && run.model.v_index(i) == safe.index) out.unit = "N";
  } else if (safe.bound == TouchdownBound::kFootForce) {
    const ContactImpulse& c = report.contacts[k];
    out.name = c.other_body.empty() ? c.body : c.body + " on " + c.other_body;
    out.limit = out.foot_force_limits[k];
    out.peak = r.peaks.force[k].norm();
    out.unit = "N";
  }
  return out;
}

template <int B, int D>
Result<ImpactReport> run_at(const RobotDescription& d, const ImpactState& s, const std::string& state_name) {
  const std::vector<int> actuated = actuated_dofs(d);
  if (s.limits.given()) {
    const Result<void> checked = check_limits(d, s, state_name, actuated);
    if (!checked.ok()) return Error{checked.error()};
  }
  auto run = std::make_unique<StrikeRun<B, D>>();
  const Result<void> ready = prepare_core_state(d, s, state_name, false, run.get());  // C is not needed
  if (!ready.ok()) return Error{ready.error()};
  const Model<double, B, D>& model = run->model;
  const int nv = model.nv();
  StrikeOptions<double> options;
  options.friction = s.friction;
  options.law = s.law;
  options.solver = s.solver;
  options.max_pivots = s.max_pivots;
  options.max_sweeps = s.max_sweeps;
  const Status status = solve_strike(model, run->ws, run->contacts, run->v, options, run->solve, run->result);
  if (status.code == StatusCode::kBadInput || status.code == StatusCode::kCapacity)
    return Error{describe_stance_status(status, d, state_name)};

  const StrikeResult<double, B, D, kContacts>& r = run->result;
  ImpactReport report;
  set_solve_report(d, status, r.solver, r.work, r.work_limit, &report);
  report.force_choice = r.impulse_choice;
  report.friction = r.friction;
  report.law = r.law;
  if (!status.ok()) return report;

  report.residual = r.residual;
  report.impulse_residual = r.impulse_residual;
  report.has_peaks = r.peaks.predicted;
  for (int i = 0; i < run->contacts.count; ++i) {
    const std::size_t slot = static_cast<std::size_t>(i);
    const Contact<double>& core = run->contacts.contacts[i];
    ContactImpulse c;
    c.body = s.contacts[slot].body;
    c.other_body = s.contacts[slot].other_body;
    c.position = footfall::detail::world_point(run->ws, core.body, footfall::detail::contact_point(run->ws, core));
    c.impulse = r.impulse[slot];
    c.normal_impulse = r.normal_impulse[slot];
    c.approach = r.approach[slot];
    c.departure = r.departure[slot];
    c.slip_after = r.slip_after[slot];
    c.state = r.state[slot];
    if (report.has_peaks) {
      c.peak_force = r.peaks.normal_force[slot];
      c.time_of_peak = r.peaks.time_of_peak[slot];
      c.force_at_peak = r.peaks.force[slot];
    }
    report.contacts.push_back(c);
  }
  report.v_minus = to_vector(run->v, nv);
  report.v_plus = to_vector(r.v_plus, nv);
  report.velocity_change = to_vector(r.velocity_change, nv);
  report.joint_impulse = to_vector(r.joint_impulse, nv);
  for (int i = 0; i < model.body_count(); ++i) {
    JointLoad load;
    load.joint = d.bodies[static_cast<std::size_t>(i)].joint_name;
    load.body = d.bodies[static_cast<std::size_t>(i)].name;
    for (int k = 0; k < 6; ++k) load.reaction_impulse[k] = r.reaction_impulse[i].vector().coeff(k);
    for (int k = model.v_index(i); k < model.v_index(i) + model.joint_nv(i); ++k)
      load.axis_impulse.push_back(r.axis_impulse.coeff(k));
    report.joint_loads.push_back(load);
  }
  report.kinetic_energy_before = r.kinetic_energy_before;
  report.kinetic_energy_after = r.kinetic_energy_after;
  report.velocity_unique = r.velocity_unique;
  report.impulse_unique = r.impulse_unique;
  if (report.has_peaks) {
    report.peak_duration = r.peaks.duration;
    report.peak_step = r.peaks.step;
    report.peak_steps = r.peaks.steps;
    report.peak_method = r.peaks.method;
    report.peak_joint_torques = to_vector(r.peaks.joint_torque, nv);
  }
  if (s.limits.given()) {
    const Result<SafeTouchdownReport> safe = safe_touchdown(d, s, state_name, options, actuated, *run, report);
    if (!safe.ok()) return Error{safe.error()};
    report.has_safe_touchdown = true;
    report.safe_touchdown = safe.value();
  }
  return report;
}

}  // namespace

Result<ImpactReport> compute_impact(const RobotDescription& model, const ImpactState& state,
                                    const std::string& state_name) {
  return at_model_capacity(model, [&](auto b, auto d) {
    return run_at<decltype(b)::value, decltype(d)::value>(model, state, state_name);
  });
}

}  // namespace footfall::host
