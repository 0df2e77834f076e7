// Host benchmarks of the spatial algebra. Each structured operation is paired with the same
// result computed the textbook way, as a dense 6×6 matrix product (RBDA (2.24), (2.66)), which
// is what a naive implementation pays; compare the two in the same run.
#include <benchmark/benchmark.h>

#include "footfall/spatial.hpp"
#include "random.hpp"

namespace {

using S = double;
using namespace footfall;

struct Inputs {
  Motion<S> a, m;
  Force<S> f;
  Transform<S> x, y;
  Inertia<S> inertia = Inertia<S>::Zero();
  Vector3<S> phi;
  Inputs() {
    test::Random rng(7);
    a = rng.motion<S>();
    m = rng.motion<S>();
    f = rng.force<S>();
    x = rng.transform<S>();
    y = rng.transform<S>();
    inertia = rng.inertia<S>();
    phi = rng.vector3<S>();
  }
};

const Inputs& inputs() {
  static const Inputs in;
  return in;
}

void TransformApplyMotion(benchmark::State& state) {
  const Inputs& in = inputs();
  for (auto _ : state) benchmark::DoNotOptimize(in.x.apply(in.m));
}
BENCHMARK(TransformApplyMotion);

void TransformApplyMotionDense6x6(benchmark::State& state) {
  const Inputs& in = inputs();
  const Matrix6<S> x = in.x.motion_matrix();
  for (auto _ : state) {
    benchmark::DoNotOptimize(x);
    const Vector6<S> r = x * in.m.vector();
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(TransformApplyMotionDense6x6);

void TransformCompose(benchmark::State& state) {
  const Inputs& in = inputs();
  for (auto _ : state) benchmark::DoNotOptimize(in.y * in.x);
}
BENCHMARK(TransformCompose);

void TransformComposeDense6x6(benchmark::State& state) {
  const Inputs& in = inputs();
  const Matrix6<S> x = in.x.motion_matrix(), y = in.y.motion_matrix();
  for (auto _ : state) {
    benchmark::DoNotOptimize(x);
    const Matrix6<S> r = y * x;
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(TransformComposeDense6x6);

void InertiaTransformed(benchmark::State& state) {
  const Inputs& in = inputs();
  for (auto _ : state) benchmark::DoNotOptimize(in.inertia.transformed(in.x));
}
BENCHMARK(InertiaTransformed);

void InertiaTransformedDense6x6(benchmark::State& state) {
  // X* I X⁻¹ with X⁻¹ precomputed, as a dense implementation would cache it.
  const Inputs& in = inputs();
  const Matrix6<S> xf = in.x.force_matrix(), xinv = in.x.inverse().motion_matrix(),
                   i = in.inertia.matrix();
  for (auto _ : state) {
    benchmark::DoNotOptimize(i);
    const Matrix6<S> r = xf * i * xinv;
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(InertiaTransformedDense6x6);

void InertiaApply(benchmark::State& state) {
  const Inputs& in = inputs();
  for (auto _ : state) benchmark::DoNotOptimize(in.inertia.apply(in.m));
}
BENCHMARK(InertiaApply);

void MotionCross(benchmark::State& state) {
  const Inputs& in = inputs();
  for (auto _ : state) benchmark::DoNotOptimize(cross(in.a, in.m));
}
BENCHMARK(MotionCross);

void ExpSo3(benchmark::State& state) {
  const Inputs& in = inputs();
  for (auto _ : state) benchmark::DoNotOptimize(exp_so3(in.phi));
}
BENCHMARK(ExpSo3);

}  // namespace
