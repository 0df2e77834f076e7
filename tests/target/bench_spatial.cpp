// Instruction counts of the spatial algebra on the emulated board, in float and in double, and
// of a dense 18×18 LDLᵀ (the size of a quadruped's H) as a yardstick for what is to come.
// Deterministic: QEMU -icount, see footfall/port/instruction_counter.hpp.
#include <Eigen/Cholesky>
#include <cmath>

#include "bench.hpp"
#include "footfall/common/sin_cos.hpp"
#include "footfall/spatial.hpp"
#include "random.hpp"

namespace footfall::bench {

template <typename S>
void spatial() {
  using port::keep;
  const char* scalar = sizeof(S) == sizeof(float) ? "float" : "double";
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
  // The sine and cosine of one angle in each quadrant (n = round(2x/π) ≡ 0, 1, 2, 3 mod 4; the
  // first needs no reduction), both from the C library, as a revolute joint's transform needs
  // them, and both from footfall's one reduction (common/sin_cos.hpp), what the joints use.
  const Vector4<S> angles(S(0.3), S(1.9), S(3.5), S(-1.4));
  keep(angles);
  row(scalar, "sin + cos, 4 angles (C library)", g_counter.count([&] {
        S sum = S(0);
        for (int i = 0; i < 4; ++i) sum += std::sin(angles(i)) + std::cos(angles(i));
        keep(sum);
      }));
  row(scalar, "sin_cos, 4 angles (footfall)", g_counter.count([&] {
        S sum = S(0);
        for (int i = 0; i < 4; ++i) {
          const SinCos<S> turn = sin_cos(angles(i));
          sum += turn.sin + turn.cos;
        }
        keep(sum);
      }));
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

template void spatial<float>();
template void spatial<double>();

}  // namespace footfall::bench
