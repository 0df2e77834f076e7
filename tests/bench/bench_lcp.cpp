// Host benchmarks of the LCP solvers, each paired with Siconos numerics (Debian's
// libsiconos-numerics-dev) on the same problem in the same run: a 12×12 symmetric positive
// definite LCP (the size of a quadruped's four feet with three force components each), solved
// by Lemke's method and by PGS, and an 8×8 one for enumeration (2⁸ active sets; Siconos'
// lcp_enum), with Lemke on the same 8×8 for scale. paired_ratio_main.cpp prints footfall/Siconos
// ratios after the table.
//
// Like for like: both Lemke's methods use d = 1 and the lexicographic rule and return a checked
// (footfall) or filtered-by-the-caller (Siconos) answer; footfall's time includes its final
// solve and check, Siconos' its allocations. PGS runs from z = 0 on both sides to a relative
// accuracy of about 1e-8 (footfall: τ = √ε on the scale of q; Siconos: its error measure below
// 1e-8). Counters report pivots or sweeps.
#include <benchmark/benchmark.h>

#include "footfall/lcp.hpp"
#include "random.hpp"
#include "siconos_lcp.hpp"

namespace {

using S = double;

// M = AᵀA / n + 0.1 I with A uniform in [−1, 1), q uniform in [−1, 1): about half the z positive.
template <int N>
footfall::LcpProblem<S, N> spd_problem(int n, std::uint64_t seed) {
  footfall::test::Random rng(seed);
  footfall::LcpProblem<S, N> p;
  (void)p.resize(n);
  footfall::LcpMatrix<S, N> a(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) a(i, j) = rng.uniform(S(-1), S(1));
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      S sum = 0;
      for (int k = 0; k < n; ++k) sum += a(k, i) * a(k, j);
      p.m(i, j) = sum / n + (i == j ? 0.1 : 0.0);
    }
    p.q(i) = rng.uniform(S(-1), S(1));
  }
  return p;
}

const footfall::LcpProblem<S, 12>& problem12() {
  static const footfall::LcpProblem<S, 12> p = spd_problem<12>(12, 2024);
  return p;
}

const footfall::LcpProblem<S, 8>& problem8() {
  static const footfall::LcpProblem<S, 8> p = spd_problem<8>(8, 2025);
  return p;
}

template <int N>
void FootfallLemke(benchmark::State& state, const footfall::LcpProblem<S, N>& p) {
  static footfall::LemkeWorkspace<S, N> ws;
  int pivots = 0;
  for (auto _ : state) {
    const auto result = footfall::solve_lemke(p, ws);
    if (!result.ok()) state.SkipWithError("footfall Lemke failed");
    pivots = result.work;
    benchmark::DoNotOptimize(result.z.data());
  }
  state.counters["pivots"] = pivots;
}

void SiconosLemke(benchmark::State& state, const footfall::LcpMatrix<S, 12>& m, const footfall::LcpVector<S, 12>& q) {
  footfall::test::SiconosLcp peer(SICONOS_LCP_LEMKE);
  peer.set_problem(m, q);
  if (peer.solve() != 0 || !peer.verified(1e-10)) state.SkipWithError("Siconos Lemke failed");
  for (auto _ : state) {
    benchmark::DoNotOptimize(peer.solve());
  }
  state.counters["pivots"] = peer.iterations() + 1;  // footfall's count: with the first pivot
}

void Lcp12_Lemke_footfall(benchmark::State& state) { FootfallLemke<12>(state, problem12()); }
void Lcp12_Lemke_siconos(benchmark::State& state) { SiconosLemke(state, problem12().m, problem12().q); }

void Lcp12_Pgs_footfall(benchmark::State& state) {
  static footfall::PgsWorkspace<S, 12> ws;
  int sweeps = 0;
  for (auto _ : state) {
    const auto result = footfall::solve_pgs(problem12(), ws);
    if (!result.ok()) state.SkipWithError("footfall PGS failed");
    sweeps = result.work;
    benchmark::DoNotOptimize(result.z.data());
  }
  state.counters["sweeps"] = sweeps;
}

void Lcp12_Pgs_siconos(benchmark::State& state) {
  footfall::test::SiconosLcp peer(SICONOS_LCP_PGS);
  peer.options().dparam[SICONOS_DPARAM_TOL] = 1e-8;
  peer.options().iparam[SICONOS_IPARAM_MAX_ITER] = 500;
  peer.set_problem(problem12().m, problem12().q);
  if (peer.solve() != 0) state.SkipWithError("Siconos PGS failed");
  for (auto _ : state) {
    benchmark::DoNotOptimize(peer.solve());
  }
  state.counters["sweeps"] = peer.iterations();
}

void Lcp8_Enumeration_footfall(benchmark::State& state) {
  static footfall::EnumerationWorkspace<S, 8> ws;
  int sets = 0;
  for (auto _ : state) {
    const auto result = footfall::solve_by_enumeration(problem8(), ws);
    if (!result.ok()) state.SkipWithError("footfall enumeration failed");
    sets = result.work;
    benchmark::DoNotOptimize(result.z.data());
  }
  state.counters["sets"] = sets;
}

void Lcp8_Lemke_footfall(benchmark::State& state) { FootfallLemke<8>(state, problem8()); }

void Lcp8_Lemke_siconos(benchmark::State& state) {
  footfall::test::SiconosLcp peer(SICONOS_LCP_LEMKE);
  peer.set_problem(problem8().m, problem8().q);
  if (peer.solve() != 0 || !peer.verified(1e-10)) state.SkipWithError("Siconos Lemke failed");
  for (auto _ : state) {
    benchmark::DoNotOptimize(peer.solve());
  }
  state.counters["pivots"] = peer.iterations() + 1;
}

void Lcp8_Enumeration_siconos(benchmark::State& state) {
  footfall::test::SiconosLcp peer(SICONOS_LCP_ENUM);
  peer.set_problem(problem8().m, problem8().q);
  if (peer.solve() != 0 || !peer.verified(1e-10)) state.SkipWithError("Siconos enumeration failed");
  for (auto _ : state) {
    benchmark::DoNotOptimize(peer.solve());
  }
}

}  // namespace

// Names pair footfall with its peer for paired_ratio_main.cpp: "<case>/footfall", "<case>/siconos".
BENCHMARK(Lcp12_Lemke_footfall)->Name("Lcp12_Lemke/footfall");
BENCHMARK(Lcp12_Lemke_siconos)->Name("Lcp12_Lemke/siconos");
BENCHMARK(Lcp12_Pgs_footfall)->Name("Lcp12_Pgs/footfall");
BENCHMARK(Lcp12_Pgs_siconos)->Name("Lcp12_Pgs/siconos");
BENCHMARK(Lcp8_Lemke_footfall)->Name("Lcp8_Lemke/footfall");
BENCHMARK(Lcp8_Lemke_siconos)->Name("Lcp8_Lemke/siconos");
BENCHMARK(Lcp8_Enumeration_footfall)->Name("Lcp8_Enumeration/footfall");
BENCHMARK(Lcp8_Enumeration_siconos)->Name("Lcp8_Enumeration/siconos");
