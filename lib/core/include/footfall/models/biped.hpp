#pragma once
// `biped` (lib/DESIGN.md §6): a 12-joint biped with a floating base (nq 19, nv 18, 13 bodies).
// It is not a copy of a particular robot: the public files of full-size bipeds are either
// closed-loop or licensed against reuse, so this one is built from uniform solids with the
// proportions of a 1.2 m, 33 kg humanoid's lower body — pelvis 0.30 × 0.20 × 0.15 m box of
// 10 kg; thigh and shank 0.38 m cylinders; 0.22 × 0.10 × 0.05 m feet. Every leg has, in order,
// hip yaw (z), hip roll (x), hip pitch (y), knee (y), ankle pitch (y), ankle roll (x), the
// serial layout of TALOS-, HRP- or H1-class legs. Left leg first.
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/model/model_builder.hpp"
#include "footfall/models/solids.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The built-in biped's model type: 13 bodies, 18 DOFs.
template <typename S>
using BipedModel = Model<S, 13, 18>;

/// The four sole corners of each foot in the foot (ankle roll) frame, 0.07 m below the ankle.
template <typename S>
Vector3<S> biped_sole_corner(int corner) noexcept {
  return Vector3<S>((corner & 1) ? S(0.15) : S(-0.07), (corner & 2) ? S(0.05) : S(-0.05), S(-0.07));
}

/// Body index of a leg's foot (ankle roll link): 6 (left), 12 (right).
constexpr int biped_foot_body(int leg) noexcept { return 6 + 6 * leg; }

/// Builds the built-in 12-joint biped with a floating base (this header's opening comment) into
/// *out.
template <typename S>
Status build_biped_model(BipedModel<S>* out) noexcept {
  ModelBuilder<S, 13, 18> builder;
  Inertia<S> pelvis, yaw, roll, thigh, shank, ankle, foot;
  Status status = Inertia<S>::FromMassComInertia(S(10), Vector3<S>::Zero(),
                                                 box_inertia<S>(S(10), S(0.20), S(0.30), S(0.15)), &pelvis);
  if (status.ok())
    status = Inertia<S>::FromMassComInertia(S(1.0), Vector3<S>(S(0), S(0), S(-0.04)),
                                            cylinder_inertia<S>(S(1.0), S(0.04), S(0.08)), &yaw);
  if (status.ok())
    status = Inertia<S>::FromMassComInertia(S(1.2), Vector3<S>::Zero(),
                                            box_inertia<S>(S(1.2), S(0.08), S(0.08), S(0.08)), &roll);
  if (status.ok())
    status = Inertia<S>::FromMassComInertia(S(4.5), Vector3<S>(S(0), S(0), S(-0.19)),
                                            cylinder_inertia<S>(S(4.5), S(0.05), S(0.38)), &thigh);
  if (status.ok())
    status = Inertia<S>::FromMassComInertia(S(2.6), Vector3<S>(S(0), S(0), S(-0.17)),
                                            cylinder_inertia<S>(S(2.6), S(0.04), S(0.38)), &shank);
  if (status.ok())
    status = Inertia<S>::FromMassComInertia(S(0.4), Vector3<S>::Zero(),
                                            box_inertia<S>(S(0.4), S(0.05), S(0.05), S(0.05)), &ankle);
  if (status.ok())
    status = Inertia<S>::FromMassComInertia(S(1.0), Vector3<S>(S(0.04), S(0), S(-0.045)),
                                            box_inertia<S>(S(1.0), S(0.22), S(0.10), S(0.05)), &foot);
  if (!status.ok()) return status;
  builder.add_body("pelvis", -1, JointSpec<S>::FreeFlyer(), pelvis, nullptr, "root");

  static const char* const kBodies[2][6] = {
      {"l_hip_yaw", "l_hip_roll", "l_thigh", "l_shank", "l_ankle", "l_foot"},
      {"r_hip_yaw", "r_hip_roll", "r_thigh", "r_shank", "r_ankle", "r_foot"}};
  static const char* const kJoints[2][6] = {
      {"l_hip_yaw", "l_hip_roll", "l_hip_pitch", "l_knee", "l_ankle_pitch", "l_ankle_roll"},
      {"r_hip_yaw", "r_hip_roll", "r_hip_pitch", "r_knee", "r_ankle_pitch", "r_ankle_roll"}};
  const JointLimits<S> limits{S(-2.6), S(2.6), S(10), S(200)};
  for (int leg = 0; leg < 2; ++leg) {
    const S side = leg == 0 ? S(1) : S(-1);
    const Vector3<S> axes[6] = {Vector3<S>::UnitZ(), Vector3<S>::UnitX(), Vector3<S>::UnitY(),
                                Vector3<S>::UnitY(), Vector3<S>::UnitY(), Vector3<S>::UnitX()};
    const Vector3<S> offsets[6] = {Vector3<S>(S(0), S(0.09) * side, S(-0.08)), Vector3<S>(S(0), S(0), S(-0.08)),
                                   Vector3<S>::Zero(), Vector3<S>(S(0), S(0), S(-0.38)),
                                   Vector3<S>(S(0), S(0), S(-0.38)), Vector3<S>::Zero()};
    const Inertia<S>* links[6] = {&yaw, &roll, &thigh, &shank, &ankle, &foot};
    for (int j = 0; j < 6; ++j) {
      const int parent = j == 0 ? 0 : 1 + 6 * leg + j - 1;
      builder.add_body(kBodies[leg][j], parent,
                       JointSpec<S>::Revolute(axes[j], Transform<S>::Translation(offsets[j]))
                           .with_limits(limits)
                           .with_drive(S(0.02), S(100)),
                       *links[j], nullptr, kJoints[leg][j]);
    }
  }
  return builder.build(out);
}

}  // namespace footfall
FOOTFALL_HEADER_END
