#pragma once
// Spatial rigid-body inertia (RBDA §2.13). Stored as Featherstone's (m, h, Ī): the mass, the
// first moment of mass h = m c about the frame's origin, and the rotational inertia Ī about the
// frame's origin (not about the centre of mass). In that form the 6×6 matrix is
//     I = [Ī h×; h×ᵀ m 1]                          (RBDA (2.62)–(2.63))
// and the inertia of two bodies rigidly joined is the plain sum of the parts, which is what
// the composite-rigid-body algorithm needs.
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/inline.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/status.hpp"
#include "footfall/spatial/transform.hpp"
#include "footfall/spatial/types.hpp"
#include "footfall/spatial/vectors.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

/// Whether every pivot of the LDLᵀ factorisation of the symmetric 3×3 m (in natural order) is
/// above `floor`. Each pivot is at least m's smallest eigenvalue (a pivot is a diagonal entry of
/// a Schur complement of m, whose eigenvalues interlace m's), so this is m positive definite with
/// a margin of the order of `floor`, with no eigenvalue solve.
template <typename S>
bool pivots_above(const Matrix3<S>& m, S floor) noexcept {
  const S d0 = m.coeff(0, 0);
  if (!(d0 > floor)) return false;
  const S l10 = m.coeff(1, 0) / d0, l20 = m.coeff(2, 0) / d0;
  const S d1 = m.coeff(1, 1) - l10 * m.coeff(1, 0);
  if (!(d1 > floor)) return false;
  const S u21 = m.coeff(2, 1) - l20 * m.coeff(1, 0);  // l21 d1
  const S d2 = m.coeff(2, 2) - l20 * m.coeff(2, 0) - (u21 / d1) * u21;
  return d2 > floor;
}

}  // namespace detail

/// Checks that (m, c, I_c) describe a real rigid body: finite numbers, m > 0, I_c symmetric and
/// positive definite, and its principal moments obeying the triangle inequality
/// I₁ + I₂ ≥ I₃ (a body's mass lies in three dimensions, so no moment exceeds the sum of the
/// other two). The tolerances are multiples of the scalar's epsilon times the inertia's size.
///
/// The triangle inequality is checked as the body's second moment of mass about its centre,
/// Σ = ∫ r rᵀ dm = ½ tr(I_c) 1 − I_c, being positive semidefinite: Σ's eigenvalues are
/// ½(I_a + I_b − I_c) over the three orderings of the principal moments (Wensing, Kim and
/// Slotine, "Linear matrix inequalities for physically consistent inertial parameter
/// identification", 2017). Neither check solves for eigenvalues: Eigen's closed-form 3×3 solver
/// calls acos, cos and sin, which on a board pull in the C library's argument reduction (much
/// stack on its deepest path, and flash) for a check run once per body.
template <typename S>
FOOTFALL_COLD Status validate_mass_properties(S mass, const Vector3<S>& com,
                                              const Matrix3<S>& inertia_about_com) noexcept {
  if (!is_finite(mass) || !(mass > S(0))) return Status::BadInput("mass");
  if (!all_finite(com)) return Status::BadInput("com");
  if (!all_finite(inertia_about_com)) return Status::BadInput("inertia");
  const S scale = max_abs(inertia_about_com);
  const S tolerance = S(16) * epsilon<S>() * scale;
  if (max_abs(Matrix3<S>(inertia_about_com - inertia_about_com.transpose())) > tolerance)
    return Status::BadInput("inertia.symmetric");
  if (!detail::pivots_above(inertia_about_com, tolerance)) return Status::BadInput("inertia.positive_definite");
  // Σ + ½·tolerance·1 positive definite: no principal moment above the other two's sum by more
  // than the tolerance (a thin disc, I_z = I_x + I_y, is a real body).
  const Matrix3<S> second_moment =
      Matrix3<S>::Identity() * (S(0.5) * (inertia_about_com.trace() + tolerance)) - inertia_about_com;
  if (!detail::pivots_above(second_moment, S(0))) return Status::BadInput("inertia.triangle_inequality");
  return Status::Ok();
}

