#pragma once
// Options of the two rigid-contact simulators: the event-driven scheme of RBDA Table 11.1
// (event_driven.hpp) and Liu04's variable-step implicit trapezoidal scheme (trapezoidal.hpp).
#include <cmath>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/status.hpp"
#include "footfall/dynamics/validate.hpp"
#include "footfall/stance/options.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// What both schemes share: the world, the contact tolerances and the bounded iterations.
template <typename S>
struct RigidContactOptions {
  Vector3<S> gravity = standard_gravity<S>();  ///< g, world frame (m/s²)
  /// A candidate closer to its plane than this (m) is touching: it may carry force and joins an
  /// impact. Also the penetration the schemes accept before they shorten a step.
  S gap_tolerance = S(1e-6);
  /// Normal speeds below this (m/s) count as zero: a touching contact approaching slower than
  /// this is not an impact, one leaving slower than this is not leaving.
  S speed_tolerance = S(1e-6);
  /// The Zeno rule (RBDA Table 11.1 needs one: a bounce sequence has infinitely many impacts).
  /// Under a steady pull the rebound speed, and with it the flight time, shrinks by e at every
  /// bounce, so after a flight of T the remaining bounces last e·T/(1 − e) in all. When that is
  /// shorter than `min_step` the bounces are below what the integration resolves: the impact is
  /// taken as plastic (e = 0) and the contact comes to rest, at a time off by at most min_step,
  /// having lost only the energy of motions shorter than a step. A flight of under 4·min_step is
  /// at the resolution landings are located to, and ends the sequence too.
  S min_step = S(1e-6);
  /// How far inside its plane (m) a candidate may be where a motion starts (a state not yet
  /// started), in the event-driven and trapezoidal schemes. Deeper is refused ("state.penetration",
  /// the candidate): they take a touching candidate as a contact already made and project its
  /// drift back with one linear step, so a start 18 cm inside a wall was held 12 mm off it, with
  /// a force of the wrong sign. (Time stepping pushes a penetration out by its stabilization.)
  S max_start_penetration = S(1e-3);
  /// The LCP solves: Lemke, and its pivot limit (0: lemke_default_pivot_limit).
  int max_pivots = 0;
};

/// Checks the rigid schemes' shared contact options: Status::BadInput naming the first field out of range.
template <typename S>
Status validate_rigid_contact_options(const RigidContactOptions<S>& o) noexcept {
  if (!all_finite(o.gravity)) return Status::BadInput("options.gravity");
  if (!is_finite(o.gap_tolerance) || !(o.gap_tolerance > S(0))) return Status::BadInput("options.gap_tolerance");
  if (!is_finite(o.speed_tolerance) || !(o.speed_tolerance > S(0))) return Status::BadInput("options.speed_tolerance");
  if (!is_finite(o.min_step) || !(o.min_step > S(0))) return Status::BadInput("options.min_step");
  if (!is_finite(o.max_start_penetration) || !(o.max_start_penetration >= S(0)))
    return Status::BadInput("options.max_start_penetration");
  if (o.max_pivots < 0) return Status::BadInput("options.max_pivots");
  return Status::Ok();
}

namespace detail {

/// Whether a candidate that starts a step touching its plane (φ ≤ gap_tolerance: on it, or above
/// it by less than the schemes resolve), neither active nor held by an active one, stays there at
/// rest to the tolerances: no faster than speed_tolerance at the start, and at the end no deeper
/// than gap_tolerance nor approaching faster than speed_tolerance. Both schemes leave such a
/// contact to the contact problem at the step's end and do not end the step on it: an approach
/// that slow is no impact, and the resolution would leave it with no impulse. Its φ is then the
/// drift of the constraints that hold the body (the rod at rest balanced on its middle: its ends'
/// gaps are ±ε), and read as a landing it would end every step a bisection's width after it
/// began, so that the motion never got on. One that keeps sinking passes a tolerance within a few
/// steps and is taken then.
template <typename S>
bool rests_on_plane(const RigidContactOptions<S>& co, S gap_start, S rate_start, S gap_end, S rate_end) noexcept {
  return gap_start <= co.gap_tolerance && std::abs(rate_start) <= co.speed_tolerance &&
         gap_end >= -co.gap_tolerance && rate_end >= -co.speed_tolerance;
}

}  // namespace detail

/// RBDA Table 11.1 with Heun's method (RBDA (11.50)) and its interpolation polynomial (11.51).
template <typename S>
struct EventDrivenOptions {
  RigidContactOptions<S> contact;  ///< gravity, the tolerances, the Zeno rule and the LCPs' pivot limit
  S step = S(1e-3);  ///< the integration step h (s); a step that meets an event ends there
  /// Events inside a step are located on the step's interpolant to within this time (s), by
  /// bisection in at most max_location_iterations halvings.
  S event_time_tolerance = S(1e-9);
  int max_location_iterations = 60;  ///< the bisection's bound on halvings, 1 to 200
  /// Baumgarte's stabilisation of the active contacts, whose φ̈ = 0 only holds φ = 0 to the
  /// integrator's accuracy: φ̈ = −2φ̇/τ − φ/τ² with τ = this (s); 0 turns it off.
  S stabilization_time = S(0);
};

