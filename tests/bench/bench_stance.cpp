// Host benchmarks of the stance solve: the quadruped (Unitree A1) standing on four feet with the
// exact Coulomb cone, from q, v, τ to contact forces, and each stage alone; beside it the peers
// on the same problem in the same run (paired_ratio_main.cpp prints footfall/peer ratios):
//
//   StanceTick        footfall: kinematics + H + C + factor + solve_stance (cone)
//                     mujoco:   mj_forward on the same bodies with a sphere (r = 0.02 m) at each
//                               foot point on a plane: 4 contacts, elliptic cone, its default
//                               Newton solver (a soft-contact model: not the same forces)
//   ContactTerms      compute_contact_dynamics: G, Ġv, W = G H⁻¹ Gᵀ, d (on the tick's terms)
//   StanceSolve       solve_stance on the tick's terms: contact terms + assemble + cone solve +
//                     q̈ and the final checks
//   Assemble          assemble_stance_problem alone
//   ConeSolve         footfall: solve_cone on the assembled problem (Gauss–Seidel sweep + exact
//                     finish), its own check included
//                     siconos:  fc3d_driver, NSGS, on the same W and d, tolerance 1e-12 (footfall's
//                               exact finish is at rounding level); ConeSolveTol8/siconos at 1e-8
//   ConeSolveSlip     the same with one foot pushed sideways until it slides (on the cone's edge:
//                     no exact finish, Gauss–Seidel to footfall's default tolerance √ε)
//   FrictionlessLcp   Lemke on the frictionless stance LCP (4×4) / Siconos lcp_lexicolemke
//   Pyramid4Lcp       Lemke on the 4-facet pyramid's LCP (24×24) / lcp_lexicolemke
//   StanceTickSoles   footfall: the same tick for the built-in biped (the quadruped's 13 bodies and
//                     18 DOFs) on both soles, four corners each (8 contacts, dependent rows: the
//                     least-norm forces), held by its holding torques
// The final stage (q̈, τ_c, the checks) is StanceSolve − ContactTerms − Assemble − ConeSolve.
// Counters: sweeps or pivots, Siconos' iterations.
#include <benchmark/benchmark.h>

#include <Eigen/LU>
#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "footfall/dynamics.hpp"
#include "footfall/models.hpp"
#include "footfall/stance.hpp"
#include "mjcf_quadruped_feet.hpp"
#include "random.hpp"
#include "siconos_fc3d.hpp"
#include "siconos_lcp.hpp"

namespace {

using S = double;
using ModelType = footfall::QuadrupedModel<S>;
using WorkspaceType = footfall::Workspace<S, 13, 18>;
using Config = ModelType::ConfigVector;
using Tangent = ModelType::TangentVector;
using StanceWs = footfall::StanceWorkspace<S, 18, 4>;
using StanceRes = footfall::StanceResult<S, 18, 4>;

constexpr S kMu = 0.8;

struct Setup {
  std::unique_ptr<ModelType> model = std::make_unique<ModelType>();
  std::unique_ptr<WorkspaceType> ws = std::make_unique<WorkspaceType>();
  std::unique_ptr<StanceWs> sw = std::make_unique<StanceWs>();
  std::unique_ptr<StanceRes> result = std::make_unique<StanceRes>();
  footfall::ContactSet<S, 4> contacts;
  Config q;
  Tangent v, tau_stick, tau_slip;
  footfall::StanceOptions<S> options;
  footfall::peer::ModelPtr m;
  footfall::peer::DataPtr d;
  std::vector<mjtNum> qpos, qvel;
  std::string error;

  bool tick_terms() {
    return footfall::compute_tick_terms(*model, *ws, q, v).ok();
  }

  footfall::Status stance(const Tangent& tau, footfall::FrictionModel friction) {
    footfall::StanceOptions<S> o = options;
    o.friction = friction;
    return footfall::solve_stance(*model, *ws, contacts, tau, o, *sw, *result);
  }

