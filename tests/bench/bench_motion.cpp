// Simulation throughput on the quadruped drop of examples/scenarios/quadruped_drop.json: the
// Unitree A1 in its standing pose released with its feet 0.3 m above flat ground, its posture held
// by joint PD (kp 80, kd 8) about the standing angles with the standing gravity torques as
// feed-forward, μ = 0.8. One benchmark iteration is the first 0.5 s (500 steps of 1 ms: the fall,
// the landing at 2.4 m/s and the first settling). Items are steps, so the table's items/s are
// steps per second.
//
//   QuadrupedDrop_Cone/footfall       advance_time_stepping, exact Coulomb cone
//   QuadrupedDrop_Cone/mujoco         mj_step, elliptic cone, a sphere (r = 2 cm) at each foot
//   QuadrupedDrop_Pyramid4/footfall   advance_time_stepping, 4-facet pyramid (Lemke)
//   QuadrupedDrop_Pyramid4/mujoco     mj_step, pyramidal cone
//   QuadrupedDrop_Soft/footfall       advance_soft_contact: a linear surface (K 2e4 N/m, D 400 N s/m)
//                                     under each foot, tangential springs on μ (as
//                                     examples/scenarios/quadruped_drop_soft.json); paired with
//                                     MuJoCo's elliptic-cone step, whose contact is soft too
//   QuadrupedDrop_EventDriven         advance_event_driven, frictionless feet (RBDA Table 11.1 allows
//                                     no friction here), 1 ms steps between events: steps taken
//                                     over the 0.5 s, events included; no peer does this scheme
//   QuadrupedDrop_Trapezoidal_Cone    advance_trapezoidal (Liu04's scheme), exact cone, its steps at
//   QuadrupedDrop_Trapezoidal_None    most 1 ms (the hold's period) and halved as it needs: steps
//                                     taken over the 0.5 s; frictionless feet in the second
//
// MuJoCo's contact is soft (its default solref/solimp) and its default Newton solver iterates;
// footfall's is rigid, one LCP a step. They do the same work per step (the dynamics, a contact
// solve over the feet in touch, an integration), not the same physics, so the ratio says how
// footfall's fixed step compares in cost with the simulator robotics teams use. A PD step of the
// same gains runs in both. paired_ratio_main.cpp prints footfall/MuJoCo per pair.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "footfall/models.hpp"
#include "footfall/motion/event_driven.hpp"
#include "footfall/motion/soft_contact.hpp"
#include "footfall/motion/time_stepping.hpp"
#include "footfall/motion/trapezoidal.hpp"
#include "footfall/stance/holding_torques.hpp"
#include "mjcf_quadruped_feet.hpp"

namespace {

using S = double;
using Model = footfall::QuadrupedModel<S>;
constexpr double kDropHeight = 0.3, kMu = 0.8, kKp = 80.0, kKd = 8.0;
constexpr int kSteps = 500;

struct Drop {
  Model model;
  footfall::Workspace<S, 13, 18> ws;
  footfall::ContactCandidates<S, 4> feet;
  footfall::RigidMotionWorkspace<S, 13, 18, 4> scratch;
  footfall::RigidMotionState<S, 13, 18, 4> start, state;
  footfall::RigidStepReport<S, 4> report;
  footfall::SoftMotionWorkspace<S, 13, 18> soft_scratch;
  footfall::SoftMotionState<S, 13, 18, 4> soft_state;
  footfall::SoftStepReport<S, 4> soft_report;
  footfall::ContactCandidates<S, 4> frictionless_feet;
  Model::TangentVector tau0, tau;
  Model::ConfigVector q0;
  footfall::peer::ModelPtr mj;
  std::unique_ptr<mjData, void (*)(mjData*)> d{nullptr, mj_deleteData};
  std::vector<mjtNum> qpos, qvel;
  std::string error;

  // τ = τ₀ + kp (q₀ − q) − kd v on the twelve joints (their q and v line up past the base).
  template <typename Q, typename V, typename T>
  void hold(const Q& q, const V& v, T& out, int q_offset, int v_offset) const {
    for (int k = 0; k < 12; ++k)
      out[v_offset + k] = tau0(6 + k) + kKp * (q0(7 + k) - q[q_offset + k]) - kKd * v[v_offset + k];
  }

