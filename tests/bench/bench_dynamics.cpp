// Host benchmarks of the tree dynamics, each paired with MuJoCo doing the same work on the same
// model (written as MJCF by tests/peer/mjcf_from_model.hpp) in the same state. Pairs share a
// name and differ in the last part: Quadruped_HandC/footfall and Quadruped_HandC/mujoco.
//
// What each MuJoCo side calls (footfall's outputs are dense, so MuJoCo's H is expanded with
// mj_fullM; every MuJoCo iteration first restores qpos and qvel by copy, never mj_copyData):
//   Kinematics       mj_kinematics + mj_comPos + mj_comVel (poses, S, velocities, Ṡ-terms)
//   RNEA             the same + mj_rne(flg_acc = 1)
//   MassMatrix       mj_crb + mj_fullM, after kinematics (outside the timed loop)
//   Factorize        mj_factorM, after the mass matrix
//   Solve            mj_solveM, one right-hand side, after the factor
//   PointJacobian    body point to world + mj_jac (translation only), after kinematics
//   H                mj_kinematics + mj_comPos + mj_crb + mj_fullM
//   HandC            H + mj_comVel + mj_rne(flg_acc = 0)
//   Tick             HandC + mj_factorM: the per-tick bundle
//   ForwardDynamics  mj_forward, against footfall's ABA (MuJoCo's pipeline does more:
//                    actuation, passive forces, the empty constraint stage, sensors)
// footfall's Kinematics, H, HandC and Tick start with forward_kinematics (poses and velocities
// together); its RNEA and ABA include it.
#include <benchmark/benchmark.h>

#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "mjcf_from_model.hpp"
#include "model_fixtures.hpp"

namespace {

using footfall::JointType;

template <int B, int D>
struct Setup {
  using ModelType = footfall::Model<double, B, D>;
  using WorkspaceType = footfall::Workspace<double, B, D>;
  std::unique_ptr<ModelType> model = std::make_unique<ModelType>();
  std::unique_ptr<WorkspaceType> ws = std::make_unique<WorkspaceType>();
  typename ModelType::ConfigVector q;
  typename ModelType::TangentVector v, qdd, tau, rhs, x;
  footfall::peer::ModelPtr m;
  footfall::peer::DataPtr d;
  std::vector<mjtNum> qpos, qvel, mj_rhs, mj_x, mj_result, mj_jacp;
  std::string error;

  // One random state, the same on both sides (converted to MuJoCo's coordinates).
  bool init(std::uint64_t seed) {
    footfall::test::Random rng(seed);
    q = footfall::test::random_configuration(*model, rng);
    v = footfall::test::random_velocity(*model, rng);
    qdd = footfall::test::random_velocity(*model, rng);
    tau = footfall::test::random_velocity(*model, rng, 10.0);
    rhs = footfall::test::random_velocity(*model, rng);
    x = rhs;
    std::string xml;
    if (!footfall::peer::mjcf_from_model(*model, &xml, &error)) return false;
    m = footfall::peer::load_mjcf(xml, &error);
    if (!m || !footfall::peer::check_layout(m.get(), *model, &error)) return false;
    d.reset(mj_makeData(m.get()));
    const auto nq = static_cast<std::size_t>(m->nq), nv = static_cast<std::size_t>(m->nv);
    qpos.resize(nq);
    qvel.resize(nv);
    footfall::peer::to_mujoco_state(*model, q, v, qpos.data(), qvel.data());
    mj_rhs.assign(rhs.data(), rhs.data() + nv);
    mj_x.resize(nv);
    mj_result.resize(nv);
    mj_jacp.resize(3 * nv);
    restore();
    mj_forward(m.get(), d.get());  // every mjData field current
    // RNEA's q̈ (its value does not change the work; footfall's and MuJoCo's coordinates differ).
    for (std::size_t k = 0; k < nv; ++k) d->qacc[k] = qdd(static_cast<Eigen::Index>(k));
    return footfall::compute_tick_terms(*model, *ws, q, v).ok();
  }

  void restore() {
    std::memcpy(d->qpos, qpos.data(), qpos.size() * sizeof(mjtNum));
    std::memcpy(d->qvel, qvel.data(), qvel.size() * sizeof(mjtNum));
  }