  bool init();
  bool init_mujoco();
  // MuJoCo's state, copied back before each timed call (never mj_copyData: tests/README.md, Peers).
  void restore() {
    std::memcpy(d->qpos, qpos.data(), qpos.size() * sizeof(mjtNum));
    std::memcpy(d->qvel, qvel.data(), qvel.size() * sizeof(mjtNum));
  }
};

// The standing pose of tests/unit/stance/stance_fixtures.hpp (trunk at 0.3 m, legs at 0, 0.8,
// −1.6 rad) at rest; τ holds it (least-norm forces balancing C on the base, as the fixture's
// gravity_compensation) plus small random joint torques (every foot sticks), and for the slip
// case the front-right leg pushing its foot sideways with 120 N.
bool Setup::init() {
  if (!footfall::build_quadruped_model(model.get()).ok()) return (error = "build_quadruped_model", false);
  q.resize(19);
  q << 0, 0, 0.3, 0, 0, 0, 1, 0, 0.8, -1.6, 0, 0.8, -1.6, 0, 0.8, -1.6, 0, 0.8, -1.6;
  v = Tangent::Zero(18);
  options.warm_start = false;  // every timed call starts cold
  for (int leg = 0; leg < 4; ++leg)
    contacts.add(footfall::Contact<S>::Ground(footfall::quadruped_calf_body(leg), footfall::quadruped_foot_point<S>(),
                                              footfall::Vector3<S>::UnitZ(), kMu));
  if (!tick_terms()) return (error = "tick terms", false);
  if (!footfall::compute_contact_dynamics(*model, *ws, contacts, Tangent::Zero(18), footfall::ContactRows::kWithTangents, sw->contact).ok())
    return (error = "contact terms", false);
  const Eigen::MatrixXd g = sw->contact.jacobian;
  const Eigen::MatrixXd a = g.leftCols(6).transpose();  // base rows of Gᵀ
  const Eigen::VectorXd y = (a * a.transpose()).lu().solve(Eigen::VectorXd(ws->bias.head(6)));
  const Eigen::VectorXd f = a.transpose() * y;
  Eigen::VectorXd hold = Eigen::VectorXd(ws->bias) - g.transpose() * f;
  hold.head(6).setZero();
  footfall::test::Random rng(2026);
  tau_stick = hold;
  for (int k = 6; k < 18; ++k) tau_stick(k) += rng.uniform(-1.0, 1.0);
  if (!stance(tau_stick, footfall::FrictionModel::kCone).ok()) return (error = "stance (stick)", false);
  for (int i = 0; i < 4; ++i)
    if (result->state[i] != footfall::ContactState::kSticking) return (error = "a foot does not stick", false);
  // The slip case: the smallest sideways push of the front-right leg (in steps of 20 N, along
  // ±t₁ or ±t₂) under which its foot slides while the others keep their contact.
  bool sliding = false;
  for (int size = 20; size <= 400 && !sliding; size += 20)
    for (int direction = 0; direction < 4 && !sliding; ++direction) {
      tau_slip = hold;
      const int row = 1 + direction % 2;
      const S sign = direction < 2 ? 1.0 : -1.0;
      for (int k = 6; k < 9; ++k) tau_slip(k) += g(row, k) * sign * size;
      sliding = stance(tau_slip, footfall::FrictionModel::kCone).ok() &&
                result->state[0] == footfall::ContactState::kSliding;
      for (int i = 1; i < 4 && sliding; ++i) sliding = result->state[i] != footfall::ContactState::kSeparating;
    }
  if (!sliding) return (error = "no sideways push slides foot 0", false);
  return init_mujoco();
}

// The same bodies as MJCF (mjcf_from_model.hpp) with contacts on: a plane under the feet and a
// sphere of radius 0.02 m centred on each foot point, touching the plane (0.1 mm into it, so
// that MuJoCo's collision keeps all four).
bool Setup::init_mujoco() {
  std::string xml;
  if (!footfall::peer::mjcf_from_model(*model, &xml, &error)) return false;
  S foot_z = 1e9;
  for (int leg = 0; leg < 4; ++leg)
    foot_z = std::min(foot_z, footfall::detail::world_point(*ws, footfall::quadruped_calf_body(leg),
                                                              footfall::quadruped_foot_point<S>())(2));
  if (!footfall::peer::add_quadruped_feet_contacts(&xml, foot_z - footfall::peer::kFootSphereRadius + 1e-4, kMu,
                                                   "elliptic", &error))
    return false;
  m = footfall::peer::load_mjcf(xml, &error);
  if (!m || !footfall::peer::check_layout(m.get(), *model, &error)) return false;
  d.reset(mj_makeData(m.get()));
  qpos.resize(static_cast<std::size_t>(m->nq));
  qvel.resize(static_cast<std::size_t>(m->nv));
  footfall::peer::to_mujoco_state(*model, q, v, qpos.data(), qvel.data());
  restore();
  mj_forward(m.get(), d.get());
  if (d->ncon != 4) return (error = "MuJoCo made " + std::to_string(d->ncon) + " contacts, not 4", false);
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

// ---- the whole tick ---------------------------------------------------------------------------

void StanceTick_footfall(benchmark::State& state) {
  Setup& s = setup();
  if (!ready(state, s)) return;
  for (auto _ : state) {
    benchmark::DoNotOptimize(footfall::forward_kinematics(*s.model, *s.ws, s.q, s.v));
    benchmark::DoNotOptimize(footfall::mass_matrix(*s.model, *s.ws));
    benchmark::DoNotOptimize(footfall::bias_forces(*s.model, *s.ws));
    benchmark::DoNotOptimize(footfall::factorize_mass_matrix(*s.model, *s.ws));
    benchmark::DoNotOptimize(s.stance(s.tau_stick, footfall::FrictionModel::kCone));
    benchmark::ClobberMemory();
  }
  state.counters["sweeps"] = s.result->work;
}

void StanceTick_mujoco(benchmark::State& state) {
  Setup& s = setup();
  if (!ready(state, s)) return;
  for (auto _ : state) {
    s.restore();
    mj_forward(s.m.get(), s.d.get());
    benchmark::ClobberMemory();
  }
  state.counters["contacts"] = s.d->ncon;
  state.counters["iterations"] = s.d->solver_iter;
}

// ---- the stages -------------------------------------------------------------------------------

void ContactTerms_footfall(benchmark::State& state) {
  Setup& s = setup();
  if (!ready(state, s) || !s.tick_terms()) return;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        footfall::compute_contact_dynamics(*s.model, *s.ws, s.contacts, s.tau_stick, footfall::ContactRows::kWithTangents, s.sw->contact));
    benchmark::ClobberMemory();
  }
}

