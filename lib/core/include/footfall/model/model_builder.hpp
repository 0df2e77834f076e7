#pragma once
// Builds a Model body by body, validating everything, so that a Model that exists is a valid
// one. Works without heap, so a firmware image can build its model at start-up into a static:
//
//   static footfall::Model<float, 13, 18> model;
//   footfall::ModelBuilder<float, 13, 18> builder;
//   builder.add_body("trunk", -1, footfall::JointSpec<float>::FreeFlyer(), trunk_inertia);
//   ...
//   footfall::Status status = builder.build(&model);
//
// Every add_* returns a Status naming the first bad field with the body's index; after a failed
// call the builder is unchanged, and build() reports the first failure if any call failed.
#include <cmath>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/inline.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/status.hpp"
#include "footfall/model/model.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// How a body is joined to its parent.
template <typename S>
struct JointSpec {
  JointType type = JointType::kFixed;  ///< the joint's type; planar or free flyer only for body 0, at the world
  Vector3<S> axis = Vector3<S>::UnitZ();          ///< unit, in the joint frame (revolute, prismatic)
  Transform<S> placement = Transform<S>();        ///< X_T: parent frame → joint frame
  JointLimits<S> limits{};                        ///< revolute and prismatic only
  S armature = S(0);                              ///< reflected rotor inertia [kg m² or kg], ≥ 0
  S gear_ratio = S(1);                            ///< motor turns per joint turn, > 0

  /// A fixed joint at `placement` (X_T): no coordinates.
  static JointSpec Fixed(const Transform<S>& placement = Transform<S>()) noexcept {
    JointSpec j;
    j.type = JointType::kFixed;
    j.placement = placement;
    return j;
  }
  /// A revolute joint about the unit `axis` of the joint frame, at `placement` (X_T).
  static JointSpec Revolute(const Vector3<S>& axis, const Transform<S>& placement = Transform<S>()) noexcept {
    JointSpec j;
    j.type = JointType::kRevolute;
    j.axis = axis;
    j.placement = placement;
    return j;
  }
  /// A prismatic joint along the unit `axis` of the joint frame, at `placement` (X_T).
  static JointSpec Prismatic(const Vector3<S>& axis, const Transform<S>& placement = Transform<S>()) noexcept {
    JointSpec j = Revolute(axis, placement);
    j.type = JointType::kPrismatic;
    return j;
  }
  /// A planar joint to the world: q = (x, y, φ) in world coordinates, turning about world z.
  static JointSpec Planar() noexcept {
    JointSpec j;
    j.type = JointType::kPlanar;
    return j;
  }
  /// A free flyer to the world: q = (origin in world coordinates, unit quaternion x y z w, body →
  /// world), v = (linear velocity of the body origin, angular velocity), both in body coordinates.
  static JointSpec FreeFlyer() noexcept {
    JointSpec j;
    j.type = JointType::kFreeFlyer;
    return j;
  }
  /// Sets the limits and returns this joint, for chaining.
  JointSpec& with_limits(const JointLimits<S>& l) noexcept {
    limits = l;
    return *this;
  }
  /// Sets the armature [kg m² or kg] and the gear ratio and returns this joint, for chaining.
  JointSpec& with_drive(S armature_value, S gear_ratio_value) noexcept {
    armature = armature_value;
    gear_ratio = gear_ratio_value;
    return *this;
  }
};

/// Builds a Model<S, B, D> without heap: add_body() for each body, parent before child, each
/// validated as it is added, then build() to copy the model out.
template <typename S, int B, int D>
class ModelBuilder {
 public:
  using ModelType = Model<S, B, D>;  ///< the model this builder builds

  /// Adds a body joined to `parent` (an earlier body's index, or −1 for the world) and, on
  /// success, stores its index in *index (if given).
  FOOTFALL_COLD Status add_body(const char* name, int parent, const JointSpec<S>& joint,
                                const Inertia<S>& inertia, int* index = nullptr,
                                const char* joint_name = nullptr) noexcept {
    ModelType& m = model_;
    const int i = m.body_count_;
    // The capacity is checked here, beside the stores it guards, and not in check_body:
    // arm-none-eabi GCC 12 cannot carry a bound through a returned Status, and warns that the
    // stores may write past the arrays (-Wstringop-overflow, seen in a test's 3-body model).
    if (i < 0 || i >= B) return refuse(Status::Capacity("model.bodies", i));
    const Status status = check_body(name, parent, joint, inertia, joint_name);
    if (!status.ok()) return refuse(status);
    copy_name(name, m.body_name_[i]);
    copy_name(joint_name != nullptr ? joint_name : name, m.joint_name_[i]);
    m.parent_[i] = parent;
    // parent < i (check_body); the bound is spelt out for GCC, which cannot see that either.
    m.tree_root_[i] = static_cast<std::int16_t>(parent >= 0 && parent < i ? m.tree_root_[parent] : i);
    m.joint_type_[i] = joint.type;
    m.joint_axis_[i] = joint.axis;
    m.joint_placement_[i] = joint.placement;
    m.joint_frame_[i] = joint.placement.rotation() != Matrix3<S>::Identity()
                            ? ModelType::kPlacementRotates
                            : static_cast<std::int8_t>(revolute_coordinate_axis(joint.type, joint.axis));
    m.inertia_[i] = inertia;
    m.q_index_[i] = m.nq_;
    m.v_index_[i] = m.nv_;
    m.joint_nv_[i] = static_cast<std::int16_t>(joint_nv(joint.type));
    // DOF parents: within the joint, the previous coordinate; the joint's first coordinate
    // hangs from the last coordinate of the nearest ancestor that has any.
    int previous = -1;
    for (int a = parent; a != -1; a = m.parent_[a]) {
      if (m.joint_nv(a) > 0) {
        previous = m.v_index_[a] + m.joint_nv(a) - 1;
        break;
      }
    }
    for (int k = 0; k < joint_nv(joint.type); ++k) {
      const int dof = m.nv_ + k;
      m.dof_body_[dof] = static_cast<std::int16_t>(i);
      m.dof_parent_[dof] = static_cast<std::int16_t>(previous);
      // The numbering stays depth-first while each new DOF hangs from the chain that ends at the
      // last one (a preorder's rightmost path): its parent's run must end just before it.
      if (previous != -1 && m.dof_subtree_end_[previous] != dof) m.dofs_depth_first_ = false;
      // The new DOF is the largest so far, so it ends its own run and every ancestor's.
      m.dof_subtree_end_[dof] = static_cast<std::int16_t>(dof + 1);
      for (int a = previous; a != -1; a = m.dof_parent_[a]) m.dof_subtree_end_[a] = static_cast<std::int16_t>(dof + 1);
      m.armature_[dof] = joint.armature;
      m.gear_ratio_[dof] = joint.gear_ratio;
      m.limits_[dof] = joint.limits;
      previous = dof;
    }
    m.nq_ += joint_nq(joint.type);
    m.nv_ += joint_nv(joint.type);
    m.body_count_ = i + 1;
    if (index != nullptr) *index = i;
    return Status::Ok();
  }

