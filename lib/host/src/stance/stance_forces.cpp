#include "footfall/host/stance/stance_forces.hpp"

#include <cstring>
#include <memory>

#include "footfall/dynamics.hpp"
#include "footfall/stance.hpp"
#include "footfall/host/io/number_format.hpp"
#include "../state/core_state.hpp"

namespace footfall::host {

namespace {

constexpr int kContacts = kMaxStateContacts;

template <int B, int D>
using StanceRun = CoreRun<B, D, StanceWorkspace<double, D, kContacts>, StanceResult<double, D, kContacts>>;

bool starts_with(const char* text, const char* prefix) { return std::strncmp(text, prefix, std::strlen(prefix)) == 0; }

// The q coordinates of body `index`'s joint, for messages: "q[3..6]".
std::string quaternion_range(const RobotDescription& model, int index) {
  int iq = 0;
  for (int i = 0; i < index && i < model.body_count(); ++i) iq += joint_nq(model.bodies[static_cast<std::size_t>(i)].joint.type);
  return "q[" + std::to_string(iq + 3) + ".." + std::to_string(iq + 6) + "]";
}

// τ ← the torques that hold the robot still on its contacts (stance/holding_torques.hpp): the
// exact least-norm forces, or, where the contacts cannot resist every moment, damped least squares.
template <int B, int D>
Result<bool> replace_with_holding_torques(const RobotDescription& d, const std::string& state_name, StanceRun<B, D>* run) {
  if (!run->model.has_floating_base())
    return Error{state_name + ": --holding-torques: the model has no floating base, so every joint is driven and "
                              "the contacts carry nothing that τ = C would not"};
  auto cd = std::make_unique<ContactDynamics<double, D, kContacts>>();
  Status status = compute_contact_dynamics(run->model, run->ws, run->contacts, run->tau, ContactRows::kWithTangents, *cd);
  if (!status.ok()) return Error{describe_stance_status(status, d, state_name)};
  typename Model<double, B, D>::TangentVector tau(run->model.nv());
  bool damped = false;
  status = holding_torques_on(run->model, run->ws, *cd, tau,
                              static_cast<Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 3 * kContacts, 1>*>(nullptr), &damped);
  if (!status.ok())
    return Error{state_name + ": --holding-torques: " + describe_stance_status(status, d, state_name)};
  run->tau = tau;
  return damped;
}

// The state's warnings that need no solve: a free-flying base upside down, ground contacts whose
// points lie far from one plane.
template <int B, int D>
void warn_about_state(const StanceRun<B, D>& run, ForcesReport* report) {
  const Model<double, B, D>& model = run.model;
  int iq = 0;
  for (int i = 0; i < model.body_count(); ++i) {
    if (model.joint_type(i) == JointType::kFreeFlyer) {
      const Vector4<double> quaternion(run.q.coeff(iq + 3), run.q.coeff(iq + 4), run.q.coeff(iq + 5), run.q.coeff(iq + 6));
      const Matrix3<double> r = rotation_from_quaternion(Vector4<double>(quaternion.normalized()));
      if (r(2, 2) < 0.0)
        report->warnings.push_back("body '" + std::string(model.body_name(i)) +
                                   "' is upside down (its z axis points down): is the quaternion written (x, y, z, w), "
                                   "w last?");
    }
    iq += model.joint_nq(i);
  }
  double lowest = 0.0, highest = 0.0;
  int ground = 0;
  for (int i = 0; i < run.contacts.count; ++i) {
    const Contact<double>& c = run.contacts[i];
    if (c.other_body >= 0) continue;
    const double height = c.normal.dot(run.solve.contact.position[static_cast<std::size_t>(i)]);
    lowest = ground == 0 ? height : std::min(lowest, height);
    highest = ground == 0 ? height : std::max(highest, height);
    ++ground;
  }
  if (ground > 1 && highest - lowest > 0.01)
    report->warnings.push_back("the ground contacts lie " + format_short(highest - lowest) +
                               " m apart along their normals, not on one plane: is the base height in q right?");
}

template <int B, int D>
Result<ForcesReport> run_at(const RobotDescription& d, const StanceState& s, const std::string& state_name) {
  auto run = std::make_unique<StanceRun<B, D>>();
  const Result<void> ready = prepare_core_state(d, s, state_name, true, run.get());
  if (!ready.ok()) return Error{ready.error()};
  const Model<double, B, D>& model = run->model;
  const int nv = model.nv();
  StanceOptions<double> options;
  options.friction = s.friction;
  options.solver = s.solver;
  options.max_pivots = s.max_pivots;
  options.max_sweeps = s.max_sweeps;
  options.warm_start = false;  // one solve; the same answer as a first tick in firmware
  bool damped = false;
  if (s.holding_torques) {
    const Result<bool> held = replace_with_holding_torques(d, state_name, run.get());
    if (!held.ok()) return Error{held.error()};
    damped = held.value();
  }
  const Status status = solve_stance(model, run->ws, run->contacts, run->tau, options, run->solve, run->result);
  if (status.code == StatusCode::kBadInput || status.code == StatusCode::kCapacity)
    return Error{describe_stance_status(status, d, state_name)};

  const StanceResult<double, D, kContacts>& r = run->result;
  ForcesReport report;
  set_solve_report(d, status, r.solver, r.work, r.work_limit, &report);
  report.force_choice = r.force_choice;
  report.friction = r.friction;
  report.total_mass = static_cast<double>(model.total_mass());
  report.gravity = s.gravity;
  report.holding_torques = s.holding_torques;
  report.holding_torques_damped = damped;
  for (int k = 0; k < nv; ++k) report.tau.push_back(run->tau.coeff(k));
  if (!status.ok()) return report;
  warn_about_state(*run, &report);

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
    c.position = run->solve.contact.position[slot];
    c.force = r.force[slot];
    c.normal_force = r.normal_force[slot];
    c.normal_acceleration = r.contact_acceleration.coeff(i * rows_per_contact);
    c.state = r.state[slot];
    report.contacts.push_back(c);
  }
  // Runs of two or more contacts on one body with one normal: the soles.
  for (int first = 0; first < run->contacts.count;) {
    int end = first + 1;
    while (end < run->contacts.count && run->contacts.contacts[end].body == run->contacts.contacts[first].body &&
           run->contacts.contacts[end].other_body == run->contacts.contacts[first].other_body &&
           run->contacts.contacts[end].normal == run->contacts.contacts[first].normal)
      ++end;
    PatchWrench<double> w;
    if (end - first >= 2 && patch_wrench(r, run->solve.contact, run->contacts, first, end - first, &w).ok()) {
      PatchReport patch;
      patch.body = s.contacts[static_cast<std::size_t>(first)].body;
      patch.first = first;
      patch.count = end - first;
      patch.origin = w.origin;
      patch.force = w.force;
      patch.moment = w.moment;
      patch.centre_of_pressure = w.centre_of_pressure;
      patch.loaded = w.loaded;
      patch.state = w.state;
      report.patches.push_back(patch);
    }
    first = end;
  }
  for (int k = 0; k < nv; ++k) {
    report.qdd.push_back(r.qdd.coeff(k));
    report.tau_contact.push_back(r.tau_contact.coeff(k));
  }
  // A floating robot its contacts do not carry falls: the vertical contact force falls short of
  // the weight (Go1 with τ = 0 carries a sixteenth of it, its legs folding).
  const double weight = report.total_mass * s.gravity.norm();
  double lifted = 0.0;
  for (const ContactForce& c : report.contacts) lifted -= c.force.dot(s.gravity.normalized());
  if (model.has_floating_base() && weight > 0.0 && run->contacts.count > 0 && lifted < 0.9 * weight)
    report.warnings.push_back("the contacts carry " + format_short(lifted) + " N of the " + format_short(weight) +
                              " N weight, so the robot falls" +
                              (s.holding_torques ? "" : " (does tau hold the joints? --holding-torques finds a tau that does)"));
  return report;
}

}  // namespace

