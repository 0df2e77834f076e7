// Fuzzes the three LCP solvers (lcp/lemke.hpp, lcp/pgs.hpp, lcp/enumerate.hpp) on problems of up
// to 8 rows built from the fuzzer's bytes: arbitrary matrices, the structured kinds the contact
// problems produce (symmetric positive semidefinite, P-matrices, copositive with zero rows) and
// non-finite entries. Each solver must finish inside its work limit without the heap, give the
// same bits when called again, say kBadInput exactly when the data are not finite, and any answer
// it calls ok must pass check_lcp_solution (RBDA (11.42)) at the accuracy it was asked for.
#include "footfall/lcp.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace footfall;
using fuzz::ByteReader;
using fuzz::require;

constexpr int kCapacity = 8;

template <typename S>
struct Scratch {
  LcpProblem<S, kCapacity> problem;
  LemkeWorkspace<S, kCapacity> lemke;
  PgsWorkspace<S, kCapacity> pgs;
  EnumerationWorkspace<S, kCapacity> enumeration;
  LcpVector<S, kCapacity> w;
};

template <typename S>
bool fill_problem(ByteReader& in, LcpProblem<S, kCapacity>& p) {
  const int n = p.size();
  const int kind = in.integer(0, 3);
  for (int i = 0; i < n; ++i) p.q(i) = in.number<S>(S(-1), S(4));
  if (kind == 0) {  // anything
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) p.m(i, j) = in.number<S>(S(0), S(4));
  } else {  // A Aᵀ (PSD), or A Aᵀ + d I (positive definite, a P-matrix), or with a zero row and column
    Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, 0, kCapacity, kCapacity> a(n, n);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) a(i, j) = in.number<S>(S(0), S(2));
    p.m.noalias() = a * a.transpose();
    if (kind == 2)
      for (int i = 0; i < n; ++i) p.m(i, i) += S(1);
    if (kind == 3 && n > 0) {
      const int zero = in.integer(0, n - 1);
      for (int k = 0; k < n; ++k) p.m(zero, k) = p.m(k, zero) = S(0);
    }
  }
  bool finite = true;
  for (int i = 0; i < n; ++i) {
    finite = finite && std::isfinite(p.q(i));
    for (int j = 0; j < n; ++j) finite = finite && std::isfinite(p.m(i, j));
  }
  return finite;
}

template <typename S>
void check_result(const LcpProblem<S, kCapacity>& p, const LcpResult<S, kCapacity>& r, bool valid, S accuracy,
                  LcpVector<S, kCapacity>& w, int solver) {
  fuzz::require_well_formed(r.status);
  require(valid || r.status.code == StatusCode::kBadInput, "bad data not refused as bad input", solver);
  require(!valid || r.status.code != StatusCode::kBadInput, "valid data refused as bad input", solver);
  require(r.work <= r.work_limit || !r.ok(), "more work than the limit", solver);
  if (!r.ok()) return;
  const LcpCheck<S> check = check_lcp_solution(p, r.z, w, accuracy);
  require(check.status.ok(), "an ok answer fails the LCP conditions", solver);
  for (int i = 0; i < p.size(); ++i) require(std::isfinite(r.z(i)) && std::isfinite(r.w(i)), "non-finite answer", solver);
}

template <typename S, typename Solve>
void solve_twice(Solve solve, int solver) {
  const auto first = solve();
  const auto second = solve();
  require(first.status.code == second.status.code && first.work == second.work, "a repeated solve differs", solver);
  if (first.ok())
    require(fuzz::same_bits(first.z, second.z), "a repeated solve gives other bits", solver);
}

template <typename S>
void run(ByteReader& in) {
  static Scratch<S> s;
  const int n = in.integer(0, kCapacity + 1);
  const Status sized = s.problem.resize(n);
  if (n > kCapacity) {
    require(sized.code == StatusCode::kCapacity, "a size over capacity not refused");
    return;
  }
  require(sized.ok(), "a size within capacity refused");
  const bool finite = fill_problem(in, s.problem);

  LemkeOptions<S> lemke;
  lemke.max_pivots = in.one_in(4) ? in.integer(1, 40) : 0;
  PgsOptions<S> pgs;
  pgs.max_sweeps = in.integer(1, 200);
  pgs.relaxation = S(0.2) + S(in.integer(0, 17)) / S(10);  // 0.2 … 1.9
  EnumerationOptions<S> enumeration;

  fuzz::NoHeap no_heap;
  const auto& p = s.problem;
  const auto lemke_result = solve_lemke(p, s.lemke, lemke);
  check_result(p, lemke_result, finite, lemke.accuracy, s.w, 0);
  // PGS divides by M's diagonal: a diagonal that is not positive is its documented bad input.
  bool positive_diagonal = true;
  for (int i = 0; i < n; ++i) positive_diagonal = positive_diagonal && p.m(i, i) > S(0);
  const auto pgs_result = solve_pgs(p, s.pgs, pgs);
  check_result(p, pgs_result, finite && positive_diagonal, pgs.tolerance, s.w, 1);
  const auto enumeration_result = solve_by_enumeration(p, s.enumeration, enumeration);
  check_result(p, enumeration_result, finite, enumeration.accuracy, s.w, 2);

  solve_twice<S>([&] { return solve_lemke(p, s.lemke, lemke); }, 0);
  solve_twice<S>([&] { return solve_pgs(p, s.pgs, pgs); }, 1);

}

}  // namespace

FOOTFALL_FUZZ_BOTH_SCALARS(run)
