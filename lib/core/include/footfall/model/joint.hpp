#pragma once
// Joint models (RBDA §4.4, Table 4.1): for each joint type, how many position and velocity
// coordinates it has, its transform X_J(q), its motion subspace S(q) (one spatial motion per
// velocity coordinate, in the successor body's coordinates) and its bias c_J = (dS/dt) q̇.
//
// Coordinates follow lib/DESIGN.md §3:
// - free flyer: q = [p_world (3), quaternion x y z w (body → world)], v = [linear velocity of
//   the body origin in body coordinates (3), angular velocity in body coordinates (3)];
// - planar: q = (x, y, φ) in world coordinates, the body turning about world z; v = (ẋ, ẏ, φ̇),
//   also in world coordinates, so S depends on φ and c_J ≠ 0;
// - revolute and prismatic: one coordinate about or along a unit axis of the joint frame.
#include <cmath>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/sin_cos.hpp"
#include "footfall/spatial.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// A joint's kind: fixed (no coordinate), revolute or prismatic about/along its axis (one),
/// planar (x, y, φ: three), or a free flyer (position and a unit
/// quaternion: nq 7, nv 6).
enum class JointType : unsigned char { kFixed, kRevolute, kPrismatic, kPlanar, kFreeFlyer };

// Coordinates per joint type, indexed by JointType: a table, not a switch, because the
// algorithms ask for a body's count in their inner loops (one load instead of a branch chain).
// An out-of-range value (never made by the builder) has none.
namespace detail {
constexpr unsigned char kJointNq[] = {0, 1, 1, 3, 7};  ///< fixed, revolute, prismatic, planar, free flyer
constexpr unsigned char kJointNv[] = {0, 1, 1, 3, 6};
constexpr unsigned kJointTypes = sizeof(kJointNq);
}  // namespace detail

/// The configuration coordinates of a joint of this type (0 for a value out of range).
constexpr int joint_nq(JointType type) noexcept {
  const unsigned t = static_cast<unsigned>(type);
  return t < detail::kJointTypes ? detail::kJointNq[t] : 0;
}

/// The velocity coordinates (DOFs) of a joint of this type (0 for a value out of range).
constexpr int joint_nv(JointType type) noexcept {
  const unsigned t = static_cast<unsigned>(type);
  return t < detail::kJointTypes ? detail::kJointNv[t] : 0;
}

/// The type's name, as the host tool prints it ("free_flyer", …).
constexpr const char* to_string(JointType type) noexcept {
  switch (type) {
    case JointType::kFixed:
      return "fixed";
    case JointType::kRevolute:
      return "revolute";
    case JointType::kPrismatic:
      return "prismatic";
    case JointType::kPlanar:
      return "planar";
    case JointType::kFreeFlyer:
      return "free_flyer";
  }
  return "unknown";
}

/// What a joint contributes at one state: X_J, the columns of S, and c_J.
/// Unset (JointState(kUnset)) for evaluate_joint to fill: it writes X_J, c_J and the joint's own
/// columns of S, all that is read of it.
template <typename S>
struct JointState {
  JointState() noexcept = default;
  /// Unset: every member is poisoned until evaluate_joint writes it (common/numeric.hpp).
  explicit JointState(detail::Unset) noexcept
      : transform(detail::kUnset),
        subspace{Motion<S>(detail::kUnset), Motion<S>(detail::kUnset), Motion<S>(detail::kUnset),
                 Motion<S>(detail::kUnset), Motion<S>(detail::kUnset), Motion<S>(detail::kUnset)},
        bias(detail::kUnset) {}

  Transform<S> transform;  ///< X_J: joint frame (before motion) → successor body frame
  Motion<S> subspace[6];   ///< S, column k for velocity coordinate k of this joint
  Motion<S> bias;          ///< c_J = Ṡ q̇ (zero unless S depends on q)
};

/// The coordinate axis (0, 1, 2) of a revolute joint whose axis is exactly its frame's +x, +y or
/// +z, as most URDF joints are; −1 for any other joint. Such a joint's rotation is AxisTurn.
template <typename S>
int revolute_coordinate_axis(JointType type, const Vector3<S>& axis) noexcept {
  if (type != JointType::kRevolute) return -1;
  for (int k = 0; k < 3; ++k)
    if (axis.coeff(k) == S(1) && axis.coeff((k + 1) % 3) == S(0) && axis.coeff((k + 2) % 3) == S(0)) return k;
  return -1;
}

