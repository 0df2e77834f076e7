#pragma once
// `quadruped` (lib/DESIGN.md §6): the Unitree A1, a 12-joint quadruped with a floating base
// (nq 19, nv 18, 13 bodies, 12.7 kg of bodies plus 4 × 0.06 kg feet).
//
// Source of every mass, centre of mass, inertia, joint placement and limit: Unitree's public
// URDF, repository unitreerobotics/unitree_ros, robots/a1_description/urdf/a1.urdf (commits
// d8c05bf and 0cbd88e agree). All inertial and joint frames there have rpy = 0.
// - The 0.06 kg foot (fixed 0.2 m below the calf joint) is merged into the calf, as a URDF
//   importer merges fixed links; the foot sphere's centre is the contact point.
// - The 1 g IMU link at the trunk origin is left out.
// - Drive data are not in the URDF: the armature 0.01 kg m² per joint is the modelling choice of
//   the MuJoCo Menagerie's unitree_a1 model (not a measurement), and the gear ratio 9.1 is the
//   figure commonly quoted for the A1 joint motor, not confirmed by a Unitree file.
// Leg order as in the file: FR, FL, RR, RL; each leg hip (about x), thigh (y), calf (y).
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/model/model_builder.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The built-in quadruped's model type: 13 bodies, 18 DOFs.
template <typename S>
using QuadrupedModel = Model<S, 13, 18>;

constexpr int kQuadrupedLegs = 4;  ///< legs, numbered as kQuadrupedLegNames
/// The legs' names in body order: front right, front left, rear right, rear left.
constexpr const char* kQuadrupedLegNames[kQuadrupedLegs] = {"FR", "FL", "RR", "RL"};

/// The foot contact point (centre of the foot sphere, radius 0.02 m) in the calf frame.
template <typename S>
Vector3<S> quadruped_foot_point() noexcept {
  return Vector3<S>(S(0), S(0), S(-0.2));
}

/// Body index of leg `leg`'s calf (the body that carries the foot): 3, 6, 9, 12.
constexpr int quadruped_calf_body(int leg) noexcept { return 3 + 3 * leg; }

/// The model's DOF tree as a type (model/topology.hpp), for the kernels unrolled for it
/// (factorize_mass_matrix_unrolled): the free flyer's six DOFs in a chain, then each leg's hip,
/// thigh and calf, the hip on the free flyer's last. check_topology confirms it against
/// build_quadruped_model's model (test_unrolled_factor.cpp).
struct QuadrupedTopology {
  static constexpr int kDofs = 18;  ///< nv
  /// λ(k) of each DOF, −1 at the root.
  static constexpr int kDofParent[kDofs] = {-1, 0, 1, 2, 3, 4,  // free flyer
                                            5, 6, 7,            // FR hip, thigh, calf
                                            5, 9, 10,           // FL
                                            5, 12, 13,          // RR
                                            5, 15, 16};         // RL
  /// The coordinate axis each DOF's joint turns about (Model::turn_axis), −1 for the free flyer:
  /// hip about x, thigh and calf about y. With them CRBA is unrolled too (unrolled_crba.hpp).
  static constexpr int kTurnAxis[kDofs] = {-1, -1, -1, -1, -1, -1,
                                           0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1};
};

namespace detail {

template <typename S>
Matrix3<S> symmetric3(S ixx, S ixy, S ixz, S iyy, S iyz, S izz) noexcept {
  Matrix3<S> m;
  m << ixx, ixy, ixz, ixy, iyy, iyz, ixz, iyz, izz;
  return m;
}

}  // namespace detail

