#pragma once
// Two unit tangents t₁, t₂ that make (t₁, t₂, n) a right-handed orthonormal frame for a unit
// normal n: the directions in which friction acts. Built without a branch on which axis n is
// nearest, so that it is continuous everywhere but across n_z = 0's sign flip and costs the
// same for every normal (Duff, Burgess, Christensen, Hery, Kensler, Liani and Villemin,
// "Building an orthonormal basis, revisited", JCGT 6(1), 2017, listing 3). For n = +z it gives
// t₁ = x, t₂ = y; for the planar rod's floor normal n = +y it gives t₁ = x, t₂ = −z.
#include <cmath>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/spatial/types.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// Writes to *t1 and *t2 the tangents t₁, t₂ of the unit normal n (see above).
template <typename S>
void tangent_basis(const Vector3<S>& n, Vector3<S>* t1, Vector3<S>* t2) noexcept {
  const S sign = std::copysign(S(1), n.z());
  const S a = S(-1) / (sign + n.z());
  const S b = n.x() * n.y() * a;
  *t1 = Vector3<S>(S(1) + sign * n.x() * n.x() * a, sign * b, -sign * n.x());
  *t2 = Vector3<S>(b, sign + n.y() * n.y() * a, -n.y());
}

}  // namespace footfall
FOOTFALL_HEADER_END
