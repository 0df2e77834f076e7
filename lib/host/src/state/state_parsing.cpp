#include "state_parsing.hpp"

#include <cmath>
#include <cstdint>
#include <set>

#include "footfall/dynamics/validate.hpp"
#include "footfall/host/io/files.hpp"
#include "footfall/host/io/message_text.hpp"
#include "footfall/host/io/number_format.hpp"
#include "footfall/lcp/enumerate.hpp"
#include "footfall/host/state/pose.hpp"
#include "shape_contacts.hpp"

namespace footfall::host::state_parsing {

void refuse_unknown_keys(const json& object, const std::string& where, const char* what,
                         const std::vector<std::string>& keys) {
  for (auto it = object.begin(); it != object.end(); ++it) {
    bool known = false;
    std::string list;
    for (const std::string& key : keys) {
      known = known || it.key() == key;
      list += (list.empty() ? "" : ", ") + key;
    }
    if (!known) {
      std::string field = where.empty() ? where : where + ".";
      field += escaped(it.key());  // a JSON key may hold any character
      throw FieldError{field, std::string("not a key of ") + what + " (" + list + ")"};
    }
  }
}

namespace {

Vector3<double> vector3(const json& j, const std::string& field) {
  const std::vector<double> x = numbers(j, 3, field, "x, y, z");
  return Vector3<double>(x[0], x[1], x[2]);
}

int whole_number(const json& j, const std::string& field, int lowest) {
  const std::string range = "not in " + std::to_string(lowest) + ".." + std::to_string(kMaxStateIterations);
  if (j.is_number_float()) {  // 1e6 and 1.0 are whole, and so is 1e20 (a float to JSON), out of range
    const double x = j.get<double>();
    if (!(std::isfinite(x) && x == std::floor(x))) throw FieldError{field, "not a whole number"};
    if (!(x >= lowest && x <= kMaxStateIterations)) throw FieldError{field, range};
    return static_cast<int>(x);
  }
  if (!j.is_number_integer()) throw FieldError{field, "not a whole number"};
  // JSON reads a non-negative whole number as unsigned, a negative one as signed.
  const bool in_range = j.is_number_unsigned()
                            ? j.get<std::uint64_t>() >= static_cast<std::uint64_t>(lowest) &&
                                  j.get<std::uint64_t>() <= static_cast<std::uint64_t>(kMaxStateIterations)
                            : j.get<std::int64_t>() >= lowest && j.get<std::int64_t>() <= kMaxStateIterations;
  if (!in_range) throw FieldError{field, range};
  return static_cast<int>(j.get<std::int64_t>());
}

// A body named in a state file: a body of the model, or a link merged into one (its frame then
// carries the point into the body's).
struct BodyReference {
  int index = -1;
  const FrameDescription* frame = nullptr;

