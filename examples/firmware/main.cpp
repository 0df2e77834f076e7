// footfall's firmware example, what the README's first command runs. It works the spatial algebra on one body,
// then the tree dynamics of a whole quadruped (the Unitree A1, 18 DOF): placements, the
// joint-space inertia H, the bias forces C, the sparse factor of H and a solve with it. On a
// board it prints how many instructions each step took and the stack it used.
//
// Every figure it prints comes with the check that makes it believable: the same energy in two
// frames, H's base block equal to the robot's mass, C at rest equal to its weight, free fall
// from H q̈ = −C with every joint still.
#include "demo_support.hpp"

int main() {
  std::printf("footfall firmware demo on %s, Scalar = %s\n", FOOTFALL_BOARD_NAME,
              sizeof(demo::S) == sizeof(float) ? "float" : "double");
  const bool spatial_ok = demo::shank_spatial_algebra();
  const bool dynamics_ok = demo::quadruped_dynamics();
  const bool stance_ok = demo::quadruped_stance();
  const bool strike_ok = demo::quadruped_strike();
#if defined(__arm__)
  std::printf("stack high-water mark: %u of %u bytes\n",
              static_cast<unsigned>(footfall::port::stack_high_water_bytes()),
              static_cast<unsigned>(footfall::port::stack_size_bytes()));
#endif
  return spatial_ok && dynamics_ok && stance_ok && strike_ok ? 0 : 1;
}
