#pragma once
// Reference models and random states for the dynamics tests, the same on host and boards.
#include "footfall/dynamics.hpp"
#include "footfall/models.hpp"
#include "random.hpp"

namespace footfall::test {

// A random valid configuration: joint coordinates in [−1.2, 1.2], a random base position and a
// random unit quaternion for a free flyer.
template <typename S, int B, int D>
typename Model<S, B, D>::ConfigVector random_configuration(const Model<S, B, D>& model, Random& rng) {
  typename Model<S, B, D>::ConfigVector q(model.nq());
  for (int k = 0; k < model.nq(); ++k) q(k) = rng.uniform(S(-1.2), S(1.2));
  // Only a model with room for seven coordinates can hold a free flyer; saying so at compile
  // time also keeps the optimiser from warning about q(3..6) on smaller capacities.
  if constexpr (Model<S, B, D>::kMaxConfig >= 7) {
    if (model.has_floating_base()) {
      const Vector4<S> quaternion = quaternion_from_rotation(rng.rotation<S>());
      for (int k = 0; k < 4; ++k) q(3 + k) = quaternion(k);
    }
  }
  return q;
}

template <typename S, int B, int D>
typename Model<S, B, D>::TangentVector random_velocity(const Model<S, B, D>& model, Random& rng,
                                                       S scale = S(1)) {
  typename Model<S, B, D>::TangentVector v(model.nv());
  for (int k = 0; k < model.nv(); ++k) v(k) = rng.uniform(-scale, scale);
  return v;
}

// a·b of two run-time-sized vectors as a plain loop. Eigen's dot() is right too, but on vectors
// of capacity 3 floats GCC 12 at -O3 warns (-Warray-bounds) about its never-taken packet path.
template <typename A, typename B>
typename A::Scalar inner_product(const Eigen::MatrixBase<A>& a, const Eigen::MatrixBase<B>& b) {
  typename A::Scalar sum(0);
  for (Eigen::Index k = 0; k < a.size(); ++k) sum += a.coeff(k) * b.coeff(k);
  return sum;
}

}  // namespace footfall::test
