#pragma once
// Where a simulation's contacts may happen: points on bodies that may touch fixed planes (the
// ground, a step, a wall). Candidate i is a ground contact (Contact::Ground) whose normal n_i is
// the plane's unit normal, pointing out of the plane into free space, and whose plane lies at
// `plane_offset[i]` along that normal. Its gap function is RBDA (11.37)'s unilateral constraint
//   φ_i(q) = n_i · p_i(q) − offset_i ≥ 0,
// its rate φ̇_i = n_i · ṗ_i is the normal velocity (ζ of RBDA (11.38)), and a candidate is in
// touch when φ_i ≤ 0. For the falling rod of Liu04 §5 these are Liu04's y ∓ L sin φ.
//
// Every simulator in footfall/motion/ reads gaps through compute_contact_gaps(), so the soft,
// event-driven, variable-step and fixed-step schemes see the same geometry.
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/contact/contact.hpp"
#include "footfall/contact/contact_point.hpp"
#include "footfall/dynamics/kinematics.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The places a simulation's contacts may happen: up to K ground contacts, each with the fixed
/// plane it may touch (its normal the plane's unit normal, pointing into free space) and that
/// plane's offset along the normal. Candidate i is contacts[i] with plane_offset[i].
template <typename S, int K>
struct ContactCandidates {
  static constexpr int kCapacity = K;  ///< the most candidates

  ContactSet<S, K> contacts;           ///< ground contacts only; normal = the plane's normal
  S plane_offset[static_cast<std::size_t>(K)] = {};  ///< the plane's height along its normal (m)

  /// Appends a candidate whose plane lies at `offset` (m) along its normal. Not validated here
  /// (validate_candidates() does that); a full set is refused as ContactSet::add refuses it.
  Status add(const Contact<S>& contact, S offset = S(0)) noexcept {
    const int i = contacts.count;
    const Status status = contacts.add(contact);
    if (status.ok()) plane_offset[i] = offset;
    return status;
  }
  /// The number of candidates.
  int size() const noexcept { return contacts.count; }
  /// Removes every candidate.
  void clear() noexcept { contacts.clear(); }
};

/// Checks the contacts as validate_contacts() does, and that each is a ground contact with a
/// finite plane offset: "candidates.other_body" (a plane is fixed, so no body-to-body
/// candidate), "candidates.plane_offset".
template <typename S, int B, int D, int K>
Status validate_candidates(const Model<S, B, D>& model, const ContactCandidates<S, K>& candidates) noexcept {
  const Status status = validate_contacts(model, candidates.contacts);
  if (!status.ok()) return status;
  for (int i = 0; i < candidates.size(); ++i) {
    if (candidates.contacts[i].other_body != -1) return Status::BadInput("candidates.other_body", i);
    if (!is_finite(candidates.plane_offset[i])) return Status::BadInput("candidates.plane_offset", i);
  }
  return Status::Ok();
}

/// One candidate's gap and normal velocity, unchecked (the candidates were validated and the
/// workspace holds forward_kinematics of the state).
template <typename S, int B, int D, int K>
void contact_gap(const Workspace<S, B, D>& ws, const ContactCandidates<S, K>& candidates, int i, S* gap,
                 S* normal_velocity) noexcept {
  const Contact<S>& c = candidates.contacts[i];
  const Vector3<S> point = detail::contact_point(ws, c);  // a sphere's lowest point
  *gap = c.normal.dot(detail::world_point(ws, c.body, point)) - candidates.plane_offset[i];
  const Motion<S>& v = ws.velocity[c.body];
  const Vector3<S> point_velocity = ws.world_to_body[c.body].rotation().transpose() *
                                    (v.linear() + v.angular().cross(point));
  *normal_velocity = c.normal.dot(point_velocity);
}

/// One candidate's slip: its point's velocity along the plane (the normal part taken out),
/// unchecked as contact_gap() is.
template <typename S, int B, int D, int K>
Vector3<S> contact_slip(const Workspace<S, B, D>& ws, const ContactCandidates<S, K>& candidates, int i) noexcept {
  const Contact<S>& c = candidates.contacts[i];
  const Motion<S>& v = ws.velocity[c.body];
  const Vector3<S> u = ws.world_to_body[c.body].rotation().transpose() *
                       (v.linear() + v.angular().cross(detail::contact_point(ws, c)));
  return u - c.normal * c.normal.dot(u);
}

/// Gaps φ and normal velocities φ̇ of every candidate, after forward_kinematics(model, ws, q, v).
/// `gap` and `normal_velocity` have room for candidates.size() values (either may be null).
template <typename S, int B, int D, int K>
Status compute_contact_gaps(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                            const ContactCandidates<S, K>& candidates, S* gap, S* normal_velocity) noexcept {
  if (!(ws.stage & Workspace<S, B, D>::kKinematics)) return Status::BadInput("workspace.kinematics");
  const Status status = validate_candidates(model, candidates);
  if (!status.ok()) return status;
  for (int i = 0; i < candidates.size(); ++i) {
    S g, gd;
    contact_gap(ws, candidates, i, &g, &gd);
    if (gap != nullptr) gap[i] = g;
    if (normal_velocity != nullptr) normal_velocity[i] = gd;
  }
  return Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
