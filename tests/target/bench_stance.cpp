// Instruction counts of the stance solve on the quadruped (Unitree A1, nv = 18) standing on four
// feet: the whole tick from q, v, τ to foot forces (kinematics, H, C, factor, contact terms,
// solve, q̈ and checks) and the stance solve alone, for each friction model; then the whole tick
// with the exact cone over random states near standing (joint angles ±0.15 rad, joint torques
// ±2 N m off the holding torques), as the median and the worst.
#include <algorithm>

#include "bench.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/models.hpp"
#include "footfall/stance.hpp"
#include "model_fixtures.hpp"

namespace footfall::bench {

namespace {

template <typename S>
struct StanceBench {
  QuadrupedModel<S> model;
  Workspace<S, 13, 18> ws;
  ContactSet<S, 4> feet;
  StanceWorkspace<S, 18, 4> scratch;
  StanceResult<S, 18, 4> result;
};

template <typename S>
typename QuadrupedModel<S>::ConfigVector standing(const QuadrupedModel<S>& model) {
  typename QuadrupedModel<S>::ConfigVector q = QuadrupedModel<S>::ConfigVector::Zero(model.nq());
  q(2) = S(0.3123);
  q(6) = S(1);
  for (int leg = 0; leg < kQuadrupedLegs; ++leg) {
    q(8 + 3 * leg) = S(0.8);
    q(9 + 3 * leg) = S(-1.5);
  }
  return q;
}

template <typename S>
Status tick(StanceBench<S>& b, const typename QuadrupedModel<S>::ConfigVector& q,
            const typename QuadrupedModel<S>::TangentVector& v, const typename QuadrupedModel<S>::TangentVector& tau,
            const StanceOptions<S>& options) {
  Status status = compute_tick_terms(b.model, b.ws, q, v);
  if (status.ok()) status = solve_stance(b.model, b.ws, b.feet, tau, options, b.scratch, b.result);
  return status;
}

}  // namespace

template <typename S>
void stance() {
  using port::keep;
  using Model = QuadrupedModel<S>;
  const char* scalar = sizeof(S) == sizeof(float) ? "float" : "double";
  static StanceBench<S> b;
  if (!build_quadruped_model(&b.model).ok()) return;
  b.feet.clear();
  for (int leg = 0; leg < kQuadrupedLegs; ++leg)
    b.feet.add(Contact<S>::Ground(quadruped_calf_body(leg), quadruped_foot_point<S>(), Vector3<S>::UnitZ(), S(0.8)));
  const typename Model::ConfigVector q = standing(b.model);
  const typename Model::TangentVector v = Model::TangentVector::Zero(18);
  typename Model::TangentVector hold = Model::TangentVector::Zero(18);
  StanceOptions<S> options;
  options.warm_start = false;
  keep(tick(b, q, v, hold, options));
  keep(holding_torques(b.model, b.ws, b.scratch.contact, hold));

  const FrictionModel models[4] = {FrictionModel::kNone, FrictionModel::kPyramid4, FrictionModel::kPyramid8,
                                   FrictionModel::kCone};
  const char* names[4][2] = {{"stance tick, frictionless (Lemke)", "  stance solve alone, frictionless"},
                             {"stance tick, pyramid 4 (Lemke)", "  stance solve alone, pyramid 4"},
                             {"stance tick, pyramid 8 (Lemke)", "  stance solve alone, pyramid 8"},
                             {"stance tick, exact cone", "  stance solve alone, exact cone"}};
  for (int m = 0; m < 4; ++m) {
    options.friction = models[m];
    Status status;
    row(scalar, names[m][0], g_counter.count([&] { status = tick(b, q, v, hold, options); }));
    row(scalar, names[m][1], g_counter.count([&] {
          status = solve_stance(b.model, b.ws, b.feet, hold, options, b.scratch, b.result);
        }));
    if (!status.ok()) std::printf("  %-6s  (%s: %s)\n", scalar, names[m][0], to_string(status.code));
  }

  // Random states near standing, the exact cone.
  options.friction = FrictionModel::kCone;
  test::Random rng(23);
  constexpr int kStates = 25;
  std::uint32_t counts[kStates];
  int not_ok = 0;
  for (int s = 0; s < kStates; ++s) {
    typename Model::ConfigVector qs = q;
    for (int k = 7; k < 19; ++k) qs(k) += rng.uniform(S(-0.15), S(0.15));
    typename Model::TangentVector tau = hold;
    for (int k = 6; k < 18; ++k) tau(k) += rng.uniform(S(-2), S(2));
    Status status;
    counts[s] = g_counter.count([&] { status = tick(b, qs, v, tau, options); });
    if (!status.ok()) ++not_ok;
  }
  std::sort(counts, counts + kStates);
  row(scalar, "stance tick, cone, 25 states: median", counts[kStates / 2]);
  row(scalar, "stance tick, cone, 25 states: worst", counts[kStates - 1]);
  if (not_ok > 0) std::printf("  %-6s  (%d of %d random states not ok)\n", scalar, not_ok, kStates);
  std::printf("  %-6s  %-40s %8u\n", scalar, "StanceWorkspace size, 4 contacts [bytes]",
              static_cast<unsigned>(sizeof(b.scratch)));
}

template void stance<float>();
template void stance<double>();

}  // namespace footfall::bench
