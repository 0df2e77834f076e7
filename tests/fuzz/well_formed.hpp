#pragma once
// What any Status the core returns must look like, for the fuzz harnesses and the boards'
// replay of their corpus alike (plain C++).
#include "footfall/common/status.hpp"

namespace footfall::fuzz {

// A known code, and a field named whenever it is not ok.
inline bool well_formed(const Status& status) {
  return static_cast<int>(status.code) <= static_cast<int>(StatusCode::kInconsistentFriction) &&
         status.field != nullptr && (status.ok() || status.field[0] != '\0');
}

}  // namespace footfall::fuzz
