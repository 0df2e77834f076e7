#pragma once
// One name for a robot's capacities: the scalar, the bodies, the DOFs and the contacts, fixed at
// compile time, from which a program takes every type it needs.
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/contact/contact.hpp"
#include "footfall/model/model.hpp"
#include "footfall/model/workspace.hpp"
#include "footfall/motion/rigid_state.hpp"
#include "footfall/stance/options.hpp"
#include "footfall/stance/stance_workspace.hpp"
#include "footfall/strike/options.hpp"
#include "footfall/strike/strike_workspace.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// A robot's capacities: scalar `S` (`float` or `double`), at most `B` bodies, `D` velocity
/// coordinates (DOFs) and `K` contacts. Each member type is one of the library's templates with
/// these capacities in the order that template takes them, so a program writes them once:
/// @code
///   using Robot = footfall::Robot<float, 13, 18, 4>;   // or codegen's <Name>Robot<float, 4>
///   Robot::Model model;              // footfall::Model<float, 13, 18>
///   Robot::Workspace ws;             // footfall::Workspace<float, 13, 18>
///   Robot::Contacts feet;            // footfall::ContactSet<float, 4>
///   Robot::StanceWorkspace stance;   // footfall::StanceWorkspace<float, 18, 4>
///   Robot::StanceResult forces;      // footfall::StanceResult<float, 18, 4>
///   Robot::StrikeResult impact;      // footfall::StrikeResult<float, 13, 18, 4>
/// @endcode
/// The stance and strike workspaces have room for every friction model (the 8-facet pyramid's
/// unknowns); `StanceWorkspaceFor<F>` and `StrikeWorkspaceFor<F>` have room for one model's only,
/// which is smaller. The templates themselves remain the building blocks: a Robot adds no type
/// of its own.
template <typename S, int B, int D, int K>
struct Robot {
  static_assert(B >= 1 && D >= 1 && K >= 1, "a robot has room for at least one body, DOF and contact");

  using Scalar = S;               ///< `float` or `double`
  static constexpr int kBodies = B;    ///< the most bodies a model may have
  static constexpr int kDofs = D;      ///< the most velocity coordinates (nv) a model may have
  static constexpr int kContacts = K;  ///< the most contacts a set may hold

  using Model = footfall::Model<S, B, D>;               ///< the kinematic tree and its inertias
  using ConfigVector = typename Model::ConfigVector;    ///< q: nq ≤ D + 1 coordinates
  using TangentVector = typename Model::TangentVector;  ///< v, v̇, τ: nv ≤ D coordinates
  using Workspace = footfall::Workspace<S, B, D>;       ///< the tick's kinematics, H, its factor, C
  using Contacts = ContactSet<S, K>;                    ///< the contacts of a stance or a strike

  /// The stance's scratch, with room for any friction model.
  using StanceWorkspace = footfall::StanceWorkspace<S, D, K>;
  /// The stance's scratch with room for friction model `F` only (a smaller workspace).
  template <FrictionModel F>
  using StanceWorkspaceFor = footfall::StanceWorkspace<S, D, K, stance_variables(F, K)>;
  using StanceResult = footfall::StanceResult<S, D, K>;  ///< solve_stance's answer

  /// The strike's scratch, with room for any friction model.
  using StrikeWorkspace = footfall::StrikeWorkspace<S, D, K>;
  /// The strike's scratch with room for friction model `F` only (a smaller workspace).
  template <StrikeFriction F>
  using StrikeWorkspaceFor = footfall::StrikeWorkspace<S, D, K, strike_variables(F, K)>;
  using StrikeResult = footfall::StrikeResult<S, B, D, K>;  ///< solve_strike's answer

  using MotionState = RigidMotionState<S, B, D, K>;          ///< the rigid motion schemes' state
  using MotionWorkspace = RigidMotionWorkspace<S, B, D, K>;  ///< their scratch
};

}  // namespace footfall
FOOTFALL_HEADER_END
