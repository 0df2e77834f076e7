#pragma once
// Input checks shared by the dynamics algorithms: vector sizes against the model, finiteness,
// a floating base's unit quaternion and its distance from the origin. Each returns the Status
// the algorithm passes back.
#include <cmath>
#include <limits>

#include <Eigen/Core>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/status.hpp"
#include "footfall/model/model.hpp"
#include "footfall/spatial/rotation.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// x's size, and every entry finite: first Σ 0·x_k, which is NaN exactly when an entry is NaN or
/// ±∞ (0·∞ is NaN; finite entries add zeros), one multiply-add an entry where a test of each
/// costs a compare and a branch; only then the walk that finds the first bad index.
template <typename Derived>
Status validate_vector(const Eigen::MatrixBase<Derived>& x, int size, const char* field) noexcept {
  using S = typename Derived::Scalar;
  if (x.cols() != 1 || x.rows() != size) return Status::BadInput(field);
  S zeros = S(0);
  for (Eigen::Index k = 0; k < x.rows(); ++k) zeros += S(0) * x.coeff(k);
  if (zeros == S(0)) return Status::Ok();
  for (Eigen::Index k = 0; k < x.rows(); ++k)
    if (!is_finite(x.coeff(k))) return Status::BadInput(field, static_cast<int>(k));
  return Status::Ok();
}

/// How far from the world's origin a floating base may be: 2^(p/2) m for a p-bit significand,
/// 4 096 m in float and 6.7e7 m in double. There the positions' spacing (0.5 mm in float,
/// 1.5e-8 m in double) already costs half the digits of a 1 m lever, and every lever is a
/// difference of such positions (a foot's about its trunk, crba.hpp): beyond it contact forces
/// and impulses come out plausible but wrong (a standing quadruped 1e300 m out carried 104 N of
/// its 135 N weight, "ok"), so it is refused. Contact dynamics do not depend on where the robot stands: express its state
/// about a nearer origin (firmware: the odometry's local frame).
template <typename S>
constexpr S resolved_position_limit() noexcept {
  S limit = S(1);
  for (int k = 0; k < std::numeric_limits<S>::digits / 2; ++k) limit *= S(2);
  return limit;
}

/// q's size and values, each free flyer's quaternion of unit length and its position within
/// resolved_position_limit().
template <typename S, int B, int D, typename QDerived>
Status validate_configuration(const Model<S, B, D>& model, const Eigen::MatrixBase<QDerived>& q) noexcept {
  const Status status = validate_vector(q, model.nq(), "q");
  if (!status.ok()) return status;
  for (int i = 0; i < model.body_count(); ++i) {
    if (model.joint_type(i) != JointType::kFreeFlyer) continue;
    const int iq = model.q_index(i);
    // Only its length is judged: q's entries are known finite (above).
    const Vector4<S> quaternion(q.coeff(iq + 3), q.coeff(iq + 4), q.coeff(iq + 5), q.coeff(iq + 6));
    if (!quaternion_has_unit_length(quaternion)) return Status::BadInput("q.quaternion", i);
    for (int k = 0; k < 3; ++k)
      if (!(std::abs(q.coeff(iq + k)) <= resolved_position_limit<S>())) return Status::BadInput("q.position", i);
  }
  return Status::Ok();
}

/// Refuses a gravity vector with a NaN or ±∞ component (Status::BadInput "gravity").
template <typename S>
Status validate_gravity(const Vector3<S>& gravity) noexcept {
  return all_finite(gravity) ? Status::Ok() : Status::BadInput("gravity");
}

/// The default gravity, (0, 0, −9.81) m/s²: the world's z axis points up.
template <typename S>
Vector3<S> standard_gravity() noexcept {
  return Vector3<S>(S(0), S(0), S(-9.81));
}

}  // namespace footfall
FOOTFALL_HEADER_END
