#include <algorithm>
#include <cmath>

#include "footfall/host/io/json_writer.hpp"
#include "footfall/host/io/number_format.hpp"
#include "footfall/host/stance/stance_forces.hpp"

namespace footfall::host {

namespace {

double total_normal_force(const ForcesReport& r) {
  double total = 0.0;
  for (const ContactForce& c : r.contacts) total += c.normal_force;
  return total;
}

}  // namespace

std::string forces_json(const ForcesReport& r) {
  nlohmann::ordered_json j = solve_report_json(r, {{"friction", to_string(r.friction)}});
  if (!r.ok()) return write_json(j);
  j["residual"] = r.residual;
  j["equation_residual"] = r.equation_residual;
  j["gravity"] = json_vector3(r.gravity);
  j["total_mass"] = r.total_mass;
  j["total_normal_force"] = total_normal_force(r);
  nlohmann::ordered_json contacts = nlohmann::ordered_json::array();
  for (const ContactForce& c : r.contacts) {
    nlohmann::ordered_json contact;
    contact["body"] = c.body;
    contact["other_body"] = c.other_body.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(c.other_body);
    contact["position"] = json_vector3(c.position);
    contact["force"] = json_vector3(c.force);
    contact["normal_force"] = c.normal_force;
    contact["normal_acceleration"] = c.normal_acceleration;
    contact["state"] = to_string(c.state);
    contacts.push_back(contact);
  }
  j["contacts"] = contacts;
  nlohmann::ordered_json patches = nlohmann::ordered_json::array();
  for (const PatchReport& p : r.patches) {
    nlohmann::ordered_json patch;
    patch["body"] = p.body;
    patch["first_contact"] = p.first;
    patch["contacts"] = p.count;
    patch["state"] = to_string(p.state);
    patch["loaded"] = p.loaded;
    patch["origin"] = json_vector3(p.origin);
    patch["force"] = json_vector3(p.force);
    patch["moment"] = json_vector3(p.moment);
    patch["centre_of_pressure"] = json_vector3(p.centre_of_pressure);
    patches.push_back(patch);
  }
  j["patches"] = patches;
  j["tau"] = r.tau;
  j["holding_torques"] = r.holding_torques;
  if (r.holding_torques) j["holding_torques_damped"] = r.holding_torques_damped;
  j["warnings"] = r.warnings;
  j["qdd"] = r.qdd;
  j["tau_contact"] = r.tau_contact;
  return write_json(j);
}

std::string forces_table(const ForcesReport& r) {
  std::string out = solve_report_heading(r, {{"friction", to_string(r.friction)}});
  if (!r.ok()) return out;
  out += ", residual " + format_short(r.residual) + "\n" + force_choice_note(r) + "\n";

  std::size_t body_w = 4;
  for (const ContactForce& c : r.contacts)
    body_w = std::max(body_w, c.other_body.empty() ? c.body.size() : c.body.size() + 4 + c.other_body.size());
  out += format_printf("%3s  %-*s  %-10s  %10s  %-29s  %s\n", "#", static_cast<int>(body_w), "body", "state",
                       "normal [N]", "force x, y, z (world) [N]", "at x, y, z (world) [m]");
  for (std::size_t i = 0; i < r.contacts.size(); ++i) {
    const ContactForce& c = r.contacts[i];
    const std::string body = c.other_body.empty() ? c.body : c.body + " on " + c.other_body;
    out += format_printf("%3zu  %-*s  %-10s  %10s  %9s %9s %9s  %8s %8s %8s\n", i, static_cast<int>(body_w),
                         body.c_str(), to_string(c.state), format_fixed(c.normal_force, 3).c_str(),
                         format_fixed(c.force.x(), 3).c_str(), format_fixed(c.force.y(), 3).c_str(),
                         format_fixed(c.force.z(), 3).c_str(), format_fixed(c.position.x(), 4).c_str(),
                         format_fixed(c.position.y(), 4).c_str(), format_fixed(c.position.z(), 4).c_str());
  }
  const double weight = r.total_mass * r.gravity.norm();
  out += "total normal force " + format_fixed(total_normal_force(r), 3) + " N (weight m|g| = " + format_fixed(weight, 3) + " N)\n\n";
  if (!r.patches.empty()) {
    out += "soles (runs of contacts on one body with one normal): wrench about the corners' centroid, centre of pressure\n";
    for (const PatchReport& p : r.patches)
      out += format_printf("  %-*s  contacts %d-%d  %-10s  force %9s %9s %9s N  moment %8s %8s %8s N m  "
                           "centre of pressure %8s %8s %8s m\n",
                           static_cast<int>(body_w), p.body.c_str(), p.first, p.first + p.count - 1, to_string(p.state),
                           format_fixed(p.force.x(), 3).c_str(), format_fixed(p.force.y(), 3).c_str(),
                           format_fixed(p.force.z(), 3).c_str(), format_fixed(p.moment.x(), 3).c_str(),
                           format_fixed(p.moment.y(), 3).c_str(), format_fixed(p.moment.z(), 3).c_str(),
                           format_fixed(p.centre_of_pressure.x(), 4).c_str(),
                           format_fixed(p.centre_of_pressure.y(), 4).c_str(),
                           format_fixed(p.centre_of_pressure.z(), 4).c_str());
    out += "\n";
  }

  std::size_t dof_w = 3;
  for (const std::string& name : r.dof_names) dof_w = std::max(dof_w, name.size());
  if (r.holding_torques)
    out += std::string("tau: the holding torques") +
           (r.holding_torques_damped ? " (damped least squares: the contacts cannot resist every moment)" : "") + "\n";
  out += format_printf("%-*s  %14s  %14s  %14s\n", static_cast<int>(dof_w), "dof", "tau", "qdd", "tau_contact");
  for (std::size_t k = 0; k < r.qdd.size(); ++k) {
    const std::string name = k < r.dof_names.size() ? r.dof_names[k] : std::to_string(k);
    out += format_printf("%-*s  %14.6g  %14.6g  %14.6g\n", static_cast<int>(dof_w), name.c_str(),
                         k < r.tau.size() ? r.tau[k] : 0.0, r.qdd[k], r.tau_contact[k]);
  }
  out += "(qdd in m/s^2 or rad/s^2, tau and tau_contact in N or N m; a free-flying base's rows in the base's frame)\n";
  return out;
}

}  // namespace footfall::host
