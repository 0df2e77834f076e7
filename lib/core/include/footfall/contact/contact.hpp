#pragma once
// Point contacts (lib/DESIGN.md §3; RBDA §11.3). Contact i joins a successor body sc(i), on which
// `point` is fixed, to a predecessor pc(i): the ground (other_body = −1) or another body, on
// which `other_point` is the material point that coincides with the contact at this instant.
// The unit normal n_i is in world coordinates and points from the predecessor to the
// successor, so a positive normal force λ_i pushes the two apart (RBDA (11.24)). A normal given
// for a body-to-body contact is fixed in the predecessor's surface: it turns with that body,
// which is what puts ṅ into the contact accelerations (RBDA (11.30); Baraff97's 2·ṅ·(ṗa − ṗb)).
//
// A ContactSet holds up to K contacts: the count in touch varies from tick to tick up to the
// compile-time capacity, with no heap.
#include <cmath>
#include <cstddef>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/status.hpp"
#include "footfall/model/model.hpp"
#include "footfall/spatial/types.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// A compliant foot pad, for the strike's peak-load prediction (strike/peak_loads.hpp): the normal
/// force it pushes back with at penetration δ ≥ 0 and penetration rate δ̇, never pulling:
///   linear (Kelvin–Voigt):  f = max(0, k δ + c δ̇)
///   Hunt–Crossley:          f = max(0, k δⁿ + c δⁿ δ̇)   (n = `exponent`, 3/2 for Hertz contact)
/// k is in N/m (N/mⁿ for Hunt–Crossley), c in N s/m (N s/mⁿ⁺¹).
enum class PadLaw : unsigned char {
  kNone = 0,  ///< rigid: no peak prediction for this contact
  kLinear,         ///< linear (Kelvin–Voigt) spring and damper
  kHuntCrossley,   ///< Hunt–Crossley: spring and damper both scaled by δⁿ
};

/// A contact's foot pad: its law and coefficients (see PadLaw). validate_contacts() checks the
/// coefficients unless the law is kNone (rigid: the coefficients are not used).
template <typename S>
struct ContactPad {
  PadLaw law = PadLaw::kNone;  ///< the force law; kNone: rigid, no peak prediction
  S stiffness = S(0);          ///< k, > 0: N/m (linear) or N/mⁿ (Hunt–Crossley)
  S damping = S(0);            ///< c, ≥ 0: N s/m (linear) or N s/mⁿ⁺¹ (Hunt–Crossley)
  S exponent = S(1.5);  ///< Hunt–Crossley only, in [1, 3]

  /// A linear (Kelvin–Voigt) pad of stiffness k and damping c.
  static ContactPad Linear(S k, S c) noexcept { return ContactPad{PadLaw::kLinear, k, c, S(1)}; }
  /// A Hunt–Crossley pad of stiffness k, damping c and exponent n (3/2 by default, Hertz's).
  static ContactPad HuntCrossley(S k, S c, S n = S(1.5)) noexcept { return ContactPad{PadLaw::kHuntCrossley, k, c, n}; }
};

/// The law's name: "none", "linear" or "hunt_crossley".
constexpr const char* to_string(PadLaw law) noexcept {
  switch (law) {
    case PadLaw::kNone:
      return "none";
    case PadLaw::kLinear:
      return "linear";
    case PadLaw::kHuntCrossley:
      return "hunt_crossley";
  }
  return "unknown pad law";
}

/// One point contact i (see the top of this file): the successor's point, the predecessor (the
/// ground or a body), the normal, the friction and restitution coefficients, and the optional
/// surface curvature, sphere-foot radius and foot pad. Build one with Ground(), Sphere() or
/// Between(); validate_contacts() checks every field.
template <typename S>
struct Contact {
  int body = -1;                            ///< sc(i): the successor, which carries `point`
  Vector3<S> point = Vector3<S>::Zero();    ///< in the successor's frame
  Vector3<S> normal = Vector3<S>(S(0), S(0), S(1));  ///< world, unit, predecessor → successor
  S mu = S(0);                              ///< Coulomb friction coefficient, ≥ 0
  S restitution = S(0);                     ///< Newton's e, in [0, 1] (used by the strike)
  int other_body = -1;                      ///< pc(i): −1 for the ground
  Vector3<S> other_point = Vector3<S>::Zero();  ///< in the predecessor's frame (ignored for the ground)
  /// The surfaces' relative normal curvature along the slip (1/m): the gap function's Hessian
  /// term of Liu04 (24)–(26), which adds curvature·‖u_t‖² to ζ̇ for a contact sliding at u_t.
  /// Positive where the surfaces bend apart (a foot sliding over a bump), negative where they
  /// close in (a disk entering the narrowing slot of RBDA Example 11.1); 0 for a point on a plane.
  S curvature = S(0);
  /// A sphere foot: the radius (m) of a sphere centred at `point`, which touches the ground at its
  /// point lowest along the normal (contact/contact_point.hpp); 0 for a point contact. Ground
  /// contacts only. The sphere's own roundness is in the radius: `curvature` stays the ground's.
  S radius = S(0);
  ContactPad<S> pad;  ///< the foot pad's compliance, for the strike's peak loads (rigid if none)

  /// A contact of `body`'s point with the ground, whose normal is `normal`.
  static Contact Ground(int body, const Vector3<S>& point, const Vector3<S>& normal, S mu,
                        S restitution = S(0)) noexcept {
    Contact c;
    c.body = body;
    c.point = point;
    c.normal = normal;
    c.mu = mu;
    c.restitution = restitution;
    return c;
  }

