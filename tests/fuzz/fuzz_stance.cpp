// Fuzzes the stance solve (stance/solve_stance.hpp) on the quadruped: a tick's q, v, τ and
// gravity, up to five contacts (one over the capacity of four) with any field hostile, and any
// friction model, solver and limits. Beyond fuzz_support.hpp's rules: bad input leaves zero
// forces; an ok answer has finite forces, λₙ ≥ 0, forces inside the friction cone (the pyramids
// are inscribed in it) and λₙ·ζ̇ₙ = 0 per contact (RBDA (11.42)), each to the solve's stated
// tolerance; and a repeated solve from the same workspace gives the same bits.
#include "footfall/stance.hpp"
#include "fuzz_quadruped.hpp"

namespace {

using namespace footfall;
using fuzz::ByteReader;
using fuzz::require;

template <typename S>
struct Scratch {
  Workspace<S, 13, 18> ws;
  fuzz::StanceTick<S> tick;
  StanceWorkspace<S, 18, fuzz::kFeet> stance, stance_copy;
  StanceResult<S, 18, fuzz::kFeet> result, again;
};

// `problem_force` is the size of the generalized forces the contacts balance, max |τ − C|. The
// forces' scale is that or the answer's largest, whichever is larger: a scale from the answer
// alone turns rounding into a violation when every foot separates (λ ≈ 1e-15, found with gravity
// reversed: friction of 1e-15 N beside λₙ = 0 "outside the cone").
template <typename S>
void check_answer(const StanceResult<S, 18, fuzz::kFeet>& r, const ContactSet<S, fuzz::kFeet>& set,
                  const StanceOptions<S>& o, const Vector3<S>& gravity, S problem_force) {
  require(r.count == set.count, "result count differs from the contact count");
  require(fuzz::all_finite(r.lambda) && fuzz::all_finite(r.contact_acceleration) && fuzz::all_finite(r.qdd) &&
              fuzz::all_finite(r.tau_contact),
          "an ok stance answer is not finite");
  const int m = r.friction == FrictionModel::kNone ? 1 : 3;
  S force_scale = std::max(problem_force, std::numeric_limits<S>::min());
  S acceleration_scale = gravity.norm() + S(1);
  for (int k = 0; k < r.lambda.size(); ++k) {
    force_scale = std::max(force_scale, std::abs(r.lambda(k)));
    acceleration_scale = std::max(acceleration_scale, std::abs(r.contact_acceleration(k)));
  }
  const S tol = std::max(o.tolerance, S(1024) * epsilon<S>());
  for (int i = 0; i < r.count; ++i) {
    const S lambda = r.lambda(i * m), zeta = r.contact_acceleration(i * m);
    require(lambda >= -tol * force_scale, "negative normal force", i);
    require(std::min(lambda / force_scale, zeta / acceleration_scale) <= tol, "normal force and acceleration both positive", i);
    if (m == 3 && r.friction != FrictionModel::kNone) {
      const S ft = std::hypot(r.lambda(i * 3 + 1), r.lambda(i * 3 + 2));
      require(ft <= set[i].mu * lambda + tol * force_scale, "friction outside the cone", i);
    }
  }
}

template <typename S>
void run(ByteReader& in) {
  static Scratch<S> s;
  const auto& model = fuzz::quadruped<S>();
  fuzz::StanceTick<S>& t = s.tick;
  fuzz::read_stance_tick<S>(in, t);
  require(t.refused == fuzz::expected_refusals(t.attempted), "the contact set's capacity not enforced");

  fuzz::NoHeap no_heap;
  const Status prepared = compute_tick_terms(model, s.ws, t.q, t.v, t.gravity);
  fuzz::require_well_formed(prepared);
  if (!prepared.ok()) return;
  s.stance_copy = s.stance;
  const Status status = solve_stance(model, s.ws, t.contacts, t.tau, t.options, s.stance, s.result);
  fuzz::require_well_formed(status);
  require(status.code == s.result.status.code, "returned and stored statuses differ");
  if (status.code == StatusCode::kBadInput)
    for (int i = 0; i < s.result.count; ++i) require(s.result.normal_force[i] == S(0), "bad input left a force", i);
  if (status.ok()) {
    require(s.result.work <= s.result.work_limit, "more work than the limit");
    check_answer(s.result, t.contacts, t.options, t.gravity, (t.tau - s.ws.bias).cwiseAbs().maxCoeff());
  }
  s.stance = s.stance_copy;
  const Status repeated = solve_stance(model, s.ws, t.contacts, t.tau, t.options, s.stance, s.again);
  require(repeated.code == status.code && s.again.work == s.result.work, "a repeated solve differs");
  if (status.ok())
    require(fuzz::same_bits(s.result.lambda, s.again.lambda), "a repeated solve gives other bits");
}

}  // namespace

FOOTFALL_FUZZ_BOTH_SCALARS(run)
