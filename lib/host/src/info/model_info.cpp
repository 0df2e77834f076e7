#include "footfall/host/info/model_info.hpp"

#include <memory>

#include "footfall/dynamics.hpp"

namespace footfall::host {

namespace {

template <typename S, int B, int D>
ModelInfo read_model(const Model<S, B, D>& model) {
  ModelInfo info;
  info.capacity = Capacity{B, D};
  info.nq = model.nq();
  info.nv = model.nv();
  info.floating_base = model.has_floating_base();
  info.total_mass = static_cast<double>(model.total_mass());
  info.model_bytes = sizeof(Model<S, B, D>);
  info.workspace_bytes = sizeof(Workspace<S, B, D>);
  for (int i = 0; i < model.body_count(); ++i) {
    BodyInfo body;
    body.name = model.body_name(i);
    body.parent = model.parent(i);
    body.parent_name = body.parent < 0 ? "" : model.body_name(body.parent);
    body.joint = model.joint_name(i);
    body.joint_type = to_string(model.joint_type(i));
    body.mass = static_cast<double>(model.inertia(i).mass());
    if (model.joint_nv(i) == 1) body.armature = static_cast<double>(model.armature(model.v_index(i)));
    body.q_index = model.q_index(i);
    body.v_index = model.v_index(i);
    body.nq = model.joint_nq(i);
    body.nv = model.joint_nv(i);
    info.bodies.push_back(body);
  }
  return info;
}

template <typename S>
Result<ModelInfo> model_info_in(const RobotDescription& description, Capacity capacity) {
  std::optional<Result<ModelInfo>> info = dispatch_capacity(capacity, [&](auto b, auto d) -> Result<ModelInfo> {
    using ModelType = Model<S, decltype(b)::value, decltype(d)::value>;
    auto model = std::make_unique<ModelType>();  // tens of kilobytes at the larger capacities
    const Result<void> built = build_model(description, model.get());
    if (!built.ok()) return Error{built.error()};
    return read_model(*model);
  });
  if (!info) return Error{"capacity " + std::to_string(capacity.bodies) + "x" + std::to_string(capacity.dofs) +
                          " is not one the tool was compiled with (" + capacity_list() + ")"};
  return std::move(*info);
}

PlacementInfo placement_info(const std::string& name, const std::string& body, const Transform<double>& body_to_frame) {
  PlacementInfo p;
  p.name = name;
  p.body = body;
  p.position = body_to_frame.translation();
  p.orientation = quaternion_from_rotation(Matrix3<double>(body_to_frame.rotation().transpose()));
  return p;
}

// What the description knows and the core does not keep: full names, frames, shapes, notes.
void add_description(const RobotDescription& d, ModelInfo* info) {
  info->name = d.name;
  info->source = d.source;
  for (std::size_t i = 0; i < info->bodies.size() && i < d.bodies.size(); ++i) {
    BodyInfo& b = info->bodies[i];
    b.name = d.bodies[i].name;
    b.joint = d.bodies[i].joint_name;
    b.parent_name = b.parent < 0 ? "" : d.bodies[static_cast<std::size_t>(b.parent)].name;
  }
  const auto body_name = [&d](int body) { return d.bodies[static_cast<std::size_t>(body)].name; };
  for (const FrameDescription& f : d.frames) info->frames.push_back(placement_info(f.name, body_name(f.body), f.body_to_frame));
  for (const ShapeDescription& s : d.shapes) {
    ShapeInfo shape;
    shape.placement = placement_info(s.link, body_name(s.body), s.body_to_shape);
    shape.kind = to_string(s.kind);
    shape.radius = s.radius;
    shape.length = s.length;
    shape.size = s.size;
    info->shapes.push_back(shape);
  }
  info->notes = d.notes;
  info->mass_fixed_to_world = d.mass_fixed_to_world;
}

}  // namespace

Result<ModelInfo> model_info(const RobotDescription& description, Capacity capacity, Scalar scalar) {
  Result<ModelInfo> info = scalar == Scalar::kDouble ? model_info_in<double>(description, capacity)
                                                     : model_info_in<float>(description, capacity);
  if (info.ok()) {
    add_description(description, &info.value());
    info.value().scalar = scalar;
  }
  return info;
}

}  // namespace footfall::host