  Vector3<double> to_body(const Vector3<double>& point) const {
    if (frame == nullptr) return point;
    return frame->body_to_frame.translation() + frame->body_to_frame.rotation().transpose() * point;
  }
};

BodyReference body_reference(const json& j, const std::string& field, const RobotDescription& model) {
  if (!j.is_string()) throw FieldError{field, "not a string (a body's name)"};
  const std::string name = j.get<std::string>();
  for (int i = 0; i < model.body_count(); ++i)
    if (model.bodies[static_cast<std::size_t>(i)].name == name) return BodyReference{i, nullptr};
  for (const FrameDescription& f : model.frames)
    if (f.name == name) return BodyReference{f.body, &f};
  std::string names;
  for (const BodyDescription& b : model.bodies) names += (names.empty() ? "" : ", ") + b.name;
  std::string links;
  for (const FrameDescription& f : model.frames) links += (links.empty() ? "; merged links: " : ", ") + f.name;
  throw FieldError{field, "no body " + quoted_text(name) + " in " + model.name + " (" + names + links + ")"};
}

// Each free flyer's pose (lib/DESIGN.md §3): its quaternion of unit length, to the core's tolerance,
// and its position within the core's resolved_position_limit (dynamics/validate.hpp) in double.
// A run in float has the tighter float limit, which the core checks.
void check_free_flyer_poses(const std::vector<double>& q, const RobotDescription& model) {
  int iq = 0;
  for (const BodyDescription& body : model.bodies) {
    if (body.joint.type == JointType::kFreeFlyer) {
      const double limit = resolved_position_limit<double>();
      for (int k = 0; k < 3; ++k) {
        const double x = q[static_cast<std::size_t>(iq) + static_cast<std::size_t>(k)];
        if (!(std::abs(x) <= limit))
          throw FieldError{"q[" + std::to_string(iq + k) + "]",
                           "the position of body '" + body.name + "' is " + format_short(x) + " m, beyond the " +
                               format_short(limit) +
                               " m that double resolves (state it about a nearer origin: contact dynamics do "
                               "not depend on where the robot stands)"};
      }
      double norm2 = 0.0;
      for (int k = 3; k < 7; ++k) {
        const double qk = q[static_cast<std::size_t>(iq) + static_cast<std::size_t>(k)];
        norm2 += qk * qk;
      }
      const double norm = std::sqrt(norm2);
      if (!(std::abs(norm - 1.0) <= std::sqrt(epsilon<double>())))
        throw FieldError{"q[" + std::to_string(iq + 3) + ".." + std::to_string(iq + 6) + "]",
                         "the quaternion (x, y, z, w) of body '" + body.name + "' is not of unit length (length " +
                             format_short(norm) + ")"};
    }
    iq += joint_nq(body.joint.type);
  }
}

// A contact's pad: the law (linear by default), k > 0, c >= 0, and Hunt–Crossley's exponent.
ContactPad<double> parse_pad(const json& pad, const std::string& field) {
  if (!pad.is_object()) throw FieldError{field, "not an object (law, stiffness, damping, exponent)"};
  refuse_unknown_keys(pad, field, "a pad", {"law", "stiffness", "damping", "exponent"});
  for (const char* key : {"stiffness", "damping"})
    if (!pad.contains(key)) throw FieldError{field + "." + key, "missing"};
  static const PadLaw kLaws[] = {PadLaw::kLinear, PadLaw::kHuntCrossley};
  ContactPad<double> p = ContactPad<double>::Linear(0.0, 0.0);
  if (pad.contains("law")) p.law = choice(pad.at("law"), field + ".law", kLaws);
  p.stiffness = number(pad.at("stiffness"), field + ".stiffness");
  p.damping = number(pad.at("damping"), field + ".damping");
  if (!(p.stiffness > 0.0))
    throw FieldError{field + ".stiffness", "not positive (" + format_refused(p.stiffness) + "); a pad's stiffness is > 0"};
  if (p.damping < 0.0)
    throw FieldError{field + ".damping", "negative (" + format_refused(p.damping) + "); a pad's damping is >= 0"};
  if (p.law == PadLaw::kHuntCrossley) {
    p.exponent = 1.5;
    if (pad.contains("exponent")) p.exponent = number(pad.at("exponent"), field + ".exponent");
    if (!(p.exponent >= 1.0 && p.exponent <= 3.0))
      throw FieldError{field + ".exponent", "not in [1, 3] (" + format_refused(p.exponent) + ")"};
  } else if (pad.contains("exponent")) {
    throw FieldError{field + ".exponent", "only a hunt_crossley pad has an exponent (this pad's law is linear)"};
  }
  return p;
}

// A contact's "shape": the collision shape of that link that reaches lowest along −normal at
// the state's q (shape_contacts.hpp), its contact points in its body's frame; a sphere is one
// sphere foot, its centre with its radius in *radius (0 for the other shapes).
std::vector<Vector3<double>> shape_points(const json& j, const std::string& field, const RobotDescription& model,
                                          const std::vector<Transform<double>>& placed, const Vector3<double>& normal,
                                          int* body, double* radius) {
  if (!j.is_string()) throw FieldError{field, "not a string (a collision shape's link)"};
  std::vector<Vector3<double>> points;
  const ShapeDescription* shape = lowest_shape_of_link(model, j.get<std::string>(), placed, normal, &points, radius);
  if (shape == nullptr) {
    std::string links;
    for (const ShapeDescription& s : model.shapes)
      if (links.find(quoted_text(s.link)) == std::string::npos) links += (links.empty() ? "" : ", ") + quoted_text(s.link);
    throw FieldError{field, "no collision sphere, box or cylinder on link " + quoted_text(j.get<std::string>()) + " in " +
                                model.name + (links.empty() ? " (it has none)" : " (links with one: " + links + ")")};
  }
  *body = shape->body;
  return points;
}

// One entry of "contacts": a point contact, or, named by "shape", the shape's contact points
// (a box sole's four corners), all with the entry's other fields. `placed` is each body's
// placement at the state's q, for shapes.
std::vector<StateContact> parse_contact(const json& j, const std::string& where, const RobotDescription& model,
                                        const std::vector<Transform<double>>* placed) {
  if (!j.is_object()) throw FieldError{where, "not an object"};
  refuse_unknown_keys(j, where, "a contact",
                      {"body", "point", "shape", "normal", "mu", "restitution", "other_body", "other_point", "curvature",
                       "radius", "pad"});
  const bool by_shape = j.contains("shape");
  if (by_shape && (j.contains("body") || j.contains("point")))
    throw FieldError{where + ".shape", "names the contact's place, as body and point do: give one or the other"};
  for (const char* key : {"body", "point", "normal", "mu"})
    if (!j.contains(key) && !(by_shape && (std::string(key) == "body" || std::string(key) == "point")))
      throw FieldError{where + "." + key, "missing"};
  StateContact c;
  c.normal = vector3(j.at("normal"), where + ".normal");
  const double length = c.normal.norm();
  if (!(std::abs(length - 1.0) <= unit_normal_tolerance<double>()))
    throw FieldError{where + ".normal", "not of unit length (length " + format_refused(length) + ")"};
  std::vector<Vector3<double>> points;
  if (by_shape) {
    if (j.contains("radius"))
      throw FieldError{where + ".radius", "a contact named by shape takes its radius from the shape"};
    points = shape_points(j.at("shape"), where + ".shape", model, *placed, c.normal, &c.body_index, &c.radius);
    c.body = model.bodies[static_cast<std::size_t>(c.body_index)].name;
  } else {
    const BodyReference body = body_reference(j.at("body"), where + ".body", model);
    c.body_index = body.index;
    c.body = j.at("body").get<std::string>();
    points.push_back(body.to_body(vector3(j.at("point"), where + ".point")));
  }
  c.mu = number(j.at("mu"), where + ".mu");
  if (c.mu < 0.0) throw FieldError{where + ".mu", "negative (" + format_refused(c.mu) + "); a friction coefficient is >= 0"};
  if (j.contains("restitution")) {
    c.restitution = number(j.at("restitution"), where + ".restitution");
    if (c.restitution < 0.0 || c.restitution > 1.0)
      throw FieldError{where + ".restitution", "not in [0, 1] (" + format_refused(c.restitution) + ")"};
  }
  if (j.contains("other_body") != j.contains("other_point"))
    throw FieldError{where + (j.contains("other_body") ? ".other_point" : ".other_body"),
                     "missing: a body-to-body contact needs both other_body and other_point"};
  if (j.contains("other_body")) {
    const BodyReference other = body_reference(j.at("other_body"), where + ".other_body", model);
    c.other_body_index = other.index;
    c.other_body = j.at("other_body").get<std::string>();
    if (c.other_body_index == c.body_index)
      throw FieldError{where + ".other_body", "the same body as body (" + quoted_text(c.body) + ")"};
    c.other_point = other.to_body(vector3(j.at("other_point"), where + ".other_point"));
  }
  if (j.contains("curvature")) c.curvature = number(j.at("curvature"), where + ".curvature");
  if (j.contains("radius")) {
    c.radius = number(j.at("radius"), where + ".radius");
    if (c.radius < 0.0)
      throw FieldError{where + ".radius", "negative (" + format_refused(c.radius) + "); a sphere foot's radius is >= 0"};
    if (c.radius > 0.0 && c.other_body_index >= 0)
      throw FieldError{where + ".radius", "a sphere foot touches the ground: other_body is for point contacts"};
  }
  if (j.contains("pad")) c.pad = parse_pad(j.at("pad"), where + ".pad");
  if (by_shape && c.other_body_index >= 0)
    throw FieldError{where + ".shape", "a contact named by shape touches the ground: other_body is for point contacts"};
  std::vector<StateContact> out;
  for (const Vector3<double>& point : points) {
    c.point = point;
    out.push_back(c);
  }
  return out;
}

}  // namespace

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


void parse_common_fields(const json& j, const RobotDescription& model, std::initializer_list<const char*> own_keys,
                         bool tau_required, StateFile* s) {
  if (!j.is_object()) throw FieldError{"(top level)", "not a JSON object"};
  std::vector<std::string> keys = {"description", "q", "v", "tau", "gravity", "contacts"};
  keys.insert(keys.end(), own_keys.begin(), own_keys.end());
  for (const char* key : {"solver", "max_pivots", "max_sweeps"}) keys.emplace_back(key);
  refuse_unknown_keys(j, "", "a state file", keys);
  for (const char* key : {"q", "v", "tau", "contacts"})
    if (!j.contains(key) && (tau_required || std::string(key) != "tau")) throw FieldError{key, "missing"};
  const std::size_t nq = static_cast<std::size_t>(model.nq()), nv = static_cast<std::size_t>(model.nv());
  const bool fixed_base = model.bodies.empty() || model.bodies.front().joint.type != JointType::kFreeFlyer;
  if (fixed_base && j.at("q").is_array() && j.at("q").size() == nq + 7 && j.at("v").is_array() && j.at("v").size() == nv + 6)
    throw FieldError{"q", "has " + std::to_string(nq + 7) + " numbers, needs " + std::to_string(nq) + " (nq of " +
                              model.name + ", whose root is fixed to the world); q and v fit it on a free flyer: "
                              "import it with --floating-base"};
  s->q = numbers(j.at("q"), nq, "q", "nq of " + model.name);
  check_free_flyer_poses(s->q, model);
  s->v = numbers(j.at("v"), nv, "v", "nv of " + model.name);
  if (j.contains("tau")) s->tau = numbers(j.at("tau"), nv, "tau", "nv of " + model.name);
  if (j.contains("gravity")) s->gravity = vector3(j.at("gravity"), "gravity");
  const json& contacts = j.at("contacts");
  if (!contacts.is_array()) throw FieldError{"contacts", "not an array"};
  if (contacts.size() > static_cast<std::size_t>(kMaxStateContacts))
    throw FieldError{"contacts", std::to_string(contacts.size()) + " contacts exceed the tool's capacity of " +
                                     std::to_string(kMaxStateContacts)};
  std::vector<Transform<double>> placed;  // each body's placement at q, once a contact names a shape
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    if (placed.empty() && contacts[i].is_object() && contacts[i].contains("shape")) {
      Result<std::vector<Transform<double>>> x = world_to_bodies(model, s->q);
      if (!x.ok()) throw FieldError{"q", x.error()};
      placed = x.value();
    }
    for (StateContact& c : parse_contact(contacts[i], "contacts[" + std::to_string(i) + "]", model, &placed))
      s->contacts.push_back(std::move(c));
  }
  if (s->contacts.size() > static_cast<std::size_t>(kMaxStateContacts))
    throw FieldError{"contacts", std::to_string(s->contacts.size()) +
                                     " contact points (each box sole gives four) exceed the tool's capacity of " +
                                     std::to_string(kMaxStateContacts)};
  static const StanceSolver kSolvers[] = {StanceSolver::kAuto, StanceSolver::kLemke, StanceSolver::kEnumeration,
                                          StanceSolver::kPgs};
  if (j.contains("solver")) s->solver = choice(j.at("solver"), "solver", kSolvers);
  if (j.contains("max_pivots")) s->max_pivots = whole_number(j.at("max_pivots"), "max_pivots", 0);
  if (j.contains("max_sweeps")) s->max_sweeps = whole_number(j.at("max_sweeps"), "max_sweeps", 1);
  if (j.contains("description") && !j.at("description").is_string())
    throw FieldError{"description", "not a string"};
}

