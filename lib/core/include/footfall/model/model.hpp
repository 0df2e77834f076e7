#pragma once
// The model of a kinematic tree (RBDA §4.1–4.2): bodies numbered so that each body's parent
// comes before it, each body joined to its parent (or to the world, parent −1) by one joint.
// Capacity is fixed at compile time — kMaxBodies bodies and kMaxDofs velocity coordinates —
// so a Model lives in a static on firmware. It is immutable: only ModelBuilder writes it.
//
// Velocity coordinates ("DOFs") are numbered in body order, each joint's coordinates together,
// which is depth-first when bodies are added depth-first. Each DOF k has a DOF parent λ(k) < k
// (the previous coordinate of the same joint, else the last coordinate of the nearest ancestor
// with any), the sparsity pattern that the factorisation of H exploits (RBDA §6.5).
#include <cstddef>
#include <cstdint>
#include <limits>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/model/joint.hpp"
#include "footfall/spatial.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// Builds a Model body by body, validating each body (defined in model/model_builder.hpp).
template <typename S, int B, int D>
class ModelBuilder;

/// Per-coordinate limits and drive data of a joint with one velocity coordinate.
template <typename S>
struct JointLimits {
  S position_min = -std::numeric_limits<S>::infinity();  ///< lowest position [rad or m]; −∞: none
  S position_max = std::numeric_limits<S>::infinity();   ///< highest position [rad or m], ≥ position_min; +∞: none
  S velocity_max = std::numeric_limits<S>::infinity();   ///< largest speed [rad/s or m/s], > 0; +∞: none
  S effort_max = std::numeric_limits<S>::infinity();     ///< largest torque or force [N m or N], > 0; +∞: none
};

/// A kinematic tree of at most kMaxBodiesT bodies and kMaxDofsT velocity coordinates (DOFs):
/// per body its parent, joint, joint placement and inertia; per DOF its DOF parent λ(k), drive
/// and limits. Immutable: only a ModelBuilder writes one, after validating every body.
/// (The NOLINT: clang-tidy 14 reports the index __i0 of the implicit copy of an array member.)
template <typename S, int kMaxBodiesT, int kMaxDofsT>
class Model {  // NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp)
 public:
  using Scalar = S;  ///< the scalar type, float or double
  static constexpr int kMaxBodies = kMaxBodiesT;  ///< the capacity in bodies
  static constexpr int kMaxDofs = kMaxDofsT;      ///< the capacity in velocity coordinates (DOFs)
  static constexpr int kMaxConfig = kMaxDofsT + 1;  ///< one free flyer adds a 4th rotation coordinate
  static constexpr int kMaxNameLength = 31;  ///< the longest body or joint name, in chars before the NUL
  static_assert(kMaxBodies > 0 && kMaxDofs > 0, "a model has room for at least one body and DOF");
  /// kMaxBodies as an array extent (unsigned, as C++ wants them).
  static constexpr std::size_t kBodySlots = static_cast<std::size_t>(kMaxBodiesT);
  static constexpr std::size_t kDofSlots = static_cast<std::size_t>(kMaxDofsT);  ///< kMaxDofs as an array extent
  /// q (nq entries) and v, q̈, τ (nv entries) sized at run time within the capacity: no heap.
  using ConfigVector = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, kMaxConfig, 1>;
  /// v, q̈ or τ: nv entries, at most kMaxDofs, sized at run time (no heap).
  using TangentVector = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, kMaxDofs, 1>;

  int body_count() const noexcept { return body_count_; }  ///< the bodies, numbered 0 .. body_count − 1
  int nq() const noexcept { return nq_; }  ///< the position coordinates: q's length
  int nv() const noexcept { return nv_; }  ///< the velocity coordinates (DOFs): the length of v, q̈ and τ

  /// Body i: its parent (−1 for the world), joint, where the joint sits in the parent's frame
  /// (Featherstone's X_T: parent frame → joint frame), and its inertia in its own frame.
  int parent(int body) const noexcept { return parent_[body]; }
  /// The first body of `body`'s tree: the ancestor (or itself) whose parent is the world. Stored
  /// by the builder (CRBA and the contact terms read it for every body and contact each tick).
  int tree_root(int body) const noexcept { return tree_root_[body]; }
  /// The type of the joint that joins `body` to its parent.
  JointType joint_type(int body) const noexcept { return joint_type_[body]; }
  /// The unit axis of a revolute or prismatic joint, in its joint frame (not read for other types).
  const Vector3<S>& joint_axis(int body) const noexcept { return joint_axis_[body]; }
  /// X_T of `body`'s joint: parent frame → joint frame.
  const Transform<S>& joint_placement(int body) const noexcept { return joint_placement_[body]; }
  /// Whether X_T turns the frame (a rotation other than exactly 1). Most placements only move it
  /// (a URDF origin without rpy), and then ⁱX_λ = X_J X_T needs no 3×3 product.
  bool joint_placement_rotates(int body) const noexcept { return joint_frame_[body] == kPlacementRotates; }
  /// The coordinate axis (0, 1, 2) of a revolute joint about its frame's +x, +y or +z whose
  /// placement only translates, else −1: then ⁱX_λ's rotation is an AxisTurn (model/joint.hpp),
  /// and the algorithms turn two coordinates where a 3×3 product would turn three.
  int turn_axis(int body) const noexcept { return joint_frame_[body] >= 0 ? joint_frame_[body] : -1; }
  /// `body`'s spatial inertia, in its own frame.
  const Inertia<S>& inertia(int body) const noexcept { return inertia_[body]; }
  /// `body`'s name (NUL-terminated), unique in the model.
  const char* body_name(int body) const noexcept { return body_name_[body]; }
  /// The name of `body`'s joint: the one given to add_body, else the body's name.
  const char* joint_name(int body) const noexcept { return joint_name_[body]; }
  /// Where `body`'s joint's coordinates start in q (joint_nq of them).
  int q_index(int body) const noexcept { return q_index_[body]; }
  /// Where `body`'s joint's coordinates start in v, q̈ and τ (joint_nv of them): its first DOF.
  int v_index(int body) const noexcept { return v_index_[body]; }
  /// The joint's DOF count, stored per body: the hot loops over a body's DOFs
  /// (v_index .. v_index + joint_nv) read it every turn, and a plain int array lets the compiler
  /// keep it in a register (a JointType is a byte, and a byte load may alias any store).
  int joint_nv(int body) const noexcept { return joint_nv_[body]; }
  /// The joint's position coordinate count (7 for a free flyer, whose rotation is a quaternion).
  int joint_nq(int body) const noexcept { return footfall::joint_nq(joint_type_[body]); }

