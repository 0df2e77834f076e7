#pragma once
// Everything the algorithms compute for a model, sized by the model's capacity: the caller
// allocates one Workspace (statically on firmware) and every algorithm writes its results here
// (Pinocchio's Model/Data split). Separate workspaces may be used concurrently.
//
// The algorithms share per-tick work through it (lib/DESIGN.md §4): forward_kinematics() fills the
// kinematic terms once; mass_matrix(), bias_forces(), the Jacobians and the velocity-product
// accelerations then read them. `stage` records what is current, and a function that needs a
// stage that is not current returns a Status instead of reading stale numbers.
#include <Eigen/Core>
#include <cstddef>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/model/model.hpp"
#include "footfall/spatial.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The results and scratch of the algorithms for a Model<S, B, D>: body arrays in body
/// coordinates, DOF arrays in the order of v. `stage` says which results are current; a result
/// whose bit is not set is stale or unwritten.
template <typename S, int B, int D>
struct Workspace {
  static constexpr std::size_t kBodySlots = static_cast<std::size_t>(B);  ///< B as an array extent
  static constexpr std::size_t kDofSlots = static_cast<std::size_t>(D);   ///< D as an array extent
  using Vector = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, D, 1>;  ///< nv entries, at most D (no heap)
  using Matrix = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, 0, D, D>;  ///< nv×nv, at most D×D (no heap)

  /// The bits of `stage`, one per group of results.
  enum Stage : unsigned {
    kKinematics = 1u << 0,   ///< forward_kinematics: placements, velocities, S, c
    kMassMatrix = 1u << 1,   ///< mass_matrix: H
    kFactor = 1u << 2,       ///< factorize_mass_matrix: LᵀDL of H
    kBias = 1u << 3,         ///< bias_forces: C(q, v) in `bias`; its q̈ = 0 accelerations in `acceleration`
  };
  /// The Stage bits of the results that are current. forward_kinematics sets kKinematics alone on
  /// success (a refused q or v leaves the workspace, `stage` too, as it was); the others set their
  /// own bit on success and clear those of results they overwrite or outdate (mass_matrix clears
  /// kFactor, rnea kBias).
  unsigned stage = 0;

  /// forward_kinematics
  Transform<S> parent_to_body[kBodySlots];  ///< ⁱX_λ(i) = X_J X_T
  Transform<S> world_to_body[kBodySlots];   ///< ⁱX_0
  Motion<S> velocity[kBodySlots];           ///< v_i in body coordinates
  Motion<S> velocity_product[kBodySlots];   ///< c_i = c_J + v_i × v_J: body acceleration terms of q̇ alone
  Motion<S> subspace[kDofSlots];           ///< S, one column per DOF, in its body's coordinates

  /// rnea / bias_forces / aba
  Motion<S> acceleration[kBodySlots];       ///< a_i in body coordinates
  Vector3<S> bias_gravity;                  ///< bias_forces: the gravity of its accelerations
  Force<S> force[kBodySlots];               ///< f_i: net force on body i transmitted by its joint
  Vector tau;                      ///< rnea: joint forces
  Vector bias;                     ///< bias_forces: C(q, v) including gravity
  Vector qdd;                      ///< aba: joint accelerations

  /// mass_matrix / factorize_mass_matrix
  Inertia<S> composite[kBodySlots];         ///< I^c_i: body i and all it carries, in its coordinates
  /// ᴼS: the columns of S in the frame of the world's axes at the origin of the body's tree root
  /// (crba_origin()), not at the world's origin, for the contact Jacobians: see dynamics/crba.hpp.
  Motion<S> subspace_world[kDofSlots];
  Matrix mass_matrix;              ///< H (full, symmetric)
  /// H = Lᵀ D L (RBDA §6.5): D on the diagonal, L below it on H's pattern (L(k, i) for i an
  /// ancestor DOF of k); elsewhere unspecified (mass_matrix_factor.hpp says what is written).
  Matrix factor;

  /// aba
  Matrix6<S> articulated[kBodySlots];       ///< I^A_i
  Force<S> articulated_bias[kBodySlots];    ///< p^A_i
  Force<S> aba_u_columns[kDofSlots];       ///< U = I^A S, one column per DOF
  Eigen::Matrix<S, D, 6> aba_d_inverse;  ///< rows of body i's DOFs: its (Sᵀ I^A S + armature)⁻¹
  Eigen::Matrix<S, D, 1> aba_u;    ///< u_i = τ_i − Sᵀ p^A_i
};

}  // namespace footfall
FOOTFALL_HEADER_END
