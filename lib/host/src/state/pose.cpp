#include "footfall/host/state/pose.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "core_state.hpp"
#include "shape_contacts.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/host/io/json_writer.hpp"
#include "footfall/host/io/message_text.hpp"
#include "footfall/host/io/number_format.hpp"

namespace footfall::host {

namespace {

bool matches(const std::string& pattern, const std::string& name) {
  return fnmatch(pattern.c_str(), name.c_str(), 0) == 0;
}

std::vector<double> neutral_configuration(const RobotDescription& d) {
  std::vector<double> q;
  for (const BodyDescription& b : d.bodies) {
    switch (b.joint.type) {
      case JointType::kFreeFlyer:
        q.insert(q.end(), {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0});
        break;
      case JointType::kPlanar:
        q.insert(q.end(), {0.0, 0.0, 0.0});
        break;
      case JointType::kRevolute:
      case JointType::kPrismatic:
        q.push_back(std::min(std::max(0.0, b.joint.limits.position_min), b.joint.limits.position_max));
        break;
      case JointType::kFixed:
        break;
    }
  }
  return q;
}

int q_index_of(const RobotDescription& d, int body) {
  int iq = 0;
  for (int i = 0; i < body; ++i) iq += joint_nq(d.bodies[static_cast<std::size_t>(i)].joint.type);
  return iq;
}

Result<void> set_joints(const RobotDescription& d, const PoseRequest& request, std::vector<double>* q) {
  for (const auto& [pattern, value] : request.joints) {
    if (!std::isfinite(value)) return Error{"--set " + quoted_text(pattern) + ": the value is not finite"};
    bool any = false;
    for (int i = 0; i < d.body_count(); ++i) {
      const BodyDescription& b = d.bodies[static_cast<std::size_t>(i)];
      if (joint_nq(b.joint.type) != 1 || !matches(pattern, b.joint_name)) continue;
      if (value < b.joint.limits.position_min || value > b.joint.limits.position_max)
        return Error{"--set: joint " + quoted_text(b.joint_name) + ": " + format_short(value) + " is outside its limits [" +
                     format_short(b.joint.limits.position_min) + ", " + format_short(b.joint.limits.position_max) + "]"};
      (*q)[static_cast<std::size_t>(q_index_of(d, i))] = value;
      any = true;
    }
    if (!any) return Error{"--set " + quoted_text(pattern) + ": no one-DOF joint of " + d.name + " has a name that matches"};
  }
  return {};
}

// Each foot's contact points in its body, at the placements given: the lowest of the shapes on
// the links the pattern names (a box gives its sole's four corners), else the frames' or bodies'
// origins.
Result<std::vector<FootContact>> place_feet(const RobotDescription& d, const PoseRequest& request,
                                            const std::vector<Transform<double>>& placed) {
  const Vector3<double> up = -request.gravity.normalized();
  std::vector<FootContact> contacts;
  for (const std::string& pattern : request.feet) {
    std::vector<std::string> links;  // the shapes' links the pattern names, in shape order
    for (const ShapeDescription& s : d.shapes)
      if (matches(pattern, s.link) && std::find(links.begin(), links.end(), s.link) == links.end()) links.push_back(s.link);
    std::size_t before = contacts.size();
    for (const std::string& link : links) {
      std::vector<Vector3<double>> points;
      double radius = 0.0;
      const ShapeDescription* lowest = lowest_shape_of_link(d, link, placed, up, &points, &radius);
      const Transform<double>& x = placed[static_cast<std::size_t>(lowest->body)];
      for (const Vector3<double>& point : points)  // where it touches: a sphere's centre less r·up
        contacts.push_back(FootContact{link, d.bodies[static_cast<std::size_t>(lowest->body)].name, point,
                                       to_world(x, point) - radius * up, Vector3<double>::Zero(), radius});
    }
    if (contacts.size() == before) {
      for (const FrameDescription& f : d.frames)
        if (matches(pattern, f.name)) {
          const Transform<double>& x = placed[static_cast<std::size_t>(f.body)];
          const Vector3<double> point = f.body_to_frame.translation();
          contacts.push_back(FootContact{f.name, d.bodies[static_cast<std::size_t>(f.body)].name, point, to_world(x, point),
                                         Vector3<double>::Zero()});
        }
      for (int i = 0; i < d.body_count(); ++i)
        if (matches(pattern, d.bodies[static_cast<std::size_t>(i)].name))
          contacts.push_back(FootContact{d.bodies[static_cast<std::size_t>(i)].name, d.bodies[static_cast<std::size_t>(i)].name,
                                         Vector3<double>::Zero(), placed[static_cast<std::size_t>(i)].translation(),
                                         Vector3<double>::Zero()});
    }
    if (contacts.size() == before)
      return Error{"--feet " + quoted_text(pattern) + ": no collision shape's link, merged frame or body of " + d.name +
                   " has a name that matches"};
  }
  if (static_cast<int>(contacts.size()) > kMaxStateContacts)
    return Error{"--feet: " + std::to_string(contacts.size()) + " contact points (a box sole gives four), more than the tool's " +
                 std::to_string(kMaxStateContacts)};
  return contacts;
}

// The holding torques on the feet and the least-norm forces they imply, by the core.
template <int B, int D>
Result<void> hold(const RobotDescription& d, PoseReport* report) {
  auto core = std::make_unique<CoreState<B, D>>();
  const Result<void> built = build_model(d, &core->model);
  if (!built.ok()) return Error{built.error()};
  const Model<double, B, D>& model = core->model;
  core->q.resize(model.nq());
  for (int k = 0; k < model.nq(); ++k) core->q.coeffRef(k) = report->q[static_cast<std::size_t>(k)];
  core->v.setZero(model.nv());
  core->tau.setZero(model.nv());
  Status status = compute_tick_terms(model, core->ws, core->q, core->v, report->gravity);
  const Vector3<double> up = -report->gravity.normalized();
  core->contacts.clear();
  for (const FootContact& c : report->contacts) {
    int body = 0;
    while (d.bodies[static_cast<std::size_t>(body)].name != c.body) ++body;
    if (status.ok()) status = core->contacts.add(Contact<double>::Sphere(body, c.point, c.radius, up, report->mu, 0.0));
  }
  auto cd = std::make_unique<ContactDynamics<double, D, kMaxStateContacts>>();
  if (status.ok()) status = compute_contact_dynamics(model, core->ws, core->contacts, core->tau, ContactRows::kWithTangents, *cd);
  Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 3 * kMaxStateContacts, 1> forces;
  typename Model<double, B, D>::TangentVector tau(model.nv());
  if (status.ok()) status = holding_torques_on(model, core->ws, *cd, tau, &forces, &report->damped);
  if (!status.ok()) return Error{d.source + ": the holding torques: " + describe_stance_status(status, d, "pose")};
  for (int k = 0; k < model.nv(); ++k) report->tau.push_back(tau.coeff(k));
  for (std::size_t i = 0; i < report->contacts.size(); ++i) {
    Vector3<double> f = Vector3<double>::Zero();
    for (int r = 0; r < 3; ++r) f += forces.coeff(3 * static_cast<int>(i) + r) * cd->direction[i][r];
    report->contacts[i].holding_force = f;
    const double normal = f.dot(up), tangential = (f - normal * up).norm();
    if (normal < 0.0)
      report->warnings.push_back("foot " + quoted_text(report->contacts[i].foot) + " would have to pull (" +
                                 format_short(normal) + " N): the centre of mass is outside these feet's support");
    else if (tangential > report->mu * normal * (1.0 + 1e-9))
      report->warnings.push_back("foot " + quoted_text(report->contacts[i].foot) + " needs friction " +
                                 format_short(tangential / normal) + ", more than mu " + format_short(report->mu));
  }
  report->total_mass = static_cast<double>(model.total_mass());
  if (report->damped)
    report->warnings.push_back("these contacts cannot resist every moment on the base (a pair of point feet has none "
                               "about the line between them): the forces are damped least squares, and no torques "
                               "hold the robot still on them exactly");
  return {};
}

}  // namespace

Result<std::vector<Transform<double>>> world_to_bodies(const RobotDescription& d, const std::vector<double>& q) {
  return at_model_capacity(d, [&](auto b, auto dofs) -> Result<std::vector<Transform<double>>> {
    constexpr int B = decltype(b)::value, D = decltype(dofs)::value;
    auto model = std::make_unique<Model<double, B, D>>();
    const Result<void> built = build_model(d, model.get());
    if (!built.ok()) return Error{built.error()};
    if (static_cast<int>(q.size()) != model->nq())
      return Error{"q has " + std::to_string(q.size()) + " numbers; the model " + d.name + " has nq " +
                   std::to_string(model->nq())};
    auto ws = std::make_unique<Workspace<double, B, D>>();
    typename Model<double, B, D>::ConfigVector qc(model->nq());
    for (int k = 0; k < model->nq(); ++k) qc.coeffRef(k) = q[static_cast<std::size_t>(k)];
    typename Model<double, B, D>::TangentVector v = Model<double, B, D>::TangentVector::Zero(model->nv());
    const Status status = forward_kinematics(*model, *ws, qc, v);
    if (!status.ok()) return Error{describe_stance_status(status, d, "q")};
    std::vector<Transform<double>> out(ws->world_to_body, ws->world_to_body + model->body_count());
    return out;
  });
}

Result<PoseReport> compute_pose(const RobotDescription& d, const PoseRequest& request) {
  PoseReport report;
  report.model = d.name;
  report.source = d.source;
  report.q_names = configuration_names(d);
  report.v_names = dof_names(d);
  report.neutral = neutral_configuration(d);
  report.q = report.neutral;
  report.gravity = request.gravity;
  report.mu = request.mu;
  if (!(std::isfinite(request.mu) && request.mu >= 0.0)) return Error{"--mu: not a finite number >= 0"};
  if (!(request.gravity.allFinite() && request.gravity.norm() > 0.0)) return Error{"gravity: not a finite nonzero vector"};
  const Result<void> set = set_joints(d, request, &report.q);
  if (!set.ok()) return Error{set.error()};
  Result<std::vector<Transform<double>>> placed = world_to_bodies(d, report.q);
  if (!placed.ok()) return Error{placed.error()};

  if (!request.feet.empty()) {
    if (d.bodies.empty() || d.bodies.front().joint.type != JointType::kFreeFlyer)
      return Error{d.source + ": --feet: the model's base is fixed to the world, so nothing stands on feet "
                              "(a legged robot's URDF needs --floating-base)"};
    Result<std::vector<FootContact>> feet = place_feet(d, request, placed.value());
    if (!feet.ok()) return Error{feet.error()};
    report.contacts = feet.value();
    const Vector3<double> up = -request.gravity.normalized();
    double lowest = up.dot(report.contacts.front().world), highest = lowest;
    for (const FootContact& c : report.contacts) {
      lowest = std::min(lowest, up.dot(c.world));
      highest = std::max(highest, up.dot(c.world));
    }
    // The base moved along `up` puts the lowest point on the floor through the origin.
    report.base_height = -lowest;
    for (int k = 0; k < 3; ++k) report.q[static_cast<std::size_t>(k)] += report.base_height * up(k);
    for (FootContact& c : report.contacts) c.world += report.base_height * up;
    if (highest - lowest > 1e-3)
      report.warnings.push_back("the feet are not level in this posture: the highest contact point is " +
                                format_short(highest - lowest) + " m above the floor (set the joints so they are)");
    placed = world_to_bodies(d, report.q);
    if (!placed.ok()) return Error{placed.error()};
    const Result<void> held = at_model_capacity(d, [&](auto b, auto dofs) {
      return hold<decltype(b)::value, decltype(dofs)::value>(d, &report);
    });
    if (!held.ok()) return Error{held.error()};
    report.standing = true;
  }

  const std::vector<Transform<double>>& x = placed.value();
  for (int i = 0; i < d.body_count(); ++i)
    report.points.push_back(PlacedPoint{d.bodies[static_cast<std::size_t>(i)].name, "body",
                                        d.bodies[static_cast<std::size_t>(i)].name, x[static_cast<std::size_t>(i)].translation()});
  for (const FrameDescription& f : d.frames)
    report.points.push_back(PlacedPoint{f.name, "frame", d.bodies[static_cast<std::size_t>(f.body)].name,
                                        to_world(x[static_cast<std::size_t>(f.body)], f.body_to_frame.translation())});
  for (const ShapeDescription& s : d.shapes)
    report.points.push_back(PlacedPoint{s.link, to_string(s.kind), d.bodies[static_cast<std::size_t>(s.body)].name,
                                        to_world(x[static_cast<std::size_t>(s.body)], s.body_to_shape.translation())});
  return report;
}

namespace {

nlohmann::ordered_json contacts_json(const PoseReport& r, bool with_forces) {
  nlohmann::ordered_json contacts = nlohmann::ordered_json::array();
  const Vector3<double> up = -r.gravity.normalized();
  for (const FootContact& c : r.contacts) {
    nlohmann::ordered_json contact;
    contact["body"] = c.body;
    contact["point"] = json_vector3(c.point);
    if (c.radius > 0.0) contact["radius"] = c.radius;
    contact["normal"] = json_vector3(up);
    contact["mu"] = r.mu;
    if (with_forces) {
      contact["foot"] = c.foot;
      contact["position"] = json_vector3(c.world);
      contact["holding_force"] = json_vector3(c.holding_force);
    }
    contacts.push_back(contact);
  }
  return contacts;
}

}  // namespace

std::string pose_json(const PoseReport& r) {
  nlohmann::ordered_json j;
  j["status"] = "ok";
  j["model"] = r.model;
  j["source"] = r.source;
  j["q_names"] = r.q_names;
  j["v_names"] = r.v_names;
  j["neutral"] = r.neutral;
  j["q"] = r.q;
  nlohmann::ordered_json points = nlohmann::ordered_json::array();
  for (const PlacedPoint& p : r.points)
    points.push_back({{"name", p.name}, {"kind", p.kind}, {"body", p.body}, {"position", json_vector3(p.world)}});
  j["positions"] = points;
  if (r.standing) {
    j["base_height"] = r.base_height;
    j["total_mass"] = r.total_mass;
    j["contacts"] = contacts_json(r, true);
    j["tau"] = r.tau;
    j["holding_torques_damped"] = r.damped;
  }
  j["warnings"] = r.warnings;
  return write_json(j);
}

std::string standing_state_json(const PoseReport& r) {
  nlohmann::ordered_json j;
  j["description"] = "standing state of " + r.model + " made by footfall pose: q with the base height that puts "
                     "the lowest foot on z = 0, v = 0, tau the torques that hold it on these contacts";
  j["q"] = r.q;
  j["v"] = std::vector<double>(r.tau.size(), 0.0);
  j["tau"] = r.tau;
  j["gravity"] = json_vector3(r.gravity);
  j["contacts"] = contacts_json(r, false);
  return write_json(j);
}

std::string pose_table(const PoseReport& r) {
  std::string out = r.model + " (" + r.source + ")\n\n";
  std::size_t name_w = 5;
  for (const std::string& n : r.q_names) name_w = std::max(name_w, n.size());
  out += format_printf("%4s  %-*s  %12s  %12s\n", "q", static_cast<int>(name_w), "coordinate", "neutral", "this pose");
  for (std::size_t k = 0; k < r.q_names.size(); ++k)
    out += format_printf("%4zu  %-*s  %12s  %12s\n", k, static_cast<int>(name_w), r.q_names[k].c_str(),
                         format_short(r.neutral[k]).c_str(), format_short(r.q[k]).c_str());
  out += "\nv: ";
  for (std::size_t k = 0; k < r.v_names.size(); ++k) out += (k == 0 ? "" : ", ") + std::to_string(k) + " " + r.v_names[k];
  out += "\n\nworld positions in this pose [m]:\n";
  std::size_t point_w = 4;
  for (const PlacedPoint& p : r.points) point_w = std::max(point_w, p.name.size());
  for (const PlacedPoint& p : r.points)
    out += format_printf("  %-*s  %-8s  %9s %9s %9s  (on %s)\n", static_cast<int>(point_w), p.name.c_str(), p.kind.c_str(),
                         format_fixed(p.world.x(), 4).c_str(), format_fixed(p.world.y(), 4).c_str(),
                         format_fixed(p.world.z(), 4).c_str(), p.body.c_str());
  if (r.standing) {
    out += "\nstanding: base height " + format_fixed(r.base_height, 5) + " m puts the lowest contact on z = 0; mu " +
           format_short(r.mu) + "\n";
    double lifted = 0.0;
    const Vector3<double> up = -r.gravity.normalized();
    for (const FootContact& c : r.contacts) {
      out += format_printf("  %-*s on %-12s at %9s %9s %9s  holding force %9s %9s %9s N\n", static_cast<int>(point_w),
                           c.foot.c_str(), c.body.c_str(), format_fixed(c.world.x(), 4).c_str(),
                           format_fixed(c.world.y(), 4).c_str(), format_fixed(c.world.z(), 4).c_str(),
                           format_fixed(c.holding_force.x(), 3).c_str(), format_fixed(c.holding_force.y(), 3).c_str(),
                           format_fixed(c.holding_force.z(), 3).c_str());
      lifted += c.holding_force.dot(up);
    }
    out += "  the forces sum to " + format_fixed(lifted, 3) + " N (weight " + format_fixed(r.total_mass * r.gravity.norm(), 3) +
           " N)" + (r.damped ? "; damped least squares: these contacts cannot resist every moment" : "") + "\n";
    out += "holding torques:";
    for (std::size_t k = 0; k < r.tau.size(); ++k)
      out += (k % 6 == 0 ? "\n  " : "  ") + r.v_names[k] + " " + format_short(r.tau[k]);
    out += "\n";
  }
  return out;
}

}  // namespace footfall::host