  /// Copies the model out, or returns the first error of any add_body call (leaving *out as it
  /// was). A model needs at least one body with a degree of freedom.
  FOOTFALL_COLD Status build(ModelType* out) const noexcept {
    if (!first_error_.ok()) return first_error_;
    if (model_.nv_ == 0) return Status::BadInput("model.degrees_of_freedom");
    *out = model_;
    return Status::Ok();
  }

 private:
  /// A refused body leaves the model as it was; build() reports the first refusal.
  Status refuse(const Status& status) noexcept {
    if (first_error_.ok()) first_error_ = status;
    return status;
  }

  static bool copy_name(const char* from, char* to) noexcept {
    for (int k = 0; k <= ModelType::kMaxNameLength; ++k) {
      to[k] = from[k];
      if (from[k] == '\0') return true;
    }
    to[ModelType::kMaxNameLength] = '\0';
    return false;
  }

  static bool name_fits(const char* name) noexcept {
    if (name == nullptr || name[0] == '\0') return false;
    for (int k = 0; k <= ModelType::kMaxNameLength; ++k)
      if (name[k] == '\0') return true;
    return false;
  }

  static bool is_rotation(const Matrix3<S>& e) noexcept {
    const S tolerance = S(64) * epsilon<S>();
    return all_finite(e) && max_abs(Matrix3<S>(e * e.transpose() - Matrix3<S>::Identity())) <= tolerance &&
           std::abs(e.determinant() - S(1)) <= tolerance;
  }

  Status check_body(const char* name, int parent, const JointSpec<S>& joint, const Inertia<S>& inertia,
                    const char* joint_name) const noexcept {
    const ModelType& m = model_;
    const int i = m.body_count_;  // below B (add_body checked)
    if (m.nv_ + joint_nv(joint.type) > D) return Status::Capacity("model.degrees_of_freedom", i);
    if (!name_fits(name)) return Status::BadInput("body.name", i);
    if (joint_name != nullptr && !name_fits(joint_name)) return Status::BadInput("joint.name", i);
    if (m.find_body(name) != -1) return Status::BadInput("body.name.duplicate", i);
    if (parent < -1 || parent >= i) return Status::BadInput("body.parent", i);
    switch (joint.type) {
      case JointType::kFixed:
      case JointType::kRevolute:
      case JointType::kPrismatic:
        break;
      case JointType::kPlanar:
      case JointType::kFreeFlyer:
        // Their coordinates are world coordinates (lib/DESIGN.md §3): only a root, only one.
        if (parent != -1) return Status::BadInput("joint.type.not_at_root", i);
        if (i != 0) return Status::BadInput("joint.type.root_must_be_body_0", i);
        break;
      default:
        return Status::BadInput("joint.type", i);
    }
    if (joint.type == JointType::kRevolute || joint.type == JointType::kPrismatic) {
      if (!all_finite(joint.axis) || std::abs(joint.axis.norm() - S(1)) > S(64) * epsilon<S>())
        return Status::BadInput("joint.axis", i);
      const JointLimits<S>& l = joint.limits;
      if (std::isnan(l.position_min) || std::isnan(l.position_max) || !(l.position_min <= l.position_max))
        return Status::BadInput("joint.limits.position", i);
      if (!(l.velocity_max > S(0))) return Status::BadInput("joint.limits.velocity", i);
      if (!(l.effort_max > S(0))) return Status::BadInput("joint.limits.effort", i);
    }
    if (!is_rotation(joint.placement.rotation())) return Status::BadInput("joint.placement.rotation", i);
    if (!all_finite(joint.placement.translation())) return Status::BadInput("joint.placement.translation", i);
    if (!is_finite(joint.armature) || joint.armature < S(0)) return Status::BadInput("joint.armature", i);
    if (!is_finite(joint.gear_ratio) || !(joint.gear_ratio > S(0))) return Status::BadInput("joint.gear_ratio", i);
    // Inertias are valid by construction (Inertia::FromMassComInertia); the zero inertia is not
    // a body: a massless leaf would make H singular.
    if (!(inertia.mass() > S(0))) return Status::BadInput("body.mass", i);
    return Status::Ok();
  }

  ModelType model_;
  Status first_error_ = Status::Ok();
};

}  // namespace footfall
FOOTFALL_HEADER_END
