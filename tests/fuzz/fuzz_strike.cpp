// Fuzzes the strike solve (strike/solve_strike.hpp) on the quadruped: the pose, the velocity
// before the strike, up to five contacts (one over the capacity) with any field hostile, feet
// with and without pads, and any friction model, restitution law, solver and limits. Beyond
// fuzz_support.hpp's rules: an ok answer has a finite v⁺ and finite impulses, ιₙ ≥ 0 and the
// impulses inside the friction cone (000 (11.66)–(11.72), 004 (11)–(15)) to the stated
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
  ContactSet<S, fuzz::kFeet> contacts;
  StrikeWorkspace<S, 18, fuzz::kFeet> strike, strike_copy;
  StrikeResult<S, 13, 18, fuzz::kFeet> result, again;
  typename QuadrupedModel<S>::ConfigVector q;
  typename QuadrupedModel<S>::TangentVector v;
};

template <typename S>
StrikeOptions<S> read_options(ByteReader& in) {
  StrikeOptions<S> o;
  o.friction = static_cast<StrikeFriction>(in.integer(0, 5));  // 5: not a model
  o.law = static_cast<RestitutionLaw>(in.integer(0, 2));       // 2: not a law
  o.solver = static_cast<StanceSolver>(in.integer(0, 5));
  if (in.integer(0, 3) == 0) o.max_pivots = in.integer(-1, 60);
  if (in.integer(0, 3) == 0) o.max_sweeps = in.integer(-1, 250);
  if (in.integer(0, 7) == 0) o.tolerance = in.number<S>(o.tolerance, o.tolerance);
  if (in.integer(0, 7) == 0) o.separating_speed = in.number<S>(o.separating_speed, S(1));
  if (in.integer(0, 7) == 0) o.steps_per_half_period = in.integer(-1, 200);
  if (in.integer(0, 7) == 0) o.max_steps = in.integer(-1, 250) * 20;
  return o;
}

template <typename S>
void check_answer(const StrikeResult<S, 13, 18, fuzz::kFeet>& r, const ContactSet<S, fuzz::kFeet>& set,
                  const StrikeOptions<S>& o) {
  require(r.count == set.count, "result count differs from the contact count");
  require(fuzz::all_finite(r.v_plus) && fuzz::all_finite(r.joint_impulse), "an ok strike answer is not finite");
  S scale = std::numeric_limits<S>::min();
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
  s.contacts.clear();
  const int count = fuzz::read_contact_count(in);
  for (int i = 0; i < count; ++i) {
    Contact<S> c = fuzz::read_contact<S>(in, i);
    if (in.integer(0, 3) == 0)
      c.pad = in.flag() ? ContactPad<S>::Linear(in.number<S>(S(2e4), S(2e4)), in.number<S>(S(50), S(50)))
                        : ContactPad<S>::HuntCrossley(in.number<S>(S(2e5), S(2e5)), in.number<S>(S(1), S(1)),
                                                      in.number<S>(S(1.5), S(2)));
    const Status added = s.contacts.add(c);
    require(added.ok() == (i < fuzz::kFeet), "the contact set's capacity not enforced", i);
  }
  const StrikeOptions<S> options = read_options<S>(in);

  // The state last: the choices above come from the first bytes, which the fuzzer mutates most.
  fuzz::read_configuration<S>(in, s.q);
  fuzz::read_tangent<S>(in, s.v, S(0), S(2));

  fuzz::NoHeap no_heap;
  if (!fuzz::prepare_tick(model, s.ws, s.q, s.v, standard_gravity<S>()).ok()) return;
  s.strike_copy = s.strike;
  const Status status = solve_strike(model, s.ws, s.contacts, s.v, options, s.strike, s.result);
  fuzz::require_well_formed(status);
  require(status.code == s.result.status.code, "returned and stored statuses differ");
  if (status.ok()) {
    require(s.result.work <= s.result.work_limit, "more work than the limit");
    check_answer(s.result, s.contacts, options);
  }
  s.strike = s.strike_copy;
  const Status repeated = solve_strike(model, s.ws, s.contacts, s.v, options, s.strike, s.again);
  require(repeated.code == status.code && s.again.work == s.result.work, "a repeated solve differs");
  if (status.ok())
    require(fuzz::same_bits(s.result.v_plus, s.again.v_plus), "a repeated solve gives other bits");
}

}  // namespace

FOOTFALL_FUZZ_BOTH_SCALARS(run)