void check_solver(const StateFile& s, bool pyramid, bool cone, bool enumerable, const char* enumerable_frictions) {
  const std::string solver = std::string("'") + to_string(s.solver) + "' ";
  if (s.solver == StanceSolver::kEnumeration && !enumerable)
    throw FieldError{"solver", solver + "solves only " + enumerable_frictions + "; use auto"};
  if (s.solver == StanceSolver::kEnumeration && static_cast<int>(s.contacts.size()) > kEnumerationMaxSize)
    throw FieldError{"solver", solver + "takes at most " + std::to_string(kEnumerationMaxSize) + " contacts; use auto"};
  if (s.solver == StanceSolver::kPgs && pyramid)
    throw FieldError{"solver", solver + "does not solve the pyramid friction models; use auto or lemke"};
  if (s.solver == StanceSolver::kLemke && cone)
    throw FieldError{"solver", solver + "does not solve the cone friction model; use auto or pgs"};
}

namespace {

// nlohmann's message without its "[json.exception.parse_error.101] " prefix.
std::string parse_error_text(const std::string& what) {
  const std::size_t end = what.rfind("] ", what.find(' '));
  return end == std::string::npos ? what : what.substr(end + 2);
}

}  // namespace

}  // namespace footfall::host::state_parsing

namespace footfall::host {

template <typename State>
Result<State> parse_state_file(const std::string& text, const std::string& name, const RobotDescription& model) {
  using state_parsing::json;
  json document;
  // A key given twice in one object is refused: the parser would keep the last without a word.
  // The parser's events keep a stack of the containers open at this point of the text, each
  // with the keys it has seen and its current key or element, so the message names the path.
  struct Open {
    bool array = false;
    int index = -1;               // an array's current element
    std::string key;              // an object's current key
    std::set<std::string> keys;   // an object's keys so far
  };
  std::vector<Open> open;
  std::string twice;  // the path of the first key given twice
  const auto next_element = [&open] {
    if (!open.empty() && open.back().array) ++open.back().index;
  };
  const json::parser_callback_t note_keys = [&](int, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start:
        next_element();
        open.emplace_back();
        open.back().array = event == json::parse_event_t::array_start;
        break;
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        if (!open.empty()) open.pop_back();
        break;
      case json::parse_event_t::value:
        next_element();
        break;
      case json::parse_event_t::key:
        if (open.empty() || open.back().array) break;
        open.back().key = parsed.get<std::string>();
        if (!open.back().keys.insert(open.back().key).second && twice.empty()) {
          for (std::size_t d = 1; d < open.size(); ++d)  // the path: each container's place in its parent
            twice += open[d - 1].array ? "[" + std::to_string(open[d - 1].index) + "]"
                                       : (d > 1 ? "." : "") + escaped(open[d - 1].key);
          twice += (open.size() > 1 ? "." : "") + escaped(open.back().key);
        }
        break;
    }
    return true;
  };
  try {
    document = json::parse(text, note_keys);
  } catch (const json::exception& e) {
    return Error{name + ": malformed JSON: " + state_parsing::parse_error_text(e.what())};
  }
  if (!twice.empty()) return Error{name + ": " + twice + ": given twice in one object"};
  try {
    State s;
    state_parsing::parse_state_fields(document, model, &s);
    return s;
  } catch (const state_parsing::FieldError& e) {
    return Error{name + ": " + e.field + ": " + e.what};
  }
}

template <typename State>
Result<State> read_state_file(const std::string& path, const RobotDescription& model) {
  Result<std::string> text = read_input_file(path);
  if (!text.ok()) return Error{text.error()};
  return parse_state_file<State>(text.value(), path, model);
}

template Result<StanceState> parse_state_file(const std::string&, const std::string&, const RobotDescription&);
template Result<ImpactState> parse_state_file(const std::string&, const std::string&, const RobotDescription&);
template Result<StanceState> read_state_file(const std::string&, const RobotDescription&);
template Result<ImpactState> read_state_file(const std::string&, const RobotDescription&);
template Result<ScenarioState> parse_state_file(const std::string&, const std::string&, const RobotDescription&);
template Result<ScenarioState> read_state_file(const std::string&, const RobotDescription&);

}  // namespace footfall::host
