// One tick of a quadruped's controller, for the robot that CMakeLists.txt generated from its URDF
// (robot_model.hpp, by `footfall codegen`):
//   dynamics       kinematics, H, its factor and C at this tick's state (compute_tick_terms);
//   holding        the contact terms of the four feet and the joint torques that hold the robot
//                  still on them (least-norm foot forces on the trunk's six rows);
//   stance         the four feet's forces under those torques (exact cone), checked: they sum to
//                  m g and nothing accelerates;
//   strike terms   kinematics, H and its factor at the touchdown velocities v⁻ (no C);
//   strike         the first foot touching down at ROBOT_STRIKE_SPEED while the other three stand
//                  (ζ⁻ = 0, so they take part): impulses, v⁺, joint loads; checked: the foot
//                  leaves at e times its arrival speed and no standing foot sinks.
// The stance and strike share one workspace (StrikeWorkspace::solve is a StanceWorkspace), as
// footfall's own loop does. Each stage's instructions (cycles on a real board) are counted on the
// tick's last run and printed with the workspaces' sizes and the stack used; the exit status is
// 0 when every check holds ("robot_tick: PASS").
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "footfall/dynamics.hpp"
#include "footfall/port/cortex_m.hpp"
#include "footfall/port/instruction_counter.hpp"
#include "footfall/port/port.hpp"
#include "footfall/stance.hpp"
#include "footfall/strike.hpp"
#include "robot_model.hpp"