/// Run once, before a loop: FOOTFALL_COLD (common/inline.hpp) keeps it small.
template <typename S>
FOOTFALL_COLD Status build_quadruped_model(QuadrupedModel<S>* out) noexcept {
  using detail::symmetric3;
  ModelBuilder<S, 13, 18> builder;
  Inertia<S> trunk;
  Status status = Inertia<S>::FromMassComInertia(
      S(6.0), Vector3<S>(S(0.0), S(0.0041), S(-0.0005)),
      symmetric3<S>(S(0.0158533), S(-3.66e-05), S(-6.11e-05), S(0.0377999), S(-2.75e-05), S(0.0456542)), &trunk);
  if (!status.ok()) return status;
  builder.add_body("trunk", -1, JointSpec<S>::FreeFlyer(), trunk, nullptr, "root");

  JointLimits<S> hip_limits{S(-0.802851455917), S(0.802851455917), S(21), S(33.5)};
  JointLimits<S> thigh_limits{S(-1.0471975512), S(4.18879020479), S(21), S(33.5)};
  JointLimits<S> calf_limits{S(-2.69653369433), S(-0.916297857297), S(21), S(33.5)};
  const S armature = S(0.01), gear_ratio = S(9.1);
  static const char* const kBodyNames[kQuadrupedLegs][3] = {
      {"FR_hip", "FR_thigh", "FR_calf"}, {"FL_hip", "FL_thigh", "FL_calf"},
      {"RR_hip", "RR_thigh", "RR_calf"}, {"RL_hip", "RL_thigh", "RL_calf"}};
  static const char* const kJointNames[kQuadrupedLegs][3] = {
      {"FR_hip_joint", "FR_thigh_joint", "FR_calf_joint"}, {"FL_hip_joint", "FL_thigh_joint", "FL_calf_joint"},
      {"RR_hip_joint", "RR_thigh_joint", "RR_calf_joint"}, {"RL_hip_joint", "RL_thigh_joint", "RL_calf_joint"}};

  for (int leg = 0; leg < kQuadrupedLegs; ++leg) {
    const S front = (leg < 2) ? S(1) : S(-1);      // FR, FL in front
    const S left = (leg % 2 == 1) ? S(1) : S(-1);  // FL, RL on the left (+y)
    // Hip: mirrored in x front/rear (x, ixy, ixz flip) and in y left/right (y, ixy, iyz flip).
    Inertia<S> hip, thigh, calf, foot;
    status = Inertia<S>::FromMassComInertia(
        S(0.696), Vector3<S>(S(-0.003311) * front, S(0.000635) * left, S(3.1e-05)),
        symmetric3<S>(S(0.000469246), S(-9.409e-06) * front * left, S(-3.42e-07) * front, S(0.00080749),
                      S(-4.66e-07) * left, S(0.000552929)),
        &hip);
    if (status.ok())
      status = Inertia<S>::FromMassComInertia(
          S(1.013), Vector3<S>(S(-0.003237), S(-0.022327) * left, S(-0.027326)),
          symmetric3<S>(S(0.005529065), S(4.825e-06) * left, S(0.000343869), S(0.005139339),
                        S(2.2448e-05) * left, S(0.001367788)),
          &thigh);
    if (status.ok())
      status = Inertia<S>::FromMassComInertia(
          S(0.166), Vector3<S>(S(0.006435), S(0.0), S(-0.107388)),
          symmetric3<S>(S(0.002997972), S(0.0), S(-0.000141163), S(0.003014022), S(0.0), S(3.2426e-05)), &calf);
    if (status.ok())
      status = Inertia<S>::FromMassComInertia(S(0.06), quadruped_foot_point<S>(),
                                              Matrix3<S>(Matrix3<S>::Identity() * S(9.6e-06)), &foot);
    if (!status.ok()) return status;
    const int hip_body = 1 + 3 * leg;
    builder.add_body(kBodyNames[leg][0], 0,
                     JointSpec<S>::Revolute(Vector3<S>::UnitX(),
                                            Transform<S>::Translation(Vector3<S>(S(0.1805) * front, S(0.047) * left, S(0))))
                         .with_limits(hip_limits)
                         .with_drive(armature, gear_ratio),
                     hip, nullptr, kJointNames[leg][0]);
    builder.add_body(kBodyNames[leg][1], hip_body,
                     JointSpec<S>::Revolute(Vector3<S>::UnitY(),
                                            Transform<S>::Translation(Vector3<S>(S(0), S(0.0838) * left, S(0))))
                         .with_limits(thigh_limits)
                         .with_drive(armature, gear_ratio),
                     thigh, nullptr, kJointNames[leg][1]);
    builder.add_body(kBodyNames[leg][2], hip_body + 1,
                     JointSpec<S>::Revolute(Vector3<S>::UnitY(),
                                            Transform<S>::Translation(Vector3<S>(S(0), S(0), S(-0.2))))
                         .with_limits(calf_limits)
                         .with_drive(armature, gear_ratio),
                     calf + foot, nullptr, kJointNames[leg][2]);
  }
  return builder.build(out);
}

}  // namespace footfall
FOOTFALL_HEADER_END
