#pragma once
// The articulated systems the strike tests strike: the quadruped coming down on some of its
// feet, and the rod lying flat on the floor.
#include "strike_fixtures.hpp"

namespace footfall::test {

template <typename S>
using QuadrupedStrike = StrikeBench<S, 13, 18, 4>;

template <typename S>
QuadrupedStrike<S>& quadruped_bench() {
  static QuadrupedStrike<S> instance;
  return instance;
}

// The quadruped in its standing pose (trunk level at 0.3 m, hip 0, thigh 0.8, calf −1.6 rad)
// coming down at w with a forward speed s and a little roll rate, the feet in `feet` touching.
template <typename S>
bool quadruped_touchdown(QuadrupedStrike<S>& b, const int* feet, int count, S w, S mu, S e) {
  if (!build_quadruped_model(&b.model).ok()) return false;
  typename QuadrupedStrike<S>::Config q(19);
  q << S(0), S(0), S(0.3), S(0), S(0), S(0), S(1), S(0), S(0.8), S(-1.6), S(0), S(0.8), S(-1.6), S(0), S(0.8),
      S(-1.6), S(0), S(0.8), S(-1.6);
  typename QuadrupedStrike<S>::Tangent v = QuadrupedStrike<S>::Tangent::Zero(18);
  v(0) = S(0.3);
  v(2) = -w;
  v(3) = S(0.2);
  v(7) = S(0.5);  // the front-right thigh swinging
  b.contacts.clear();
  for (int i = 0; i < count; ++i)
    b.contacts.add(Contact<S>::Ground(quadruped_calf_body(feet[i]), quadruped_foot_point<S>(), Vector3<S>::UnitZ(), mu, e));
  return b.prepare(q, v);
}

template <typename S>
using RodStrike = StrikeBench<S, 1, 3, 2>;

template <typename S>
RodStrike<S>& rod_strike_bench() {
  static RodStrike<S> instance;
  return instance;
}

// The rod lying on the floor at (x, y, φ) = (x, 0, 0) with v = (0, ẏ, φ̇), both ends on the
// frictionless floor with restitution e, struck: the strike's Status.
template <typename S>
Status rod_flat_strike(RodStrike<S>& b, S x, S y_rate, S phi_rate, S e) {
  if (!build_rod2d_model(&b.model).ok()) return Status::BadInput("rod2d");
  typename RodStrike<S>::Config q(3);
  q << x, S(0), S(0);
  typename RodStrike<S>::Tangent v(3);
  v << S(0), y_rate, phi_rate;
  if (!b.prepare(q, v)) return Status::BadInput("rod2d.state");
  b.contacts.clear();
  b.contacts.add(Contact<S>::Ground(0, rod2d_end<S>(0), Vector3<S>::UnitY(), S(0), e));
  b.contacts.add(Contact<S>::Ground(0, rod2d_end<S>(1), Vector3<S>::UnitY(), S(0), e));
  return b.solve(StrikeFriction::kNone);
}

}  // namespace footfall::test