  // MuJoCo's H, dense.
  void mj_h() {
    mj_kinematics(m.get(), d.get());
    mj_comPos(m.get(), d.get());
    mj_crb(m.get(), d.get());
    mj_fullM(m.get(), ws_dense(), d->qM);
  }
  mjtNum* ws_dense() {
    if (dense.size() != static_cast<std::size_t>(m->nv * m->nv)) dense.resize(static_cast<std::size_t>(m->nv * m->nv));
    return dense.data();
  }
  std::vector<mjtNum> dense;
};

using QuadrupedSetup = Setup<13, 18>;
using ChainSetup = Setup<64, 64>;

QuadrupedSetup& quadruped() {
  static QuadrupedSetup setup;
  static const bool initialised = [] {
    if (!footfall::build_quadruped_model(setup.model.get()).ok()) setup.error = "build_quadruped_model";
    else if (!setup.init(11)) setup.error = "init: " + setup.error;
    return true;
  }();
  (void)initialised;
  return setup;
}

ChainSetup& chain(int links) {
  static std::map<int, std::unique_ptr<ChainSetup>> setups;
  std::unique_ptr<ChainSetup>& setup = setups[links];
  if (!setup) {
    setup = std::make_unique<ChainSetup>();
    if (!footfall::build_chain_model(links, setup->model.get()).ok()) setup->error = "build_chain_model";
    else if (!setup->init(static_cast<std::uint64_t>(100 + links))) setup->error = "init: " + setup->error;
  }
  return *setup;
}

template <typename SetupT>
bool ready(benchmark::State& state, SetupT& s) {
  if (!s.error.empty()) {
    state.SkipWithError(s.error.c_str());
    return false;
  }
  return true;
}

// ---- footfall ----------------------------------------------------------------------------------

template <typename SetupT>
void footfall_kinematics(benchmark::State& state, SetupT& s) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(footfall::forward_kinematics(*s.model, *s.ws, s.q, s.v));
    benchmark::ClobberMemory();
  }
}

template <typename SetupT>
void footfall_rnea(benchmark::State& state, SetupT& s) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(footfall::rnea(*s.model, *s.ws, s.q, s.v, s.qdd));
    benchmark::ClobberMemory();
  }
}

template <typename SetupT>
void footfall_mass_matrix(benchmark::State& state, SetupT& s) {
  footfall::forward_kinematics(*s.model, *s.ws, s.q, s.v);
  for (auto _ : state) {
    benchmark::DoNotOptimize(footfall::mass_matrix(*s.model, *s.ws));
    benchmark::ClobberMemory();
  }
}

template <typename SetupT>
void footfall_factorize(benchmark::State& state, SetupT& s) {
  footfall::forward_kinematics(*s.model, *s.ws, s.q, s.v);
  footfall::mass_matrix(*s.model, *s.ws);
  for (auto _ : state) {
    benchmark::DoNotOptimize(footfall::factorize_mass_matrix(*s.model, *s.ws));
    benchmark::ClobberMemory();
  }
}

template <typename SetupT>
void footfall_solve(benchmark::State& state, SetupT& s) {
  footfall::forward_kinematics(*s.model, *s.ws, s.q, s.v);
  footfall::mass_matrix(*s.model, *s.ws);
  footfall::factorize_mass_matrix(*s.model, *s.ws);
  for (auto _ : state) {
    s.x = s.rhs;  // in place, so start from the right-hand side (MuJoCo copies it too)
    benchmark::DoNotOptimize(footfall::solve_mass_matrix(*s.model, *s.ws, s.x));
    benchmark::ClobberMemory();
  }
}

template <typename SetupT>
void footfall_h(benchmark::State& state, SetupT& s) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(footfall::forward_kinematics(*s.model, *s.ws, s.q, s.v));
    benchmark::DoNotOptimize(footfall::mass_matrix(*s.model, *s.ws));
    benchmark::ClobberMemory();
  }
}

template <typename SetupT>
void footfall_h_and_c(benchmark::State& state, SetupT& s) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(footfall::forward_kinematics(*s.model, *s.ws, s.q, s.v));
    benchmark::DoNotOptimize(footfall::mass_matrix(*s.model, *s.ws));
    benchmark::DoNotOptimize(footfall::bias_forces(*s.model, *s.ws));
    benchmark::ClobberMemory();
  }
}

template <typename SetupT>
void footfall_tick(benchmark::State& state, SetupT& s) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(footfall::forward_kinematics(*s.model, *s.ws, s.q, s.v));
    benchmark::DoNotOptimize(footfall::mass_matrix(*s.model, *s.ws));
    benchmark::DoNotOptimize(footfall::bias_forces(*s.model, *s.ws));
    benchmark::DoNotOptimize(footfall::factorize_mass_matrix(*s.model, *s.ws));
    benchmark::ClobberMemory();
  }
}

template <typename SetupT>
void footfall_aba(benchmark::State& state, SetupT& s) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(footfall::aba(*s.model, *s.ws, s.q, s.v, s.tau));
    benchmark::ClobberMemory();
  }
}

// ---- MuJoCo ------------------------------------------------------------------------------------

template <typename SetupT>
void mujoco_kinematics(benchmark::State& state, SetupT& s) {
  for (auto _ : state) {
    s.restore();
    mj_kinematics(s.m.get(), s.d.get());
    mj_comPos(s.m.get(), s.d.get());
    mj_comVel(s.m.get(), s.d.get());
    benchmark::ClobberMemory();
  }
}