/// The rotation E_J of a revolute joint about coordinate axis A (RBDA Table 4.1's rotx, roty,
/// rotz): 1 on the axis and [c s; −s c] on the two coordinates B and C after it, cyclically.
/// Turning a vector or a matrix by it touches those two coordinates only: four multiplications a
/// vector instead of nine. A is a template argument so that every index is a constant.
template <typename S, int A>
struct AxisTurn {
  static_assert(A >= 0 && A < 3, "a coordinate axis");
  ///@{
  /// B and C: the two coordinates after A, cyclically, the only ones the turn changes.
  static constexpr int B = (A + 1) % 3, C = (A + 2) % 3;
  ///@}
  ///@{
  /// The cosine and sine of the turn's angle (the identity by default).
  S cos = S(1), sin = S(0);
  ///@}

  /// The turn by `angle` [rad] about axis A.
  static AxisTurn By(S angle) noexcept {
    const SinCos<S> sc = sin_cos(angle);
    AxisTurn t;
    t.cos = sc.cos;
    t.sin = sc.sin;
    return t;
  }

  /// The turn a matrix() made holds: its cosine and sine, exactly.
  static AxisTurn Of(const Matrix3<S>& e) noexcept {
    AxisTurn t;
    t.cos = e.coeff(B, B);
    t.sin = e.coeff(B, C);
    return t;
  }

  /// E_J v.
  FOOTFALL_INLINE Vector3<S> apply(const Vector3<S>& v) const noexcept {
    Vector3<S> out;
    out.coeffRef(A) = v.coeff(A);
    out.coeffRef(B) = cos * v.coeff(B) + sin * v.coeff(C);
    out.coeffRef(C) = cos * v.coeff(C) - sin * v.coeff(B);
    return out;
  }

  /// E_Jᵀ v.
  FOOTFALL_INLINE Vector3<S> apply_transpose(const Vector3<S>& v) const noexcept {
    Vector3<S> out;
    out.coeffRef(A) = v.coeff(A);
    out.coeffRef(B) = cos * v.coeff(B) - sin * v.coeff(C);
    out.coeffRef(C) = cos * v.coeff(C) + sin * v.coeff(B);
    return out;
  }

  /// E_J m, column by column (written out: GCC does not unroll the loop at -O2).
  FOOTFALL_INLINE Matrix3<S> times(const Matrix3<S>& m) const noexcept {
    Matrix3<S> out;
    turn_column<0>(m, out);
    turn_column<1>(m, out);
    turn_column<2>(m, out);
    return out;
  }

  /// E_Jᵀ m E_J of a symmetric m, read from its diagonal and its entries (A, B), (A, C), (B, C):
  /// the (A, A) entry stays, the rest of row A turns as a vector (E_Jᵀ's rows B and C against
  /// it), and the 2×2 block of B and C turns by twice the angle: with d = (m_BB − m_CC)/2,
  /// a = (m_BB + m_CC)/2, c₂ = c² − s² and s₂ = 2cs, m'_BB = a + c₂ d − s₂ m_BC,
  /// m'_CC = a − c₂ d + s₂ m_BC, m'_BC = s₂ d + c₂ m_BC.
  /// Ten multiplications where the dense product takes 45; the result is exactly symmetric.
  FOOTFALL_INLINE Matrix3<S> turn_back_symmetric(const Matrix3<S>& m) const noexcept {
    const S mab = m.coeff(A, B), mac = m.coeff(A, C), mbc = m.coeff(B, C);
    const S half_sum = S(0.5) * (m.coeff(B, B) + m.coeff(C, C));
    const S half_difference = S(0.5) * (m.coeff(B, B) - m.coeff(C, C));
    const S cos2 = cos * cos - sin * sin, sin2 = S(2) * cos * sin;
    const S turned_difference = cos2 * half_difference - sin2 * mbc;
    Matrix3<S> out;
    out.coeffRef(A, A) = m.coeff(A, A);
    out.coeffRef(A, B) = out.coeffRef(B, A) = cos * mab - sin * mac;
    out.coeffRef(A, C) = out.coeffRef(C, A) = cos * mac + sin * mab;
    out.coeffRef(B, B) = half_sum + turned_difference;
    out.coeffRef(C, C) = half_sum - turned_difference;
    out.coeffRef(B, C) = out.coeffRef(C, B) = sin2 * half_difference + cos2 * mbc;
    return out;
  }