/// A spatial rigid-body inertia (RBDA §2.13), stored as (m, h, Ī): the mass [kg], the first
/// moment of mass h = m c about the frame's origin [kg m] and the rotational inertia Ī about the
/// frame's origin [kg m²]. Made by FromMassComInertia, which validates its input, or zero;
/// inertias expressed in the same frame add.
template <typename S>
class Inertia {
 public:
  using Scalar = S;  ///< the scalar type

  /// The inertia of nothing: zero mass. The start of a composite sum.
  Inertia() noexcept
      : mass_(S(0)), first_moment_(Vector3<S>::Zero()), rotational_(Matrix3<S>::Zero()) {}
  static Inertia Zero() noexcept { return Inertia(); }  ///< the inertia of nothing, as Inertia()

  /// A body of mass m with its centre of mass at c and rotational inertia I_c about c, all in
  /// this frame's coordinates. Validates them first (validate_mass_properties); on a bad input
  /// returns that Status and leaves *out unchanged.
  static Status FromMassComInertia(S mass, const Vector3<S>& com,
                                   const Matrix3<S>& inertia_about_com, Inertia* out) noexcept {
    const Status status = validate_mass_properties(mass, com, inertia_about_com);
    if (!status.ok()) return status;
    // Parallel-axis theorem, Ī = I_c + m c× c×ᵀ   (RBDA (2.63))
    const Matrix3<S> cx = skew<S>(com);
    *out = Inertia(mass, mass * com,
                   symmetric_part(inertia_about_com + mass * cx * cx.transpose()));
    return Status::Ok();
  }

  S mass() const noexcept { return mass_; }  ///< m [kg]
  /// h = m c [kg m], about this frame's origin.
  const Vector3<S>& first_moment() const noexcept { return first_moment_; }
  /// Ī [kg m²], about this frame's origin (not about the centre of mass).
  const Matrix3<S>& rotational_about_origin() const noexcept { return rotational_; }
  /// Centre of mass; undefined (division by zero) for the zero inertia.
  Vector3<S> com() const noexcept { return first_moment_ / mass_; }
  /// I_c = Ī − m c× c×ᵀ
  Matrix3<S> rotational_about_com() const noexcept {
    const Matrix3<S> cx = skew<S>(com());
    return rotational_ - mass_ * cx * cx.transpose();
  }

  /// I v = [Ī ω + h × v; m v − h × ω]: the momentum of the body moving with velocity v.
  FOOTFALL_INLINE Force<S> apply(const Motion<S>& v) const noexcept {
    const Vector3<S> w = v.angular(), lin = v.linear();
    return Force<S>(rotational_ * w + first_moment_.cross(lin),
                    mass_ * lin - first_moment_.cross(w));
  }

  /// The same body with its axes turned by E and the origin kept: X* I X⁻¹ for X = (E, 0), so
  /// h' = E h and Ī' = E Ī Eᵀ (RBDA (2.66) with r = 0, MatrixRotation::turn_symmetric), symmetric
  /// by construction, which the factorisation of any H assembled from it relies on.
  /// transformed() turns with it.
  FOOTFALL_INLINE Inertia rotated(const Matrix3<S>& e) const noexcept {
    return Inertia(mass_, e * first_moment_, detail::MatrixRotation<S>{e}.turn_symmetric(rotational_));
  }

  /// The same body expressed in frame B, given X from this frame A to B: X* I X⁻¹ (RBDA (2.66)).
  /// With (E, r): h' = E (h − m r) and Ī' = E (Ī + r×h× + h×r× − m r×r×) Eᵀ, the parallel-axis
  /// theorem moved from A's origin to B's, then turned into B's axes (rotated). Using
  /// a×b× = b aᵀ − (a·b) 1, the bracket is Ī + h rᵀ + r hᵀ − m r rᵀ + (m r·r − 2 r·h) 1, which
  /// needs no 3×3 products.
  FOOTFALL_INLINE Inertia transformed(const Transform<S>& x) const noexcept {
    const Vector3<S>& r = x.translation();
    const Vector3<S>& h = first_moment_;
    Matrix3<S> about_b_origin = rotational_ + h * r.transpose() + r * h.transpose() -
                                mass_ * r * r.transpose();
    about_b_origin.diagonal().array() += mass_ * r.squaredNorm() - S(2) * r.dot(h);
    return Inertia(mass_, h - mass_ * r, about_b_origin).rotated(x.rotation());
  }

