#include "footfall/host/state/solve_report.hpp"

#include "core_state.hpp"

namespace footfall::host {

const char* work_unit(StanceSolver solver) noexcept {
  switch (solver) {
    case StanceSolver::kLemke:
      return "pivots";
    case StanceSolver::kEnumeration:
      return "active sets";
    case StanceSolver::kLeastNorm:
      return "rounds";
    case StanceSolver::kAuto:
    case StanceSolver::kPgs:
      break;
  }
  return "sweeps";
}

void set_solve_report(const RobotDescription& model, const Status& status, StanceSolver solver, int work,
                      int work_limit, SolveReport* report) {
  report->model = model.name;
  report->source = model.source;
  report->status = status.code;
  report->status_field = status.ok() ? "" : status.field;
  report->status_index = status.ok() ? -1 : status.index;
  report->solver = solver;
  report->work = work;
  report->work_limit = work_limit;
  report->dof_names = dof_names(model);
}

nlohmann::ordered_json solve_report_json(const SolveReport& r, const ReportSettings& settings) {
  nlohmann::ordered_json j;
  j["status"] = to_string(r.status);
  if (!r.ok()) {
    j["status_field"] = r.status_field;
    j["status_index"] = r.status_index;
  }
  j["model"] = r.model;
  for (const auto& setting : settings) j[setting.first] = setting.second;
  j["solver"] = to_string(r.solver);
  j["work"] = r.work;
  j["work_unit"] = work_unit(r.solver);
  j["work_limit"] = r.work_limit;
  if (r.ok()) j["force_choice"] = to_string(r.force_choice);
  return j;
}

std::string solve_report_heading(const SolveReport& r, const ReportSettings& settings) {
  std::string out = r.model + " (" + r.source + ")";
  for (const auto& setting : settings) out += ", " + setting.first + " " + setting.second;
  out += ", solver " + std::string(to_string(r.solver)) + ": " + to_string(r.status);
  if (r.solver == StanceSolver::kLeastNorm)
    out += " (every touching contact held, least-norm forces)";
  else
    out += " after " + std::to_string(r.work) + " " + work_unit(r.solver) + " (limit " + std::to_string(r.work_limit) + ")";

  if (!r.ok()) {
    out += ": " + r.status_field;
    if (r.status_index >= 0) out += " " + std::to_string(r.status_index);
    out += "\n";
  }
  return out;
}

std::string force_choice_note(const SolveReport& r) {
  if (!r.ok() || r.force_choice == ForceChoice::kUnique) return "";
  return r.force_choice == ForceChoice::kLeastNorm
             ? "the contacts' rows depend on one another (a sole's corners): the point forces are the least-norm "
               "of many; the accelerations, velocities after and each body's wrench are unique\n"
             : "the contacts' rows depend on one another: the point forces are one solution of many\n";
}

}  // namespace footfall::host