  /// Every entry written once (Matrix3::Zero() first would cost a fill loop).
  FOOTFALL_INLINE Matrix3<S> matrix() const noexcept {
    Matrix3<S> e;
    e.coeffRef(A, A) = S(1);
    e.coeffRef(A, B) = e.coeffRef(A, C) = e.coeffRef(B, A) = e.coeffRef(C, A) = S(0);
    e.coeffRef(B, B) = e.coeffRef(C, C) = cos;
    e.coeffRef(B, C) = sin;
    e.coeffRef(C, B) = -sin;
    return e;
  }

 private:
  template <int K>
  FOOTFALL_INLINE void turn_column(const Matrix3<S>& m, Matrix3<S>& out) const noexcept {
    out.coeffRef(A, K) = m.coeff(A, K);
    out.coeffRef(B, K) = cos * m.coeff(B, K) + sin * m.coeff(C, K);
    out.coeffRef(C, K) = cos * m.coeff(C, K) - sin * m.coeff(B, K);
  }
};

/// ⁱX_λ = (E_J, r) of a body whose turn_axis() is A (Model): a Transform whose rotation is an
/// AxisTurn, with Transform's products (spatial/transform.hpp's detail:: formulas, on the sparse
/// turn). The algorithms take it through visit_parent_to_body (dynamics/kinematics.hpp), which
/// gives them this or the general Transform. It refers to its translation where it is stored (a
/// model's placement, a workspace's transform) rather than copying it: in double the copy is a
/// measurable part of forward kinematics on the Cortex-M7. So it cannot be made from a temporary:
/// those constructors are deleted, and the reference cannot dangle.
template <typename S, int A>
class AxisTransform {
 public:
  /// (E_J, r) from a turn and a stored translation r, which must outlive this.
  FOOTFALL_INLINE AxisTransform(const AxisTurn<S, A>& turn, const Vector3<S>& translation) noexcept
      : turn_(turn), translation_(translation) {}
  AxisTransform(const AxisTurn<S, A>& turn, const Vector3<S>&& translation) = delete;
  /// A stored Transform of such a body (its rotation is an AxisTurn's matrix()).
  FOOTFALL_INLINE explicit AxisTransform(const Transform<S>& x) noexcept
      : AxisTransform(AxisTurn<S, A>::Of(x.rotation()), x.translation()) {}
  explicit AxisTransform(const Transform<S>&& x) = delete;

  /// X m: motion m from the parent's coordinates to the body's, as Transform::apply.
  FOOTFALL_INLINE Motion<S> apply(const Motion<S>& m) const noexcept {
    return detail::transform_motion(turn_, translation_, m);
  }
  /// X* f: force f from the parent's coordinates to the body's.
  FOOTFALL_INLINE Force<S> apply(const Force<S>& f) const noexcept {
    return detail::transform_force(turn_, translation_, f);
  }
  /// X⁻¹ m: motion m from the body's coordinates to the parent's.
  FOOTFALL_INLINE Motion<S> apply_inverse(const Motion<S>& m) const noexcept {
    return detail::inverse_transform_motion(turn_, translation_, m);
  }
  /// (X*)⁻¹ f = Xᵀ f: force f from the body's coordinates to the parent's.
  FOOTFALL_INLINE Force<S> apply_inverse(const Force<S>& f) const noexcept {
    return detail::inverse_transform_force(turn_, translation_, f);
  }
  /// This after `first`, as Transform's operator*: E_J's two rows turn `first`'s rotation.
  FOOTFALL_INLINE Transform<S> operator*(const Transform<S>& first) const noexcept {
    return detail::compose_transforms(turn_, translation_, first);
  }
  const AxisTurn<S, A>& turn() const noexcept { return turn_; }  ///< E_J, the rotation
  const Vector3<S>& translation() const noexcept { return translation_; }  ///< r, the stored vector it refers to
  /// The same transform, stored densely.
  FOOTFALL_INLINE Transform<S> dense() const noexcept { return Transform<S>(turn_.matrix(), translation_); }