template <typename SetupT>
void mujoco_rnea(benchmark::State& state, SetupT& s) {
  for (auto _ : state) {
    s.restore();
    mj_kinematics(s.m.get(), s.d.get());
    mj_comPos(s.m.get(), s.d.get());
    mj_comVel(s.m.get(), s.d.get());
    mj_rne(s.m.get(), s.d.get(), 1, s.mj_result.data());
    benchmark::ClobberMemory();
  }
}

template <typename SetupT>
void mujoco_mass_matrix(benchmark::State& state, SetupT& s) {
  s.restore();
  mj_kinematics(s.m.get(), s.d.get());
  mj_comPos(s.m.get(), s.d.get());
  for (auto _ : state) {
    mj_crb(s.m.get(), s.d.get());
    mj_fullM(s.m.get(), s.ws_dense(), s.d->qM);
    benchmark::ClobberMemory();
  }
}

template <typename SetupT>
void mujoco_factorize(benchmark::State& state, SetupT& s) {
  s.restore();
  s.mj_h();
  for (auto _ : state) {
    mj_factorM(s.m.get(), s.d.get());
    benchmark::ClobberMemory();
  }
}

template <typename SetupT>
void mujoco_solve(benchmark::State& state, SetupT& s) {
  s.restore();
  s.mj_h();
  mj_factorM(s.m.get(), s.d.get());
  for (auto _ : state) {
    mj_solveM(s.m.get(), s.d.get(), s.mj_x.data(), s.mj_rhs.data(), 1);
    benchmark::ClobberMemory();
  }
}

template <typename SetupT>
void mujoco_h(benchmark::State& state, SetupT& s) {
  for (auto _ : state) {
    s.restore();
    s.mj_h();
    benchmark::ClobberMemory();
  }
}

template <typename SetupT>
void mujoco_h_and_c(benchmark::State& state, SetupT& s) {
  for (auto _ : state) {
    s.restore();
    s.mj_h();
    mj_comVel(s.m.get(), s.d.get());
    mj_rne(s.m.get(), s.d.get(), 0, s.mj_result.data());
    benchmark::ClobberMemory();
  }
}

template <typename SetupT>
void mujoco_tick(benchmark::State& state, SetupT& s) {
  for (auto _ : state) {
    s.restore();
    s.mj_h();
    mj_comVel(s.m.get(), s.d.get());
    mj_rne(s.m.get(), s.d.get(), 0, s.mj_result.data());
    mj_factorM(s.m.get(), s.d.get());
    benchmark::ClobberMemory();
  }
}

template <typename SetupT>
void mujoco_forward(benchmark::State& state, SetupT& s) {
  for (auto _ : state) {
    s.restore();
    mj_forward(s.m.get(), s.d.get());
    benchmark::ClobberMemory();
  }
}

// ---- the quadruped -----------------------------------------------------------------------------

template <void (*Body)(benchmark::State&, QuadrupedSetup&)>
void on_quadruped(benchmark::State& state) {
  QuadrupedSetup& s = quadruped();
  if (ready(state, s)) Body(state, s);
}

void quadruped_point_jacobian_footfall(benchmark::State& state, QuadrupedSetup& s) {
  footfall::forward_kinematics(*s.model, *s.ws, s.q, s.v);
  const int body = footfall::quadruped_calf_body(0);
  const footfall::Vector3<double> point = footfall::quadruped_foot_point<double>();
  Eigen::Matrix<double, 3, Eigen::Dynamic, 0, 3, 18> jacobian(3, s.model->nv());
  for (auto _ : state) {
    benchmark::DoNotOptimize(footfall::point_jacobian(*s.model, *s.ws, body, point, jacobian));
    benchmark::DoNotOptimize(jacobian.data());
    benchmark::ClobberMemory();
  }
}

void quadruped_point_jacobian_mujoco(benchmark::State& state, QuadrupedSetup& s) {
  s.restore();
  mj_kinematics(s.m.get(), s.d.get());
  mj_comPos(s.m.get(), s.d.get());
  const int body = footfall::quadruped_calf_body(0) + 1;
  const footfall::Vector3<double> local = footfall::quadruped_foot_point<double>();
  for (auto _ : state) {
    mjtNum world[3];
    mju_rotVecMat(world, local.data(), s.d->xmat + 9 * body);
    mju_addTo3(world, s.d->xpos + 3 * body);
    mj_jac(s.m.get(), s.d.get(), s.mj_jacp.data(), nullptr, world, body);
    benchmark::ClobberMemory();
  }
}

