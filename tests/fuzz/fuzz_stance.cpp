// Fuzzes the stance solve (stance/solve_stance.hpp) on the quadruped: a tick's q, v, τ and
// gravity, up to five contacts (one over the capacity of four) with any field hostile, and any
// friction model, solver and limits. Beyond fuzz_support.hpp's rules: bad input leaves zero
// forces; an ok answer has finite forces, λₙ ≥ 0, forces inside the friction cone (the pyramids
// are inscribed in it) and λₙ·ζ̇ₙ = 0 per contact (000 (11.42)), each to the solve's stated
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
  ContactSet<S, fuzz::kFeet> contacts;
  StanceWorkspace<S, 18, fuzz::kFeet> stance, stance_copy;
  StanceResult<S, 18, fuzz::kFeet> result, again;
  typename QuadrupedModel<S>::ConfigVector q;
  typename QuadrupedModel<S>::TangentVector v, tau;
};

template <typename S>
StanceOptions<S> read_options(ByteReader& in) {
  StanceOptions<S> o;
  o.friction = static_cast<FrictionModel>(in.integer(0, 4));  // 4: not a model
  o.solver = static_cast<StanceSolver>(in.integer(0, 5));     // 5: not a solver
  if (in.integer(0, 3) == 0) o.max_pivots = in.integer(-1, 60);
  if (in.integer(0, 3) == 0) o.max_sweeps = in.integer(-1, 250);
  if (in.integer(0, 7) == 0) o.tolerance = in.number<S>(o.tolerance, o.tolerance);
  if (in.integer(0, 7) == 0) o.sliding_speed = in.number<S>(o.sliding_speed, S(1));
  o.warm_start = in.flag();
  return o;
}

template <typename S>
void check_answer(const StanceResult<S, 18, fuzz::kFeet>& r, const ContactSet<S, fuzz::kFeet>& set,
                  const StanceOptions<S>& o, const Vector3<S>& gravity) {
  require(r.count == set.count, "result count differs from the contact count");
  require(fuzz::all_finite(r.lambda) && fuzz::all_finite(r.contact_acceleration) && fuzz::all_finite(r.qdd) &&
              fuzz::all_finite(r.tau_contact),
          "an ok stance answer is not finite");
  const int m = r.friction == FrictionModel::kNone ? 1 : 3;
  S force_scale = std::numeric_limits<S>::min(), acceleration_scale = gravity.norm() + S(1);
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
  s.contacts.clear();
  const int count = fuzz::read_contact_count(in);
  for (int i = 0; i < count; ++i) {
    const Status added = s.contacts.add(fuzz::read_contact<S>(in, i));
    require(added.ok() == (i < fuzz::kFeet), "the contact set's capacity not enforced", i);
  }
  const StanceOptions<S> options = read_options<S>(in);

  // The state last: the choices above come from the first bytes, which the fuzzer mutates most.
  fuzz::read_configuration<S>(in, s.q);
  fuzz::read_tangent<S>(in, s.v, S(0), S(1));
  fuzz::read_tangent<S>(in, s.tau, S(0), S(20));
  const Vector3<S> gravity = fuzz::read_vector<S>(in, standard_gravity<S>(), S(10));

  fuzz::NoHeap no_heap;
  if (!fuzz::prepare_tick(model, s.ws, s.q, s.v, gravity).ok()) return;
  s.stance_copy = s.stance;
  const Status status = solve_stance(model, s.ws, s.contacts, s.tau, options, s.stance, s.result);
  fuzz::require_well_formed(status);
  require(status.code == s.result.status.code, "returned and stored statuses differ");
  if (status.code == StatusCode::kBadInput)
    for (int i = 0; i < s.result.count; ++i) require(s.result.normal_force[i] == S(0), "bad input left a force", i);
  if (status.ok()) {
    require(s.result.work <= s.result.work_limit, "more work than the limit");
    check_answer(s.result, s.contacts, options, gravity);
  }
  s.stance = s.stance_copy;
  const Status repeated = solve_stance(model, s.ws, s.contacts, s.tau, options, s.stance, s.again);
  require(repeated.code == status.code && s.again.work == s.result.work, "a repeated solve differs");
  if (status.ok())
    require(fuzz::same_bits(s.result.lambda, s.again.lambda), "a repeated solve gives other bits");
}

}  // namespace

FOOTFALL_FUZZ_BOTH_SCALARS(run)
