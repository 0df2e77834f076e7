#pragma once
// Loops over a small block whose size may be fixed at compile time. GCC at -O2 leaves even a
// loop of constant trip count 6 rolled when unrolling it grows the code, and in the 6×6 blocks
// of the contact problems (the LDLᵀ of two contacts' W, of a free body's AAᵀ) the rolled loops
// cost several times their arithmetic in index and branch instructions on a Cortex-M.
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/inline.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {
namespace detail {

/// Runs body(i) for i = first … end − 1. F > 0 says the block is F×F, fixed at compile time
/// (end is then F, or an index below it that is constant once the enclosing loops are unrolled),
/// and the loop is unrolled; F = 0 is a block of run-time size, and the loop stays rolled.
template <int F, typename Body>
FOOTFALL_INLINE void for_block_index(int first, int end, Body&& body) noexcept {
  if constexpr (F > 0) {
#pragma GCC unroll 16
    for (int i = first; i < end; ++i) body(i);
  } else {
    for (int i = first; i < end; ++i) body(i);
  }
}

}  // namespace detail
}  // namespace footfall
FOOTFALL_HEADER_END
