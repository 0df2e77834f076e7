#pragma once
// Input checks shared by the dynamics algorithms: vector sizes against the model, finiteness,
// unit quaternions of a floating base. Each returns the Status the algorithm passes back.
#include <Eigen/Core>

#include "footfall/common/numeric.hpp"
#include "footfall/common/status.hpp"
#include "footfall/model/model.hpp"
#include "footfall/spatial/rotation.hpp"

namespace footfall {

template <typename Derived>
Status validate_vector(const Eigen::MatrixBase<Derived>& x, int size, const char* field) noexcept {
  if (x.cols() != 1 || x.rows() != size) return Status::BadInput(field);
  for (Eigen::Index k = 0; k < x.rows(); ++k)
    if (!is_finite(x.coeff(k))) return Status::BadInput(field, static_cast<int>(k));
  return Status::Ok();
}

template <typename S, int B, int D, typename QDerived>
Status validate_configuration(const Model<S, B, D>& model, const Eigen::MatrixBase<QDerived>& q) noexcept {
  const Status status = validate_vector(q, model.nq(), "q");
  if (!status.ok()) return status;
  for (int i = 0; i < model.body_count(); ++i) {
    if (model.joint_type(i) != JointType::kFreeFlyer) continue;
    const int iq = model.q_index(i);
    const Vector4<S> quaternion(q.coeff(iq + 3), q.coeff(iq + 4), q.coeff(iq + 5), q.coeff(iq + 6));
    if (!validate_unit_quaternion(quaternion).ok()) return Status::BadInput("q.quaternion", i);
  }
  return Status::Ok();
}

template <typename S>
Status validate_gravity(const Vector3<S>& gravity) noexcept {
  return all_finite(gravity) ? Status::Ok() : Status::BadInput("gravity");
}

// The default gravity of DESIGN.md §3: z up, 9.81 m/s².
template <typename S>
Vector3<S> standard_gravity() noexcept {
  return Vector3<S>(S(0), S(0), S(-9.81));
}

}  // namespace footfall
