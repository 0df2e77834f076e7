#pragma once
// Models, states and reference solutions for the strike tests, the same on host and boards.
#include "dense_solve.hpp"
#include "ff_test.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/models.hpp"
#include "footfall/strike.hpp"
#include "model_fixtures.hpp"

namespace footfall::test {

// Everything one model's strike needs, kept static (the workspaces are too large for a board's
// test stack): the model, its dynamics workspace, the contacts, the strike scratch and result.
template <typename S, int B, int D, int K>
struct StrikeBench {
  using ModelType = Model<S, B, D>;
  using Config = typename ModelType::ConfigVector;
  using Tangent = typename ModelType::TangentVector;
  ModelType model;
  Workspace<S, B, D> ws;
  ContactSet<S, K> contacts;
  StrikeWorkspace<S, D, K> strike;
  StrikeResult<S, B, D, K> result;
  StrikeOptions<S> options;
  Tangent v;

  // Kinematics, H and its factor at (q, v): what a strike needs.
  bool prepare(const Config& q, const Tangent& velocity) {
    v = velocity;
    return compute_mass_terms(model, ws, q, velocity).ok();
  }

  Status solve(StrikeFriction friction, RestitutionLaw law = RestitutionLaw::kNewton) {
    options.friction = friction;
    options.law = law;
    return solve_strike(model, ws, contacts, v, options, strike, result);
  }
};

// A uniform solid sphere of mass m and radius r about its centre.
template <typename S>
Inertia<S> sphere_inertia(S mass, S radius) {
  Inertia<S> inertia;
  Inertia<S>::FromMassComInertia(mass, Vector3<S>::Zero(), ball_inertia(mass, radius), &inertia);
  return inertia;
}

// q of free bodies at rest orientation, one after the other: (position, quaternion w x y z … as
// the model stores it) from positions alone.
template <typename S, typename Config>
void set_free_body(Config& q, int body, const Vector3<S>& position) {
  const Vector4<S> quaternion = quaternion_from_rotation(Matrix3<S>(Matrix3<S>::Identity()));
  for (int k = 0; k < 3; ++k) q(7 * body + k) = position(k);
  for (int k = 0; k < 4; ++k) q(7 * body + 3 + k) = quaternion(k);
}

}  // namespace footfall::test
