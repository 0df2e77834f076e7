// Instruction counts of the spatial algebra on the emulated board, in float and in double, and
// of a dense 18×18 LDLᵀ (the size of a quadruped's H) as a yardstick for what is to come.
// Deterministic: QEMU -icount, see footfall/port/instruction_counter.hpp.
#include <Eigen/Cholesky>
#include <cstdio>

#include "footfall/port/cortex_m.hpp"
#include "footfall/port/instruction_counter.hpp"
#include "footfall/spatial.hpp"
#include "random.hpp"

namespace {

footfall::port::InstructionCounter g_counter;

void row(const char* scalar, const char* operation, std::uint32_t instructions) {
  std::printf("  %-6s  %-34s %8u\n", scalar, operation, static_cast<unsigned>(instructions));
}

template <typename S>
void bench(const char* scalar) {
  using namespace footfall;
  using port::keep;
  test::Random rng(7);
  // Inputs live in variables the compiler cannot see through (keep), so nothing is folded.
  const Motion<S> a = rng.motion<S>(), m = rng.motion<S>();
  const Force<S> f = rng.force<S>();
  const Transform<S> x = rng.transform<S>(), y = rng.transform<S>();
  const Inertia<S> inertia = rng.inertia<S>(), other = rng.inertia<S>();
  const Vector3<S> phi = rng.vector3<S>();
  const Vector4<S> q = quaternion_from_rotation(x.rotation());
  keep(a), keep(m), keep(f), keep(x), keep(y), keep(inertia), keep(other), keep(phi), keep(q);

  row(scalar, "motion x motion", g_counter.count([&] { keep(cross(a, m)); }));
  row(scalar, "motion x* force", g_counter.count([&] { keep(cross(a, f)); }));
  row(scalar, "X motion", g_counter.count([&] { keep(x.apply(m)); }));
  row(scalar, "X* force", g_counter.count([&] { keep(x.apply(f)); }));
  row(scalar, "X^-1 motion (no inverse formed)", g_counter.count([&] { keep(x.apply_inverse(m)); }));
  row(scalar, "X compose", g_counter.count([&] { keep(x * y); }));
  row(scalar, "X inverse", g_counter.count([&] { keep(x.inverse()); }));
  row(scalar, "I v", g_counter.count([&] { keep(inertia.apply(m)); }));
  row(scalar, "I transformed (X* I X^-1)", g_counter.count([&] { keep(inertia.transformed(x)); }));
  row(scalar, "I + I", g_counter.count([&] { keep(inertia + other); }));
  row(scalar, "exp_so3", g_counter.count([&] { keep(exp_so3(phi)); }));
  row(scalar, "quaternion -> matrix", g_counter.count([&] { keep(rotation_from_quaternion(q)); }));
  row(scalar, "matrix -> quaternion", g_counter.count([&] { keep(quaternion_from_rotation(x.rotation())); }));

  // A symmetric positive-definite 18×18 matrix, factorised and solved.
  static Eigen::Matrix<S, 18, 18> h;
  static Eigen::Matrix<S, 18, 1> b;
  for (int i = 0; i < 18; ++i) {
    b(i) = rng.uniform(S(-1), S(1));
    for (int j = 0; j <= i; ++j) h(i, j) = h(j, i) = rng.uniform(S(-0.1), S(0.1));
    h(i, i) += S(2);
  }
  static Eigen::LDLT<Eigen::Matrix<S, 18, 18>> ldlt;
  row(scalar, "dense LDLT 18x18 factor", g_counter.count([&] { ldlt.compute(h); keep(ldlt); }));
  row(scalar, "dense LDLT 18x18 solve", g_counter.count([&] { keep(ldlt.solve(b).eval()); }));
}

}  // namespace

int main() {
  g_counter.calibrate();
  std::printf("footfall instruction counts on " FOOTFALL_BOARD_NAME " (QEMU -icount, %.3f ticks per instruction)\n",
              g_counter.ticks_per_instruction());
  std::printf("  %-6s  %-34s %8s\n", "scalar", "operation", "instr.");
  bench<float>("float");
  bench<double>("double");
  std::printf("stack high-water mark: %u of %u bytes\n",
              static_cast<unsigned>(footfall::port::stack_high_water_bytes()),
              static_cast<unsigned>(footfall::port::stack_size_bytes()));
  return 0;
}
