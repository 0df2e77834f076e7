#pragma once
// The strike solve's scratch and its result. The caller owns both (statically on firmware);
// capacities: B bodies, D DOFs, K contacts. The scratch holds a stance workspace: the strike
// solves the same problem in impulses and velocities (stance/assemble.hpp) with the same solvers.
#include <Eigen/Core>
#include <cstddef>
#include <limits>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/status.hpp"
#include "footfall/contact/contact.hpp"
#include "footfall/spatial/vectors.hpp"
#include "footfall/stance/stance_workspace.hpp"
#include "footfall/strike/options.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The scratch of solve_strike (and of predict_peak_loads): the caller owns it and passes it
/// in, but nothing in it is a result to rely on; StrikeResult holds the answer.
/// V: the room for the impact problem's unknowns, as StanceWorkspace's (the default holds every
/// friction model; strike_variables(StrikeFriction::kCone, K) the exact cone's and sticking's).
template <typename S, int D, int K, int V = strike_variables(StrikeFriction::kPyramid8, K)>
struct StrikeWorkspace {
  static constexpr std::size_t kContactSlots = static_cast<std::size_t>(K);  ///< K, as an array extent
  using RowVector = typename ContactDynamics<S, D, K>::RowVector;  ///< a vector on contact-frame rows (at most 3K)
  using DofVector = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, D, 1>;  ///< a vector on the DOFs (nv entries, at most D)

  StanceWorkspace<S, D, K, V> solve;  ///< G, W of the contacts that take part; the problem; the solvers
  ContactSet<S, K> taking_part;    ///< the contacts that strike or touch, in the set's order
  int index[kContactSlots] = {};   ///< taking_part[j] is the set's contact index[j]
  RowVector target;                ///< the problem's right-hand side: restitution targets (rows of solve.contact)
  RowVector impulse;               ///< ι: contact-frame impulses on the same rows
  RowVector phase;                 ///< Poisson: the compression phase's impulses, then scratch
  DofVector magnitude;             ///< the sizes of the terms of u − HΔq̇, for its check

  /// Peak loads: per contact that takes part, the direction of its force in contact-frame rows
  /// (the rigid impulse's, scaled to a unit normal component), the normal-row coupling
  /// A = n-rows of W times those directions, and the compliant strike's state.
  S direction[kContactSlots][3] = {};
  Eigen::Matrix<S, K, K> coupling = Eigen::Matrix<S, K, K>::Zero();  ///< A: ζ̇_n,i = Σ_j A_ij f_j
  S depth[kContactSlots] = {};      ///< δ: the pad's compression
  S speed[kContactSlots] = {};      ///< ζ_n: the normal velocity (negative while compressing)
  Eigen::Matrix<S, D, K> torque_per_force = Eigen::Matrix<S, D, K>::Zero();  ///< Gᵀ times the directions
  /// Gᵀf(t) at the prediction's last sample: RK4's at that sample (torque_last) and the one
  /// before (torque_before); the exact method's value (torque_last) and its rate (torque_before).
  DofVector torque_last, torque_before;  ///< Gᵀf(t) at the last samples
  int touched[static_cast<std::size_t>(D)] = {};  ///< the DOFs two or more contacts' torques reach: the peak prediction follows those
  /// The exact method's (strike/linear_pads.hpp): the Taylor terms (hM̃)ⁱx of the contact-space
  /// state (two entries a contact) over a step.
  S series[static_cast<std::size_t>(linear_pad_series_terms<S>())][2 * kContactSlots] = {};  ///< (hM̃)ⁱx, i < terms
};

/// A contact's part in the strike.
enum class StrikeState : unsigned char {
  kLeftOut = 0,  ///< separating before the strike (ζ⁻ > StrikeOptions::separating_speed) and after: not in the problem
  kNoImpulse,    ///< took part and took no impulse
  kSticking,     ///< took impulse and leaves with no tangential velocity (or friction played no part)
  kSliding,      ///< took impulse and leaves sliding (its friction impulse on the cone's edge)
};

/// The state's name, as the host tool prints it.
constexpr const char* to_string(StrikeState state) noexcept {
  switch (state) {
    case StrikeState::kLeftOut:
      return "left_out";
    case StrikeState::kNoImpulse:
      return "no_impulse";
    case StrikeState::kSticking:
      return "sticking";
    case StrikeState::kSliding:
      return "sliding";
  }
  return "unknown state";
}

/// The compliant strike predicted from the pads (strike/peak_loads.hpp).
template <typename S, int D, int K>
struct StrikePeaks {
  static constexpr std::size_t kContactSlots = static_cast<std::size_t>(K);  ///< K, as an array extent
  using DofVector = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, D, 1>;  ///< a vector on the DOFs (nv entries, at most D)

