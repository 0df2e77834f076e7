#pragma once
// Where a contact touches its successor body. A point contact touches at `point`, fixed in the
// body. A sphere foot (Contact::radius r > 0, centred at `point`) touches the ground at the
// sphere's point lowest along the normal, c − r n, which is a different material point of the
// body at every instant as the sphere rolls. Its velocity is that material point's (the slip
// and the approach of the contact frame), so G is that point's Jacobian; its acceleration is
// not, because the contact point moves on the body: differentiating u = v_c + ω × (−r n) with
// n fixed on the ground gives the material point's J̇v plus r ω × (ω × n), the term
// rolling_sphere_acceleration gives. Along n that makes φ̈ = n·a_c, the centre's: the second
// derivative of the gap φ = n·c − r of a sphere over a plane.
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/inline.hpp"
#include "footfall/contact/contact.hpp"
#include "footfall/dynamics/kinematics.hpp"
#include "footfall/model/workspace.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {
namespace detail {

/// A sphere foot's lowest point, c − r n, in the body's frame; out of line, so that a point-footed
/// robot's contact terms carry only the test for it.
template <typename S, int B, int D>
FOOTFALL_NOINLINE Vector3<S> sphere_contact_point(const Workspace<S, B, D>& ws, const Contact<S>& c) noexcept {
  return c.point - c.radius * (ws.world_to_body[c.body].rotation() * c.normal);
}

/// The successor's material point under the contact, in the successor's frame (unchecked: the
/// contact was validated and ws holds forward_kinematics).
template <typename S, int B, int D>
FOOTFALL_INLINE Vector3<S> contact_point(const Workspace<S, B, D>& ws, const Contact<S>& c) noexcept {
  if (c.radius == S(0)) return c.point;
  return sphere_contact_point(ws, c);
}

/// The world acceleration a sphere foot's contact point has beyond its material point's with
/// q̈ = 0: r ω × (ω × n), ω the body's angular velocity in the world.
template <typename S, int B, int D>
FOOTFALL_NOINLINE Vector3<S> rolling_sphere_acceleration(const Workspace<S, B, D>& ws, const Contact<S>& c) noexcept {
  const Vector3<S> omega = ws.world_to_body[c.body].rotation().transpose() * ws.velocity[c.body].angular();
  return c.radius * omega.cross(omega.cross(c.normal));
}

}  // namespace detail
}  // namespace footfall
FOOTFALL_HEADER_END
