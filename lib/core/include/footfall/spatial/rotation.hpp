#pragma once
// Rotation helpers: unit quaternions (stored x, y, z, w as at footfall's API, lib/DESIGN.md §3) to
// and from rotation matrices, and the exponential map from a rotation vector (MLS94 ch. 2),
// which advances an orientation by ω h without leaving the rotation group (adding Ṙ h to R
// would make R drift off orthonormal).
#include <cmath>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/sin_cos.hpp"
#include "footfall/common/status.hpp"
#include "footfall/spatial/types.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// A finite quaternion's norm is taken as 1 when it is within √ε of it (estimators hand over
/// quaternions normalised in their own precision, not ours). NaN compares false: not of unit length.
template <typename S>
bool quaternion_has_unit_length(const Vector4<S>& xyzw) noexcept {
  return std::abs(xyzw.norm() - S(1)) <= std::sqrt(epsilon<S>());
}

/// A quaternion is accepted as a rotation when it is finite and of unit length (above).
template <typename S>
Status validate_unit_quaternion(const Vector4<S>& xyzw) noexcept {
  if (!all_finite(xyzw)) return Status::BadInput("quaternion");
  if (!quaternion_has_unit_length(xyzw)) return Status::BadInput("quaternion.norm");
  return Status::Ok();
}

/// R of a unit quaternion q = (x, y, z, w), rotating body coordinates into world coordinates.
template <typename S>
Matrix3<S> rotation_from_quaternion(const Vector4<S>& q) noexcept {
  const S x = q(0), y = q(1), z = q(2), w = q(3);
  Matrix3<S> r;
  r << S(1) - S(2) * (y * y + z * z), S(2) * (x * y - z * w), S(2) * (x * z + y * w),  //
      S(2) * (x * y + z * w), S(1) - S(2) * (x * x + z * z), S(2) * (y * z - x * w),   //
      S(2) * (x * z - y * w), S(2) * (y * z + x * w), S(1) - S(2) * (x * x + y * y);
  return r;
}

/// The unit quaternion (x, y, z, w) with w ≥ 0 of a rotation matrix. Shepperd's method: take the
/// square root of whichever of 1 + trace and 1 + 2 R_ii − trace is largest, so the division that
/// follows is never by a small number.
template <typename S>
Vector4<S> quaternion_from_rotation(const Matrix3<S>& r) noexcept {
  const S trace = r.trace();
  Vector4<S> q;
  if (trace >= r(0, 0) && trace >= r(1, 1) && trace >= r(2, 2)) {
    const S s = std::sqrt(S(1) + trace) * S(2);  // s = 4 w
    q << (r(2, 1) - r(1, 2)) / s, (r(0, 2) - r(2, 0)) / s, (r(1, 0) - r(0, 1)) / s, s / S(4);
  } else if (r(0, 0) >= r(1, 1) && r(0, 0) >= r(2, 2)) {
    const S s = std::sqrt(S(1) + S(2) * r(0, 0) - trace) * S(2);  // s = 4 x
    q << s / S(4), (r(0, 1) + r(1, 0)) / s, (r(0, 2) + r(2, 0)) / s, (r(2, 1) - r(1, 2)) / s;
  } else if (r(1, 1) >= r(2, 2)) {
    const S s = std::sqrt(S(1) + S(2) * r(1, 1) - trace) * S(2);  // s = 4 y
    q << (r(0, 1) + r(1, 0)) / s, s / S(4), (r(1, 2) + r(2, 1)) / s, (r(0, 2) - r(2, 0)) / s;
  } else {
    const S s = std::sqrt(S(1) + S(2) * r(2, 2) - trace) * S(2);  // s = 4 z
    q << (r(0, 2) + r(2, 0)) / s, (r(1, 2) + r(2, 1)) / s, s / S(4), (r(1, 0) - r(0, 1)) / s;
  }
  if (q(3) < S(0)) q = -q;
  return q / q.norm();
}

namespace detail {

/// sin θ / θ and (1 − cos θ) / θ² from θ². Below the threshold the truncated Taylor series is
/// exact to rounding (its first dropped terms are θ⁶/5040 and θ⁶/40320). Above it both come from
/// the half angle's sine and cosine, one argument reduction (common/sin_cos.hpp):
/// sin θ = 2 sin(θ/2) cos(θ/2) and 1 − cos θ = 2 sin²(θ/2), which has none of the cancellation
/// that 1 − cos θ suffers for small θ.
template <typename S>
void rodrigues_coefficients(S theta_squared, S* sin_over_theta, S* one_minus_cos_over_theta2) {
  if (theta_squared * theta_squared * theta_squared < S(5040) * epsilon<S>()) {
    *sin_over_theta = S(1) - theta_squared / S(6) + theta_squared * theta_squared / S(120);
    *one_minus_cos_over_theta2 =
        S(0.5) - theta_squared / S(24) + theta_squared * theta_squared / S(720);
  } else {
    const S theta = std::sqrt(theta_squared);
    const SinCos<S> half = sin_cos(theta / S(2));
    *sin_over_theta = S(2) * half.sin * half.cos / theta;
    *one_minus_cos_over_theta2 = S(2) * half.sin * half.sin / theta_squared;
  }
}

}  // namespace detail

/// exp(φ×): the rotation by |φ| about φ/|φ| (Rodrigues' formula), rotvec_to_matrix of
/// MLS94 ch. 2: R = 1 + (sin θ/θ) φ× + ((1 − cos θ)/θ²) φ× φ×.
template <typename S>
Matrix3<S> exp_so3(const Vector3<S>& phi) noexcept {
  S a, b;
  detail::rodrigues_coefficients(phi.squaredNorm(), &a, &b);
  const Matrix3<S> px = skew<S>(phi);
  return Matrix3<S>::Identity() + a * px + b * px * px;
}

/// The same rotation as a unit quaternion (x, y, z, w) = (sin(θ/2)/θ φ, cos(θ/2)), for
/// integrating a floating base's orientation: q ← q ⊗ exp(ω h).
template <typename S>
Vector4<S> quaternion_from_rotation_vector(const Vector3<S>& phi) noexcept {
  const S theta_squared = phi.squaredNorm();
  const S theta = std::sqrt(theta_squared);
  const SinCos<S> half = sin_cos(theta / S(2));  // one argument reduction for both (common/sin_cos.hpp)
  // sin(θ/2)/θ is 0/0 at θ = 0: below the threshold use its series, whose first dropped term
  // θ⁶/645120 is then under ε. cos(θ/2) has no such trouble.
  const S half_sinc = theta_squared * theta_squared * theta_squared < S(645120) * epsilon<S>()
                          ? S(0.5) - theta_squared / S(48) + theta_squared * theta_squared / S(3840)
                          : half.sin / theta;
  const S c = half.cos;
  Vector4<S> q;
  q << half_sinc * phi, c;
  return q;
}

}  // namespace footfall
FOOTFALL_HEADER_END
