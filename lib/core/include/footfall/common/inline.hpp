#pragma once
// FOOTFALL_INLINE marks the small spatial-algebra operations (a cross product, a transform
// applied to a vector, a dot product) that the algorithms call in their inner loops. GCC's
// inliner gives up on them once a translation unit has instantiated enough Eigen templates,
// and a call then costs more than the operation, and keeps the caller from keeping values in
// registers. Always inlining them is what a hand-written kernel would do; each is a few dozen
// instructions.
#if defined(__GNUC__) || defined(__clang__)
#define FOOTFALL_INLINE __attribute__((always_inline)) inline
#else
#define FOOTFALL_INLINE inline
#endif
