#pragma once
// Rotational inertias of uniform solids about their centres, for the reference models that are
// not copied from a real robot's file.
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/spatial/types.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// A box with edges (a, b, c) along x, y, z.
template <typename S>
Matrix3<S> box_inertia(S mass, S a, S b, S c) noexcept {
  return Vector3<S>(mass * (b * b + c * c) / S(12), mass * (a * a + c * c) / S(12),
                    mass * (a * a + b * b) / S(12))
      .asDiagonal();
}

/// A solid sphere (ball) of radius r: ⅖ m r² about every axis.
template <typename S>
Matrix3<S> ball_inertia(S mass, S r) noexcept {
  return Matrix3<S>(Vector3<S>::Constant(S(2) * mass * r * r / S(5)).asDiagonal());
}

/// A solid cylinder of radius r and length l along z.
template <typename S>
Matrix3<S> cylinder_inertia(S mass, S r, S l) noexcept {
  const S across = mass * (S(3) * r * r + l * l) / S(12);
  return Vector3<S>(across, across, mass * r * r / S(2)).asDiagonal();
}

}  // namespace footfall
FOOTFALL_HEADER_END
