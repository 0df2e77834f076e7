// Host benchmarks of the strike solve: the quadruped (Unitree A1) in the standing pose of
// tests/unit/stance/stance_fixtures.hpp with its trunk at rest, and one swing foot (front-right)
// or a trot pair (front-right and rear-left, diagonal) touching down at 0.5 m/s downward and
// 0.1 m/s forward (the legs' joint velocities that give exactly that foot velocity). Only the
// striking feet are in the contact set. Beside it a peer in the same run
// (paired_ratio_main.cpp prints footfall/peer ratios):
//
//   StrikeSolve<n>Sticking  footfall: solve_strike, sticking friction, e = 0, on the tick's
//                                     kinematics, H and factor
//                           kkt_lu:   the Pinocchio-style impulse KKT solve, dense, with Eigen:
//                                     G = the striking feet's point Jacobians (3 rows each),
//                                     [H Gᵀ; G 0] [v⁺; −ι] = [H v⁻; 0], by PartialPivLU
//                           kkt_ldlt: the same system by Eigen's LDLT
//   StrikeSolve<n><model>   footfall alone: cone (μ = 0.8) or frictionless, each with and
//                           without a linear pad on every striking foot (k = 2e4 N/m,
//                           c = 50 N s/m), which adds the peak-load prediction
//   StrikeTick<n>Sticking   the whole: kinematics + H + factor + strike / kinematics + H +
//                           Jacobians + the KKT solve (the peer needs no factor of H)
//   StrikeTick<n><model>    footfall's whole tick for the other models
//
// The setup checks that the KKT answer (v⁺ and the world impulses) matches footfall's sticking
// result, and that footfall's cone answer equals both (the sticking impulse lies inside the
// cone), and aborts if not. Counters: the solver's work, the peak prediction's steps.
#include <benchmark/benchmark.h>

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "footfall/dynamics.hpp"
#include "footfall/models.hpp"
#include "footfall/strike.hpp"

namespace {

using S = double;
using ModelType = footfall::QuadrupedModel<S>;
using WorkspaceType = footfall::Workspace<S, 13, 18>;
using Config = ModelType::ConfigVector;
using Tangent = ModelType::TangentVector;
using StrikeWs = footfall::StrikeWorkspace<S, 18, 4>;
using StrikeRes = footfall::StrikeResult<S, 13, 18, 4>;
using Set = footfall::ContactSet<S, 4>;

constexpr S kMu = 0.8;
constexpr S kPadStiffness = 2e4;  // N/m
constexpr S kPadDamping = 50;     // N s/m

// The Pinocchio-style peer: the impulse KKT system, assembled densely and solved by Eigen.
struct KktPeer {
  Eigen::MatrixXd kkt;
  Eigen::VectorXd rhs, solution;
  Eigen::Matrix<double, 3, Eigen::Dynamic> jacobian;
  Eigen::PartialPivLU<Eigen::MatrixXd> lu;
  Eigen::LDLT<Eigen::MatrixXd> ldlt;

  void resize(int nv, int feet) {
    const int n = nv + 3 * feet;
    kkt.setZero(n, n);
    rhs.setZero(n);
    solution.setZero(n);
    jacobian.setZero(3, nv);
    lu = Eigen::PartialPivLU<Eigen::MatrixXd>(n);
    ldlt = Eigen::LDLT<Eigen::MatrixXd>(n);
  }