 private:
  AxisTurn<S, A> turn_;
  const Vector3<S>& translation_;
};

/// Evaluates the joint at positions q[iq .. iq + nq) and velocities v[iv .. iv + nv).
/// The quaternion of a free flyer must be unit (callers validate it first).
template <typename S, typename QDerived, typename VDerived>
void evaluate_joint(JointType type, const Vector3<S>& axis, const Eigen::MatrixBase<QDerived>& q,
                    int iq, const Eigen::MatrixBase<VDerived>& v, int iv,
                    JointState<S>* out) noexcept {
  const Vector3<S> zero = Vector3<S>::Zero();
  out->bias = Motion<S>::Zero();
  switch (type) {
    case JointType::kFixed:
      out->transform = Transform<S>::Identity();
      break;
    case JointType::kRevolute: {
      // The successor is the predecessor's joint frame turned by q about the unit axis a:
      // E = exp(q a×)ᵀ = 1 − sin q a× + (1 − cos q) a×a× (RBDA Table 4.1's rotx/roty/rotz,
      // generalised to any axis). Rodrigues' formula with the angle known: one sin, one cos.
      // For a unit axis (the builder checks it) a×a× = aaᵀ − 1, so E = c 1 + (1 − c) aaᵀ − s a×,
      // written out entry by entry: no 3×3 product, a quarter of the arithmetic.
      const SinCos<S> turn = sin_cos(q.coeff(iq));
      const S s = turn.sin, c = turn.cos, t = S(1) - c;
      const S x = axis.x(), y = axis.y(), z = axis.z();
      Matrix3<S> e;
      e << c + t * x * x, t * x * y + s * z, t * x * z - s * y,  //
          t * x * y - s * z, c + t * y * y, t * y * z + s * x,   //
          t * x * z + s * y, t * y * z - s * x, c + t * z * z;
      out->transform = Transform<S>::Rotation(e);
      out->subspace[0] = Motion<S>(axis, zero);
      break;
    }
    case JointType::kPrismatic:
      out->transform = Transform<S>::Translation(axis * q.coeff(iq));
      out->subspace[0] = Motion<S>(zero, axis);
      break;
    case JointType::kPlanar: {
      const SinCos<S> turn = sin_cos(q.coeff(iq + 2));
      const S c = turn.cos, s = turn.sin;
      Matrix3<S> e;  // Rz(φ)ᵀ
      e << c, s, S(0), -s, c, S(0), S(0), S(0), S(1);
      out->transform = Transform<S>(e, Vector3<S>(q.coeff(iq), q.coeff(iq + 1), S(0)));
      // World-frame ẋ, ẏ seen in body coordinates: Rz(φ)ᵀ e_x and Rz(φ)ᵀ e_y.
      out->subspace[0] = Motion<S>(zero, Vector3<S>(c, -s, S(0)));
      out->subspace[1] = Motion<S>(zero, Vector3<S>(s, c, S(0)));
      out->subspace[2] = Motion<S>(Vector3<S>(S(0), S(0), S(1)), zero);
      // c_J = Ṡ q̇ = φ̇ (ẋ dS₀/dφ + ẏ dS₁/dφ)
      const S xd = v.coeff(iv), yd = v.coeff(iv + 1), phid = v.coeff(iv + 2);
      out->bias = Motion<S>(zero, Vector3<S>(phid * (-s * xd + c * yd), phid * (-c * xd - s * yd), S(0)));
      break;
    }
    case JointType::kFreeFlyer: {
      const Vector4<S> quaternion(q.coeff(iq + 3), q.coeff(iq + 4), q.coeff(iq + 5), q.coeff(iq + 6));
      out->transform = Transform<S>(rotation_from_quaternion(quaternion).transpose(),
                                    Vector3<S>(q.coeff(iq), q.coeff(iq + 1), q.coeff(iq + 2)));
      // v = [linear; angular] in body coordinates, spatial vectors are [angular; linear].
#pragma GCC unroll 3
      for (int k = 0; k < 3; ++k) {
        Vector3<S> unit = zero;
        unit(k) = S(1);
        out->subspace[k] = Motion<S>(zero, unit);
        out->subspace[3 + k] = Motion<S>(unit, zero);
      }
      break;
    }
  }
}

}  // namespace footfall
FOOTFALL_HEADER_END
