#pragma once
// Plücker coordinate transforms (RBDA §2.8). A Transform from frame A to frame B is stored as
// the pair (E, r) of spatial_v2's plux: E is the rotation taking A coordinates to B coordinates
// and r is B's origin in A coordinates. Its 6×6 motion matrix is
//     X = [E 0; −E r× E]                           (RBDA (2.24))
// and a force transforms with X* = X⁻ᵀ = [E −E r×; 0 E]. The pair costs 12 numbers instead
// of 36 and every operation below is written on it directly.
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/inline.hpp"
#include "footfall/spatial/types.hpp"
#include "footfall/spatial/vectors.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// A Plücker coordinate transform ᴮX_A from frame A to frame B (RBDA §2.8); defined below.
template <typename S>
class Transform;

namespace detail {

// A Transform's products, written once for any rotation E that can turn a vector (apply: E v),
// turn it back (apply_transpose: Eᵀ v) and turn a matrix (times: E M): the dense matrix a
// Transform stores (MatrixRotation, below), or the sparse turn of a joint about a coordinate axis
// (AxisTurn, model/joint.hpp), which touches two coordinates instead of three. Both also turn a
// symmetric matrix back (turn_back_symmetric: Eᵀ M E), which Inertia::transformed_back takes.

/// X m = [E ω; E (v − r × ω)]
template <typename S, typename E>
FOOTFALL_INLINE Motion<S> transform_motion(const E& e, const Vector3<S>& r, const Motion<S>& m) noexcept {
  const Vector3<S> w = m.angular();
  return Motion<S>(e.apply(w), e.apply(Vector3<S>(m.linear() - r.cross(w))));
}

/// X* f = [E (n − r × f); E f]
template <typename S, typename E>
FOOTFALL_INLINE Force<S> transform_force(const E& e, const Vector3<S>& r, const Force<S>& f) noexcept {
  const Vector3<S> lin = f.linear();
  return Force<S>(e.apply(Vector3<S>(f.angular() - r.cross(lin))), e.apply(lin));
}

/// X⁻¹ m = [Eᵀ ω'; Eᵀ v' + r × Eᵀ ω'], without forming the inverse.
template <typename S, typename E>
FOOTFALL_INLINE Motion<S> inverse_transform_motion(const E& e, const Vector3<S>& r, const Motion<S>& m) noexcept {
  const Vector3<S> w = e.apply_transpose(m.angular());
  return Motion<S>(w, e.apply_transpose(m.linear()) + r.cross(w));
}

/// (X*)⁻¹ f = Xᵀ f = [Eᵀ n' + r × Eᵀ f'; Eᵀ f']: how RNEA carries a child's force to its parent.
template <typename S, typename E>
FOOTFALL_INLINE Force<S> inverse_transform_force(const E& e, const Vector3<S>& r, const Force<S>& f) noexcept {
  const Vector3<S> lin = e.apply_transpose(f.linear());
  return Force<S>(e.apply_transpose(f.angular()) + r.cross(lin), lin);
}

/// Composition, read right to left like the matrices: if (e, r) is B → C and `first` is A → B,
/// the result is A → C with E = E_BC E_AB and r = r_AB + E_ABᵀ r_BC.
template <typename S, typename E>
FOOTFALL_INLINE Transform<S> compose_transforms(const E& e, const Vector3<S>& r, const Transform<S>& first) noexcept {
  return Transform<S>(e.times(first.rotation()), first.translation() + first.rotation().transpose() * r);
}

/// A Transform's stored rotation, seen as the operator above. It lives only as a temporary inside
/// Transform's own products, so the reference cannot outlive the matrix.
template <typename S>
struct MatrixRotation {
  const Matrix3<S>& e;
  FOOTFALL_INLINE Vector3<S> apply(const Vector3<S>& v) const noexcept { return e * v; }
  FOOTFALL_INLINE Vector3<S> apply_transpose(const Vector3<S>& v) const noexcept { return e.transpose() * v; }
  FOOTFALL_INLINE Matrix3<S> times(const Matrix3<S>& m) const noexcept { return e * m; }
  /// Eᵀ m E of a symmetric m (Inertia::transformed_back).
  FOOTFALL_INLINE Matrix3<S> turn_back_symmetric(const Matrix3<S>& m) const noexcept { return congruence(e, m); }
  /// E m Eᵀ of a symmetric m, the other way (Inertia::rotated): Eᵀ is read as E's rows, not formed.
  FOOTFALL_INLINE Matrix3<S> turn_symmetric(const Matrix3<S>& m) const noexcept {
    return congruence(e.transpose(), m);
  }

 private:
  /// Fᵀ m F of a symmetric m: its upper triangle as columns of F against the columns of m F,
  /// mirrored, so the result is exactly symmetric (F is E or Eᵀ's lazy expression).
  template <typename F>
  static FOOTFALL_INLINE Matrix3<S> congruence(const F& f, const Matrix3<S>& m) noexcept {
    const Matrix3<S> t = m * f;
    Matrix3<S> out;
#pragma GCC unroll 3
    for (int a = 0; a < 3; ++a)
#pragma GCC unroll 3
      for (int b = a; b < 3; ++b) out.coeffRef(a, b) = out.coeffRef(b, a) = f.col(a).dot(t.col(b));
    return out;
  }
};

}  // namespace detail

