#include "footfall/host/strike/strike_impact.hpp"

#include <memory>

#include "../state/core_state.hpp"
#include "footfall/strike.hpp"

namespace footfall::host {

namespace {

constexpr int kContacts = kMaxStateContacts;

template <int B, int D>
using StrikeRun = CoreRun<B, D, StrikeWorkspace<double, D, kContacts>, StrikeResult<double, B, D, kContacts>>;

template <typename Vector>
std::vector<double> to_vector(const Vector& x, int size) {
  std::vector<double> out;
  out.reserve(static_cast<std::size_t>(size));
  for (int k = 0; k < size; ++k) out.push_back(x.coeff(k));
  return out;
}

template <int B, int D>
Result<ImpactReport> run_at(const RobotDescription& d, const ImpactState& s, const std::string& state_name) {
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
    report.peak_joint_torques = to_vector(r.peaks.joint_torque, nv);
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
