#pragma once
// FOOTFALL_INLINE marks the small spatial-algebra operations (a cross product, a transform
// applied to a vector, a dot product) that the algorithms call in their inner loops. GCC's
// inliner gives up on them once a translation unit has instantiated enough Eigen templates,
// and a call then costs more than the operation, and keeps the caller from keeping values in
// registers. Always inlining them is what a hand-written kernel would do; each is small.
//
// FOOTFALL_NOINLINE is the opposite, for the large kernels unrolled for a tree (dynamics/
// unrolled_solve.hpp): each is a few kilobytes of straight-line code, and one copy a program is
// what the flash budget allows, however many solves call it.
//
// FOOTFALL_COLD marks what a program runs once, before its loop: building a model and checking
// its mass properties. GCC then optimises them for size and inlines into them only what shrinks
// them. Under the firmware's inlining limits (cmake/toolchains) the quadruped's builder would
// otherwise take several KB of flash, all of it run once at start-up. Never put it on a per-tick path:
// GCC also treats a call to a cold function as unlikely.
#if defined(__GNUC__) || defined(__clang__)
#define FOOTFALL_INLINE __attribute__((always_inline)) inline
#define FOOTFALL_NOINLINE __attribute__((noinline))
#define FOOTFALL_COLD __attribute__((cold))
#else
#define FOOTFALL_INLINE inline
#define FOOTFALL_NOINLINE
#define FOOTFALL_COLD
#endif