namespace {

using S = ROBOT_SCALAR;
using Robot = RobotModel<S>;
constexpr int kBodies = Robot::kMaxBodies;
constexpr int kDofs = Robot::kMaxDofs;
constexpr int kFeet = 4;
constexpr int kStriking = 0;  // the foot that strikes: ROBOT_FEET's first
constexpr int kTicks = 3;     // the tick is run this many times; the figures are the last run's
#if ROBOT_UNROLLED
using Kernels = footfall::UnrolledKernels<RobotTopology>;  // codegen's DOF tree of the robot
constexpr const char* kKernelsName = "unrolled";
#else
using Kernels = footfall::GenericKernels;
constexpr const char* kKernelsName = "generic";
#endif

#if defined(ROBOT_FRICTION_MODEL_pyramid4)
constexpr footfall::FrictionModel kStanceFriction = footfall::FrictionModel::kPyramid4;
constexpr footfall::StrikeFriction kStrikeFriction = footfall::StrikeFriction::kPyramid4;
#elif defined(ROBOT_FRICTION_MODEL_pyramid8)
constexpr footfall::FrictionModel kStanceFriction = footfall::FrictionModel::kPyramid8;
constexpr footfall::StrikeFriction kStrikeFriction = footfall::StrikeFriction::kPyramid8;
#else
constexpr footfall::FrictionModel kStanceFriction = footfall::FrictionModel::kCone;
constexpr footfall::StrikeFriction kStrikeFriction = footfall::StrikeFriction::kCone;
#endif

constexpr const char* kFootBodies[kFeet] = {ROBOT_FOOT_BODIES};
constexpr double kFootPoints[3 * kFeet] = {ROBOT_FOOT_POINTS};  // a point foot's point, a sphere foot's centre
constexpr double kFootRadii[kFeet] = {ROBOT_FOOT_RADII};       // 0: a point foot
constexpr double kLegPose[] = {ROBOT_LEG_POSE};
constexpr int kLegJoints = static_cast<int>(sizeof(kLegPose) / sizeof(kLegPose[0]));

// The room of the workspace's problems: the unknowns of the friction model chosen (the cone's
// 3 a contact, the 8-facet pyramid's 10), so the exact cone does not pay for the pyramid's LCP.
constexpr int kVariables =
    std::max(footfall::stance_variables(kStanceFriction, kFeet), footfall::strike_variables(kStrikeFriction, kFeet));

struct Firmware {
  Robot model;
  footfall::Workspace<S, kBodies, kDofs> ws;
  footfall::ContactSet<S, kFeet> feet;  // the four feet: the stance's and the strike's
  footfall::StrikeWorkspace<S, kDofs, kFeet, kVariables> shared;  // the strike's, and its .solve the stance's
  footfall::StanceResult<S, kDofs, kFeet> stance;
  footfall::StrikeResult<S, kBodies, kDofs, kFeet> strike;
  Robot::ConfigVector q;
  Robot::TangentVector v, tau, v_minus;
  int foot_body[kFeet] = {};
};

Firmware fw;  // static: no heap, and the workspaces are large for a stack

footfall::Vector3<S> foot_point(int foot) {
  return footfall::Vector3<S>(S(kFootPoints[3 * foot]), S(kFootPoints[3 * foot + 1]), S(kFootPoints[3 * foot + 2]));
}

bool report(const footfall::Status& status, const char* what) {
  if (!status.ok())
    std::printf("robot_tick: %s failed: %s (%s, index %d)\n", what, footfall::to_string(status.code), status.field,
                status.index);
  return status.ok();
}

// The model, the feet, the standing pose (feet on the ground at z = 0, a sphere by its lowest
// point) and v⁻: every joint still but the striking leg's, whose rates move its foot (a sphere's
// centre) straight down at ROBOT_STRIKE_SPEED.
bool prepare() {
  if (!report(build_robot_model(&fw.model), "building the model")) return false;
  fw.q = Robot::ConfigVector::Zero(fw.model.nq());
  fw.q(6) = S(1);  // the base's quaternion (x, y, z, w): level
  for (int foot = 0; foot < kFeet; ++foot) {
    const int body = fw.model.find_body(kFootBodies[foot]);
    if (body < 0) {
      std::printf("robot_tick: no body '%s' in the model\n", kFootBodies[foot]);
      return false;
    }
    fw.foot_body[foot] = body;
    int path[kBodies] = {}, length = 0;  // the leg's bodies, foot to trunk, without the trunk
    for (int b = body; b >= 0 && fw.model.parent(b) >= 0 && length < kBodies; b = fw.model.parent(b)) path[length++] = b;
    if (length != kLegJoints) {
      std::printf("robot_tick: the leg of '%s' has %d joints below the trunk, not %d\n", kFootBodies[foot], length,
                  kLegJoints);
      return false;
    }
    for (int i = 0; i < kLegJoints; ++i) fw.q(fw.model.q_index(path[kLegJoints - 1 - i])) = S(kLegPose[i]);
  }
  fw.v = Robot::TangentVector::Zero(fw.model.nv());
  fw.tau = Robot::TangentVector::Zero(fw.model.nv());
  footfall::Status status = footfall::forward_kinematics(fw.model, fw.ws, fw.q, fw.v);
  S lowest = std::numeric_limits<S>::infinity();
  for (int foot = 0; foot < kFeet && status.ok(); ++foot) {
    footfall::Vector3<S> at = footfall::Vector3<S>::Zero();
    status = footfall::point_position(fw.model, fw.ws, fw.foot_body[foot], foot_point(foot), &at);
    lowest = std::fmin(lowest, at.z() - S(kFootRadii[foot]));  // a sphere's lowest point
  }
  if (!report(status, "placing the feet")) return false;
  fw.q(2) = -lowest;  // the trunk's height that puts the lowest foot on the ground
  fw.feet.clear();
  for (int foot = 0; foot < kFeet && status.ok(); ++foot)
    // A sphere of radius 0 is a point contact: one constructor for both kinds of foot.
    status = fw.feet.add(footfall::Contact<S>::Sphere(fw.foot_body[foot], foot_point(foot), S(kFootRadii[foot]),
                                                      footfall::Vector3<S>::UnitZ(), S(ROBOT_FRICTION),
                                                      S(ROBOT_RESTITUTION)));
  if (status.ok()) status = footfall::forward_kinematics(fw.model, fw.ws, fw.q, fw.v);
  fw.v_minus = fw.v;
  if (status.ok())
    status = footfall::set_touchdown_velocity(fw.model, fw.ws, fw.foot_body[kStriking], foot_point(kStriking),
                                              footfall::Vector3<S>(S(0), S(0), -S(ROBOT_STRIKE_SPEED)), fw.v_minus);
  return report(status, "the striking foot's touchdown rates");
}

enum Stage { kDynamics, kHolding, kStance, kStrikeTerms, kStrike, kStages };
constexpr const char* kStageNames[kStages] = {"dynamics", "holding", "stance", "strike terms", "strike"};

// One tick, each stage counted.
footfall::Status tick(const footfall::port::InstructionCounter& counter, unsigned (&count)[kStages]) {
  footfall::Status status;
  count[kDynamics] = counter.count([&] { status = footfall::compute_tick_terms<Kernels>(fw.model, fw.ws, fw.q, fw.v); });
  if (!status.ok()) return status;
  count[kHolding] = counter.count([&] {
    fw.tau.setZero();
    status = footfall::compute_contact_dynamics<Kernels>(fw.model, fw.ws, fw.feet, fw.tau,
                                                         footfall::ContactRows::kWithTangents, fw.shared.solve.contact);
    if (status.ok()) status = footfall::holding_torques(fw.model, fw.ws, fw.shared.solve.contact, fw.tau);
  });
  if (!status.ok()) return status;
  footfall::StanceOptions<S> stance_options;  // the automatic solver: Lemke on the pyramids, the cone solver
  stance_options.friction = kStanceFriction;
  stance_options.warm_start = false;          // the workspace is the strike's too (and a tick's cost stays fixed)
  count[kStance] = counter.count([&] {
    status = footfall::solve_stance<Kernels>(fw.model, fw.ws, fw.feet, fw.tau, stance_options, fw.shared.solve, fw.stance);
  });
  if (!status.ok()) return status;
  count[kStrikeTerms] =
      counter.count([&] { status = footfall::compute_mass_terms<Kernels>(fw.model, fw.ws, fw.q, fw.v_minus); });
  if (!status.ok()) return status;
  footfall::StrikeOptions<S> strike_options;  // Newton's law
  strike_options.friction = kStrikeFriction;
  // The feet have no pads, so the image leaves the peak-load methods out (ExactPeaksOnly or
  // AllPeakMethods brings them in with padded feet).
  count[kStrike] = counter.count([&] {
    status = footfall::solve_strike<Kernels, footfall::NoPeakPrediction>(fw.model, fw.ws, fw.feet, fw.v_minus,
                                                                          strike_options, fw.shared, fw.strike);
  });
  return status;
}

// The physics the tick must show: the standing forces carry the robot's weight with nothing
// accelerating; the striking foot leaves at e times its arrival speed, the standing ones do not sink.
bool check() {
  const S tolerance = S(1e3) * std::numeric_limits<S>::epsilon();
  const S weight = fw.model.total_mass() * S(9.81);
  S total = S(0), largest_qdd = S(0);
  for (int foot = 0; foot < kFeet; ++foot) total += fw.stance.normal_force[foot];
  for (int k = 0; k < fw.model.nv(); ++k) largest_qdd = std::fmax(largest_qdd, std::fabs(fw.stance.qdd(k)));
  std::printf("stance: solver %s, %d of %d %s; normal forces %.3f %.3f %.3f %.3f N, sum %.4f N (m g = %.4f N); largest |qdd| %.1e\n",
              footfall::to_string(fw.stance.solver), fw.stance.work, fw.stance.work_limit,
              fw.stance.solver == footfall::StanceSolver::kLemke ? "pivots" : "sweeps",
              static_cast<double>(fw.stance.normal_force[0]), static_cast<double>(fw.stance.normal_force[1]),
              static_cast<double>(fw.stance.normal_force[2]), static_cast<double>(fw.stance.normal_force[3]),
              static_cast<double>(total), static_cast<double>(weight), static_cast<double>(largest_qdd));
  const bool stance_ok = std::fabs(total - weight) <= tolerance * weight && largest_qdd <= S(10) * tolerance * S(9.81);
  const S arrival = -fw.strike.approach[kStriking], departure = fw.strike.departure[kStriking];
  const S expected = S(ROBOT_RESTITUTION) * arrival;
  S deepest = S(0);
  for (int foot = 0; foot < kFeet; ++foot)
    if (foot != kStriking) deepest = std::fmin(deepest, fw.strike.departure[foot]);
  std::printf("strike: %s arrives at %.4f m/s, leaves at %.4f m/s (e x arrival = %.4f); impulses %.4f %.4f %.4f %.4f N s;"
              " slowest standing foot %.1e m/s; KE %.4f -> %.4f J\n",
              kFootBodies[kStriking], static_cast<double>(arrival), static_cast<double>(departure),
              static_cast<double>(expected), static_cast<double>(fw.strike.normal_impulse[0]),
              static_cast<double>(fw.strike.normal_impulse[1]), static_cast<double>(fw.strike.normal_impulse[2]),
              static_cast<double>(fw.strike.normal_impulse[3]), static_cast<double>(deepest),
              static_cast<double>(fw.strike.kinetic_energy_before), static_cast<double>(fw.strike.kinetic_energy_after));
  const S speed_tolerance = std::sqrt(std::numeric_limits<S>::epsilon());
  const bool strike_ok = std::fabs(arrival - S(ROBOT_STRIKE_SPEED)) <= speed_tolerance &&
                         std::fabs(departure - expected) <= speed_tolerance && deepest >= -speed_tolerance &&
                         fw.strike.kinetic_energy_after <= fw.strike.kinetic_energy_before;
  return stance_ok && strike_ok;
}

}  // namespace

