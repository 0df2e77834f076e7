#pragma once
// Status: how every public function of the core says whether it did its job, and if not, what
// was wrong. It carries no heap: the field name is a string literal, the index an integer.

namespace footfall {

enum class StatusCode : unsigned char {
  kOk = 0,
  kBadInput,  // an argument failed validation; `field` names it, `index` says which element
  kCapacity,  // the problem needs more room than the compile-time capacity gives
};

struct Status {
  StatusCode code = StatusCode::kOk;
  const char* field = "";  // the offending input, e.g. "inertia.mass"; "" when ok
  int index = -1;          // which body, joint or contact, or -1 when not applicable

  constexpr bool ok() const noexcept { return code == StatusCode::kOk; }

  static constexpr Status Ok() noexcept { return Status{}; }
  static constexpr Status BadInput(const char* what, int which = -1) noexcept {
    return Status{StatusCode::kBadInput, what, which};
  }
  static constexpr Status Capacity(const char* what, int which = -1) noexcept {
    return Status{StatusCode::kCapacity, what, which};
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
  }
  return "unknown status";
}

}  // namespace footfall
