#pragma once
// Status: how every public function of the core says whether it did its job, and if not, what
// was wrong. It carries no heap: the field name is a string literal, the index an integer.

#include "footfall/common/header_diagnostics.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

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

struct Status {
  StatusCode code = StatusCode::kOk;
  const char* field = "";  ///< the offending input, e.g. "inertia.mass"; "" when ok
  int index = -1;          ///< which body, joint or contact, or -1 when not applicable

  constexpr bool ok() const noexcept { return code == StatusCode::kOk; }

  static constexpr Status Ok() noexcept { return Status{}; }
  static constexpr Status BadInput(const char* what, int which = -1) noexcept {
    return Status{StatusCode::kBadInput, what, which};
  }
  static constexpr Status Capacity(const char* what, int which = -1) noexcept {
    return Status{StatusCode::kCapacity, what, which};
  }
  static constexpr Status Infeasible(const char* what, int which = -1) noexcept {
    return Status{StatusCode::kInfeasible, what, which};
  }
  static constexpr Status NoSolutionFound(const char* what, int which = -1) noexcept {
    return Status{StatusCode::kNoSolutionFound, what, which};
  }
  static constexpr Status IterationLimit(const char* what, int which = -1) noexcept {
    return Status{StatusCode::kIterationLimit, what, which};
  }
  static constexpr Status CheckFailed(const char* what, int which = -1) noexcept {
    return Status{StatusCode::kCheckFailed, what, which};
  }
  static constexpr Status InconsistentFriction(const char* what, int which = -1) noexcept {
    return Status{StatusCode::kInconsistentFriction, what, which};
  }
};

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