  bool init(const char* cone) {
    if (!footfall::build_quadruped_model(&model).ok()) return (error = "model", false);
    q0 = Model::ConfigVector::Zero(19);
    q0(2) = 0.3;
    q0(6) = 1.0;
    for (int leg = 0; leg < 4; ++leg) {
      q0(8 + 3 * leg) = 0.8;
      q0(9 + 3 * leg) = -1.6;
    }
    const Model::TangentVector zero = Model::TangentVector::Zero(18);
    if (!footfall::compute_tick_terms(model, ws, q0, zero).ok())
      return (error = "dynamics", false);
    feet.clear();
    double ground = 0.0;
    for (int leg = 0; leg < 4; ++leg) {
      const auto foot = footfall::Contact<S>::Ground(footfall::quadruped_calf_body(leg), footfall::quadruped_foot_point<S>(),
                                                     footfall::Vector3<S>::UnitZ(), kMu);
      ground = footfall::detail::world_point(ws, foot.body, foot.point).z();
      feet.add(foot, ground);
      auto bare = foot;
      bare.mu = 0.0;
      frictionless_feet.add(bare, ground);
    }
    auto& cd = scratch.stance.contact;
    tau0 = zero;
    if (!footfall::compute_contact_dynamics(model, ws, feet.contacts, zero, footfall::ContactRows::kWithTangents, cd).ok() ||
        !footfall::holding_torques(model, ws, cd, tau0).ok())
      return (error = "holding torques", false);
    start = footfall::RigidMotionState<S, 13, 18, 4>();
    start.q = q0;
    start.q(2) += kDropHeight;
    start.v = zero;
    tau = zero;

    std::string xml;
    if (!footfall::peer::mjcf_from_model(model, &xml, &error)) return false;
    if (!footfall::peer::add_quadruped_feet_contacts(&xml, ground - footfall::peer::kFootSphereRadius, kMu, cone, &error))
      return false;
    mj = footfall::peer::load_mjcf(xml, &error);
    if (!mj || !footfall::peer::check_layout(mj.get(), model, &error)) return false;
    d.reset(mj_makeData(mj.get()));
    qpos.resize(static_cast<std::size_t>(mj->nq));
    qvel.resize(static_cast<std::size_t>(mj->nv));
    footfall::peer::to_mujoco_state(model, start.q, start.v, qpos.data(), qvel.data());
    return true;
  }
};

Drop& drop(const char* cone) {
  static Drop elliptic, pyramidal;
  static const bool ready = elliptic.init("elliptic") && pyramidal.init("pyramidal");
  (void)ready;
  return std::string(cone) == "elliptic" ? elliptic : pyramidal;
}

void footfall_drop(benchmark::State& bench, footfall::FrictionModel friction, const char* cone) {
  Drop& s = drop(cone);
  if (!s.error.empty()) return bench.SkipWithError(s.error.c_str());
  footfall::TimeSteppingOptions<S> options;
  options.friction = friction;
  int impacts = 0;
  for (auto _ : bench) {
    s.state = s.start;
    impacts = 0;
    for (int k = 0; k < kSteps; ++k) {
      s.hold(s.state.q, s.state.v, s.tau, 7, 6);
      const footfall::Status status =
          footfall::advance_time_stepping(s.model, s.ws, s.feet, s.tau, options, s.scratch, s.state, s.report);
      if (!status.ok()) return bench.SkipWithError(status.field);
      impacts += (s.report.events & footfall::kEventContactGain) ? 1 : 0;
    }
    benchmark::DoNotOptimize(s.state.q.data());
  }
  bench.SetItemsProcessed(bench.iterations() * kSteps);
  bench.counters["impacts"] = impacts;
  bench.counters["base_z_end"] = s.state.q(2);
}

void QuadrupedDrop_Soft_footfall(benchmark::State& bench) {
  Drop& s = drop("elliptic");
  if (!s.error.empty()) return bench.SkipWithError(s.error.c_str());
  footfall::SoftContactParameters<S> soft;
  soft.normal_damping = 400.0;
  const double h = 1e-3;
  for (auto _ : bench) {
    s.soft_state = footfall::SoftMotionState<S, 13, 18, 4>();
    s.soft_state.q = s.start.q;
    s.soft_state.v = s.start.v;
    for (int k = 0; k < kSteps; ++k) {
      s.hold(s.soft_state.q, s.soft_state.v, s.tau, 7, 6);
      const footfall::Status status = footfall::advance_soft_contact(
          s.model, s.ws, s.feet, s.tau, soft, footfall::standard_gravity<S>(), h, s.soft_scratch, s.soft_state, s.soft_report);
      if (!status.ok()) return bench.SkipWithError(status.field);
    }
    benchmark::DoNotOptimize(s.soft_state.q.data());
  }
  bench.SetItemsProcessed(bench.iterations() * kSteps);
  bench.counters["base_z_end"] = s.soft_state.q(2);
}

// The drop on a scheme that chooses its own steps (events, halvings), each at most 1 ms, the
// hold's period (τ is held over a step); items are the steps taken. `advance(s, step)` takes one.
template <typename Advance>
void variable_step_drop(benchmark::State& bench, double min_step, Advance advance) {
  Drop& s = drop("elliptic");
  if (!s.error.empty()) return bench.SkipWithError(s.error.c_str());
  const double end = kSteps * 1e-3;
  long steps = 0;
  int impacts = 0;
  for (auto _ : bench) {
    s.state = s.start;
    impacts = 0;
    for (int k = 0; k < 1000 * kSteps && end - s.state.time >= min_step; ++k) {
      s.hold(s.state.q, s.state.v, s.tau, 7, 6);
      const footfall::Status status = advance(s, std::min(1e-3, end - s.state.time));
      if (!status.ok()) return bench.SkipWithError(status.field);
      impacts += (s.report.events & footfall::kEventContactGain) ? 1 : 0;
      ++steps;
    }
    benchmark::DoNotOptimize(s.state.q.data());
  }
  bench.SetItemsProcessed(steps);
  bench.counters["impacts"] = impacts;
  bench.counters["base_z_end"] = s.state.q(2);
}

void QuadrupedDrop_EventDriven(benchmark::State& bench) {
  footfall::EventDrivenOptions<S> options;
  variable_step_drop(bench, options.contact.min_step, [&](Drop& s, double step) {
    options.step = step;
    return footfall::advance_event_driven(s.model, s.ws, s.frictionless_feet, s.tau, options, s.scratch, s.state,
                                          s.report);
  });
}

void trapezoidal_drop(benchmark::State& bench, footfall::FrictionModel friction) {
  footfall::TrapezoidalOptions<S> options;
  options.friction = friction;
  variable_step_drop(bench, options.contact.min_step, [&](Drop& s, double step) {
    options.max_step = options.initial_step = step;
    return footfall::advance_trapezoidal(s.model, s.ws, s.feet, s.tau, options, s.scratch, s.state, s.report);
  });
}

void mujoco_drop(benchmark::State& bench, const char* cone) {
  Drop& s = drop(cone);
  if (!s.error.empty()) return bench.SkipWithError(s.error.c_str());
  mjData* d = s.d.get();
  for (auto _ : bench) {
    mj_resetData(s.mj.get(), d);
    std::copy(s.qpos.begin(), s.qpos.end(), d->qpos);
    std::copy(s.qvel.begin(), s.qvel.end(), d->qvel);
    for (int k = 0; k < kSteps; ++k) {
      s.hold(d->qpos, d->qvel, d->qfrc_applied, 7, 6);
      mj_step(s.mj.get(), d);
    }
    benchmark::DoNotOptimize(d->qpos);
  }
  bench.SetItemsProcessed(bench.iterations() * kSteps);
  bench.counters["contacts_end"] = d->ncon;
  bench.counters["base_z_end"] = d->qpos[2];
}

void QuadrupedDrop_Cone_footfall(benchmark::State& b) { footfall_drop(b, footfall::FrictionModel::kCone, "elliptic"); }
void QuadrupedDrop_Cone_mujoco(benchmark::State& b) { mujoco_drop(b, "elliptic"); }
void QuadrupedDrop_Pyramid4_footfall(benchmark::State& b) {
  footfall_drop(b, footfall::FrictionModel::kPyramid4, "pyramidal");
}
void QuadrupedDrop_Pyramid4_mujoco(benchmark::State& b) { mujoco_drop(b, "pyramidal"); }
void QuadrupedDrop_Soft_mujoco(benchmark::State& b) { mujoco_drop(b, "elliptic"); }
void QuadrupedDrop_Trapezoidal_Cone(benchmark::State& b) { trapezoidal_drop(b, footfall::FrictionModel::kCone); }
void QuadrupedDrop_Trapezoidal_None(benchmark::State& b) { trapezoidal_drop(b, footfall::FrictionModel::kNone); }

}  // namespace