/// ᴮX_A, stored as (E, r): E takes A coordinates to B coordinates and r is B's origin in A
/// coordinates. Motions transform by X = [E 0; −E r× E] (RBDA (2.24)), forces by
/// X* = X⁻ᵀ = [E −E r×; 0 E]. The default is the identity.
template <typename S>
class Transform {  // NOLINT(cppcoreguidelines-special-member-functions): see its copy members
 public:
  using Scalar = S;  ///< the scalar type

  Transform() noexcept : rotation_(Matrix3<S>::Identity()), translation_(Vector3<S>::Zero()) {}
  /// Unset, for one assigned whole before it is read (common/numeric.hpp).
  explicit Transform(detail::Unset) noexcept {
    detail::poison_unset(rotation_.data(), 9);
    detail::poison_unset(translation_.data(), 3);
  }
  // Members are assigned, not copy-constructed: Eigen's assignment is an unrolled copy of the
  // coefficients, while copy-constructing its storage is a 72-byte aggregate copy that GCC turns
  // into a memcpy call for double, which costs a byte loop in some embedded C libraries. So
  // clang-tidy's member-initializer and rule-of-five advice is declined here on purpose (a move
  // is this same copy), and self-assignment copies each coefficient onto itself, harmlessly.
  // NOLINTBEGIN(cppcoreguidelines-prefer-member-initializer,cppcoreguidelines-special-member-functions,cert-oop54-cpp)

  /// (E, r): E a rotation (A → B coordinates), r B's origin in A coordinates.
  FOOTFALL_INLINE Transform(const Matrix3<S>& rotation, const Vector3<S>& translation) noexcept {
    rotation_ = rotation;  // cppcheck-suppress useInitializationList
    translation_ = translation;  // cppcheck-suppress useInitializationList
  }
  /// A copy of `other`, coefficient by coefficient.
  FOOTFALL_INLINE Transform(const Transform& other) noexcept {
    rotation_ = other.rotation_;  // cppcheck-suppress useInitializationList
    translation_ = other.translation_;  // cppcheck-suppress useInitializationList
  }
  /// Copies `other`'s coefficients onto this.
  FOOTFALL_INLINE Transform& operator=(const Transform& other) noexcept {
    rotation_ = other.rotation_;
    translation_ = other.translation_;
    return *this;
  }
  // NOLINTEND(cppcoreguidelines-prefer-member-initializer,cppcoreguidelines-special-member-functions,cert-oop54-cpp)

  /// The identity: B is A.
  static Transform Identity() noexcept { return Transform(); }
  /// rot(E) of RBDA (2.25): B is A rotated, with the same origin.
  static Transform Rotation(const Matrix3<S>& e) noexcept {
    return Transform(e, Vector3<S>::Zero());
  }
  /// xlt(r) of RBDA (2.26): B is A moved by r, with the same orientation.
  static Transform Translation(const Vector3<S>& r) noexcept {
    return Transform(Matrix3<S>::Identity(), r);
  }

  const Matrix3<S>& rotation() const noexcept { return rotation_; }  ///< E: A coordinates → B coordinates
  const Vector3<S>& translation() const noexcept { return translation_; }  ///< r: B's origin in A coordinates

  /// X m: motion m from A coordinates to B coordinates. (The products: detail:: above writes
  /// each formula once.)
  FOOTFALL_INLINE Motion<S> apply(const Motion<S>& m) const noexcept {
    return detail::transform_motion(matrix_rotation(), translation_, m);
  }
  /// X* f: force f from A coordinates to B coordinates.
  FOOTFALL_INLINE Force<S> apply(const Force<S>& f) const noexcept {
    return detail::transform_force(matrix_rotation(), translation_, f);
  }
  /// X⁻¹ m: motion m from B coordinates to A coordinates, without forming the inverse.
  FOOTFALL_INLINE Motion<S> apply_inverse(const Motion<S>& m) const noexcept {
    return detail::inverse_transform_motion(matrix_rotation(), translation_, m);
  }
  /// (X*)⁻¹ f = Xᵀ f: force f from B coordinates to A coordinates.
  FOOTFALL_INLINE Force<S> apply_inverse(const Force<S>& f) const noexcept {
    return detail::inverse_transform_force(matrix_rotation(), translation_, f);
  }

  /// B → A: rotation Eᵀ, and A's origin seen from B is −E r.
  FOOTFALL_INLINE Transform inverse() const noexcept {
    return Transform(rotation_.transpose(), -(rotation_ * translation_));
  }

  /// This (B → C) after `first` (A → B): A → C.
  FOOTFALL_INLINE Transform operator*(const Transform& first) const noexcept {
    return detail::compose_transforms(matrix_rotation(), translation_, first);
  }

  /// The 6×6 matrices, for tests and for code that needs X as a matrix (RBDA (2.24)).
  Matrix6<S> motion_matrix() const noexcept {
    Matrix6<S> x;
    x << rotation_, Matrix3<S>::Zero(), -rotation_ * skew<S>(translation_), rotation_;
    return x;
  }
  /// X* = [E −E r×; 0 E], the 6×6 force transform.
  Matrix6<S> force_matrix() const noexcept {
    Matrix6<S> x;
    x << rotation_, -rotation_ * skew<S>(translation_), Matrix3<S>::Zero(), rotation_;
    return x;
  }

 private:
  FOOTFALL_INLINE detail::MatrixRotation<S> matrix_rotation() const noexcept { return {rotation_}; }

  Matrix3<S> rotation_;
  Vector3<S> translation_;
};

}  // namespace footfall
FOOTFALL_HEADER_END
