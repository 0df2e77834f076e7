#pragma once
// A simulation's time history on the host: one sample per step of a footfall/motion scheme, with
// the state and every contact candidate's gap, normal velocity, normal force and impulse, written
// as CSV and plotted as Liu04's Figs. 2 and 3 (normal velocities and contact forces against time).
#include <string>
#include <vector>

#include "footfall/host/common/result.hpp"
#include "footfall/host/plot/line_plot.hpp"
#include "footfall/motion/rigid_state.hpp"
#include "footfall/motion/soft_contact.hpp"

namespace footfall::host {

/// One row of the simulation's CSV: the state after a step and each contact candidate's gap,
/// normal velocity, normal force and impulse.
struct TrajectorySample {
  double time = 0.0;  ///< s, the step's end
  ///@{
  /// q (nq) and v (nv) at the sample's time; v empty in the sample just before an impact.
  std::vector<double> q, v;
  ///@}
  ///@{
  /// One per contact: the gap φ (m), normal velocity φ̇ (m/s), normal force λ (N) and impulse (N s).
  /// Rigid schemes: at the step's end, φ̇ after any impact and the impact's impulse (in the sample
  /// just before an impact: φ̇ before it, impulse 0). Soft scheme: at the step's start, the force
  /// held over the step, the impulse f_n·h.
  std::vector<double> gap, normal_velocity, normal_force, normal_impulse;
  ///@}
  unsigned events = 0;  ///< RigidEvent bits
};

/// A run's time history: the contact candidates' names and the samples in time order.
struct Trajectory {
  std::vector<std::string> contact_names;  ///< one per contact candidate, for the CSV header and legends
  std::vector<TrajectorySample> samples;  ///< one per step, two at an impact (record_sample())
};

/// "contact_gain|rest", or "" for none: the CSV's events column.
std::string event_names(unsigned events);

/// Appends the state after a step and the step's report; a step that ended in an impact gets two
/// samples at its end, the normal velocities just before the impact and just after.
template <typename S, int B, int D, int K>
void record_sample(Trajectory& trajectory, const RigidMotionState<S, B, D, K>& state,
                   const RigidStepReport<S, K>& report, int contacts) {
  TrajectorySample s;
  s.time = static_cast<double>(state.time);
  for (int k = 0; k < state.q.size(); ++k) s.q.push_back(static_cast<double>(state.q(k)));
  for (int k = 0; k < state.v.size(); ++k) s.v.push_back(static_cast<double>(state.v(k)));
  for (int i = 0; i < contacts; ++i) {
    s.gap.push_back(static_cast<double>(report.gap[i]));
    s.normal_velocity.push_back(static_cast<double>(report.normal_velocity[i]));
    s.normal_force.push_back(static_cast<double>(report.normal_force[i]));
    s.normal_impulse.push_back(static_cast<double>(report.normal_impulse[i]));
  }
  s.events = report.events;
  if (report.events & kEventContactGain) {
    TrajectorySample before = s;
    for (int i = 0; i < contacts; ++i) {
      before.normal_velocity[static_cast<std::size_t>(i)] = static_cast<double>(report.approach_velocity[i]);
      before.normal_impulse[static_cast<std::size_t>(i)] = 0.0;
    }
    before.v.clear();  // the velocities before the impact are not kept: the CSV leaves them empty
    before.events = 0;
    trajectory.samples.push_back(std::move(before));
  }
  trajectory.samples.push_back(std::move(s));
}

/// The soft scheme's step: the state at its end, each contact's gap, normal velocity and force at
/// its start (held over it) and the impulse f_n·h the force carried.
template <typename S, int B, int D, int K>
void record_soft_sample(Trajectory& trajectory, const SoftMotionState<S, B, D, K>& state,
                        const SoftStepReport<S, K>& report, int contacts) {
  TrajectorySample s;
  s.time = static_cast<double>(state.time);
  for (int k = 0; k < state.q.size(); ++k) s.q.push_back(static_cast<double>(state.q(k)));
  for (int k = 0; k < state.v.size(); ++k) s.v.push_back(static_cast<double>(state.v(k)));
  for (int i = 0; i < contacts; ++i) {
    s.gap.push_back(static_cast<double>(report.gap[i]));
    s.normal_velocity.push_back(static_cast<double>(report.normal_velocity[i]));
    s.normal_force.push_back(static_cast<double>(report.force[i].normal));
    s.normal_impulse.push_back(static_cast<double>(report.force[i].normal * report.step));
  }
  trajectory.samples.push_back(std::move(s));
}

/// time, q0…, v0…, then per contact c: gap_c, normal_velocity_c, normal_force_c, impulse_c, and
/// events; every number at full precision (%.17g).
Result<void> write_trajectory_csv(const Trajectory& trajectory, const std::string& path);

/// Two panels sharing the time axis: the contacts' normal velocities and their normal forces.
PlotFigure contact_figure(const Trajectory& trajectory, const std::string& title);

}  // namespace footfall::host