int main() {
  std::printf("robot_tick on %s: %s, %s, %s kernels, friction %s\n", FOOTFALL_BOARD_NAME, ROBOT_URDF_NAME,
              sizeof(S) == sizeof(float) ? "float" : "double", kKernelsName, footfall::to_string(kStanceFriction));
  if (!prepare()) {
    std::printf("robot_tick: FAIL\n");
    return 1;
  }
  std::printf("model: %d bodies, nq %d, nv %d, mass %.4f kg, trunk %.4f m up; feet on %s %s %s %s (%s)\n",
              fw.model.body_count(), fw.model.nq(), fw.model.nv(), static_cast<double>(fw.model.total_mass()),
              static_cast<double>(fw.q(2)), kFootBodies[0], kFootBodies[1], kFootBodies[2], kFootBodies[3],
              kFootRadii[0] > 0.0 ? "spheres" : "points");
  std::printf("bytes: model %u, dynamics workspace %u, stance and strike workspace (shared) %u, results %u\n",
              static_cast<unsigned>(sizeof(fw.model)), static_cast<unsigned>(sizeof(fw.ws)),
              static_cast<unsigned>(sizeof(fw.shared)), static_cast<unsigned>(sizeof(fw.stance) + sizeof(fw.strike)));
  footfall::port::InstructionCounter counter;
  counter.calibrate();
  unsigned count[kStages] = {};
  footfall::Status status;
  for (int run = 0; run < kTicks && status.ok(); ++run) status = tick(counter, count);
  if (!report(status, "the tick")) {
    std::printf("robot_tick: FAIL\n");
    return 1;
  }
  unsigned total = 0;
  std::printf("%s per stage:", counter.unit());
  for (int stage = 0; stage < kStages; ++stage) {
    std::printf(" %s %u%s", kStageNames[stage], count[stage], stage + 1 < kStages ? "," : "");
    total += count[stage];
  }
  std::printf("; tick %u\n", total);
  const bool ok = check();
  std::printf("stack high-water mark: %u of %u bytes\n", static_cast<unsigned>(footfall::port::stack_high_water_bytes()),
              static_cast<unsigned>(footfall::port::stack_size_bytes()));
  std::printf("robot_tick: %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
