#pragma once
// Joint models (RBDA §4.4, Table 4.1): for each joint type, how many position and velocity
// coordinates it has, its transform X_J(q), its motion subspace S(q) (one spatial motion per
// velocity coordinate, in the successor body's coordinates) and its bias c_J = (dS/dt) q̇.
//
// Coordinates follow DESIGN.md §3:
// - free flyer: q = [p_world (3), quaternion x y z w (body → world)], v = [linear velocity of
//   the body origin in body coordinates (3), angular velocity in body coordinates (3)];
// - planar: q = (x, y, φ) in world coordinates, the body turning about world z; v = (ẋ, ẏ, φ̇),
//   also in world coordinates, so S depends on φ and c_J ≠ 0;
// - revolute and prismatic: one coordinate about or along a unit axis of the joint frame.
#include <cmath>

#include "footfall/spatial.hpp"

namespace footfall {

enum class JointType : unsigned char { kFixed, kRevolute, kPrismatic, kPlanar, kFreeFlyer };

// Coordinates per joint type, indexed by JointType: a table, not a switch, because the
// algorithms ask for a body's count in their inner loops (one load instead of a branch chain).
// An out-of-range value (never made by the builder) has none.
namespace detail {
constexpr unsigned char kJointNq[] = {0, 1, 1, 3, 7};  // fixed, revolute, prismatic, planar, free flyer
constexpr unsigned char kJointNv[] = {0, 1, 1, 3, 6};
constexpr unsigned kJointTypes = sizeof(kJointNq);
}  // namespace detail

constexpr int joint_nq(JointType type) noexcept {
  const unsigned t = static_cast<unsigned>(type);
  return t < detail::kJointTypes ? detail::kJointNq[t] : 0;
}

constexpr int joint_nv(JointType type) noexcept {
  const unsigned t = static_cast<unsigned>(type);
  return t < detail::kJointTypes ? detail::kJointNv[t] : 0;
}

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

// What a joint contributes at one state: X_J, the columns of S, and c_J.
template <typename S>
struct JointState {
  Transform<S> transform;  // X_J: joint frame (before motion) → successor body frame
  Motion<S> subspace[6];   // S, column k for velocity coordinate k of this joint
  Motion<S> bias;          // c_J = Ṡ q̇ (zero unless S depends on q)
};

// Evaluates the joint at positions q[iq .. iq + nq) and velocities v[iv .. iv + nv).
// The quaternion of a free flyer must be unit (callers validate it first).
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
      const S s = std::sin(q.coeff(iq)), c = std::cos(q.coeff(iq)), t = S(1) - c;
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
      const S c = std::cos(q.coeff(iq + 2)), s = std::sin(q.coeff(iq + 2));
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