template <bool kSlip>
void stance_solve(benchmark::State& state, footfall::FrictionModel friction) {
  Setup& s = setup();
  if (!ready(state, s) || !s.tick_terms()) return;
  const Tangent& tau = kSlip ? s.tau_slip : s.tau_stick;
  for (auto _ : state) {
    if (!s.stance(tau, friction).ok()) state.SkipWithError("solve_stance failed");
    benchmark::ClobberMemory();
  }
  state.counters["work"] = s.result->work;
}

void StanceSolve_footfall(benchmark::State& state) { stance_solve<false>(state, footfall::FrictionModel::kCone); }
void StanceSolveSlip_footfall(benchmark::State& state) { stance_solve<true>(state, footfall::FrictionModel::kCone); }
void StanceSolveNone_footfall(benchmark::State& state) { stance_solve<false>(state, footfall::FrictionModel::kNone); }
void StanceSolvePyramid4_footfall(benchmark::State& state) {
  stance_solve<false>(state, footfall::FrictionModel::kPyramid4);
}

// Leaves the assembled problem of `tau` under `friction` in s.sw.
bool assembled(Setup& s, const Tangent& tau, footfall::FrictionModel friction) {
  return s.tick_terms() && s.stance(tau, friction).ok();
}

void Assemble_footfall(benchmark::State& state) {
  Setup& s = setup();
  if (!ready(state, s) || !assembled(s, s.tau_stick, footfall::FrictionModel::kCone)) return;
  for (auto _ : state) {
    benchmark::DoNotOptimize(footfall::assemble_stance_problem(s.contacts, s.options, *s.sw));
    benchmark::ClobberMemory();
  }
}

template <bool kSlip>
void cone_solve_footfall(benchmark::State& state) {
  Setup& s = setup();
  if (!ready(state, s) || !assembled(s, kSlip ? s.tau_slip : s.tau_stick, footfall::FrictionModel::kCone)) return;
  const S rounding = footfall::lcp_rounding_tolerance<S>(s.sw->problem.size());
  for (auto _ : state) {
    footfall::solve_cone(s.contacts, s.options, false, rounding, *s.sw);
    if (!s.sw->lcp.ok()) state.SkipWithError("solve_cone failed");
    benchmark::ClobberMemory();
  }
  state.counters["sweeps"] = s.sw->lcp.work;
}