  /// DOF k: the body it moves, its DOF parent λ(k) (−1 at a root), and its drive: the reflected
  /// rotor inertia (armature, added to H's diagonal) and the gear ratio (what the gearbox sees).
  int dof_body(int dof) const noexcept { return dof_body_[dof]; }
  /// λ(dof): the DOF parent, −1 at a root.
  int dof_parent(int dof) const noexcept { return dof_parent_[dof]; }
  /// One past the largest DOF that descends from `dof`, so every descendant m has
  /// dof < m < dof_subtree_end(dof): the rows below the diagonal where column `dof` of H or of its
  /// factor can be non-zero, a contiguous run that the factorisation and the solves stride down
  /// (RBDA §6.5; Pinocchio's nvSubtree). Depth-first numbering makes the run exactly the subtree;
  /// any other order leaves exact zeros of H's pattern in it, which cost work but change nothing.
  int dof_subtree_end(int dof) const noexcept { return dof_subtree_end_[dof]; }
  /// Whether the DOFs are numbered depth-first (in preorder), so that every run above is exactly
  /// a subtree and holds none of H's structural zeros. ModelBuilder decides it as bodies are added.
  bool dofs_depth_first() const noexcept { return dofs_depth_first_; }
  S armature(int dof) const noexcept { return armature_[dof]; }  ///< reflected rotor inertia [kg m² or kg], ≥ 0
  S gear_ratio(int dof) const noexcept { return gear_ratio_[dof]; }  ///< motor turns per joint turn, > 0
  /// The limits of `dof`, as its JointSpec gave them (checked for revolute and prismatic joints).
  const JointLimits<S>& limits(int dof) const noexcept { return limits_[dof]; }

  /// Index of the body with this name, or −1.
  int find_body(const char* name) const noexcept {
    for (int i = 0; i < body_count_; ++i)
      if (names_equal(body_name_[i], name)) return i;
    return -1;
  }

  /// The sum of the bodies' masses [kg].
  S total_mass() const noexcept {
    S m = S(0);
    for (int i = 0; i < body_count_; ++i) m += inertia_[i].mass();
    return m;
  }

  /// True when body 0 is joined to the world by a free flyer.
  bool has_floating_base() const noexcept {
    return body_count_ > 0 && joint_type_[0] == JointType::kFreeFlyer;
  }

 private:
  friend class ModelBuilder<S, kMaxBodiesT, kMaxDofsT>;

  static bool names_equal(const char* a, const char* b) noexcept {
    for (int i = 0; i <= kMaxNameLength; ++i) {
      if (a[i] != b[i]) return false;
      if (a[i] == '\0') return true;
    }
    return true;
  }

  int body_count_ = 0;
  int nq_ = 0;
  int nv_ = 0;
  int parent_[kBodySlots] = {};
  JointType joint_type_[kBodySlots] = {};
  Vector3<S> joint_axis_[kBodySlots];
  Transform<S> joint_placement_[kBodySlots];
  /// Per body: kPlacementRotates, or turn_axis() (−1 for any other joint). One byte for both.
  static constexpr std::int8_t kPlacementRotates = -2;
  std::int8_t joint_frame_[kBodySlots] = {};
  Inertia<S> inertia_[kBodySlots];
  char body_name_[kBodySlots][kMaxNameLength + 1u] = {};
  char joint_name_[kBodySlots][kMaxNameLength + 1u] = {};
  int q_index_[kBodySlots] = {};
  int v_index_[kBodySlots] = {};
  std::int16_t joint_nv_[kBodySlots] = {};
  std::int16_t tree_root_[kBodySlots] = {};
  /// The per-DOF indices are 16-bit: on a 32 KiB part the model is a static, and every byte counts.
  static_assert(kMaxDofsT < 32767 && kMaxBodiesT < 32767, "a model's indices fit 16 bits");
  std::int16_t dof_body_[kDofSlots] = {};
  std::int16_t dof_parent_[kDofSlots] = {};
  std::int16_t dof_subtree_end_[kDofSlots] = {};
  bool dofs_depth_first_ = true;
  S armature_[kDofSlots] = {};
  S gear_ratio_[kDofSlots] = {};
  JointLimits<S> limits_[kDofSlots];
};

}  // namespace footfall
FOOTFALL_HEADER_END
