#pragma once
// Status: how every public function of the core says whether it did its job, and if not, what
// was wrong. It carries no heap: the field name is a string literal, the index an integer.

#include "footfall/common/header_diagnostics.hpp"

FOOTFALL_HEADER_BEGIN
/// footfall's core: the model, the tick's dynamics terms, stance, strike, motion, the executive
/// and the LCP solvers, with no heap, no exceptions and caller-owned workspaces. What is in a
/// nested `detail` namespace is not part of the API.
namespace footfall {

/// What became of a call: every entry point of the core returns one in a Status.
enum class StatusCode : unsigned char {
  kOk = 0,
  kBadInput,  ///< an argument failed validation; `field` names it, `index` says which element
  kCapacity,  ///< the problem needs more room than the compile-time capacity gives
  kInfeasible,      ///< proved to have no solution (e.g. an LCP with no z ≥ 0, Mz + q ≥ 0)
  kNoSolutionFound, ///< the method stopped without a solution, which may still exist
  kIterationLimit,  ///< the pivot or sweep limit ran out before an answer was reached
  kCheckFailed,     ///< an answer was reached but failed its own check; `field` names which
  kInconsistentFriction,  ///< friction leaves no consistent acceleration (Painlevé); `index` names the contact
};

/// The outcome of a core function: a StatusCode and, when it is not kOk, which input was at
/// fault. Ok() is the only success; every other factory names a failure of its code.
struct Status {
  StatusCode code = StatusCode::kOk;  ///< what happened; kOk on success
  const char* field = "";  ///< the offending input, e.g. "inertia.mass"; "" when ok
  int index = -1;          ///< which body, joint or contact, or -1 when not applicable

  /// True exactly when code is kOk.
  constexpr bool ok() const noexcept { return code == StatusCode::kOk; }

  /// Success: kOk, field "", index -1.
  static constexpr Status Ok() noexcept { return Status{}; }
  /// kBadInput, naming `what` (a string literal: it is kept, not copied) and element `which`.
  static constexpr Status BadInput(const char* what, int which = -1) noexcept {
    return Status{StatusCode::kBadInput, what, which};
  }
  /// kCapacity, naming `what` and element `which`.
  static constexpr Status Capacity(const char* what, int which = -1) noexcept {
    return Status{StatusCode::kCapacity, what, which};
  }
  /// kInfeasible, naming `what` and element `which`.
  static constexpr Status Infeasible(const char* what, int which = -1) noexcept {
    return Status{StatusCode::kInfeasible, what, which};
  }
  /// kNoSolutionFound, naming `what` and element `which`.
  static constexpr Status NoSolutionFound(const char* what, int which = -1) noexcept {
    return Status{StatusCode::kNoSolutionFound, what, which};
  }
  /// kIterationLimit, naming `what` and element `which`.
  static constexpr Status IterationLimit(const char* what, int which = -1) noexcept {
    return Status{StatusCode::kIterationLimit, what, which};
  }
  /// kCheckFailed, naming in `what` the check that failed, and element `which`.
  static constexpr Status CheckFailed(const char* what, int which = -1) noexcept {
    return Status{StatusCode::kCheckFailed, what, which};
  }
  /// kInconsistentFriction, naming `what` and in `which` the contact.
  static constexpr Status InconsistentFriction(const char* what, int which = -1) noexcept {
    return Status{StatusCode::kInconsistentFriction, what, which};
  }
};

/// The code in words, e.g. "bad input", for messages.
constexpr const char* to_string(StatusCode code) noexcept {
  switch (code) {
    case StatusCode::kOk:
      return "ok";
    case StatusCode::kBadInput:
      return "bad input";
    case StatusCode::kCapacity:
      return "capacity exceeded";
    case StatusCode::kInfeasible:
      return "infeasible";
    case StatusCode::kNoSolutionFound:
      return "no solution found";
    case StatusCode::kIterationLimit:
      return "iteration limit";
    case StatusCode::kCheckFailed:
      return "result failed its check";
    case StatusCode::kInconsistentFriction:
      return "inconsistent friction";
  }
  return "unknown status";
}

}  // namespace footfall
FOOTFALL_HEADER_END