template <bool kSlip>
void cone_solve_siconos(benchmark::State& state, double tolerance) {
  Setup& s = setup();
  if (!ready(state, s) || !assembled(s, kSlip ? s.tau_slip : s.tau_stick, footfall::FrictionModel::kCone)) return;
  footfall::test::SiconosFrictionContact peer(SICONOS_FRICTION_3D_NSGS, tolerance);
  Eigen::Vector4d mu = Eigen::Vector4d::Constant(kMu);
  peer.set_problem(s.sw->contact.delassus, s.sw->contact.free_contact_acceleration, mu);
  if (peer.solve() != 0) state.SkipWithError("Siconos fc3d failed");
  for (auto _ : state) {
    benchmark::DoNotOptimize(peer.solve());
    benchmark::ClobberMemory();
  }
  state.counters["iterations"] = peer.iterations();
}

void ConeSolve_footfall(benchmark::State& state) { cone_solve_footfall<false>(state); }
void ConeSolve_siconos(benchmark::State& state) { cone_solve_siconos<false>(state, 1e-12); }
void ConeSolveTol8_siconos(benchmark::State& state) { cone_solve_siconos<false>(state, 1e-8); }
void ConeSolveSlip_footfall(benchmark::State& state) { cone_solve_footfall<true>(state); }
void ConeSolveSlip_siconos(benchmark::State& state) { cone_solve_siconos<true>(state, 1e-12); }

// ---- the LCP models ---------------------------------------------------------------------------

void lcp_footfall(benchmark::State& state, footfall::FrictionModel friction) {
  Setup& s = setup();
  if (!ready(state, s) || !assembled(s, s.tau_stick, friction)) return;
  footfall::LemkeOptions<S> options;
  options.accuracy = footfall::lcp_rounding_tolerance<S>(s.sw->problem.size());
  int pivots = 0;
  for (auto _ : state) {
    const auto result = footfall::solve_lemke(s.sw->problem, s.sw->lemke, options);
    if (!result.ok()) state.SkipWithError("footfall Lemke failed");
    pivots = result.work;
    benchmark::DoNotOptimize(result.z.data());
  }
  state.counters["pivots"] = pivots;
}

void lcp_siconos(benchmark::State& state, footfall::FrictionModel friction) {
  Setup& s = setup();
  if (!ready(state, s) || !assembled(s, s.tau_stick, friction)) return;
  footfall::test::SiconosLcp peer(SICONOS_LCP_LEMKE);
  peer.set_problem(s.sw->problem.m, s.sw->problem.q);
  if (peer.solve() != 0 || !peer.verified(1e-8)) state.SkipWithError("Siconos Lemke failed");
  for (auto _ : state) {
    benchmark::DoNotOptimize(peer.solve());
  }
  state.counters["pivots"] = peer.iterations() + 1;  // footfall's count: with the first pivot
}

void FrictionlessLcp_footfall(benchmark::State& state) { lcp_footfall(state, footfall::FrictionModel::kNone); }
void FrictionlessLcp_siconos(benchmark::State& state) { lcp_siconos(state, footfall::FrictionModel::kNone); }
void Pyramid4Lcp_footfall(benchmark::State& state) { lcp_footfall(state, footfall::FrictionModel::kPyramid4); }
void Pyramid4Lcp_siconos(benchmark::State& state) { lcp_siconos(state, footfall::FrictionModel::kPyramid4); }

// ---- a biped on flat soles: eight corners, dependent rows ------------------------------------

// The built-in biped (13 bodies, 18 DOFs: the quadruped's sizes) crouched on both soles, four
// corners each, held by its holding torques: the least-norm stance of dependent contacts.
struct SolesSetup {
  std::unique_ptr<footfall::BipedModel<S>> model = std::make_unique<footfall::BipedModel<S>>();
  std::unique_ptr<WorkspaceType> ws = std::make_unique<WorkspaceType>();
  std::unique_ptr<footfall::StanceWorkspace<S, 18, 8>> sw = std::make_unique<footfall::StanceWorkspace<S, 18, 8>>();
  std::unique_ptr<footfall::StanceResult<S, 18, 8>> result = std::make_unique<footfall::StanceResult<S, 18, 8>>();
  footfall::ContactSet<S, 8> contacts;
  Config q = Config::Zero(19);
  Tangent v = Tangent::Zero(18), tau = Tangent::Zero(18);
  footfall::StanceOptions<S> options;
  bool ok = false;
};