  bool predicted = false;  ///< pads were given and the prediction ran
  PeakMethod method = PeakMethod::kExact;  ///< the method that ran (never kAuto)
  S duration = S(0);       ///< s: from touchdown until every pad's force has returned to zero
  int steps = 0;           ///< steps taken (the exact method's include the partial steps to each change of the pressing set)
  S step = S(0);           ///< their (full) length, s
  S normal_force[kContactSlots] = {};  ///< N: each contact's largest normal force
  S time_of_peak[kContactSlots] = {};  ///< s after touchdown
  Vector3<S> force[kContactSlots];     ///< the contact force (world) at that peak
  DofVector joint_torque;              ///< the largest |(Gᵀ f(t))_k| per DOF over the strike, N m or N
};

/// The answer of solve_strike: per contact (in the set's order, `count` of them) its part,
/// impulse and velocities before and after; v⁺, Δq̇ and the joints' impulses; the energies and
/// whether the answer is unique. A result is whole or it is not given: on a non-ok Status the
/// contacts' entries and the vectors are reset to zero (the residuals to ∞), and only solver,
/// work and work_limit say what was spent.
template <typename S, int B, int D, int K>
struct StrikeResult {
  static constexpr std::size_t kContactSlots = static_cast<std::size_t>(K);  ///< K, as an array extent
  static constexpr std::size_t kBodySlots = static_cast<std::size_t>(B);     ///< B, as an array extent
  using DofVector = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, D, 1>;  ///< a vector on the DOFs (nv entries, at most D)

  Status status;  ///< ok, or what was wrong (the input, the capacity, or a check that failed)
  StrikeFriction friction = StrikeFriction::kCone;  ///< the friction model solved with (options.friction)
  RestitutionLaw law = RestitutionLaw::kNewton;     ///< the restitution law solved with (options.law)
  StanceSolver solver = StanceSolver::kLemke;  ///< the one that ran (never kAuto)
  int work = 0;  ///< pivots, active sets or sweeps, summed over the participation rounds and Poisson's two phases
  int work_limit = 0;  ///< the solvers' bounds on that work, summed alike
  S residual = std::numeric_limits<S>::infinity();  ///< the solver's complementarity residual

  int count = 0;  ///< contacts in the set
  StrikeState state[kContactSlots] = {};  ///< each contact's part in the strike
  Vector3<S> impulse[kContactSlots];      ///< ι on the successor, world frame, N s
  S normal_impulse[kContactSlots] = {};   ///< ι_n
  Vector3<S> frame_impulse[kContactSlots];  ///< (ι_n, ι_t₁, ι_t₂) in the contact frame
  S approach[kContactSlots] = {};         ///< ζ⁻: the normal velocity before (negative: approaching)
  S departure[kContactSlots] = {};        ///< ζ⁺: after, recomputed from v⁺
  S slip_after[kContactSlots] = {};       ///< ‖ζ⁺_t‖: the tangential speed after

  DofVector v_plus;          ///< v⁺ = v⁻ + Δq̇
  DofVector velocity_change; ///< Δq̇ = H⁻¹ u
  DofVector joint_impulse;   ///< u = Gᵀι = H Δq̇ (RBDA (11.57), (11.58)): what a locked joint would carry
  S impulse_residual = std::numeric_limits<S>::infinity();  ///< ‖u − HΔq̇‖∞

  /// The impulsive RNEA: the spatial impulse joint i passes from its parent to body i, in body
  /// i's coordinates at its origin (moment first), and its component along each of the joint's
  /// motion axes: −armature·Δq̇ for a joint whose drive has rotor inertia (the gearbox's impulse
  /// that spins the rotor up), 0 for one with none.
  Force<S> reaction_impulse[kBodySlots];
  DofVector axis_impulse;  ///< per DOF, the reaction impulse along its motion axis, S_iᵀ ι_J,i (N m s or N s)

  S kinetic_energy_before = S(0);  ///< ½ v⁻ᵀ H v⁻
  S kinetic_energy_after = S(0);   ///< ½ v⁺ᵀ H v⁺
  bool velocity_unique = false;    ///< v⁺ is proved unique (frictionless or sticking: a convex QP in v⁺)
  bool impulse_unique = false;     ///< the impulses too (the active rows of W are independent)
  /// kUnique with impulse_unique; otherwise kLeastNorm when the impulses are the least-norm of all
  /// that give the same v⁺ (Newton's law, the held contacts' singular block solved by
  /// lcp/least_norm.hpp), kOneOfMany when they are one answer among many (stance/options.hpp).
  ForceChoice impulse_choice = ForceChoice::kUnique;

  StrikePeaks<S, D, K> peaks;  ///< the pads' peak loads, in the set's order (predicted only when pads are given)

  /// True exactly when status is ok.
  bool ok() const noexcept { return status.ok(); }
};

}  // namespace footfall
FOOTFALL_HEADER_END
