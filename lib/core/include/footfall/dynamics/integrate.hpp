#pragma once
// q ⊕ v h: advances a configuration by a velocity held constant for time h. Each joint moves
// on its own manifold: revolute, prismatic and planar coordinates add; the free flyer moves
// along the exponential of its body twist (the rotation-vector exponential, extended
// to SE(3)), so its quaternion stays a rotation and a constant twist is integrated exactly.
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/dynamics/validate.hpp"
#include "footfall/model/model.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

/// (θ − sin θ)/θ³ by series below the threshold (first dropped term θ⁶/362880... relative ε).
template <typename S>
S se3_third_coefficient(S theta_squared) noexcept {
  if (theta_squared * theta_squared * theta_squared < S(362880) * epsilon<S>())
    return S(1) / S(6) - theta_squared / S(120) + theta_squared * theta_squared / S(5040);
  const S theta = std::sqrt(theta_squared);
  return (theta - std::sin(theta)) / (theta_squared * theta);
}

}  // namespace detail

/// Writes q ⊕ v h into q_out (nq rows). q_out may be q itself.
template <typename S, int B, int D, typename QDerived, typename VDerived, typename ODerived>
Status integrate(const Model<S, B, D>& model, const Eigen::MatrixBase<QDerived>& q,
                 const Eigen::MatrixBase<VDerived>& v, S h,
                 const Eigen::MatrixBase<ODerived>& q_out_const) noexcept {
  Status status = validate_configuration(model, q);
  if (status.ok()) status = validate_vector(v, model.nv(), "v");
  if (status.ok() && !is_finite(h)) status = Status::BadInput("h");
  auto& q_out = writable(q_out_const);
  if (status.ok() && (q_out.rows() != model.nq() || q_out.cols() != 1)) status = Status::BadInput("q_out");
  if (!status.ok()) return status;
  for (int i = 0; i < model.body_count(); ++i) {
    const int iq = model.q_index(i), iv = model.v_index(i);
    if (model.joint_type(i) != JointType::kFreeFlyer) {
      for (int k = 0; k < model.joint_nq(i); ++k) q_out(iq + k) = q.coeff(iq + k) + v.coeff(iv + k) * h;
      continue;
    }
    // Body twist (v_lin, ω) in body coordinates over h: rotation exp(ωh), displacement
    // V(ωh) v_lin h with V = 1 + (1 − cos θ)/θ² φ× + (θ − sin θ)/θ³ φ×² (φ = ωh, θ = |φ|).
    const Vector3<S> linear(v.coeff(iv), v.coeff(iv + 1), v.coeff(iv + 2));
    const Vector3<S> phi = Vector3<S>(v.coeff(iv + 3), v.coeff(iv + 4), v.coeff(iv + 5)) * h;
    S a, b;
    detail::rodrigues_coefficients(phi.squaredNorm(), &a, &b);
    const S c = detail::se3_third_coefficient(phi.squaredNorm());
    const Matrix3<S> px = skew<S>(phi);
    const Vector3<S> displacement = (Matrix3<S>::Identity() + b * px + c * px * px) * (linear * h);
    const Vector4<S> q0(q.coeff(iq + 3), q.coeff(iq + 4), q.coeff(iq + 5), q.coeff(iq + 6));
    const Matrix3<S> r0 = rotation_from_quaternion(q0);
    const Vector3<S> p = Vector3<S>(q.coeff(iq), q.coeff(iq + 1), q.coeff(iq + 2)) + r0 * displacement;
    // q1 = q0 ⊗ exp(φ), renormalised so rounding never accumulates off the unit sphere.
    const Vector4<S> d = quaternion_from_rotation_vector(phi);
    Vector4<S> q1;
    q1(3) = q0(3) * d(3) - q0.template head<3>().dot(d.template head<3>());
    q1.template head<3>() = q0(3) * d.template head<3>() + d(3) * q0.template head<3>() +
                            q0.template head<3>().cross(d.template head<3>());
    q1 /= q1.norm();
    for (int k = 0; k < 3; ++k) q_out(iq + k) = p(k);
    for (int k = 0; k < 4; ++k) q_out(iq + 3 + k) = q1(k);
  }
  return Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