  /// A sphere foot of `radius` centred at `centre` on `body`, on the ground whose normal is `normal`.
  static Contact Sphere(int body, const Vector3<S>& centre, S radius, const Vector3<S>& normal, S mu,
                        S restitution = S(0)) noexcept {
    Contact c = Ground(body, centre, normal, mu, restitution);
    c.radius = radius;
    return c;
  }

  /// A contact between two bodies: `point` on `body` meets `other_point` on `other_body`.
  static Contact Between(int body, const Vector3<S>& point, int other_body, const Vector3<S>& other_point,
                         const Vector3<S>& normal, S mu, S restitution = S(0)) noexcept {
    Contact c = Ground(body, point, normal, mu, restitution);
    c.other_body = other_body;
    c.other_point = other_point;
    return c;
  }
};

/// The contacts of one tick: the first `count` of `contacts`, up to the capacity K, in the order
/// the solvers number them: contact i's results are at index i, and a solve's rows follow the set
/// it computed its terms for.
template <typename S, int K>
struct ContactSet {
  static_assert(K >= 1, "a contact set has room for at least one contact");
  static constexpr int kCapacity = K;                                ///< K, the most contacts it holds
  static constexpr std::size_t kSlots = static_cast<std::size_t>(K);  ///< K, as an array bound

  Contact<S> contacts[kSlots];  ///< the storage; only contacts[0, count) are in the set
  int count = 0;                ///< the contacts in the set, in [0, K]

  /// Appends a contact (not validated here: validate_contacts() does that for the whole set).
  /// `count` is a public member, so a caller may have spoilt it: below zero it is refused, as
  /// validate_contacts() refuses it, rather than used as an index.
  Status add(const Contact<S>& contact) noexcept {
    if (count < 0) return Status::BadInput("contacts.count", count);
    if (count >= K) return Status::Capacity("contacts", count);
    contacts[count++] = contact;
    return Status::Ok();
  }
  /// Empties the set (count = 0); the storage is left as it was.
  void clear() noexcept { count = 0; }
  /// `count`, the contacts in the set.
  int size() const noexcept { return count; }
  /// Contact i, unchecked: i must be in [0, count).
  const Contact<S>& operator[](int i) const noexcept { return contacts[i]; }
  /// Contact i, unchecked: i must be in [0, count).
  Contact<S>& operator[](int i) noexcept { return contacts[i]; }
};

/// How far from 1 a normal's length may be: a normal normalised in float and used in float, or
/// typed to 7 digits, passes; one that was never normalised does not.
template <typename S>
S unit_normal_tolerance() noexcept {
  return S(64) * epsilon<S>() < S(1e-6) ? S(1e-6) : S(64) * epsilon<S>();
}

/// Checks every field of every contact against the model, naming the first that is wrong with
/// the contact's index: "contacts.body", "contacts.point", "contacts.normal" (finite and of unit
/// length), "contacts.mu" (finite, ≥ 0), "contacts.restitution" (in [0, 1]), "contacts.other_body"
/// (−1 or a body other than `body`), "contacts.other_point", "contacts.curvature" (finite),
/// "contacts.radius" (finite, ≥ 0, and 0 unless the contact is with the ground),
/// "contacts.pad.law", "contacts.pad.stiffness" (finite, > 0), "contacts.pad.damping" (finite,
/// ≥ 0), "contacts.pad.exponent" (in [1, 3]); "contacts.count" for a count outside [0, K].
template <typename S, int B, int D, int K>
Status validate_contacts(const Model<S, B, D>& model, const ContactSet<S, K>& set) noexcept {
  if (set.count < 0 || set.count > K) return Status::BadInput("contacts.count", set.count);
  for (int i = 0; i < set.count; ++i) {
    const Contact<S>& c = set.contacts[i];
    if (c.body < 0 || c.body >= model.body_count()) return Status::BadInput("contacts.body", i);
    if (!all_finite(c.point)) return Status::BadInput("contacts.point", i);
    if (!all_finite(c.normal) || !(std::abs(c.normal.norm() - S(1)) <= unit_normal_tolerance<S>()))
      return Status::BadInput("contacts.normal", i);
    if (!is_finite(c.mu) || !(c.mu >= S(0))) return Status::BadInput("contacts.mu", i);
    if (!(c.restitution >= S(0) && c.restitution <= S(1))) return Status::BadInput("contacts.restitution", i);
    if (c.other_body < -1 || c.other_body >= model.body_count() || c.other_body == c.body)
      return Status::BadInput("contacts.other_body", i);
    if (c.other_body != -1 && !all_finite(c.other_point)) return Status::BadInput("contacts.other_point", i);
    if (!is_finite(c.curvature)) return Status::BadInput("contacts.curvature", i);
    if (c.radius != S(0) && !(c.radius > S(0) && is_finite(c.radius) && c.other_body == -1))  // NaN is ≠ 0
      return Status::BadInput("contacts.radius", i);
    const ContactPad<S>& pad = c.pad;
    if (static_cast<int>(pad.law) > static_cast<int>(PadLaw::kHuntCrossley)) return Status::BadInput("contacts.pad.law", i);
    if (pad.law != PadLaw::kNone) {
      if (!is_finite(pad.stiffness) || !(pad.stiffness > S(0))) return Status::BadInput("contacts.pad.stiffness", i);
      if (!is_finite(pad.damping) || !(pad.damping >= S(0))) return Status::BadInput("contacts.pad.damping", i);
      if (pad.law == PadLaw::kHuntCrossley && !(pad.exponent >= S(1) && pad.exponent <= S(3)))
        return Status::BadInput("contacts.pad.exponent", i);
    }
  }
  return Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
