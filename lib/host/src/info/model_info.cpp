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

}  // namespace

Result<ModelInfo> model_info(const RobotDescription& description, Capacity capacity, Scalar scalar) {
  Result<ModelInfo> info = scalar == Scalar::kDouble ? model_info_in<double>(description, capacity)
                                                     : model_info_in<float>(description, capacity);
  if (info.ok()) {
    info.value().name = description.name;
    info.value().source = description.source;
    info.value().scalar = scalar;
  }
  return info;
}

}  // namespace footfall::host
