#pragma once
// The quadruped (13 bodies, 18 DOF, four feet: the firmware's robot) in a state read from the
// fuzzer's bytes, for the stance, strike and time-stepping harnesses: the standing pose and rest,
// each coordinate moved or replaced by a hostile value, and up to one contact more than the
// capacity, each of whose fields may be anything.
#include "footfall/contact/contact.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/models.hpp"
#include "fuzz_support.hpp"

namespace footfall::fuzz {

constexpr int kFeet = 4;

template <typename S>
const QuadrupedModel<S>& quadruped() {
  static QuadrupedModel<S> model;
  static const bool built = build_quadruped_model(&model).ok();
  require(built, "the quadruped did not build");
  return model;
}

// q: the trunk level at 0.3 m, each leg at hip 0, thigh 0.8, calf −1.6 rad, every coordinate
// moved by the bytes (the quaternion too, so it need not stay unit).
template <typename S>
void read_configuration(ByteReader& in, typename QuadrupedModel<S>::ConfigVector& q) {
  static constexpr double kStanding[19] = {0, 0, 0.3, 0, 0, 0, 1, 0, 0.8, -1.6, 0, 0.8, -1.6, 0, 0.8, -1.6, 0, 0.8, -1.6};
  q.resize(19);
  for (int i = 0; i < 19; ++i) q(i) = in.number<S>(S(kStanding[i]), S(0.5));
}

template <typename S>
void read_tangent(ByteReader& in, typename QuadrupedModel<S>::TangentVector& v, S typical, S spread) {
  v.resize(18);
  for (int i = 0; i < 18; ++i) v(i) = in.number<S>(typical, spread);
}

template <typename S>
Vector3<S> read_vector(ByteReader& in, const Vector3<S>& typical, S spread) {
  return Vector3<S>(in.number<S>(typical.x(), spread), in.number<S>(typical.y(), spread),
                    in.number<S>(typical.z(), spread));
}

// How many contacts: four (every foot) when the bytes have run out, else 0 … 5, one over the
// capacity.
inline int read_contact_count(ByteReader& in) { return (in.integer(0, kFeet + 1) + kFeet) % (kFeet + 2); }

// Contact `slot`: a foot (slot's own when the bytes have run out; or any body index, in range or
// not) on the ground or on another body, its normal usually unit (a fuzzed direction,
// normalised) and sometimes not.
template <typename S>
Contact<S> read_contact(ByteReader& in, int slot) {
  Contact<S> c;
  const int pick = (in.integer(0, 15) + slot) % 16;
  c.body = pick < kFeet ? quadruped_calf_body(pick) : pick - 2;  // −2 … 13: out of range at both ends
  c.point = read_vector<S>(in, quadruped_foot_point<S>(), S(0.1));
  c.normal = read_vector<S>(in, Vector3<S>::UnitZ(), S(1));
  if (in.integer(0, 3) != 0 && std::isfinite(c.normal.norm()) && c.normal.norm() > S(0)) c.normal.normalize();
  c.mu = in.number<S>(S(0.8), S(1));
  c.restitution = in.number<S>(S(0.3), S(0.7));
  if (in.integer(0, 7) == 0) {
    c.other_body = in.integer(-1, 13);
    c.other_point = read_vector<S>(in, Vector3<S>::Zero(), S(0.2));
  }
  if (in.integer(0, 7) == 0) c.curvature = in.number<S>(S(0), S(10));
  return c;
}

// The kinematics, H, its factor and C of the tick: what the stance and strike solves read.
template <typename S>
Status prepare_tick(const QuadrupedModel<S>& model, Workspace<S, 13, 18>& ws,
                    const typename QuadrupedModel<S>::ConfigVector& q,
                    const typename QuadrupedModel<S>::TangentVector& v, const Vector3<S>& gravity) {
  Status status = forward_kinematics(model, ws, q, v);
  if (status.ok()) status = mass_matrix(model, ws);
  if (status.ok()) status = factorize_mass_matrix(model, ws);
  if (status.ok()) status = bias_forces(model, ws, gravity);
  require_well_formed(status);
  return status;
}

// Every coefficient of an Eigen object finite.
template <typename Derived>
bool all_finite(const Eigen::MatrixBase<Derived>& x) {
  for (Eigen::Index i = 0; i < x.size(); ++i)
    if (!std::isfinite(x.derived().coeff(i))) return false;
  return true;
}

}  // namespace footfall::fuzz
