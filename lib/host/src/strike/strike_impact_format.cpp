#include <algorithm>
#include <cmath>

#include "footfall/host/io/json_writer.hpp"
#include "footfall/host/io/number_format.hpp"
#include "footfall/host/strike/strike_impact.hpp"

namespace footfall::host {

namespace {

using nlohmann::ordered_json;

// The core calls a contact that took impulse with friction left out "sticking" (it leaves with
// whatever slip it had); to a reader that says friction held it, so it is "impulse" here.
const char* state_label(const ContactImpulse& c, StrikeFriction friction) {
  return friction == StrikeFriction::kNone && c.state == StrikeState::kSticking ? "impulse" : to_string(c.state);
}

ordered_json contact_json(const ContactImpulse& c, StrikeFriction friction) {
  ordered_json contact;
  contact["body"] = c.body;
  contact["other_body"] = c.other_body.empty() ? ordered_json(nullptr) : ordered_json(c.other_body);
  contact["position"] = json_vector3(c.position);
  contact["impulse"] = json_vector3(c.impulse);
  contact["normal_impulse"] = c.normal_impulse;
  contact["state"] = state_label(c, friction);
  contact["approach_velocity"] = c.approach;
  contact["departure_velocity"] = c.departure;
  contact["slip_after"] = c.slip_after;
  return contact;
}

ordered_json peak_json(const ImpactReport& r) {
  ordered_json peak;
  peak["method"] = to_string(r.peak_method);
  peak["duration"] = r.peak_duration;
  peak["steps"] = r.peak_steps;
  peak["step"] = r.peak_step;
  std::vector<double> forces, times;
  ordered_json vectors = ordered_json::array();
  for (const ContactImpulse& c : r.contacts) {
    forces.push_back(c.peak_force);
    times.push_back(c.time_of_peak);
    vectors.push_back(json_vector3(c.force_at_peak));
  }
  peak["contact_forces"] = forces;
  peak["time_of_peak"] = times;
  peak["force_at_peak"] = vectors;
  peak["joint_torques"] = r.peak_joint_torques;
  return peak;
}

// +∞ (no limit, nothing binds) is written as null, as every non-finite number (json_writer.hpp).
ordered_json safe_touchdown_json(const SafeTouchdownReport& t) {
  ordered_json safe;
  safe["planned_speed"] = t.planned_speed;
  safe["speed"] = t.speed;
  safe["margin"] = t.margin;
  safe["bound"] = to_string(t.bound);
  safe["index"] = t.bound == TouchdownBound::kNone ? ordered_json(nullptr) : ordered_json(t.index);
  safe["name"] = t.bound == TouchdownBound::kNone ? ordered_json(nullptr) : ordered_json(t.name);
  safe["limit"] = t.bound == TouchdownBound::kNone ? ordered_json(nullptr) : ordered_json(t.limit);
  safe["peak"] = t.bound == TouchdownBound::kNone ? ordered_json(nullptr) : ordered_json(t.peak);
  safe["unit"] = t.bound == TouchdownBound::kNone ? ordered_json(nullptr) : ordered_json(t.unit);
  safe["set_from"] = t.set_from;
  safe["set_to"] = t.set_to;
  safe["bound_of_current_set"] = t.bound_of_current_set;
  safe["joint_torque_limits"] = t.joint_torque_limits;
  safe["foot_force_limits"] = t.foot_force_limits;
  return safe;
}

// The safe touchdown speed's lines of the table.
std::string safe_touchdown_lines(const SafeTouchdownReport& t) {
  std::string out = "safe touchdown speed: ";
  if (t.bound == TouchdownBound::kNone)
    return out + "no limit is reached at any speed (planned " + format_short(t.planned_speed) + " m/s)\n";
  out += format_short(t.speed) + " m/s, planned " + format_short(t.planned_speed) + " m/s (margin " +
         format_short(t.margin) + "): ";
  if (t.bound == TouchdownBound::kJointTorque)
    out += t.name + "'s peak torque reaches its limit " + format_short(t.limit) + " " + t.unit + " (" +
           format_short(t.peak) + " " + t.unit + " at the planned speed)\n";
  else
    out += "contact " + std::to_string(t.index) + " (" + t.name + ")'s peak force reaches its limit " +
           format_short(t.limit) + " N (" + format_short(t.peak) + " N at the planned speed)\n";
  if (t.bound_of_current_set)
    out += "  outside " + format_short(t.set_from) + " to " + format_short(t.set_to) +
           " m/s, the speeds at which the same contacts take part: the bound of the current set of contacts, "
           "not necessarily the touchdown's\n";
  return out;
}

ReportSettings settings(const ImpactReport& r) { return {{"friction", to_string(r.friction)}, {"law", to_string(r.law)}}; }

std::string contact_name(const ContactImpulse& c) { return c.other_body.empty() ? c.body : c.body + " on " + c.other_body; }

}  // namespace

std::string impact_json(const ImpactReport& r) {
  ordered_json j = solve_report_json(r, settings(r));
  if (!r.ok()) return write_json(j);
  j["residual"] = r.residual;
  j["impulse_residual"] = r.impulse_residual;
  ordered_json contacts = ordered_json::array();
  for (const ContactImpulse& c : r.contacts) contacts.push_back(contact_json(c, r.friction));
  j["contacts"] = contacts;
  j["v_minus"] = r.v_minus;
  j["v_plus"] = r.v_plus;
  j["velocity_change"] = r.velocity_change;
  j["joint_impulse"] = r.joint_impulse;
  ordered_json loads = ordered_json::array();
  for (const JointLoad& l : r.joint_loads) {
    ordered_json load;
    load["joint"] = l.joint;
    load["body"] = l.body;
    load["reaction_impulse"] = std::vector<double>(l.reaction_impulse, l.reaction_impulse + 6);
    load["axis_impulse"] = l.axis_impulse;
    loads.push_back(load);
  }
  j["joint_loads"] = loads;
  j["kinetic_energy_before"] = r.kinetic_energy_before;
  j["kinetic_energy_after"] = r.kinetic_energy_after;
  j["velocity_unique"] = r.velocity_unique;
  j["impulse_unique"] = r.impulse_unique;
  if (r.has_peaks) j["peak"] = peak_json(r);
  if (r.has_safe_touchdown) j["safe_touchdown"] = safe_touchdown_json(r.safe_touchdown);
  return write_json(j);
}

std::string impact_table(const ImpactReport& r) {
  std::string out = solve_report_heading(r, settings(r));
  if (!r.ok()) return out;
  out += ", residual " + format_short(r.residual) + "\n" + force_choice_note(r) + "\n";

  std::size_t body_w = 4;
  for (const ContactImpulse& c : r.contacts) body_w = std::max(body_w, contact_name(c).size());
  const int bw = static_cast<int>(body_w);
  out += format_printf("%3s  %-*s  %-10s  %-21s  %12s  %-32s%s\n", "#", bw, "body", "state", "zeta- -> zeta+ [m/s]",
                       "normal [N s]", "impulse x, y, z (world) [N s]", r.has_peaks ? "  peak [N] at [ms]" : "");
  for (std::size_t i = 0; i < r.contacts.size(); ++i) {
    const ContactImpulse& c = r.contacts[i];
    const std::string speeds = format_fixed(c.approach, 4) + " -> " + format_fixed(c.departure, 4);
    const std::string peak = r.has_peaks ? "  " + format_fixed(c.peak_force, 1) + " at " + format_fixed(1e3 * c.time_of_peak, 2) : "";
    out += format_printf("%3zu  %-*s  %-10s  %-21s  %12s  %10s %10s %10s%s\n", i, bw, contact_name(c).c_str(),
                         state_label(c, r.friction), speeds.c_str(), format_fixed(c.normal_impulse, 5).c_str(),
                         format_fixed(c.impulse.x(), 5).c_str(), format_fixed(c.impulse.y(), 5).c_str(),
                         format_fixed(c.impulse.z(), 5).c_str(), peak.c_str());
  }
  // A strike takes energy or keeps it; Newton's law with several contacts and e > 0 can give
  // some (lib/GUIDE.md, Strike), which a reader predicting loads should not miss. The margin is rounding's.
  const bool gained = r.kinetic_energy_after > r.kinetic_energy_before * (1.0 + 1e-9) + 1e-12;
  out += "kinetic energy " + format_short(r.kinetic_energy_before) + " J -> " + format_short(r.kinetic_energy_after) +
         (gained ? " J (gained: the restitution law with several contacts, not physics)" : " J") + "; unique: velocities " + (r.velocity_unique ? "yes" : "not proved") + ", impulses " +
         (r.impulse_unique ? "yes" : "not proved") + "\n";
  if (r.has_peaks)
    out += "compliant strike on the pads: " + format_fixed(1e3 * r.peak_duration, 3) + " ms in " +
           std::to_string(r.peak_steps) + " steps of " + format_fixed(1e3 * r.peak_step, 3) + " ms (" +
           to_string(r.peak_method) + ")\n";
  if (r.has_safe_touchdown) out += safe_touchdown_lines(r.safe_touchdown);
  out += "\n";

  std::size_t dof_w = 3;
  for (const std::string& name : r.dof_names) dof_w = std::max(dof_w, name.size());
  const int dw = static_cast<int>(dof_w);
  const bool limits = r.has_safe_touchdown;
  out += format_printf("%-*s  %12s  %12s  %14s%s%s\n", dw, "dof", "v-", "v+", "joint impulse",
                       r.has_peaks ? "     peak torque" : "", limits ? "         limit" : "");
  for (std::size_t k = 0; k < r.v_plus.size(); ++k) {
    const std::string name = k < r.dof_names.size() ? r.dof_names[k] : std::to_string(k);
    out +=
        format_printf("%-*s  %12.6g  %12.6g  %14.6g", dw, name.c_str(), r.v_minus[k], r.v_plus[k], r.joint_impulse[k]);
    if (r.has_peaks) {
      out += format_printf("  %14.6g", r.peak_joint_torques[k]);
    }
    if (limits) {
      const SafeTouchdownReport& t = r.safe_touchdown;
      const double limit = k < t.joint_torque_limits.size() ? t.joint_torque_limits[k] : 0.0;
      out += std::isinf(limit) ? format_printf("  %12s", "-") : format_printf("  %12.6g", limit);
      if (t.bound == TouchdownBound::kJointTorque && static_cast<std::size_t>(t.index) == k) out += "  binds";
    }
    out += "\n";
  }
  out += std::string("(v in m/s or rad/s, joint impulse in N s or N m s, peak torque in N or N m") +
         (limits ? "; limit: --torque-limits, - for none" : "") + "; a free-flying base's rows in the base's frame)\n\n";

  std::size_t joint_w = 5;
  for (const JointLoad& l : r.joint_loads) joint_w = std::max(joint_w, l.joint.size());
  const int jw = static_cast<int>(joint_w);
  out += format_printf("%-*s  %-32s  %-32s\n", jw, "joint", "reaction moment x, y, z [N m s]",
                       "reaction force x, y, z [N s]");
  for (const JointLoad& l : r.joint_loads) {
    out += format_printf("%-*s  %10.4g %10.4g %10.4g  %10.4g %10.4g %10.4g\n", jw, l.joint.c_str(),
                         l.reaction_impulse[0], l.reaction_impulse[1], l.reaction_impulse[2], l.reaction_impulse[3],
                         l.reaction_impulse[4], l.reaction_impulse[5]);
  }
  out += "(the impulse each joint passes from its parent to its body, in the body's frame)\n";
  return out;
}

}  // namespace footfall::host
