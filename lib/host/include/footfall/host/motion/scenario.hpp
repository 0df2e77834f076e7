#pragma once
// The scenario file of `footfall simulate` (lib/DESIGN.md §5): a state file (state/state_file.hpp)
// as the initial state at t = 0, with the contacts as the candidates that may touch a plane
// each (ground contacts only), and
//
//     "scheme": "event_driven",   event_driven (RBDA Table 11.1, frictionless), trapezoidal (Liu04),
//                                 time_stepping (fixed step, one velocity-level LCP a step) or soft
//                                 (RBDA §11.8's spring-damper contact, fixed step, each contact's mu)
//     "duration": 2.0,            seconds to simulate, in (0, 60]
//     "step": 0.001,              optional: the event-driven step, Liu04's initial step, the fixed step (default 1 ms)
//     "plane_offsets": [0, ...],  optional: each contact's plane height along its normal (m, default 0)
//     "friction": "none",         optional, trapezoidal and time_stepping: none (default), pyramid4,
//                                 pyramid8, cone
//     "soft": {"law": "linear_surface", "stiffness": 2e4, "damping": 200, "exponent": 1.5,
//              "tangential_stiffness": 2e4, "tangential_damping": 200}
//                                 optional, soft only, each key optional (these defaults); law
//                                 hunt_crossley takes stiffness k and damping λ of k δⁿ + λ δⁿ δ̇
//     "hold": {"kp": 50, "kd": 2} optional: a PD posture hold τ = τ₀ + kp(q₀ − q) − kd v on every
//                                 joint that is not a free flyer, about the initial joint positions
//
// τ (optional, default zero) is held through the run, plus the hold's torques. Read with
// read_state_file<ScenarioState>().
#include <vector>

#include "footfall/host/state/state_file.hpp"
#include "footfall/motion/soft_contact.hpp"
#include "footfall/stance/options.hpp"

namespace footfall::host {

/// The scenario's "scheme", the core's motion scheme `footfall simulate` runs: kEventDriven
/// (RBDA Table 11.1, frictionless), kTrapezoidal (Liu04's variable-step implicit trapezoidal
/// rule), kTimeStepping (a fixed step, one velocity-level LCP a step) or kSoft (RBDA §11.8's
/// spring-damper contact, on a fixed step).
enum class MotionScheme : unsigned char { kEventDriven = 0, kTrapezoidal, kTimeStepping, kSoft };

/// The scheme's name as the scenario file writes it: "event_driven", "trapezoidal",
/// "time_stepping" or "soft".
constexpr const char* to_string(MotionScheme s) noexcept {
  switch (s) {
    case MotionScheme::kEventDriven: return "event_driven";
    case MotionScheme::kTrapezoidal: return "trapezoidal";
    case MotionScheme::kTimeStepping: return "time_stepping";
    case MotionScheme::kSoft: return "soft";
  }
  return "?";
}

/// The longest run a scenario may ask for, the shortest step, and the most steps of `step` a run
/// may take (duration / step): every run is bounded, in time and in the memory its time history
/// takes (a row a step, about 0.7 kB for the quadruped, held until the CSV is written).
inline constexpr double kMaxScenarioDuration = 60.0;
inline constexpr double kMinScenarioStep = 1e-6;      ///< s, the shortest "step"
inline constexpr double kMaxScenarioSteps = 200000.0;  ///< the most steps, "duration" / "step"

/// A scenario file of `footfall simulate`, as read_state_file<ScenarioState>() reads it: a state
/// file's q, v, τ and gravity as the state at t = 0, its contacts as the candidates (each on a
/// plane of its own), and the run's own keys below.
struct ScenarioState : StateFile {
  MotionScheme scheme = MotionScheme::kEventDriven;  ///< "scheme", required
  double duration = 0.0;  ///< "duration", s, in (0, kMaxScenarioDuration], required
  /// "step", s, in [kMinScenarioStep, 0.1], default 1 ms: the fixed step (time_stepping, soft), the
  /// event-driven scheme's step, or the trapezoidal scheme's initial one.
  double step = 1e-3;
  std::vector<double> plane_offsets;  ///< "plane_offsets", m: one per contact, its plane's height along its normal
  /// "friction": none (default), pyramid4, pyramid8 or cone; trapezoidal and time_stepping only
  FrictionModel friction = FrictionModel::kNone;
  SoftContactParameters<double> soft;  ///< "soft": the soft scheme's contact law (each key optional)
  bool hold = false;  ///< whether the file gives a "hold": a PD posture hold on every joint but a free flyer
  ///@{
  /// "hold.kp", "hold.kd", ≥ 0: the posture hold's gains in τ = τ₀ + kp(q₀ − q) − kd v (N m/rad
  /// and N m s/rad on a revolute joint, N/m and N s/m on a prismatic one).
  double kp = 0.0, kd = 0.0;
  ///@}
};

}  // namespace footfall::host
