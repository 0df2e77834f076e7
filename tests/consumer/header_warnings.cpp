// A user's translation unit, for the headers' promise to a user's build (README, "Using footfall
// in another project"): footfall's public headers compile without a warning under
// -Wall -Wextra -Wshadow -Wconversion -Wpedantic -Werror whatever the user calls their own
// variables, and footfall defines nothing in user code but the documented settings.
//
// The user's namespace-scope variables below carry the names footfall's code uses for its own
// parameters and locals (GCC's -Wshadow reports a lambda's or a constructor's parameter that
// hides one); then the core's tick is instantiated as firmware runs it: both scalars, the generic
// and the unrolled kernels, kinematics, H and its factor, C, contact terms, holding torques,
// stance, a point's Jacobian and velocity, the strike. Built by tests/CMakeLists.txt in every
// preset (g++, clang++, arm-none-eabi-g++) without footfall's own warning target, and by the
// package.find_package test against an installed footfall.
#if defined(FOOTFALL_SCALAR)
#error "FOOTFALL_SCALAR leaked into a user's translation unit"
#endif

// NOLINTBEGIN: the bait is the point of this file
double q, v, model, data, S, n, tau, ws, result, status, i, j, k, x, y, H, G, W, a, b, c, d, m, f, w, t, r, p, e;
double mu, body, joint, contact, contacts, options, count, size, value, lambda, z, u, h, s, l, o, g, id, sc;
double A, B, C, D, L, M, N, T, P, R, X, Y, Z, Q, V, F, E, K, I, J, dof, row, col, leg, foot, axis, point;
double normal, depth, column, rows, cols, gravity, scratch, zeta, level, parent, child, limit, tolerance, total;
double sum, first, last, base, top, work, feet, hit, strike, cd, lever, jacobian, kernels, topology, run;
double stage, block, offset, state, pair, frame, other, tangents, impulse, force, sign, scale, start, step;
double rest, residual, pivot, sweep, bound, length, velocity, position, placement, inertia, rotation;
double translation, mass, com, motion, acceleration, factor, solve, set, rhs, lhs, diagonal, entry, turned;
// NOLINTEND

#include "footfall/common/sin_cos.hpp"
#include "footfall/contact/minimal_set.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/executive/executive.hpp"
#include "footfall/lcp.hpp"
#include "footfall/models.hpp"
#include "footfall/motion/event_driven.hpp"
#include "footfall/motion/soft_contact.hpp"
#include "footfall/motion/time_stepping.hpp"
#include "footfall/motion/trapezoidal.hpp"
#include "footfall/port/port.hpp"
#include "footfall/spatial.hpp"
#include "footfall/stance.hpp"
#include "footfall/strike.hpp"
#include "footfall/strike/two_systems.hpp"

namespace consumer {

template <typename Scalar, typename Kernels>
int quadruped_tick() {
  using Quadruped = footfall::QuadrupedModel<Scalar>;
  static Quadruped robot;
  static footfall::Workspace<Scalar, 13, 18> dynamics;
  static footfall::ContactSet<Scalar, 4> ground;
  static footfall::StrikeWorkspace<Scalar, 18, 4> shared;
  static footfall::StanceResult<Scalar, 18, 4> stance_result;
  static footfall::StrikeResult<Scalar, 13, 18, 4> strike_result;
  footfall::Status outcome = footfall::build_quadruped_model(&robot);
  typename Quadruped::ConfigVector config = Quadruped::ConfigVector::Zero(19);
  config(2) = Scalar(0.3);
  config(6) = Scalar(1);
  const typename Quadruped::TangentVector rates = Quadruped::TangentVector::Zero(18);
  typename Quadruped::TangentVector torques = Quadruped::TangentVector::Zero(18);
  ground.clear();
  for (int foot_index = 0; foot_index < 4; ++foot_index)
    if (outcome.ok())
      outcome = ground.add(footfall::Contact<Scalar>::Ground(footfall::quadruped_calf_body(foot_index),
                                                             footfall::quadruped_foot_point<Scalar>(),
                                                             footfall::Vector3<Scalar>::UnitZ(), Scalar(0.8), Scalar(0.2)));
  if (outcome.ok()) outcome = footfall::compute_tick_terms<Kernels>(robot, dynamics, config, rates);
  if (outcome.ok())
    outcome = footfall::compute_contact_dynamics<Kernels>(robot, dynamics, ground, torques, footfall::ContactRows::kWithTangents,
                                                          shared.solve.contact);
  if (outcome.ok()) outcome = footfall::holding_torques(robot, dynamics, shared.solve.contact, torques);
  footfall::StanceOptions<Scalar> stance_options;
  if (outcome.ok())
    outcome = footfall::solve_stance<Kernels>(robot, dynamics, ground, torques, stance_options, shared.solve, stance_result);
  Eigen::Matrix<Scalar, 3, 18> foot_jacobian;
  footfall::Vector3<Scalar> foot_velocity;
  if (outcome.ok())
    outcome = footfall::point_jacobian(robot, dynamics, footfall::quadruped_calf_body(0),
                                       footfall::quadruped_foot_point<Scalar>(), foot_jacobian);
  if (outcome.ok())
    outcome = footfall::point_velocity(robot, dynamics, footfall::quadruped_calf_body(0),
                                       footfall::quadruped_foot_point<Scalar>(), &foot_velocity);
  if (outcome.ok()) outcome = footfall::compute_mass_terms<Kernels>(robot, dynamics, config, rates);
  footfall::StrikeOptions<Scalar> strike_options;
  if (outcome.ok())
    outcome = footfall::solve_strike<Kernels>(robot, dynamics, ground, rates, strike_options, shared, strike_result);
  return outcome.ok() ? 0 : 1;
}

}  // namespace consumer

// Not called: compiling (instantiating) is the test.
int consumer_header_warnings() {
  using Unrolled = footfall::UnrolledKernels<footfall::QuadrupedTopology>;
  return consumer::quadruped_tick<float, footfall::GenericKernels>() + consumer::quadruped_tick<float, Unrolled>() +
         consumer::quadruped_tick<double, footfall::GenericKernels>() + consumer::quadruped_tick<double, Unrolled>();
}
