#include "footfall/host/stance/stance_state.hpp"

#include <cmath>
#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <utility>

#include <nlohmann/json.hpp>

#include "footfall/contact/contact.hpp"
#include "footfall/host/io/number_format.hpp"
#include "footfall/lcp/enumerate.hpp"

namespace footfall::host {

namespace {

using nlohmann::json;

// Thrown inside this file only, caught by parse_stance_state(): the field at fault and what is
// wrong with it.
struct FieldError {
  std::string field;
  std::string what;
};

void refuse_unknown_keys(const json& object, const std::string& where, std::initializer_list<const char*> keys) {
  for (auto it = object.begin(); it != object.end(); ++it) {
    bool known = false;
    std::string list;
    for (const char* key : keys) {
      known = known || it.key() == key;
      list += (list.empty() ? "" : ", ") + std::string(key);
    }
    if (!known) {
      const std::string field = where.empty() ? it.key() : where + "." + it.key();
      throw FieldError{field, "not a key of " + (where.empty() ? std::string("a state file") : "a contact") + " (" +
                                  list + ")"};
    }
  }
}

double number(const json& j, const std::string& field) {
  if (!j.is_number()) throw FieldError{field, "not a number"};
  const double x = j.get<double>();
  if (!std::isfinite(x)) throw FieldError{field, "not a finite number"};
  return x;
}

std::vector<double> numbers(const json& j, std::size_t size, const std::string& field, const std::string& what) {
  if (!j.is_array())
    throw FieldError{field, "not an array of " + std::to_string(size) + " numbers (" + what + ")"};
  if (j.size() != size)
    throw FieldError{field, "has " + std::to_string(j.size()) + " numbers, needs " + std::to_string(size) + " (" +
                                what + ")"};
  std::vector<double> out(size);
  for (std::size_t k = 0; k < size; ++k) out[k] = number(j[k], field + "[" + std::to_string(k) + "]");
  return out;
}

Vector3<double> vector3(const json& j, const std::string& field) {
  const std::vector<double> x = numbers(j, 3, field, "x, y, z");
  return Vector3<double>(x[0], x[1], x[2]);
}

int whole_number(const json& j, const std::string& field, int lowest) {
  if (!j.is_number_integer()) throw FieldError{field, "not a whole number"};
  // JSON reads a non-negative whole number as unsigned, a negative one as signed.
  const bool in_range = j.is_number_unsigned()
                            ? j.get<std::uint64_t>() >= static_cast<std::uint64_t>(lowest) &&
                                  j.get<std::uint64_t>() <= static_cast<std::uint64_t>(kMaxStateIterations)
                            : j.get<std::int64_t>() >= lowest && j.get<std::int64_t>() <= kMaxStateIterations;
  if (!in_range)
    throw FieldError{field, "not in " + std::to_string(lowest) + ".." + std::to_string(kMaxStateIterations)};
  return static_cast<int>(j.get<std::int64_t>());
}

int body_index(const json& j, const std::string& field, const RobotDescription& model) {
  if (!j.is_string()) throw FieldError{field, "not a string (a body's name)"};
  const std::string name = j.get<std::string>();
  for (int i = 0; i < model.body_count(); ++i)
    if (model.bodies[static_cast<std::size_t>(i)].name == name) return i;
  std::string names;
  for (const BodyDescription& b : model.bodies) names += (names.empty() ? "" : ", ") + b.name;
  throw FieldError{field, "no body '" + name + "' in " + model.name + " (" + names + ")"};
}

// The unit quaternion of each free flyer (DESIGN.md §3), checked to the core's tolerance.
void check_quaternions(const std::vector<double>& q, const RobotDescription& model) {
  int iq = 0;
  for (const BodyDescription& body : model.bodies) {
    if (body.joint.type == JointType::kFreeFlyer) {
      double norm2 = 0.0;
      for (int k = 3; k < 7; ++k) norm2 += q[static_cast<std::size_t>(iq + k)] * q[static_cast<std::size_t>(iq + k)];
      const double norm = std::sqrt(norm2);
      if (!(std::abs(norm - 1.0) <= std::sqrt(epsilon<double>())))
        throw FieldError{"q[" + std::to_string(iq + 3) + ".." + std::to_string(iq + 6) + "]",
                         "the quaternion (x, y, z, w) of body '" + body.name + "' is not of unit length (length " +
                             format_short(norm) + ")"};
    }
    iq += joint_nq(body.joint.type);
  }
}

StateContact parse_contact(const json& j, const std::string& where, const RobotDescription& model) {
  if (!j.is_object()) throw FieldError{where, "not an object"};
  refuse_unknown_keys(j, where,
                      {"body", "point", "normal", "mu", "restitution", "other_body", "other_point", "curvature", "pad"});
  for (const char* key : {"body", "point", "normal", "mu"})
    if (!j.contains(key)) throw FieldError{where + "." + key, "missing"};
  StateContact c;
  c.body_index = body_index(j.at("body"), where + ".body", model);
  c.body = j.at("body").get<std::string>();
  c.point = vector3(j.at("point"), where + ".point");
  c.normal = vector3(j.at("normal"), where + ".normal");
  const double length = c.normal.norm();
  if (!(std::abs(length - 1.0) <= unit_normal_tolerance<double>()))
    throw FieldError{where + ".normal", "not of unit length (length " + format_short(length) + ")"};
  c.mu = number(j.at("mu"), where + ".mu");
  if (c.mu < 0.0) throw FieldError{where + ".mu", "negative (" + format_short(c.mu) + "); a friction coefficient is >= 0"};
  if (j.contains("restitution")) {
    c.restitution = number(j.at("restitution"), where + ".restitution");
    if (c.restitution < 0.0 || c.restitution > 1.0)
      throw FieldError{where + ".restitution", "not in [0, 1] (" + format_short(c.restitution) + ")"};
  }
  if (j.contains("other_body") != j.contains("other_point"))
    throw FieldError{where + (j.contains("other_body") ? ".other_point" : ".other_body"),
                     "missing: a body-to-body contact needs both other_body and other_point"};
  if (j.contains("other_body")) {
    c.other_body_index = body_index(j.at("other_body"), where + ".other_body", model);
    c.other_body = j.at("other_body").get<std::string>();
    if (c.other_body_index == c.body_index)
      throw FieldError{where + ".other_body", "the same body as body ('" + c.body + "')"};
    c.other_point = vector3(j.at("other_point"), where + ".other_point");
  }
  if (j.contains("curvature")) c.curvature = number(j.at("curvature"), where + ".curvature");
  if (j.contains("pad")) {
    const json& pad = j.at("pad");
    const std::string field = where + ".pad";
    if (!pad.is_object()) throw FieldError{field, "not an object (stiffness, damping)"};
    refuse_unknown_keys(pad, field, {"stiffness", "damping"});
    for (const char* key : {"stiffness", "damping"})
      if (!pad.contains(key)) throw FieldError{field + "." + key, "missing"};
    c.has_pad = true;
    c.pad_stiffness = number(pad.at("stiffness"), field + ".stiffness");
    c.pad_damping = number(pad.at("damping"), field + ".damping");
    if (!(c.pad_stiffness > 0.0)) throw FieldError{field + ".stiffness", "not positive"};
    if (c.pad_damping < 0.0) throw FieldError{field + ".damping", "negative"};
  }
  return c;
}

template <typename Enum, std::size_t N>
Enum choice(const json& j, const std::string& field, const Enum (&values)[N]) {
  std::string list;
  for (Enum e : values) list += (list.empty() ? "" : ", ") + std::string(to_string(e));
  if (j.is_string())
    for (Enum e : values)
      if (j.get<std::string>() == to_string(e)) return e;
  throw FieldError{field, (j.is_string() ? "'" + j.get<std::string>() + "' is" : std::string("is")) + " not one of " +
                              list};
}

// The combinations the core refuses (stance/solve_stance.hpp, validate_stance_options), said
// in the file's terms.
void check_solver(const StanceState& s) {
  const bool pyramid = s.friction == FrictionModel::kPyramid4 || s.friction == FrictionModel::kPyramid8;
  const std::string solver = std::string("'") + to_string(s.solver) + "' ";
  if (s.solver == StanceSolver::kEnumeration && s.friction != FrictionModel::kNone)
    throw FieldError{"solver", solver + "solves only the frictionless problem (friction none); use auto"};
  if (s.solver == StanceSolver::kEnumeration && static_cast<int>(s.contacts.size()) > kEnumerationMaxSize)
    throw FieldError{"solver", solver + "takes at most " + std::to_string(kEnumerationMaxSize) + " contacts; use auto"};
  if (s.solver == StanceSolver::kPgs && pyramid)
    throw FieldError{"solver", solver + "does not solve the pyramid friction models; use auto or lemke"};
  if (s.solver == StanceSolver::kLemke && s.friction == FrictionModel::kCone)
    throw FieldError{"solver", solver + "does not solve the cone friction model; use auto or pgs"};
}

StanceState parse(const json& j, const RobotDescription& model) {
  if (!j.is_object()) throw FieldError{"(top level)", "not a JSON object"};
  refuse_unknown_keys(j, "", {"description", "q", "v", "tau", "gravity", "contacts", "friction", "solver",
                              "max_pivots", "max_sweeps"});
  for (const char* key : {"q", "v", "tau", "contacts"})
    if (!j.contains(key)) throw FieldError{key, "missing"};
  StanceState s;
  const std::size_t nq = static_cast<std::size_t>(model.nq()), nv = static_cast<std::size_t>(model.nv());
  s.q = numbers(j.at("q"), nq, "q", "nq of " + model.name);
  check_quaternions(s.q, model);
  s.v = numbers(j.at("v"), nv, "v", "nv of " + model.name);
  s.tau = numbers(j.at("tau"), nv, "tau", "nv of " + model.name);
  if (j.contains("gravity")) s.gravity = vector3(j.at("gravity"), "gravity");
  const json& contacts = j.at("contacts");
  if (!contacts.is_array()) throw FieldError{"contacts", "not an array"};
  if (contacts.size() > static_cast<std::size_t>(kMaxStateContacts))
    throw FieldError{"contacts", std::to_string(contacts.size()) + " contacts exceed the tool's capacity of " +
                                     std::to_string(kMaxStateContacts)};
  for (std::size_t i = 0; i < contacts.size(); ++i)
    s.contacts.push_back(parse_contact(contacts[i], "contacts[" + std::to_string(i) + "]", model));
  static const FrictionModel kFrictions[] = {FrictionModel::kNone, FrictionModel::kPyramid4, FrictionModel::kPyramid8,
                                             FrictionModel::kCone};
  static const StanceSolver kSolvers[] = {StanceSolver::kAuto, StanceSolver::kLemke, StanceSolver::kEnumeration,
                                          StanceSolver::kPgs};
  if (j.contains("friction")) s.friction = choice(j.at("friction"), "friction", kFrictions);
  if (j.contains("solver")) s.solver = choice(j.at("solver"), "solver", kSolvers);
  if (j.contains("max_pivots")) s.max_pivots = whole_number(j.at("max_pivots"), "max_pivots", 0);
  if (j.contains("max_sweeps")) s.max_sweeps = whole_number(j.at("max_sweeps"), "max_sweeps", 1);
  if (j.contains("description") && !j.at("description").is_string())
    throw FieldError{"description", "not a string"};
  check_solver(s);
  return s;
}

// nlohmann's message without its "[json.exception.parse_error.101] " prefix.
std::string parse_error_text(const std::string& what) {
  const std::size_t end = what.rfind("] ", what.find(' '));
  return end == std::string::npos ? what : what.substr(end + 2);
}

}  // namespace

Result<StanceState> parse_stance_state(const std::string& text, const std::string& name,
                                       const RobotDescription& model) {
  json document;
  try {
    document = json::parse(text);
  } catch (const json::exception& e) {
    return Error{name + ": malformed JSON: " + parse_error_text(e.what())};
  }
  try {
    return parse(document, model);
  } catch (const FieldError& e) {
    return Error{name + ": " + e.field + ": " + e.what};
  }
}

Result<StanceState> read_stance_state(const std::string& path, const RobotDescription& model) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return Error{path + ": cannot read file"};
  std::ostringstream text;
  text << file.rdbuf();
  if (file.bad()) return Error{path + ": cannot read file"};
  return parse_stance_state(text.str(), path, model);
}

}  // namespace footfall::host