  // v⁺ in solution.head(nv), −ι (world, per foot) in solution.tail(3 feet).
  template <bool kLdlt>
  bool solve(const ModelType& model, const WorkspaceType& ws, const Set& feet, const Tangent& v) {
    const int nv = model.nv();
    kkt.topLeftCorner(nv, nv) = ws.mass_matrix;
    for (int i = 0; i < feet.count; ++i) {
      if (!footfall::point_jacobian(model, ws, feet[i].body, feet[i].point, jacobian).ok()) return false;
      kkt.block(nv + 3 * i, 0, 3, nv) = jacobian;
      kkt.block(0, nv + 3 * i, nv, 3) = jacobian.transpose();
    }
    rhs.head(nv).noalias() = ws.mass_matrix * v;
    if constexpr (kLdlt) {
      ldlt.compute(kkt);
      solution = ldlt.solve(rhs);
    } else {
      lu.compute(kkt);
      solution = lu.solve(rhs);
    }
    return true;
  }
};

struct Case {
  Set feet;         // the striking feet, rigid
  Set padded;       // the same with pads
  Tangent v;        // v⁻: trunk at rest, the striking legs moving their feet down and forward
  KktPeer peer;
};

struct Setup {
  std::unique_ptr<ModelType> model = std::make_unique<ModelType>();
  std::unique_ptr<WorkspaceType> ws = std::make_unique<WorkspaceType>();
  std::unique_ptr<StrikeWs> sw = std::make_unique<StrikeWs>();
  std::unique_ptr<StrikeRes> result = std::make_unique<StrikeRes>();
  Config q;
  Case cases[2];  // one foot, two feet
  std::string error;

  bool tick_terms(const Tangent& v) {
    return footfall::compute_mass_terms(*model, *ws, q, v).ok();
  }

  footfall::Status strike(const Case& c, footfall::StrikeFriction friction, bool pad) {
    footfall::StrikeOptions<S> options;
    options.friction = friction;
    return footfall::solve_strike(*model, *ws, pad ? c.padded : c.feet, c.v, options, *sw, *result);
  }