  /// The way back: this body, expressed in frame B, re-expressed in A given X from A to B, so
  /// Xᵀ I X = transformed(x.inverse()) without forming X⁻¹ (RBDA (2.66)). With (E, r), R = Eᵀ
  /// and c = R h: h' = c + m r and Ī' = R Ī Rᵀ − c rᵀ − r cᵀ − m r rᵀ + (m r·r + 2 r·c) 1, the
  /// parallel-axis theorem moving the origin back by r. CRBA carries each composite inertia to
  /// its parent with it (dynamics/crba.hpp).
  FOOTFALL_INLINE Inertia transformed_back(const Transform<S>& x) const noexcept {
    return transformed_back(detail::MatrixRotation<S>{x.rotation()}, x.translation());
  }
  /// The same for X = (E, r) with E any rotation operator of spatial/transform.hpp's detail::
  /// (apply_transpose: Eᵀ v; turn_back_symmetric: Eᵀ M E of a symmetric M, symmetric by
  /// construction): the dense matrix, or the turn of a joint about a coordinate axis (AxisTurn,
  /// model/joint.hpp), which changes two rows and two columns of Ī. Only the upper triangle of Ī'
  /// is formed and mirrored, so the result is exactly symmetric, which the factorisation of any H
  /// assembled from it relies on.
  template <typename E>
  FOOTFALL_INLINE Inertia transformed_back(const E& e, const Vector3<S>& r) const noexcept {
    const Vector3<S> c = e.apply_transpose(first_moment_);
    const Matrix3<S> turned = e.turn_back_symmetric(rotational_);  // R Ī Rᵀ
    const Vector3<S> mr = mass_ * r;
    const S diagonal = mr.dot(r) + S(2) * r.dot(c);
    const auto entry = [&](int a, int b) {  // R Ī Rᵀ's (a, b) and the shift's
      return turned.coeff(a, b) - c.coeff(a) * r.coeff(b) - r.coeff(a) * c.coeff(b) - mr.coeff(a) * r.coeff(b);
    };
    const S xy = entry(0, 1), xz = entry(0, 2), yz = entry(1, 2);
    Matrix3<S> out;
    out << entry(0, 0) + diagonal, xy, xz,  //
        xy, entry(1, 1) + diagonal, yz,     //
        xz, yz, entry(2, 2) + diagonal;
    return Inertia(mass_, c + mr, out);
  }

  /// Two bodies rigidly joined, both expressed in the same frame (RBDA (2.68)).
  FOOTFALL_INLINE Inertia operator+(const Inertia& o) const noexcept {
    return Inertia(mass_ + o.mass_, first_moment_ + o.first_moment_, rotational_ + o.rotational_);
  }
  /// In place: through a temporary GCC copied all ten coefficients back (CRBA sums a robot's
  /// composite inertias with it).
  FOOTFALL_INLINE Inertia& operator+=(const Inertia& o) noexcept {
    mass_ += o.mass_;
    first_moment_ += o.first_moment_;
    rotational_ += o.rotational_;
    return *this;
  }

  /// The 6×6 matrix [Ī h×; h×ᵀ m 1].
  Matrix6<S> matrix() const noexcept {
    const Matrix3<S> hx = skew<S>(first_moment_);
    Matrix6<S> m;
    m << rotational_, hx, hx.transpose(), mass_ * Matrix3<S>::Identity();
    return m;
  }

 private:
  /// A user's inertia about the centre may be a few ulps from symmetric; every inertia (and so
  /// every H assembled from them) is kept exactly symmetric, which the factorisation of H relies on.
  static Matrix3<S> symmetric_part(const Matrix3<S>& m) noexcept {
    return S(0.5) * (m + m.transpose());
  }

  Inertia(S mass, const Vector3<S>& first_moment, const Matrix3<S>& rotational) noexcept
      : mass_(mass), first_moment_(first_moment), rotational_(rotational) {}

  S mass_;
  Vector3<S> first_moment_;
  Matrix3<S> rotational_;
};

/// Kinetic energy ½ v·(I v) of a body with inertia I moving with spatial velocity v.
template <typename S>
S kinetic_energy(const Inertia<S>& inertia, const Motion<S>& v) noexcept {
  return S(0.5) * dot(v, inertia.apply(v));
}

}  // namespace footfall
FOOTFALL_HEADER_END
