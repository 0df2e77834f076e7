#pragma once
// What the stance, strike and time-stepping harnesses make of a fuzzer's bytes: the quadruped
// (13 bodies, 18 DOF, four feet: the firmware's robot) in its standing pose and at rest, each
// coordinate moved or replaced by a hostile value, up to one contact more than the capacity with
// any field hostile, and the solves' options. Plain C++ (no libFuzzer, no sanitizer), shared with
// the boards' replay of the committed corpus (tests/unit/reliability/test_fuzz_corpus.cpp), so an
// input means the same tick in both places.
#include <cmath>

#include "byte_reader.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/contact/contact.hpp"
#include "footfall/models.hpp"
#include "footfall/stance.hpp"
#include "footfall/strike.hpp"

namespace footfall::fuzz {

constexpr int kFeet = 4;

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
// normalised) and sometimes not, sometimes a sphere foot.
template <typename S>
Contact<S> read_contact(ByteReader& in, int slot) {
  Contact<S> c;
  const int pick = (in.integer(0, 15) + slot) % 16;
  c.body = pick < kFeet ? quadruped_calf_body(pick) : pick - 2;  // −2 … 13: out of range at both ends
  c.point = read_vector<S>(in, quadruped_foot_point<S>(), S(0.1));
  c.normal = read_vector<S>(in, Vector3<S>::UnitZ(), S(1));
  if (!in.one_in(4) && std::isfinite(c.normal.norm()) && c.normal.norm() > S(0)) c.normal.normalize();
  c.mu = in.number<S>(S(0.8), S(1));
  c.restitution = in.number<S>(S(0.3), S(0.7));
  if (in.one_in(8)) {
    c.other_body = in.integer(-1, 13);
    c.other_point = read_vector<S>(in, Vector3<S>::Zero(), S(0.2));
  }
  if (in.one_in(8)) c.curvature = in.number<S>(S(0), S(10));
  if (in.one_in(8)) c.radius = in.number<S>(S(0.02), S(0.02));  // a sphere foot (or a bad radius)
  return c;
}

// The contacts of a tick: `attempted` of them offered to a set of capacity kFeet, bit i of
// `refused` set when the set refused the i-th.
template <typename S>
struct OfferedContacts {
  ContactSet<S, kFeet> contacts;
  int attempted = 0;
  unsigned refused = 0;

  void start(int count) {
    contacts.clear();
    attempted = count;
    refused = 0;
  }
  void offer(int i, const Contact<S>& c) {
    if (!contacts.add(c).ok()) refused |= 1u << i;
  }
};

// A stance tick: the contacts, the options, then the state. The choices come from the first
// bytes, which the fuzzer mutates most.
template <typename S>
struct StanceTick : OfferedContacts<S> {
  StanceOptions<S> options;
  typename QuadrupedModel<S>::ConfigVector q;
  typename QuadrupedModel<S>::TangentVector v, tau;
  Vector3<S> gravity;
};

// The limits both solves share (Lemke's pivots, PGS's sweeps, the tolerance), -1 and 0 among them.
template <typename S, typename Options>
void read_solver_limits(ByteReader& in, Options& o) {
  if (in.one_in(4)) o.max_pivots = in.integer(-1, 60);
  if (in.one_in(4)) o.max_sweeps = in.integer(-1, 250);
  if (in.one_in(8)) o.tolerance = in.number<S>(o.tolerance, o.tolerance);
}

template <typename S>
StanceOptions<S> read_stance_options(ByteReader& in) {
  StanceOptions<S> o;
  o.friction = static_cast<FrictionModel>(in.integer(0, 4));  // 4: not a model
  o.solver = static_cast<StanceSolver>(in.integer(0, 5));     // 5: not a solver
  read_solver_limits<S>(in, o);
  if (in.one_in(8)) o.sliding_speed = in.number<S>(o.sliding_speed, S(1));
  o.warm_start = in.flag();
  return o;
}

template <typename S>
void read_stance_tick(ByteReader& in, StanceTick<S>& t) {
  t.start(read_contact_count(in));
  for (int i = 0; i < t.attempted; ++i) t.offer(i, read_contact<S>(in, i));
  t.options = read_stance_options<S>(in);
  read_configuration<S>(in, t.q);
  read_tangent<S>(in, t.v, S(0), S(1));
  read_tangent<S>(in, t.tau, S(0), S(20));
  t.gravity = read_vector<S>(in, standard_gravity<S>(), S(10));
}

// A strike tick: as a stance tick, each foot with or without a pad, and the velocity before the
// strike; no torques or gravity (an impulse does not see them).
template <typename S>
struct StrikeTick : OfferedContacts<S> {
  StrikeOptions<S> options;
  typename QuadrupedModel<S>::ConfigVector q;
  typename QuadrupedModel<S>::TangentVector v;
};

template <typename S>
StrikeOptions<S> read_strike_options(ByteReader& in) {
  StrikeOptions<S> o;
  o.friction = static_cast<StrikeFriction>(in.integer(0, 5));  // 5: not a model
  o.law = static_cast<RestitutionLaw>(in.integer(0, 2));       // 2: not a law
  o.solver = static_cast<StanceSolver>(in.integer(0, 5));
  read_solver_limits<S>(in, o);
  if (in.one_in(8)) o.separating_speed = in.number<S>(o.separating_speed, S(1));
  if (in.one_in(8)) o.steps_per_half_period = in.integer(-1, 200);
  if (in.one_in(8)) o.max_steps = in.integer(-1, 250) * 20;
  return o;
}

template <typename S>
void read_strike_tick(ByteReader& in, StrikeTick<S>& t) {
  t.start(read_contact_count(in));
  for (int i = 0; i < t.attempted; ++i) {
    Contact<S> c = read_contact<S>(in, i);
    if (in.one_in(4))
      c.pad = in.flag() ? ContactPad<S>::Linear(in.number<S>(S(2e4), S(2e4)), in.number<S>(S(50), S(50)))
                        : ContactPad<S>::HuntCrossley(in.number<S>(S(2e5), S(2e5)), in.number<S>(S(1), S(1)),
                                                      in.number<S>(S(1.5), S(2)));
    t.offer(i, c);
  }
  t.options = read_strike_options<S>(in);
  read_configuration<S>(in, t.q);
  read_tangent<S>(in, t.v, S(0), S(2));
}

// The refusals a set of capacity kFeet owes `attempted` additions: every one past the capacity.
inline unsigned expected_refusals(int attempted) {
  unsigned mask = 0;
  for (int i = kFeet; i < attempted; ++i) mask |= 1u << i;
  return mask;
}

}  // namespace footfall::fuzz
