// Instruction counts of one fixed step of time stepping (motion/time_stepping.hpp) on the
// quadruped (Unitree A1, nv = 18) with a candidate under each foot: standing still on its four
// feet with the torques that hold it, and landing, the trunk falling at 0.5 m/s with the feet
// 0.1 mm above the ground (all four strike inside the step). The whole step: kinematics, H, its
// factor, C, the contact terms, the LCP and the integration. For each friction model. Then one
// step of soft contact (motion/soft_contact.hpp, the default linear surfaces): kinematics, each
// foot's force from its gap, rate and surface state, ABA and the integration, with the feet
// pressed 1 mm into their surfaces, at rest and with the trunk falling at 0.5 m/s.
#include "bench.hpp"
#include "footfall/models.hpp"
#include "footfall/motion/soft_contact.hpp"
#include "footfall/motion/time_stepping.hpp"
#include "footfall/stance/holding_torques.hpp"

namespace footfall::bench {

namespace {

template <typename S>
struct MotionBench {
  QuadrupedModel<S> model;
  Workspace<S, 13, 18> ws;
  ContactCandidates<S, 4> feet;
  RigidMotionWorkspace<S, 13, 18, 4> scratch;
  RigidMotionState<S, 13, 18, 4> standing, state;
  RigidStepReport<S, 4> report;
  typename QuadrupedModel<S>::TangentVector tau;
  SoftMotionWorkspace<S, 13, 18> soft_scratch;
  SoftMotionState<S, 13, 18, 4> soft;
  SoftStepReport<S, 4> soft_report;
};

// The standing pose, a candidate on a plane through each foot, and the holding torques.
template <typename S>
Status stand(MotionBench<S>& b) {
  Status status = build_quadruped_model(&b.model);
  if (!status.ok()) return status;
  b.standing.q = QuadrupedModel<S>::ConfigVector::Zero(19);
  b.standing.q(2) = S(0.3);
  b.standing.q(6) = S(1);
  for (int leg = 0; leg < kQuadrupedLegs; ++leg) {
    b.standing.q(8 + 3 * leg) = S(0.8);
    b.standing.q(9 + 3 * leg) = S(-1.6);
  }
  b.standing.v = QuadrupedModel<S>::TangentVector::Zero(18);
  status = compute_tick_terms(b.model, b.ws, b.standing.q, b.standing.v);
  b.feet.clear();
  for (int leg = 0; leg < kQuadrupedLegs && status.ok(); ++leg) {
    const Contact<S> foot =
        Contact<S>::Ground(quadruped_calf_body(leg), quadruped_foot_point<S>(), Vector3<S>::UnitZ(), S(0.8));
    status = b.feet.add(foot, detail::world_point(b.ws, foot.body, foot.point).z());
  }
  b.tau = QuadrupedModel<S>::TangentVector::Zero(18);
  ContactDynamics<S, 18, 4>& cd = b.scratch.stance.contact;
  if (status.ok()) status = compute_contact_dynamics(b.model, b.ws, b.feet.contacts, b.tau, ContactRows::kWithTangents, cd);
  if (status.ok()) status = holding_torques(b.model, b.ws, cd, b.tau);
  return status;
}

}  // namespace

template <typename S>
void motion() {
  const char* scalar = sizeof(S) == sizeof(float) ? "float" : "double";
  static MotionBench<S> b;
  if (!stand(b).ok()) {
    std::printf("  %-6s  (time stepping setup failed)\n", scalar);
    return;
  }
  struct Row {
    FrictionModel friction;
    const char* name[2];
  };
  const Row rows[3] = {
      {FrictionModel::kPyramid4, {"fixed step, standing, pyramid 4", "fixed step, landing, pyramid 4"}},
      {FrictionModel::kPyramid8, {"fixed step, standing, pyramid 8", "fixed step, landing, pyramid 8"}},
      {FrictionModel::kCone, {"fixed step, standing, cone", "fixed step, landing, cone"}},
  };
  for (const Row& r : rows)
    for (int landing = 0; landing < 2; ++landing) {
      TimeSteppingOptions<S> options;
      options.friction = r.friction;
      b.state = b.standing;
      if (landing == 1) {
        b.state.q(2) += S(1e-4);
        b.state.v(2) = S(-0.5);
      }
      Status status;
      row(scalar, r.name[landing], g_counter.count([&] {
            status = advance_time_stepping(b.model, b.ws, b.feet, b.tau, options, b.scratch, b.state, b.report);
          }));
      if (!status.ok()) std::printf("  %-6s  (%s: %s %s)\n", scalar, r.name[landing], to_string(status.code), status.field);
      if (landing == 1 && status.ok() && !(b.report.events & kEventContactGain))
        std::printf("  %-6s  (%s: no foot struck)\n", scalar, r.name[landing]);
    }
  const char* soft_rows[2] = {"soft step, feet 1 mm in, at rest", "soft step, feet 1 mm in, falling"};
  for (int landing = 0; landing < 2; ++landing) {
    b.soft = SoftMotionState<S, 13, 18, 4>();
    b.soft.q = b.standing.q;
    b.soft.v = b.standing.v;
    b.soft.q(2) -= S(1e-3);
    if (landing == 1) b.soft.v(2) = S(-0.5);
    Status status;
    row(scalar, soft_rows[landing], g_counter.count([&] {
          status = advance_soft_contact(b.model, b.ws, b.feet, b.tau, SoftContactParameters<S>(), standard_gravity<S>(),
                                        S(1e-3), b.soft_scratch, b.soft, b.soft_report);
        }));
    if (!status.ok()) std::printf("  %-6s  (%s: %s %s)\n", scalar, soft_rows[landing], to_string(status.code), status.field);
  }
  std::printf("  %-6s  %-40s %8u\n", scalar, "RigidMotionWorkspace size, 4 [bytes]",
              static_cast<unsigned>(sizeof(b.scratch)));
}

template void motion<float>();
template void motion<double>();

}  // namespace footfall::bench