/// Checks the event-driven scheme's options (and their contact options): Status::BadInput naming the first field out of range.
template <typename S>
Status validate_event_driven_options(const EventDrivenOptions<S>& o) noexcept {
  const Status status = validate_rigid_contact_options(o.contact);
  if (!status.ok()) return status;
  if (!is_finite(o.step) || !(o.step >= o.contact.min_step)) return Status::BadInput("options.step");
  if (!is_finite(o.event_time_tolerance) || !(o.event_time_tolerance > S(0)))
    return Status::BadInput("options.event_time_tolerance");
  if (o.max_location_iterations < 1 || o.max_location_iterations > 200)
    return Status::BadInput("options.max_location_iterations");
  if (!is_finite(o.stabilization_time) || !(o.stabilization_time >= S(0)))
    return Status::BadInput("options.stabilization_time");
  return Status::Ok();
}

/// Liu04 (27)–(29) and its step-scoring rule.
template <typename S>
struct TrapezoidalOptions {
  RigidContactOptions<S> contact;  ///< gravity, the tolerances, the Zeno rule and the LCPs' pivot limit
  FrictionModel friction = FrictionModel::kNone;  ///< of the contact LCP (29) and the impacts (14)
  S initial_step = S(1e-3);  ///< h-init, which the scoring rule halves or doubles
  S max_step = S(1e-2);      ///< the doubling stops here
  int max_halvings = 30;     ///< step halvings on penetration (Step 4), per step
  /// The implicit equations (28) are solved by fixed-point iteration to this relative change of
  /// ṽ, in at most max_iterations evaluations.
  S iteration_tolerance = std::sqrt(epsilon<S>());
  int max_iterations = 20;  ///< the bound on those evaluations, 1 to 1000 (IterationLimit "motion.iterations")
  /// Liu04's rule: after this many steps in a row shorter than h-init it halves h-init; after this
  /// many in a row at h-init it doubles it.
  int score_limit = 8;
};

/// Checks the trapezoidal scheme's options (and their contact options): Status::BadInput naming the first field out of range.
template <typename S>
Status validate_trapezoidal_options(const TrapezoidalOptions<S>& o) noexcept {
  const Status status = validate_rigid_contact_options(o.contact);
  if (!status.ok()) return status;
  if (static_cast<int>(o.friction) > static_cast<int>(FrictionModel::kCone)) return Status::BadInput("options.friction");
  if (!is_finite(o.initial_step) || !(o.initial_step >= o.contact.min_step)) return Status::BadInput("options.initial_step");
  if (!is_finite(o.max_step) || !(o.max_step >= o.initial_step)) return Status::BadInput("options.max_step");
  if (o.max_halvings < 0 || o.max_halvings > 60) return Status::BadInput("options.max_halvings");
  if (!is_finite(o.iteration_tolerance) || !(o.iteration_tolerance > S(0)))
    return Status::BadInput("options.iteration_tolerance");
  if (o.max_iterations < 1 || o.max_iterations > 1000) return Status::BadInput("options.max_iterations");
  if (o.score_limit < 1) return Status::BadInput("options.score_limit");
  return Status::Ok();
}

/// Fixed-step time stepping (time_stepping.hpp): one velocity-level LCP a step.
template <typename S>
struct TimeSteppingOptions {
  RigidContactOptions<S> contact;  ///< gravity, gap_tolerance and max_pivots apply
  /// The friction of the step's LCP: the 4- or 8-facet pyramid make it Stewart and Trinkle's LCP,
  /// which always has a solution that Lemke's method finds; the cone goes to the cone solver.
  FrictionModel friction = FrictionModel::kPyramid4;
  S step = S(1e-3);  ///< h (s), fixed
  /// A candidate enters a step's LCP when, at its current normal speed, it would come within
  /// this distance (m) of its plane by the step's end. The margin covers what the step's own
  /// accelerations add, ½·a·h²: 0.5 mm for 100 g at h = 1 ms.
  S margin = S(1e-3);
  /// The share of a penetration removed in one step (a contact below its plane is asked to leave
  /// at stabilization·(−φ)/h): 1 removes it at once, at the price of a jolt.
  S stabilization = S(0.2);
  /// A contact arriving faster than this (m/s) rebounds at e times its arrival speed; slower
  /// arrivals are plastic, which ends a bounce sequence (a flight shorter than a few steps is
  /// below what a fixed step resolves). 0: 4·|g|·h, a rebound whose flight lasts 8 steps.
  S restitution_threshold = S(0);
};

/// Checks the time-stepping scheme's options (and their contact options): Status::BadInput naming the first field out of range.
template <typename S>
Status validate_time_stepping_options(const TimeSteppingOptions<S>& o) noexcept {
  const Status status = validate_rigid_contact_options(o.contact);
  if (!status.ok()) return status;
  if (static_cast<int>(o.friction) > static_cast<int>(FrictionModel::kCone)) return Status::BadInput("options.friction");
  if (!is_finite(o.step) || !(o.step > S(0))) return Status::BadInput("options.step");
  if (!is_finite(o.margin) || !(o.margin >= S(0))) return Status::BadInput("options.margin");
  if (!is_finite(o.stabilization) || !(o.stabilization >= S(0) && o.stabilization <= S(1)))
    return Status::BadInput("options.stabilization");
  if (!is_finite(o.restitution_threshold) || !(o.restitution_threshold >= S(0)))
    return Status::BadInput("options.restitution_threshold");
  return Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
