// Instruction counts of dependent contacts on the boards: the built-in biped (the quadruped's 13
// bodies and 18 DOFs) crouched on both soles, four corners each (8 contacts whose rows depend on
// one another: the least-norm forces), as tests/bench/bench_stance.cpp's StanceTickSoles on the
// host. The stance tick (kinematics, H, C, factor, contact terms, solve, checks) held by its
// holding torques, with the exact cone and without friction; then the strike of one sole (4
// corners) and of both (8) landing flat at 0.5 m/s, with the cone and the sticking law. The
// workspaces are sized for the cone (stance_variables, strike_variables), as firmware would.
#include "bench.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/models.hpp"
#include "footfall/stance.hpp"
#include "footfall/strike.hpp"

namespace footfall::bench {

namespace {

constexpr int kCorners = 8;

template <typename S>
struct SolesBench {
  BipedModel<S> model;
  Workspace<S, 13, 18> ws;
  ContactSet<S, kCorners> soles, one_sole;
  StanceWorkspace<S, 18, kCorners, stance_variables(FrictionModel::kCone, kCorners)> stance;
  StanceResult<S, 18, kCorners> stance_result;
  StrikeWorkspace<S, 18, kCorners, strike_variables(StrikeFriction::kCone, kCorners)> strike;
  StrikeResult<S, 13, 18, kCorners> strike_result;
  typename BipedModel<S>::ConfigVector q;
  typename BipedModel<S>::TangentVector rest, landing, hold;
};

// The crouch of tests/unit/stance/test_stance_dependent.cpp, its soles on z = 0.
template <typename S>
bool crouched(SolesBench<S>& b) {
  if (!build_biped_model(&b.model).ok()) return false;
  b.q = BipedModel<S>::ConfigVector::Zero(19);
  b.q(6) = S(1);
  for (int leg = 0; leg < 2; ++leg) {
    b.q(7 + 6 * leg + 2) = S(-0.3);
    b.q(7 + 6 * leg + 3) = S(0.6);
    b.q(7 + 6 * leg + 4) = S(-0.3);
  }
  b.rest = BipedModel<S>::TangentVector::Zero(18);
  b.landing = b.rest;
  b.landing(2) = S(-0.5);  // the whole robot coming down, soles flat
  if (!compute_tick_terms(b.model, b.ws, b.q, b.rest).ok()) return false;
  b.q(2) = -detail::world_point(b.ws, biped_foot_body(0), biped_sole_corner<S>(0)).z();
  if (!compute_tick_terms(b.model, b.ws, b.q, b.rest).ok()) return false;
  b.soles.clear();
  b.one_sole.clear();
  for (int leg = 0; leg < 2; ++leg)
    for (int corner = 0; corner < 4; ++corner) {
      const Contact<S> c = Contact<S>::Ground(biped_foot_body(leg), biped_sole_corner<S>(corner), Vector3<S>::UnitZ(), S(0.8));
      b.soles.add(c);
      if (leg == 0) b.one_sole.add(c);
    }
  b.hold = b.rest;
  return compute_contact_dynamics(b.model, b.ws, b.soles, b.hold, ContactRows::kWithTangents, b.stance.contact).ok() &&
         holding_torques(b.model, b.ws, b.stance.contact, b.hold).ok();
}

}  // namespace

template <typename S>
void soles() {
  const char* scalar = sizeof(S) == sizeof(float) ? "float" : "double";
  static SolesBench<S> b;
  if (!crouched(b)) {
    std::printf("  %-6s  (the biped on its soles: setup failed)\n", scalar);
    return;
  }
  const FrictionModel models[2] = {FrictionModel::kCone, FrictionModel::kNone};
  const char* stance_names[2] = {"soles stance tick, 8 corners, cone", "soles stance tick, 8 corners, none"};
  for (int m = 0; m < 2; ++m) {
    StanceOptions<S> options;
    options.friction = models[m];
    options.warm_start = false;
    Status status;
    row(scalar, stance_names[m], g_counter.count([&] {
          status = compute_tick_terms(b.model, b.ws, b.q, b.rest);
          if (status.ok()) status = solve_stance(b.model, b.ws, b.soles, b.hold, options, b.stance, b.stance_result);
        }));
    if (!status.ok()) std::printf("  %-6s  (%s: %s)\n", scalar, stance_names[m], to_string(status.code));
    else if (b.stance_result.force_choice != ForceChoice::kLeastNorm && models[m] == FrictionModel::kCone)
      std::printf("  %-6s  (%s: not the least-norm forces)\n", scalar, stance_names[m]);
  }
  const StrikeFriction laws[2] = {StrikeFriction::kCone, StrikeFriction::kSticking};
  const char* strike_names[2][2] = {{"soles strike, 1 sole (4 corners), cone", "soles strike, 2 soles (8), cone"},
                                    {"soles strike, 1 sole (4 corners), sticking", "soles strike, 2 soles (8), sticking"}};
  if (!compute_mass_terms(b.model, b.ws, b.q, b.landing).ok()) return;
  for (int l = 0; l < 2; ++l)
    for (int n = 0; n < 2; ++n) {
      StrikeOptions<S> options;
      options.friction = laws[l];
      const ContactSet<S, kCorners>& set = n == 0 ? b.one_sole : b.soles;
      Status status;
      row(scalar, strike_names[l][n], g_counter.count([&] {
            status = solve_strike(b.model, b.ws, set, b.landing, options, b.strike, b.strike_result);
          }));
      if (!status.ok()) std::printf("  %-6s  (%s: %s)\n", scalar, strike_names[l][n], to_string(status.code));
    }
}

template void soles<float>();
template void soles<double>();

}  // namespace footfall::bench
