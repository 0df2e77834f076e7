#include "footfall/host/stance/stance_forces.hpp"

#include <cstring>
#include <memory>
#include <optional>

#include "footfall/dynamics.hpp"
#include "footfall/host/model/capacity.hpp"
#include "footfall/stance.hpp"

namespace footfall::host {

namespace {

constexpr int kContacts = kMaxStateContacts;

// Everything one solve needs, on the heap: at the larger capacities the stance workspace alone
// is megabytes (the LCP of 10 K unknowns).
template <int B, int D>
struct StanceRun {
  Model<double, B, D> model;
  Workspace<double, B, D> ws;
  ContactSet<double, kContacts> contacts;
  StanceWorkspace<double, D, kContacts> stance;
  StanceResult<double, D, kContacts> result;
};

bool starts_with(const char* text, const char* prefix) { return std::strncmp(text, prefix, std::strlen(prefix)) == 0; }

// "root.vx", ..., "FR_hip_joint", ...: a name for each velocity coordinate.
std::vector<std::string> dof_names(const RobotDescription& model) {
  static const char* const kFreeFlyer[6] = {"vx", "vy", "vz", "wx", "wy", "wz"};
  static const char* const kPlanar[3] = {"x", "y", "phi"};
  std::vector<std::string> names;
  for (const BodyDescription& body : model.bodies) {
    const int nv = joint_nv(body.joint.type);
    for (int k = 0; k < nv; ++k) {
      if (body.joint.type == JointType::kFreeFlyer)
        names.push_back(body.joint_name + "." + kFreeFlyer[k]);
      else if (body.joint.type == JointType::kPlanar)
        names.push_back(body.joint_name + "." + kPlanar[k]);
      else
        names.push_back(body.joint_name);
    }
  }
  return names;
}

// The q coordinates of body `index`'s joint, for messages: "q[3..6]".
std::string quaternion_range(const RobotDescription& model, int index) {
  int iq = 0;
  for (int i = 0; i < index && i < model.body_count(); ++i) iq += joint_nq(model.bodies[static_cast<std::size_t>(i)].joint.type);
  return "q[" + std::to_string(iq + 3) + ".." + std::to_string(iq + 6) + "]";
}

template <int B, int D>
Result<ForcesReport> run_at(const RobotDescription& d, const StanceState& s, const std::string& state_name) {
  auto run = std::make_unique<StanceRun<B, D>>();
  const Result<void> built = build_model(d, &run->model);
  if (!built.ok()) return Error{built.error()};
  const Model<double, B, D>& model = run->model;
  const int nq = model.nq(), nv = model.nv();
  if (static_cast<int>(s.q.size()) != nq || static_cast<int>(s.v.size()) != nv || static_cast<int>(s.tau.size()) != nv)
    return Error{state_name + ": q, v or tau: sizes do not match the model " + d.name};
  typename Model<double, B, D>::ConfigVector q(nq);
  typename Model<double, B, D>::TangentVector v(nv), tau(nv);
  for (int k = 0; k < nq; ++k) q.coeffRef(k) = s.q[static_cast<std::size_t>(k)];
  for (int k = 0; k < nv; ++k) {
    v.coeffRef(k) = s.v[static_cast<std::size_t>(k)];
    tau.coeffRef(k) = s.tau[static_cast<std::size_t>(k)];
  }

  // The tick's terms (DESIGN.md §4), in the order solve_stance() needs them.
  Status status = forward_kinematics(model, run->ws, q, v);
  if (status.ok()) status = mass_matrix(model, run->ws);
  if (status.ok()) status = factorize_mass_matrix(model, run->ws);
  if (status.ok()) status = bias_forces(model, run->ws, s.gravity);
  if (!status.ok()) return Error{describe_stance_status(status, d, state_name)};

  run->contacts.clear();
  for (const StateContact& sc : s.contacts) {
    Contact<double> c = Contact<double>::Ground(sc.body_index, sc.point, sc.normal, sc.mu, sc.restitution);
    c.other_body = sc.other_body_index;
    c.other_point = sc.other_point;
    c.curvature = sc.curvature;
    status = run->contacts.add(c);
    if (!status.ok()) return Error{describe_stance_status(status, d, state_name)};
  }
  StanceOptions<double> options;
  options.friction = s.friction;
  options.solver = s.solver;
  options.max_pivots = s.max_pivots;
  options.max_sweeps = s.max_sweeps;
  options.warm_start = false;  // one solve; the same answer as a first tick in firmware
  status = solve_stance(model, run->ws, run->contacts, tau, options, run->stance, run->result);
  if (status.code == StatusCode::kBadInput || status.code == StatusCode::kCapacity)
    return Error{describe_stance_status(status, d, state_name)};

  const StanceResult<double, D, kContacts>& r = run->result;
  ForcesReport report;
  report.model = d.name;
  report.source = d.source;
  report.status = status.code;
  report.status_field = status.ok() ? "" : status.field;
  report.status_index = status.ok() ? -1 : status.index;
  report.friction = r.friction;
  report.solver = r.solver;
  report.work = r.work;
  report.work_limit = r.work_limit;
  report.total_mass = static_cast<double>(model.total_mass());
  report.gravity = s.gravity;
  if (!status.ok()) return report;

  report.residual = r.residual;
  report.equation_residual = r.equation_residual;
  const int rows_per_contact = r.friction == FrictionModel::kNone ? 1 : 3;
  // The set's count, not r.count: solve_stance() sets StanceResult::count only on its failure
  // paths (reset_stance_result), so after a successful first solve it is still 0.
  for (int i = 0; i < run->contacts.count; ++i) {
    const std::size_t slot = static_cast<std::size_t>(i);
    ContactForce c;
    c.body = s.contacts[slot].body;
    c.other_body = s.contacts[slot].other_body;
    c.position = run->stance.contact.position[slot];
    c.force = r.force[slot];
    c.normal_force = r.normal_force[slot];
    c.normal_acceleration = r.contact_acceleration.coeff(i * rows_per_contact);
    c.state = r.state[slot];
    report.contacts.push_back(c);
  }
  for (int k = 0; k < nv; ++k) {
    report.qdd.push_back(r.qdd.coeff(k));
    report.tau_contact.push_back(r.tau_contact.coeff(k));
  }
  report.dof_names = dof_names(d);
  return report;
}

}  // namespace

const char* work_unit(StanceSolver solver) noexcept {
  switch (solver) {
    case StanceSolver::kLemke:
      return "pivots";
    case StanceSolver::kEnumeration:
      return "active sets";
    case StanceSolver::kAuto:
    case StanceSolver::kPgs:
      break;
  }
  return "sweeps";
}

Result<ForcesReport> compute_forces(const RobotDescription& model, const StanceState& state,
                                    const std::string& state_name) {
  const Result<Capacity> capacity = choose_capacity("auto", model);
  if (!capacity.ok()) return Error{capacity.error()};
  std::optional<Result<ForcesReport>> report = dispatch_capacity(
      capacity.value(), [&](auto b, auto d) { return run_at<decltype(b)::value, decltype(d)::value>(model, state, state_name); });
  if (!report) return Error{model.source + ": no compiled capacity holds the model (" + capacity_list() + ")"};
  return std::move(*report);
}

std::string describe_stance_status(const Status& status, const RobotDescription& model,
                                   const std::string& state_name) {
  const std::string field = status.field;
  const std::string at = status.index >= 0 ? "[" + std::to_string(status.index) + "]" : "";
  if (status.code == StatusCode::kBadInput) {
    std::string what;
    if (field == "q.quaternion") {
      const std::string body =
          status.index >= 0 && status.index < model.body_count() ? model.bodies[static_cast<std::size_t>(status.index)].name : "?";
      return state_name + ": " + quaternion_range(model, status.index) + ": the quaternion (x, y, z, w) of body '" +
             body + "' is not of unit length";
    }
    if (field == "q" || field == "v" || field == "tau")
      return state_name + ": " + field + at + ": " + (status.index >= 0 ? "not a finite number" : "wrong length");
    if (field == "gravity") return state_name + ": gravity: not finite";
    if (starts_with(status.field, "contacts.")) {
      static const struct {
        const char* field;
        const char* words;
      } kPhrases[] = {
          {"contacts.count", "more contacts than the capacity"},
          {"contacts.body", "not a body of the model"},
          {"contacts.point", "not finite"},
          {"contacts.normal", "not a finite vector of unit length"},
          {"contacts.mu", "not a finite number >= 0"},
          {"contacts.restitution", "not in [0, 1]"},
          {"contacts.other_body", "not a body of the model other than body"},
          {"contacts.other_point", "not finite"},
          {"contacts.curvature", "not finite"},
      };
      for (const auto& p : kPhrases)
        if (field == p.field)
          return state_name + ": contacts" + (field == "contacts.count" ? "" : at + field.substr(8)) + ": " + p.words;
    }
    if (starts_with(status.field, "options."))
      return state_name + ": " + field.substr(8) + ": refused by the stance solve (" + field + ")";
    return state_name + ": " + field + at + ": refused by the core (bad input)";
  }
  std::string message = state_name + ": " + to_string(status.code);
  if (status.code == StatusCode::kCapacity) return message + ": " + field + at + " exceeds the tool's capacity";
  // Which thing the index names depends on the field (stance/solve_stance.hpp, lcp/*.hpp).
  const bool contact_index = field == "stance.sliding" || field == "stance.penetration" || field == "stance.cone" ||
                             field == "stance.sticking" || field == "stance.dissipation" ||
                             field == "stance.complementarity" || field == "stance.force.nonnegative" ||
                             field == "stance.acceleration.nonnegative";
  if (contact_index && status.index >= 0) message += " at contacts" + at;
  return message + " (" + field + (contact_index || status.index < 0 ? "" : " " + std::to_string(status.index)) + ")";
}

}  // namespace footfall::host
