#pragma once
// Whole-robot quantities on the kinematics of the last forward_kinematics call: centre of mass,
// spatial momentum, kinetic and potential energy.
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/dynamics/kinematics.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// Total mass-weighted centre of mass, in world coordinates.
template <typename S, int B, int D>
Status center_of_mass(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, Vector3<S>* com) noexcept {
  if (!(ws.stage & Workspace<S, B, D>::kKinematics)) return Status::BadInput("workspace.kinematics");
  Vector3<S> first_moment = Vector3<S>::Zero();
  for (int i = 0; i < model.body_count(); ++i) {
    const Inertia<S>& inertia = model.inertia(i);
    first_moment += inertia.mass() * detail::world_point(ws, i, inertia.com());
  }
  *com = first_moment / model.total_mass();
  return Status::Ok();
}

/// Total spatial momentum Σ ⁰X*_i I_i v_i in world coordinates about the world origin: its
/// linear part is m v_com, its angular part the angular momentum about the world origin.
template <typename S, int B, int D>
Status spatial_momentum(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, Force<S>* momentum) noexcept {
  if (!(ws.stage & Workspace<S, B, D>::kKinematics)) return Status::BadInput("workspace.kinematics");
  Force<S> h = Force<S>::Zero();
  for (int i = 0; i < model.body_count(); ++i)
    h += ws.world_to_body[i].apply_inverse(model.inertia(i).apply(ws.velocity[i]));
  *momentum = h;
  return Status::Ok();
}

/// Kinetic energy ½ vᵀ H v: the bodies' ½ v_i·I_i v_i plus the rotors' ½ armature q̇².
template <typename S, int B, int D, typename VDerived>
Status kinetic_energy(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                      const Eigen::MatrixBase<VDerived>& v, S* energy) noexcept {
  if (!(ws.stage & Workspace<S, B, D>::kKinematics)) return Status::BadInput("workspace.kinematics");
  const Status status = validate_vector(v, model.nv(), "v");
  if (!status.ok()) return status;
  S e = S(0);
  for (int i = 0; i < model.body_count(); ++i) e += kinetic_energy(model.inertia(i), ws.velocity[i]);
  for (int k = 0; k < model.nv(); ++k) e += S(0.5) * model.armature(k) * v.coeff(k) * v.coeff(k);
  *energy = e;
  return Status::Ok();
}

/// Potential energy −Σ m_i g·c_i (zero at the world origin).
template <typename S, int B, int D>
Status potential_energy(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, const Vector3<NoDeduce<S>>& gravity,
                        S* energy) noexcept {
  Vector3<S> com;
  Status status = validate_gravity<S>(gravity);
  if (status.ok()) status = center_of_mass(model, ws, &com);
  if (!status.ok()) return status;
  *energy = -model.total_mass() * gravity.dot(com);
  return Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
