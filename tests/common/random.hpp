#pragma once
// Deterministic random test data: the same stream on the host and on the boards (a 64-bit
// SplitMix generator, not <random>, whose distributions differ between library versions).
#include <cstdint>

#include "footfall/spatial.hpp"

namespace footfall::test {

// How many random cases an identity test of the spatial algebra checks, the same on the host and
// the boards: each is a handful of 6×6 products, so fifty cost nothing and cover every sign.
constexpr int kSpatialTrials = 50;

class Random {
 public:
  explicit Random(std::uint64_t seed) noexcept : state_(seed) {}

  std::uint64_t next() noexcept {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // Uniform in [lo, hi).
  template <typename S>
  S uniform(S lo, S hi) noexcept {
    const double unit = static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0);
    return lo + static_cast<S>(unit) * (hi - lo);
  }

  template <typename S>
  Vector3<S> vector3(S half_range = S(1)) noexcept {
    return Vector3<S>(uniform(-half_range, half_range), uniform(-half_range, half_range),
                      uniform(-half_range, half_range));
  }

  template <typename S>
  Motion<S> motion() noexcept {
    return Motion<S>(vector3<S>(), vector3<S>());
  }

  template <typename S>
  Force<S> force() noexcept {
    return Force<S>(vector3<S>(), vector3<S>());
  }

  // A rotation by up to π about a random axis.
  template <typename S>
  Matrix3<S> rotation() noexcept {
    return exp_so3<S>(vector3<S>(S(1.8)));
  }

  template <typename S>
  Transform<S> transform() noexcept {
    return Transform<S>(rotation<S>(), vector3<S>());
  }

  // A physically valid body: mass in [0.5, 5) kg, centre of mass within 0.5 m of the origin,
  // principal moments in [0.01, 0.1) kg m² that satisfy the triangle inequality, random axes.
  template <typename S>
  Inertia<S> inertia() noexcept {
    const S a = uniform(S(0.01), S(0.1)), b = uniform(S(0.01), S(0.1));
    const S c = uniform(std::abs(a - b) + S(0.005), a + b);
    const Matrix3<S> r = rotation<S>();
    const Matrix3<S> about_com = r * Vector3<S>(a, b, c).asDiagonal() * r.transpose();
    Inertia<S> out = Inertia<S>::Zero();
    const Status status =
        Inertia<S>::FromMassComInertia(uniform(S(0.5), S(5)), vector3<S>(S(0.5)),
                                       Matrix3<S>((about_com + about_com.transpose()) / S(2)), &out);
    (void)status;  // valid by construction; the inertia tests check FromMassComInertia itself
    return out;
  }

 private:
  std::uint64_t state_;
};

}  // namespace footfall::test
