#pragma once
// Fixed-size Eigen types the spatial algebra is written in.
#include <Eigen/Core>
#include <Eigen/Geometry>  // Vector3's cross product, which Eigen/Core declares and Geometry defines

#include "footfall/common/header_diagnostics.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// A 3-vector: a point, a direction, a force or moment.
template <typename S>
using Vector3 = Eigen::Matrix<S, 3, 1>;
/// A 4-vector: a quaternion's (x, y, z, w).
template <typename S>
using Vector4 = Eigen::Matrix<S, 4, 1>;
/// A 6-vector: a spatial vector's coordinates, angular part first (RBDA §2.1).
template <typename S>
using Vector6 = Eigen::Matrix<S, 6, 1>;
/// A 3×3 matrix: a rotation or a rotational inertia.
template <typename S>
using Matrix3 = Eigen::Matrix<S, 3, 3>;
/// A 6×6 matrix: a spatial transform or inertia in coordinates.
template <typename S>
using Matrix6 = Eigen::Matrix<S, 6, 6>;

/// The skew-symmetric matrix of a 3-vector: skew(a) b = a × b. Featherstone writes it a×.
template <typename S>
Matrix3<S> skew(const Vector3<S>& a) noexcept {
  Matrix3<S> m;
  m << S(0), -a.z(), a.y(),  //
      a.z(), S(0), -a.x(),   //
      -a.y(), a.x(), S(0);
  return m;
}

}  // namespace footfall
FOOTFALL_HEADER_END