  bool init();
  bool agree(Case& c, const char* name);
};

bool Setup::init() {
  if (!footfall::build_quadruped_model(model.get()).ok()) return (error = "build_quadruped_model", false);
  q.resize(19);
  q << 0, 0, 0.3, 0, 0, 0, 1, 0, 0.8, -1.6, 0, 0.8, -1.6, 0, 0.8, -1.6, 0, 0.8, -1.6;
  if (!tick_terms(Tangent::Zero(18))) return (error = "tick terms at rest", false);
  const footfall::Vector3<S> foot_velocity(0.1, 0.0, -0.5);
  const int legs[2][2] = {{0, -1}, {0, 3}};  // FR; FR and RL
  for (int n = 0; n < 2; ++n) {
    Case& c = cases[n];
    c.v = Tangent::Zero(18);
    c.feet.clear();
    c.padded.clear();
    for (int i = 0; i <= n; ++i) {
      const int leg = legs[n][i];
      footfall::Contact<S> contact = footfall::Contact<S>::Ground(
          footfall::quadruped_calf_body(leg), footfall::quadruped_foot_point<S>(), footfall::Vector3<S>::UnitZ(), kMu);
      c.feet.add(contact);
      contact.pad = footfall::ContactPad<S>::Linear(kPadStiffness, kPadDamping);
      c.padded.add(contact);
      // The leg's three joint velocities that move the foot at foot_velocity, trunk at rest.
      Eigen::Matrix<S, 3, Eigen::Dynamic> j(3, 18);
      if (!footfall::point_jacobian(*model, *ws, contact.body, contact.point, j).ok())
        return (error = "point_jacobian", false);
      const int k = 6 + 3 * leg;
      c.v.segment<3>(k) = j.block<3, 3>(0, k).partialPivLu().solve(foot_velocity);
      if (!((j * c.v - foot_velocity).norm() < 1e-12 * (n + 1))) return (error = "foot velocity", false);
    }
    c.peer.resize(18, n + 1);
  }
  return agree(cases[0], "one foot") && agree(cases[1], "two feet");
}

// The peer's answer against footfall's sticking strike at e = 0, and footfall's cone against
// its sticking answer (the sticking impulse lies inside the cone here).
bool Setup::agree(Case& c, const char* name) {
  if (!tick_terms(c.v)) return (error = "tick terms", false);
  const int nf = c.feet.count;
  if (!strike(c, footfall::StrikeFriction::kSticking, false).ok())
    return (error = std::string(name) + ": footfall sticking strike not ok", false);
  Tangent v_plus = result->v_plus;
  footfall::Vector3<S> impulse[4];
  S impulse_scale = 0;
  for (int i = 0; i < nf; ++i) {
    impulse[i] = result->impulse[i];
    impulse_scale = std::max(impulse_scale, impulse[i].norm());
    if (!(result->normal_impulse[i] > 0)) return (error = std::string(name) + ": a foot takes no impulse", false);
  }
  const S speed_scale = v_plus.cwiseAbs().maxCoeff() + c.v.cwiseAbs().maxCoeff();
  const auto close = [&](const Tangent& a, const footfall::Vector3<S>* b, S tolerance) {
    if (!((a - v_plus).cwiseAbs().maxCoeff() <= tolerance * speed_scale)) return false;
    for (int i = 0; i < nf; ++i)
      if (!((b[i] - impulse[i]).cwiseAbs().maxCoeff() <= tolerance * impulse_scale)) return false;
    return true;
  };
  footfall::Vector3<S> peer_impulse[4];
  for (int ldlt = 0; ldlt < 2; ++ldlt) {
    const bool solved = ldlt ? c.peer.solve<true>(*model, *ws, c.feet, c.v) : c.peer.solve<false>(*model, *ws, c.feet, c.v);
    if (!solved) return (error = "peer Jacobians", false);
    for (int i = 0; i < nf; ++i) peer_impulse[i] = -c.peer.solution.segment<3>(18 + 3 * i);
    if (!close(c.peer.solution.head(18), peer_impulse, 1e-9)) {
      std::fprintf(stderr, "%s: the KKT peer (%s) disagrees with footfall's sticking strike\n", name,
                   ldlt ? "LDLT" : "LU");
      std::abort();
    }
  }
  if (!strike(c, footfall::StrikeFriction::kCone, false).ok())
    return (error = std::string(name) + ": footfall cone strike not ok", false);
  for (int i = 0; i < nf; ++i) peer_impulse[i] = result->impulse[i];
  if (!close(result->v_plus, peer_impulse, 1e-9)) {
    std::fprintf(stderr, "%s: footfall's cone strike differs from its sticking strike\n", name);
    std::abort();
  }
  // Every other case must solve too.
  for (const auto friction : {footfall::StrikeFriction::kNone, footfall::StrikeFriction::kCone,
                              footfall::StrikeFriction::kSticking})
    for (const bool pad : {false, true})
      if (!strike(c, friction, pad).ok())
        return (error = std::string(name) + ": strike " + footfall::to_string(friction) + (pad ? " with pads" : "") +
                        " not ok: " + footfall::to_string(result->status.code),
                false);
  return true;
}

Setup& setup() {
  static Setup instance;
  static const bool initialised = [] {
    if (!instance.init() && instance.error.empty()) instance.error = "init";
    return true;
  }();
  (void)initialised;
  return instance;
}

bool ready(benchmark::State& state, Setup& s) {
  if (!s.error.empty()) {
    state.SkipWithError(s.error.c_str());
    return false;
  }
  return true;
}

// ---- the strike solve alone, on the tick's kinematics, H and factor -------------------------

void strike_solve(benchmark::State& state, int feet, footfall::StrikeFriction friction, bool pad) {
  Setup& s = setup();
  if (!ready(state, s)) return;
  Case& c = s.cases[feet - 1];
  if (!s.tick_terms(c.v)) return state.SkipWithError("tick terms");
  for (auto _ : state) {
    if (!s.strike(c, friction, pad).ok()) state.SkipWithError("solve_strike failed");
    benchmark::ClobberMemory();
  }
  state.counters["work"] = s.result->work;
  if (pad) state.counters["steps"] = s.result->peaks.steps;
}

template <bool kLdlt>
void kkt_solve(benchmark::State& state, int feet) {
  Setup& s = setup();
  if (!ready(state, s)) return;
  Case& c = s.cases[feet - 1];
  if (!s.tick_terms(c.v)) return state.SkipWithError("tick terms");
  for (auto _ : state) {
    benchmark::DoNotOptimize(c.peer.solve<kLdlt>(*s.model, *s.ws, c.feet, c.v));
    benchmark::DoNotOptimize(c.peer.solution.data());
    benchmark::ClobberMemory();
  }
}

// ---- the whole: kinematics + H (+ factor) + the strike --------------------------------------

void strike_tick(benchmark::State& state, int feet, footfall::StrikeFriction friction, bool pad) {
  Setup& s = setup();
  if (!ready(state, s)) return;
  Case& c = s.cases[feet - 1];
  for (auto _ : state) {
    benchmark::DoNotOptimize(footfall::compute_mass_terms(*s.model, *s.ws, s.q, c.v));
    if (!s.strike(c, friction, pad).ok()) state.SkipWithError("solve_strike failed");
    benchmark::ClobberMemory();
  }
  state.counters["work"] = s.result->work;
}

template <bool kLdlt>
void kkt_tick(benchmark::State& state, int feet) {
  Setup& s = setup();
  if (!ready(state, s)) return;
  Case& c = s.cases[feet - 1];
  for (auto _ : state) {
    benchmark::DoNotOptimize(footfall::forward_kinematics(*s.model, *s.ws, s.q, c.v));
    benchmark::DoNotOptimize(footfall::mass_matrix(*s.model, *s.ws));
    benchmark::DoNotOptimize(c.peer.solve<kLdlt>(*s.model, *s.ws, c.feet, c.v));
    benchmark::DoNotOptimize(c.peer.solution.data());
    benchmark::ClobberMemory();
  }
}

using F = footfall::StrikeFriction;

void register_all() {
  for (int feet = 1; feet <= 2; ++feet) {
    const std::string n = std::to_string(feet);
    benchmark::RegisterBenchmark(("StrikeSolve" + n + "Sticking/footfall").c_str(), strike_solve, feet, F::kSticking, false);
    benchmark::RegisterBenchmark(("StrikeSolve" + n + "Sticking/kkt_lu").c_str(), kkt_solve<false>, feet);
    benchmark::RegisterBenchmark(("StrikeSolve" + n + "Sticking/kkt_ldlt").c_str(), kkt_solve<true>, feet);
    benchmark::RegisterBenchmark(("StrikeSolve" + n + "Cone/footfall").c_str(), strike_solve, feet, F::kCone, false);
    benchmark::RegisterBenchmark(("StrikeSolve" + n + "None/footfall").c_str(), strike_solve, feet, F::kNone, false);
    benchmark::RegisterBenchmark(("StrikeSolve" + n + "ConePad/footfall").c_str(), strike_solve, feet, F::kCone, true);
    benchmark::RegisterBenchmark(("StrikeSolve" + n + "NonePad/footfall").c_str(), strike_solve, feet, F::kNone, true);
    benchmark::RegisterBenchmark(("StrikeTick" + n + "Sticking/footfall").c_str(), strike_tick, feet, F::kSticking, false);
    benchmark::RegisterBenchmark(("StrikeTick" + n + "Sticking/kkt_lu").c_str(), kkt_tick<false>, feet);
    benchmark::RegisterBenchmark(("StrikeTick" + n + "Sticking/kkt_ldlt").c_str(), kkt_tick<true>, feet);
    benchmark::RegisterBenchmark(("StrikeTick" + n + "Cone/footfall").c_str(), strike_tick, feet, F::kCone, false);
    benchmark::RegisterBenchmark(("StrikeTick" + n + "ConePad/footfall").c_str(), strike_tick, feet, F::kCone, true);
  }
}

const bool registered = (register_all(), true);

}  // namespace