SolesSetup& soles() {
  static SolesSetup s;
  static bool made = false;
  if (made) return s;
  made = true;
  if (!footfall::build_biped_model(s.model.get()).ok()) return s;
  s.q(6) = 1;
  for (int leg = 0; leg < 2; ++leg) {
    s.q(7 + 6 * leg + 2) = -0.3;
    s.q(7 + 6 * leg + 3) = 0.6;
    s.q(7 + 6 * leg + 4) = -0.3;
  }
  if (!footfall::compute_tick_terms(*s.model, *s.ws, s.q, s.v).ok()) return s;
  s.q(2) = -footfall::detail::world_point(*s.ws, footfall::biped_foot_body(0), footfall::biped_sole_corner<S>(0)).z();
  if (!footfall::compute_tick_terms(*s.model, *s.ws, s.q, s.v).ok()) return s;
  for (int leg = 0; leg < 2; ++leg)
    for (int corner = 0; corner < 4; ++corner)
      s.contacts.add(footfall::Contact<S>::Ground(footfall::biped_foot_body(leg), footfall::biped_sole_corner<S>(corner),
                                                  Eigen::Vector3d::UnitZ(), kMu));
  s.options.warm_start = false;
  if (!footfall::compute_contact_dynamics(*s.model, *s.ws, s.contacts, s.tau, footfall::ContactRows::kWithTangents, s.sw->contact).ok()) return s;
  if (!footfall::holding_torques(*s.model, *s.ws, s.sw->contact, s.tau).ok()) return s;
  s.ok = footfall::solve_stance(*s.model, *s.ws, s.contacts, s.tau, s.options, *s.sw, *s.result).ok() &&
         s.result->force_choice == footfall::ForceChoice::kLeastNorm;
  return s;
}

void StanceTickSoles_footfall(benchmark::State& state) {
  SolesSetup& s = soles();
  if (!s.ok) {
    state.SkipWithError("the biped on its soles did not solve");
    return;
  }
  for (auto _ : state) {
    benchmark::DoNotOptimize(footfall::forward_kinematics(*s.model, *s.ws, s.q, s.v));
    benchmark::DoNotOptimize(footfall::mass_matrix(*s.model, *s.ws));
    benchmark::DoNotOptimize(footfall::bias_forces(*s.model, *s.ws));
    benchmark::DoNotOptimize(footfall::factorize_mass_matrix(*s.model, *s.ws));
    benchmark::DoNotOptimize(footfall::solve_stance(*s.model, *s.ws, s.contacts, s.tau, s.options, *s.sw, *s.result));
    benchmark::ClobberMemory();
  }
  state.counters["contacts"] = 8;
}

}  // namespace


// Names pair footfall with its peer for paired_ratio_main.cpp: "<case>/footfall", "<case>/<peer>".
BENCHMARK(StanceTick_footfall)->Name("StanceTick/footfall");
BENCHMARK(StanceTick_mujoco)->Name("StanceTick/mujoco");
BENCHMARK(StanceTickSoles_footfall)->Name("StanceTickSoles/footfall");
BENCHMARK(ContactTerms_footfall)->Name("ContactTerms/footfall");
BENCHMARK(Assemble_footfall)->Name("Assemble/footfall");
BENCHMARK(StanceSolve_footfall)->Name("StanceSolve/footfall");
BENCHMARK(StanceSolveSlip_footfall)->Name("StanceSolveSlip/footfall");
BENCHMARK(StanceSolveNone_footfall)->Name("StanceSolveNone/footfall");
BENCHMARK(StanceSolvePyramid4_footfall)->Name("StanceSolvePyramid4/footfall");
BENCHMARK(ConeSolve_footfall)->Name("ConeSolve/footfall");
BENCHMARK(ConeSolve_siconos)->Name("ConeSolve/siconos");
BENCHMARK(ConeSolveTol8_siconos)->Name("ConeSolveTol8/siconos");
BENCHMARK(ConeSolveSlip_footfall)->Name("ConeSolveSlip/footfall");
BENCHMARK(ConeSolveSlip_siconos)->Name("ConeSolveSlip/siconos");
BENCHMARK(FrictionlessLcp_footfall)->Name("FrictionlessLcp/footfall");
BENCHMARK(FrictionlessLcp_siconos)->Name("FrictionlessLcp/siconos");
BENCHMARK(Pyramid4Lcp_footfall)->Name("Pyramid4Lcp/footfall");
BENCHMARK(Pyramid4Lcp_siconos)->Name("Pyramid4Lcp/siconos");
