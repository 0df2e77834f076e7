#pragma once
// Housner's rocking block: a box turning about one bottom edge and landing flat on the other, its
// four bottom corners the contacts (dependent rows of W: a rigid face has three normal motions).
#include "strike_fixtures.hpp"

namespace footfall::test {

template <typename S>
using BlockBench = StrikeBench<S, 1, 6, 4>;

template <typename S>
BlockBench<S>& block_bench() {
  static BlockBench<S> instance;
  return instance;
}

struct Block {
  double b = 0.1, h = 0.25, depth = 0.2, mass = 4.0, omega = 1.5;
};

// The block flat on the floor, turning at ω⁻ about its −x bottom edge (so its +x edge comes
// down), its four bottom corners the contacts.
template <typename S>
bool rocking_block(BlockBench<S>& bench, const Block& k, S mu) {
  const S m = S(k.mass), b = S(k.b), h = S(k.h), d = S(k.depth);
  Inertia<S> inertia;
  const Matrix3<S> moments = box_inertia(m, S(2) * b, d, S(2) * h);
  if (!Inertia<S>::FromMassComInertia(m, Vector3<S>::Zero(), moments, &inertia).ok()) return false;
  ModelBuilder<S, 1, 6> builder;
  builder.add_body("block", -1, JointSpec<S>::FreeFlyer(), inertia, nullptr, "free");
  if (!builder.build(&bench.model).ok()) return false;
  typename BlockBench<S>::Config q(7);
  set_free_body<S>(q, 0, Vector3<S>(S(0), S(0), h));
  // ω⁻ about +y through the edge (−b, 0, 0): the centre moves at ω ŷ × (b, 0, h) = ω (h, 0, −b).
  typename BlockBench<S>::Tangent v = BlockBench<S>::Tangent::Zero(6);
  const S omega = S(k.omega);
  v(0) = omega * h;
  v(2) = -omega * b;
  v(4) = omega;
  bench.contacts.clear();
  for (int corner = 0; corner < 4; ++corner) {
    Contact<S> c = Contact<S>::Ground(0, Vector3<S>((corner & 1) ? b : -b, (corner & 2) ? d / 2 : -d / 2, -h),
                                      Vector3<S>::UnitZ(), mu);
    c.restitution = S(0);
    bench.contacts.add(c);
  }
  return bench.prepare(q, v);
}

}  // namespace footfall::test