Result<ForcesReport> compute_forces(const RobotDescription& model, const StanceState& state,
                                    const std::string& state_name) {
  return at_model_capacity(model, [&](auto b, auto d) {
    return run_at<decltype(b)::value, decltype(d)::value>(model, state, state_name);
  });
}

std::string velocity_overflow_in_words(int index) {
  if (index < 0) return "the kinetic energy overflows double";
  return "the Coriolis and centrifugal forces C(q, v) overflow double at DOF " + std::to_string(index);
}

std::string describe_stance_status(const Status& status, const RobotDescription& model,
                                   const std::string& state_name) {
  const std::string field = status.field;
  const std::string at = status.index >= 0 ? "[" + std::to_string(status.index) + "]" : "";
  if (status.code == StatusCode::kBadInput) {
    std::string what;
    // q.quaternion's and q.position's index is the free flyer's body.
    const std::string body =
        status.index >= 0 && status.index < model.body_count() ? model.bodies[static_cast<std::size_t>(status.index)].name : "?";
    if (field == "q.quaternion")
      return state_name + ": " + quaternion_range(model, status.index) + ": the quaternion (x, y, z, w) of body '" +
             body + "' is not of unit length";
    if (field == "q.position")  // a run that carried the base out (a file's q is checked as it is read)
      return state_name + ": the position of body '" + body + "' is beyond the " +
             format_short(resolved_position_limit<double>()) + " m from the origin that double resolves";
    if (field == "v.overflow")  // C(q, v) holds gravity's forces too
      return state_name + ": v: too large: " + velocity_overflow_in_words(status.index) +
             (status.index >= 0 ? " (or gravity or the model's masses are too large)" : "");
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
          {"contacts.pad.stiffness", "not a finite number > 0"},
          {"contacts.pad.damping", "not a finite number >= 0"},
          {"contacts.pad.exponent", "not in [1, 3]"},
      };
      // The strike's: some contacts that strike or touch have pads and this one has none.
      if (field == "contacts.pad.law")
        return state_name + ": contacts" + at +
               ".pad: missing: when any contact that strikes or touches has a pad, every one needs one";
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
                             field == "stance.acceleration.nonnegative" || field == "strike.approaching_after" ||
                             field == "strike.complementarity";
  if (contact_index && status.index >= 0) message += " at contacts" + at;
  return message + " (" + field + (contact_index || status.index < 0 ? "" : " " + std::to_string(status.index)) + ")";
}

}  // namespace footfall::host
