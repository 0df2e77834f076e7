// Fuzzes the strike solve (strike/solve_strike.hpp) on the quadruped: the pose, the velocity
// before the strike, up to five contacts (one over the capacity) with any field hostile, feet
// with and without pads, and any friction model, restitution law, solver and limits. Beyond
// fuzz_support.hpp's rules: an ok answer has a finite v⁺ and finite impulses, ιₙ ≥ 0 and the
// impulses inside the friction cone (RBDA (11.66)–(11.72), Liu04 (11)–(15)) to the stated
// tolerance, and a repeated solve gives the same bits.
#include "footfall/strike.hpp"
#include "fuzz_quadruped.hpp"

namespace {

using namespace footfall;
using fuzz::ByteReader;
using fuzz::require;

template <typename S>
struct Scratch {
  Workspace<S, 13, 18> ws;
  fuzz::StrikeTick<S> tick;
  StrikeWorkspace<S, 18, fuzz::kFeet> strike, strike_copy;
  StrikeResult<S, 13, 18, fuzz::kFeet> result, again;
};

// `problem_momentum` is the size of the generalized momentum the strike changes, max |H v⁻|. The
// impulses' scale is that or the answer's largest, whichever is larger (as the stance harness's
// forces: a scale from the answer alone turns rounding on a separating foot into a violation).
template <typename S>
void check_answer(const StrikeResult<S, 13, 18, fuzz::kFeet>& r, const ContactSet<S, fuzz::kFeet>& set,
                  const StrikeOptions<S>& o, S problem_momentum) {
  require(r.count == set.count, "result count differs from the contact count");
  require(fuzz::all_finite(r.v_plus) && fuzz::all_finite(r.joint_impulse), "an ok strike answer is not finite");
  S scale = std::max(problem_momentum, std::numeric_limits<S>::min());
  for (int i = 0; i < r.count; ++i) {
    require(fuzz::all_finite(r.frame_impulse[i]), "a non-finite impulse", i);
    scale = std::max(scale, r.frame_impulse[i].cwiseAbs().maxCoeff());
  }
  const S tol = std::max(o.tolerance, S(1024) * epsilon<S>());
  for (int i = 0; i < r.count; ++i) {
    const Vector3<S>& f = r.frame_impulse[i];
    require(f.x() >= -tol * scale, "a negative normal impulse", i);
    if (r.friction != StrikeFriction::kSticking)
      require(std::hypot(f.y(), f.z()) <= set[i].mu * f.x() + tol * scale, "a friction impulse outside the cone", i);
  }
}

template <typename S>
void run(ByteReader& in) {
  static Scratch<S> s;
  const auto& model = fuzz::quadruped<S>();
  fuzz::StrikeTick<S>& t = s.tick;
  fuzz::read_strike_tick<S>(in, t);
  require(t.refused == fuzz::expected_refusals(t.attempted), "the contact set's capacity not enforced");

  fuzz::NoHeap no_heap;
  const Status prepared = compute_tick_terms(model, s.ws, t.q, t.v);
  fuzz::require_well_formed(prepared);
  if (!prepared.ok()) return;
  s.strike_copy = s.strike;
  const Status status = solve_strike(model, s.ws, t.contacts, t.v, t.options, s.strike, s.result);
  fuzz::require_well_formed(status);
  require(status.code == s.result.status.code, "returned and stored statuses differ");
  if (status.ok()) {
    require(s.result.work <= s.result.work_limit, "more work than the limit");
    check_answer(s.result, t.contacts, t.options, (s.ws.mass_matrix * t.v).cwiseAbs().maxCoeff());
  }
  s.strike = s.strike_copy;
  const Status repeated = solve_strike(model, s.ws, t.contacts, t.v, t.options, s.strike, s.again);
  require(repeated.code == status.code && s.again.work == s.result.work, "a repeated solve differs");
  if (status.ok())
    require(fuzz::same_bits(s.result.v_plus, s.again.v_plus), "a repeated solve gives other bits");
}

}  // namespace

FOOTFALL_FUZZ_BOTH_SCALARS(run)
