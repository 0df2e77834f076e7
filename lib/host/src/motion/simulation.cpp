#include "footfall/host/motion/simulation.hpp"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>
#include <memory>

#include "../state/core_state.hpp"
#include "footfall/host/io/json_writer.hpp"
#include "footfall/host/io/number_format.hpp"
#include "footfall/motion/event_driven.hpp"
#include "footfall/motion/soft_contact.hpp"
#include "footfall/motion/time_stepping.hpp"
#include "footfall/motion/trapezoidal.hpp"

namespace footfall::host {

namespace {

constexpr int kContacts = kMaxStateContacts;

template <int B, int D>
struct MotionRun : CoreState<B, D> {
  ContactCandidates<double, kContacts> candidates;
  RigidMotionWorkspace<double, B, D, kContacts> motion;
  RigidMotionState<double, B, D, kContacts> state;
  RigidStepReport<double, kContacts> step;
  SoftMotionWorkspace<double, B, D> soft_motion;
  SoftMotionState<double, B, D, kContacts> soft_state;
  SoftStepReport<double, kContacts> soft_step;
};

// τ₀ plus the hold's PD torques on the joints that are not free flyers (lib/DESIGN.md §3: a free
// flyer's 6 velocity coordinates come first in its v range).
template <int B, int D, typename QDerived, typename VDerived>
void hold_torques(const Model<double, B, D>& model, const ScenarioState& s, const MotionRun<B, D>& run,
                  const Eigen::MatrixBase<QDerived>& q, const Eigen::MatrixBase<VDerived>& v,
                  typename Model<double, B, D>::TangentVector& tau) {
  tau = run.tau;
  if (!s.hold) return;
  for (int i = 0; i < model.body_count(); ++i) {
    if (model.joint_type(i) == JointType::kFreeFlyer || model.joint_type(i) == JointType::kFixed) continue;
    for (int k = 0; k < model.joint_nv(i); ++k) {
      const int iq = model.q_index(i) + k, iv = model.v_index(i) + k;
      tau.coeffRef(iv) += s.kp * (run.q.coeff(iq) - q.coeff(iq)) - s.kd * v.coeff(iv);
    }
  }
}

// A step's bad input that says the motion outgrew double: a q or v that is not finite, or a
// C(q, v), kinetic energy, contact problem or soft step that overflows. The scenario's own
// numbers were checked before the first step (C(q, v) with gravity, ½ vᵀHv, the contacts and
// gaps), so in the first step it is those numbers taken together, too large to run (bad input);
// after it, the run's own growth (a stopped run).
bool grown_beyond_double(const char* field) {
  const std::string f = field;
  return f == "q" || f == "v" || f == "v.overflow" || f == "q.position" || f == "soft.overflow" ||
         f.rfind("lcp.", 0) == 0;
}

// What overflowed, in words, and what may have caused it.
std::string overflow_in_words(const std::string& field, int index) {
  const std::string at = index >= 0 ? "[" + std::to_string(index) + "]" : "";
  std::string what;
  if (field == "v.overflow")
    what = velocity_overflow_in_words(index);
  else if (field == "v" || field == "q")
    what = std::string(field == "v" ? "the velocities" : "the positions") + " go beyond double (" + field + at + ")";
  else if (field == "q.position")
    what = "a free body goes beyond the distance from the origin that double resolves";
  else if (field == "soft.overflow")
    what = "the soft contacts' forces take the step's motion, work or stored energy beyond double";
  else
    what = "the contact problem's numbers overflow double (" + field + at + ")";
  return what + ": a torque, gravity, contact point, stiffness, plane offset or velocity too large for the motion";
}

// The hold is a PD law sampled once a step and held over it. On one mode of effective inertia m
// the step of the schemes (semi-implicit Euler in x and hv) maps (x, hv) by [[1−a, 1−b], [−a, 1−b]]
// with a = h²kp/m, b = h kd/m, whose eigenvalues stay inside the unit circle exactly when
// b < 2 and a + 2b < 4 (Jury's conditions): h²kp + 2h kd < 4m. The lightest mode of the joints
// with the base free — m = 1/λmax of H⁻¹'s joint block, flight being the worst case, as contacts
// only add inertia — bounds the gains. A URDF's joints have no armature (rotor inertia), so a
// light distal link sets a low bound where the drives' reflected inertia would raise it.
template <int B, int D>
Result<void> check_hold_gains(const RobotDescription& d, const ScenarioState& s, const std::string& name,
                              const MotionRun<B, D>& run) {
  if (!s.hold) return {};
  const Model<double, B, D>& model = run.model;
  std::vector<int> joints;
  for (int i = 0; i < model.body_count(); ++i)
    if (model.joint_type(i) != JointType::kFreeFlyer)
      for (int k = 0; k < model.joint_nv(i); ++k) joints.push_back(model.v_index(i) + k);
  if (joints.empty()) return {};
  const int n = static_cast<int>(joints.size());
  Eigen::MatrixXd block(n, n);
  for (int c = 0; c < n; ++c) {
    typename Model<double, B, D>::TangentVector x = Model<double, B, D>::TangentVector::Zero(model.nv());
    x.coeffRef(joints[static_cast<std::size_t>(c)]) = 1.0;
    const Status solved = solve_mass_matrix(model, run.ws, x);
    if (!solved.ok()) return Error{describe_stance_status(solved, d, name)};
    for (int r = 0; r < n; ++r) block(r, c) = x.coeff(joints[static_cast<std::size_t>(r)]);
  }
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(0.5 * (block + block.transpose()), Eigen::EigenvaluesOnly);
  const double lightest = 1.0 / eigen.eigenvalues().maxCoeff();
  const double h = s.step, bound = 4.0 * lightest;
  if (h * h * s.kp + 2.0 * h * s.kd < bound) return {};
  const std::string mode = "the lightest joint mode (effective inertia " + format_short(lightest) +
                           " kg m^2, at the starting q, with the base free)";
  const std::string advice = "; give the joints their drives' armature (<footfall:drive armature=...>), or a smaller step";
  if (2.0 * h * s.kd >= bound)
    return Error{name + ": hold.kd " + format_short(s.kd) + " is unstable at step " + format_short(h) + " s on " + mode +
                 ": the largest stable kd is " + format_short(0.999 * bound / (2.0 * h)) + " with kp 0" + advice};
  return Error{name + ": hold.kp " + format_short(s.kp) + " with hold.kd " + format_short(s.kd) + " is unstable at step " +
               format_short(h) + " s on " + mode + ": the largest stable kp with this kd is " +
               format_short(0.999 * (bound - 2.0 * h * s.kd) / (h * h)) + ", the largest stable kd with this kp " +
               format_short(std::max(0.0, 0.999 * (bound - h * h * s.kp) / (2.0 * h))) + advice};
}

template <int B, int D>
Result<SimulationReport> run_at(const RobotDescription& d, const ScenarioState& s, const std::string& name) {
  auto run = std::make_unique<MotionRun<B, D>>();
  const Result<void> ready = prepare_core_state(d, s, name, true, run.get());
  if (!ready.ok()) return Error{ready.error()};
  const Model<double, B, D>& model = run->model;
  const Result<void> gains = check_hold_gains(d, s, name, *run);
  if (!gains.ok()) return Error{gains.error()};
  for (int i = 0; i < run->contacts.count; ++i) {
    const Status added = run->candidates.add(run->contacts.contacts[i], s.plane_offsets[static_cast<std::size_t>(i)]);
    if (!added.ok()) return Error{describe_stance_status(added, d, name)};
  }
  // ½ vᵀHv of the file's v: C(q, v) has no term in a body that only translates, so a v that
  // passed it may still overflow the strike's kinetic energy at the first impact.
  double energy = 0.0;
  Status energy_status = kinetic_energy(model, run->ws, run->v, &energy);
  if (energy_status.ok() && !std::isfinite(energy)) energy_status = Status::BadInput("v.overflow");
  if (!energy_status.ok()) return Error{describe_stance_status(energy_status, d, name)};
  run->state.q = run->soft_state.q = run->q;
  run->state.v = run->soft_state.v = run->v;
  const bool soft = s.scheme == MotionScheme::kSoft;
  // A rigid contact cannot start inside its plane: the schemes would treat the overlap as a
  // contact already made (event-driven: resting wherever it starts, however deep) or push it
  // out in a step (time stepping: a launch, with energy from nowhere). A soft contact may start
  // pressed in; that is its spring's state. How far a rigid contact may start inside: the core's
  // limit (RigidContactOptions::max_start_penetration), which the event-driven and trapezoidal
  // schemes enforce themselves; the tool checks first, for time stepping too, to name the
  // contact in its message.
  if (!soft) {
    const double start_limit = RigidContactOptions<double>{}.max_start_penetration;
    const Status kinematics = forward_kinematics(model, run->ws, run->q, run->v);
    double gap[kContacts];
    const Status gaps = kinematics.ok()
                            ? compute_contact_gaps(model, run->ws, run->candidates, gap, static_cast<double*>(nullptr))
                            : kinematics;
    if (!gaps.ok()) return Error{describe_stance_status(gaps, d, name)};
    for (int i = 0; i < run->candidates.size(); ++i)
      if (gap[i] < -start_limit)
        return Error{name + ": contacts[" + std::to_string(i) + "]: starts " + format_short(-gap[i]) +
                     " m inside its plane (a rigid scheme allows " + format_short(start_limit) +
                     " m at t = 0; the soft scheme models a contact that starts pressed in)"};
  }

  EventDrivenOptions<double> event_options;
  event_options.contact.gravity = s.gravity;
  event_options.contact.max_pivots = s.max_pivots;
  event_options.step = s.step;
  TrapezoidalOptions<double> trapezoidal_options;
  trapezoidal_options.contact = event_options.contact;
  trapezoidal_options.friction = s.friction;
  trapezoidal_options.initial_step = s.step;
  TimeSteppingOptions<double> stepping_options;
  stepping_options.contact = event_options.contact;
  stepping_options.friction = s.friction;
  stepping_options.step = s.step;

  SimulationReport report;
  set_solve_report(d, Status::Ok(), StanceSolver::kLemke, 0, 0, &report);
  report.scheme = s.scheme;
  report.duration = s.duration;
  for (std::size_t i = 0; i < s.contacts.size(); ++i)
    report.trajectory.contact_names.push_back("c" + std::to_string(i) + "_" + s.contacts[i].body);
  typename Model<double, B, D>::TangentVector tau;
  // A bound on the work before it starts: the scheme's steps at the shortest step it may take
  // are this many, with room for the events, and never more than five times the most steps of
  // `step` a scenario may ask for (each step keeps a row of the time history in memory).
  const long max_steps = std::min(static_cast<long>(std::ceil(s.duration / s.step)) * 64 + 100000,
                                  static_cast<long>(5.0 * kMaxScenarioSteps));
  // The hold is a controller sampled every `step`: its τ is held over a step, so Liu04's scheme may
  // not take longer ones with it (its doubling reaches 10 ms, and a PD loop at 100 Hz on the
  // quadruped's legs is unstable). Without a hold τ is constant and 10 ms steps are fine.
  const double longest_step = s.hold ? s.step : std::max(s.step, 1e-2);
  const auto now = [&] { return soft ? run->soft_state.time : run->state.time; };
  // A first step the core refuses: bad input in the scenario, said in its terms.
  const auto describe_first_step = [&](const Status& status) {
    if (status.code != StatusCode::kBadInput || !grown_beyond_double(status.field))
      return describe_stance_status(status, d, name);
    return name + ": the " + to_string(s.scheme) + " scheme's first step: " + overflow_in_words(status.field, status.index);
  };
  while (s.duration - now() >= kMinScenarioStep && report.steps < max_steps) {
    // The last step ends on the duration.
    const double remaining = s.duration - now();
    event_options.step = std::min(s.step, remaining);
    trapezoidal_options.max_step = std::min(longest_step, remaining);
    trapezoidal_options.initial_step = std::min(s.step, trapezoidal_options.max_step);
    stepping_options.step = std::min(s.step, remaining);
    if (soft)
      hold_torques(model, s, *run, run->soft_state.q, run->soft_state.v, tau);
    else
      hold_torques(model, s, *run, run->state.q, run->state.v, tau);
    Status status;
    switch (s.scheme) {
      case MotionScheme::kEventDriven:
        status = advance_event_driven(model, run->ws, run->candidates, tau, event_options, run->motion, run->state,
                                      run->step);
        break;
      case MotionScheme::kTrapezoidal:
        status = advance_trapezoidal(model, run->ws, run->candidates, tau, trapezoidal_options, run->motion, run->state,
                                     run->step);
        break;
      case MotionScheme::kTimeStepping:
        status = advance_time_stepping(model, run->ws, run->candidates, tau, stepping_options, run->motion, run->state,
                                       run->step);
        break;
      case MotionScheme::kSoft:
        status = advance_soft_contact(model, run->ws, run->candidates, tau, s.soft, s.gravity,
                                      std::min(s.step, remaining), run->soft_motion, run->soft_state, run->soft_step);
        break;
    }
    if (soft) {  // one dynamics evaluation a step; the impulse a step's force carries
      if (!status.ok() && report.steps == 0) return Error{describe_first_step(status)};
      if (!status.ok()) {
        report.status = status.code;
        report.status_field = status.field;
        report.status_index = status.index;
        break;
      }
      ++report.steps;
      ++report.evaluations;
      report.kinetic_energy_lost -= run->soft_step.contact_work;
      record_soft_sample(report.trajectory, run->soft_state, run->soft_step, run->candidates.size());
      continue;
    }
    report.evaluations += run->step.evaluations;
    if ((status.code == StatusCode::kBadInput || status.code == StatusCode::kCapacity) && report.steps == 0)
      return Error{describe_first_step(status)};
    if (!status.ok()) {
      report.status = status.code;
      report.status_field = status.field;
      report.status_index = status.index;
      break;
    }
    ++report.steps;
    report.halvings += run->step.halvings;
    if (run->step.events & kEventContactGain) ++report.impacts;
    if (run->step.events & kEventRest) ++report.rests;
    report.kinetic_energy_lost += run->step.kinetic_energy_lost;
    record_sample(report.trajectory, run->state, run->step, run->candidates.size());
  }
  if (report.ok() && s.duration - now() >= kMinScenarioStep) {
    report.status = StatusCode::kIterationLimit;
    report.status_field = "simulate.steps";
  }
  report.time_reached = now();
  return report;
}

}  // namespace

Result<SimulationReport> run_simulation(const RobotDescription& model, const ScenarioState& scenario,
                                        const std::string& scenario_name) {
  return at_model_capacity(model, [&](auto b, auto dofs) {
    return run_at<decltype(b)::value, decltype(dofs)::value>(model, scenario, scenario_name);
  });
}

std::string describe_simulation_stop(const SimulationReport& r) {
  const std::string at = r.status_index >= 0 ? "[" + std::to_string(r.status_index) + "]" : "";
  const std::string why = r.status == StatusCode::kBadInput && grown_beyond_double(r.status_field.c_str())
                              ? overflow_in_words(r.status_field, r.status_index)
                              : std::string(to_string(r.status)) + " (" + r.status_field + at + ")";
  return "the " + std::string(to_string(r.scheme)) + " scheme stopped at t = " + format_fixed(r.time_reached, 6) +
         " s: " + why;
}

std::string simulation_json(const SimulationReport& r) {
  nlohmann::ordered_json j;
  j["status"] = to_string(r.status);
  if (!r.ok()) {
    j["status_field"] = r.status_field;
    j["status_index"] = r.status_index;
  }
  j["model"] = r.model;
  j["scheme"] = to_string(r.scheme);
  j["duration"] = r.duration;
  j["time_reached"] = r.time_reached;
  j["steps"] = r.steps;
  j["evaluations"] = r.evaluations;
  j["impacts"] = r.impacts;
  j["rests"] = r.rests;
  j["halvings"] = r.halvings;
  j["kinetic_energy_lost"] = r.kinetic_energy_lost;
  if (!r.trajectory.samples.empty()) {
    const TrajectorySample& last = r.trajectory.samples.back();
    j["q_final"] = last.q;
    j["v_final"] = last.v;
    nlohmann::ordered_json contacts = nlohmann::ordered_json::array();
    for (std::size_t c = 0; c < r.trajectory.contact_names.size(); ++c)
      contacts.push_back({{"name", r.trajectory.contact_names[c]},
                          {"gap", last.gap[c]},
                          {"normal_velocity", last.normal_velocity[c]},
                          {"normal_force", last.normal_force[c]}});
    j["contacts_final"] = contacts;
  }
  return write_json(j);
}

std::string simulation_table(const SimulationReport& r) {
  std::string out = r.model + " (" + r.source + "), scheme " + to_string(r.scheme) + ": " +
                    (r.ok() ? std::string("ok") : std::string(to_string(r.status)) + " " + r.status_field) + "\n";
  out += "simulated " + format_fixed(r.time_reached, 6) + " of " + format_fixed(r.duration, 6) + " s in " +
         std::to_string(r.steps) + " steps (" + std::to_string(r.evaluations) + " dynamics evaluations), " +
         std::to_string(r.impacts) + " impacts, " + std::to_string(r.rests) + " bounce sequences ended at rest, " +
         std::to_string(r.halvings) + " step halvings; kinetic energy the contacts took " +
         format_short(r.kinetic_energy_lost) + " J\n";
  if (!r.trajectory.samples.empty()) {
    const TrajectorySample& last = r.trajectory.samples.back();
    out += "at the end:\n  contact                 gap (m)   normal velocity (m/s)   normal force (N)\n";
    for (std::size_t c = 0; c < r.trajectory.contact_names.size(); ++c) {
      out += format_printf("  %-18s %12.3e %23.3e %18.6f\n", r.trajectory.contact_names[c].c_str(), last.gap[c],
                           last.normal_velocity[c], last.normal_force[c]);
    }
  }
  return out;
}

}  // namespace footfall::host
