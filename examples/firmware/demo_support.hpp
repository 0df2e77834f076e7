#pragma once
// What the firmware demo's sections share: the scalar of this build, and `timed`, which runs a
// step and on a board prints how many instructions (emulated boards) or cycles (real ones) it took.
#include <cstdio>

#include "footfall/port/port.hpp"
#include "footfall/models.hpp"
#include "footfall/spatial.hpp"

#if defined(__arm__)
#include "footfall/port/cortex_m.hpp"
#include "footfall/port/instruction_counter.hpp"
#endif

namespace demo {

#if defined(FOOTFALL_SCALAR)
using S = FOOTFALL_SCALAR;
#else
using S = double;
#endif

// Runs `step`, and on a board prints how many instructions or cycles it took.
template <typename F>
void timed(const char* what, F&& step) {
#if defined(__arm__)
  static footfall::port::InstructionCounter counter;
  static bool calibrated = false;
  if (!calibrated) {
    counter.calibrate();
    calibrated = true;
  }
  const unsigned instructions = counter.count(step);
  std::printf("    [%s: %u %s]\n", what, instructions, counter.unit());
#else
  (void)what;
  step();
#endif
}

inline void print3(const char* label, const footfall::Vector3<S>& v) {
  std::printf("  %-34s (% .6f, % .6f, % .6f)\n", label, static_cast<double>(v.x()),
              static_cast<double>(v.y()), static_cast<double>(v.z()));
}

// The sections of the demo; each returns whether what it printed checked out.
bool shank_spatial_algebra();
bool quadruped_dynamics();
bool quadruped_stance();
bool quadruped_strike();

// The quadruped's standing pose, shared by the demo's parts: trunk level, each leg's hip at 0,
// thigh 0.8 rad, calf −1.5 rad, and the trunk 0.3123 m up, where the feet (spheres of radius
// 0.02 m) just touch the ground.
inline footfall::QuadrupedModel<S>::ConfigVector standing_pose(const footfall::QuadrupedModel<S>& model) {
  footfall::QuadrupedModel<S>::ConfigVector q = footfall::QuadrupedModel<S>::ConfigVector::Zero(model.nq());
  q(2) = S(0.3123);
  q(6) = S(1);  // quaternion (x, y, z, w) = identity
  for (int leg = 0; leg < footfall::kQuadrupedLegs; ++leg) {
    q(7 + 3 * leg + 1) = S(0.8);
    q(7 + 3 * leg + 2) = S(-1.5);
  }
  return q;
}

}  // namespace demo