BENCHMARK(QuadrupedDrop_Cone_footfall)->Name("QuadrupedDrop_Cone/footfall")->Unit(benchmark::kMillisecond);
BENCHMARK(QuadrupedDrop_Cone_mujoco)->Name("QuadrupedDrop_Cone/mujoco")->Unit(benchmark::kMillisecond);
BENCHMARK(QuadrupedDrop_Pyramid4_footfall)->Name("QuadrupedDrop_Pyramid4/footfall")->Unit(benchmark::kMillisecond);
BENCHMARK(QuadrupedDrop_Pyramid4_mujoco)->Name("QuadrupedDrop_Pyramid4/mujoco")->Unit(benchmark::kMillisecond);
BENCHMARK(QuadrupedDrop_Soft_footfall)->Name("QuadrupedDrop_Soft/footfall")->Unit(benchmark::kMillisecond);
BENCHMARK(QuadrupedDrop_Soft_mujoco)->Name("QuadrupedDrop_Soft/mujoco")->Unit(benchmark::kMillisecond);
BENCHMARK(QuadrupedDrop_EventDriven)->Name("QuadrupedDrop_EventDriven")->Unit(benchmark::kMillisecond);
BENCHMARK(QuadrupedDrop_Trapezoidal_Cone)->Name("QuadrupedDrop_Trapezoidal_Cone")->Unit(benchmark::kMillisecond);
BENCHMARK(QuadrupedDrop_Trapezoidal_None)->Name("QuadrupedDrop_Trapezoidal_None")->Unit(benchmark::kMillisecond);