BENCHMARK(on_quadruped<footfall_kinematics<QuadrupedSetup>>)->Name("Quadruped_Kinematics/footfall");
BENCHMARK(on_quadruped<mujoco_kinematics<QuadrupedSetup>>)->Name("Quadruped_Kinematics/mujoco");
BENCHMARK(on_quadruped<footfall_rnea<QuadrupedSetup>>)->Name("Quadruped_RNEA/footfall");
BENCHMARK(on_quadruped<mujoco_rnea<QuadrupedSetup>>)->Name("Quadruped_RNEA/mujoco");
BENCHMARK(on_quadruped<footfall_mass_matrix<QuadrupedSetup>>)->Name("Quadruped_MassMatrix/footfall");
BENCHMARK(on_quadruped<mujoco_mass_matrix<QuadrupedSetup>>)->Name("Quadruped_MassMatrix/mujoco");
BENCHMARK(on_quadruped<footfall_factorize<QuadrupedSetup>>)->Name("Quadruped_Factorize/footfall");
BENCHMARK(on_quadruped<mujoco_factorize<QuadrupedSetup>>)->Name("Quadruped_Factorize/mujoco");
BENCHMARK(on_quadruped<footfall_solve<QuadrupedSetup>>)->Name("Quadruped_Solve/footfall");
BENCHMARK(on_quadruped<mujoco_solve<QuadrupedSetup>>)->Name("Quadruped_Solve/mujoco");
BENCHMARK(on_quadruped<quadruped_point_jacobian_footfall>)->Name("Quadruped_PointJacobian/footfall");
BENCHMARK(on_quadruped<quadruped_point_jacobian_mujoco>)->Name("Quadruped_PointJacobian/mujoco");
BENCHMARK(on_quadruped<footfall_h<QuadrupedSetup>>)->Name("Quadruped_H/footfall");
BENCHMARK(on_quadruped<mujoco_h<QuadrupedSetup>>)->Name("Quadruped_H/mujoco");
BENCHMARK(on_quadruped<footfall_h_and_c<QuadrupedSetup>>)->Name("Quadruped_HandC/footfall");
BENCHMARK(on_quadruped<mujoco_h_and_c<QuadrupedSetup>>)->Name("Quadruped_HandC/mujoco");
BENCHMARK(on_quadruped<footfall_tick<QuadrupedSetup>>)->Name("Quadruped_Tick/footfall");
BENCHMARK(on_quadruped<mujoco_tick<QuadrupedSetup>>)->Name("Quadruped_Tick/mujoco");
BENCHMARK(on_quadruped<footfall_aba<QuadrupedSetup>>)->Name("Quadruped_ForwardDynamics/footfall");
BENCHMARK(on_quadruped<mujoco_forward<QuadrupedSetup>>)->Name("Quadruped_ForwardDynamics/mujoco");

// ---- chain(N), capacity 64 ---------------------------------------------------------------------

template <void (*Body)(benchmark::State&, ChainSetup&)>
void on_chain(benchmark::State& state) {
  ChainSetup& s = chain(static_cast<int>(state.range(0)));
  if (ready(state, s)) Body(state, s);
}

void chain_lengths(benchmark::internal::Benchmark* b) {
  for (const int links : {6, 12, 24, 48, 60}) b->Arg(links);
}

BENCHMARK(on_chain<footfall_rnea<ChainSetup>>)->Name("Chain_RNEA/footfall")->Apply(chain_lengths);
BENCHMARK(on_chain<mujoco_rnea<ChainSetup>>)->Name("Chain_RNEA/mujoco")->Apply(chain_lengths);
BENCHMARK(on_chain<footfall_mass_matrix<ChainSetup>>)->Name("Chain_MassMatrix/footfall")->Apply(chain_lengths);
BENCHMARK(on_chain<mujoco_mass_matrix<ChainSetup>>)->Name("Chain_MassMatrix/mujoco")->Apply(chain_lengths);
BENCHMARK(on_chain<footfall_factorize<ChainSetup>>)->Name("Chain_Factorize/footfall")->Apply(chain_lengths);
BENCHMARK(on_chain<mujoco_factorize<ChainSetup>>)->Name("Chain_Factorize/mujoco")->Apply(chain_lengths);
BENCHMARK(on_chain<footfall_tick<ChainSetup>>)->Name("Chain_Tick/footfall")->Apply(chain_lengths);
BENCHMARK(on_chain<mujoco_tick<ChainSetup>>)->Name("Chain_Tick/mujoco")->Apply(chain_lengths);
BENCHMARK(on_chain<footfall_aba<ChainSetup>>)->Name("Chain_ForwardDynamics/footfall")->Apply(chain_lengths);
BENCHMARK(on_chain<mujoco_forward<ChainSetup>>)->Name("Chain_ForwardDynamics/mujoco")->Apply(chain_lengths);

}  // namespace
