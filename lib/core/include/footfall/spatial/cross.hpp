#pragma once
// The two spatial cross products (RBDA §2.9): m × m' (motion on motion, crm) and m ×* f
// (motion on force, crf). With the velocity v of a frame, v × m is the rate of change of a
// motion vector m fixed in that frame, and v ×* f likewise for a force (RBDA (2.31), (2.32)).
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/inline.hpp"
#include "footfall/spatial/types.hpp"
#include "footfall/spatial/vectors.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// m × m' = [ω × ω'; ω × v' + v × ω']   (RBDA (2.31))
template <typename S>
FOOTFALL_INLINE Motion<S> cross(const Motion<S>& m, const Motion<S>& other) noexcept {
  const Vector3<S> w = m.angular(), v = m.linear();
  const Vector3<S> w2 = other.angular(), v2 = other.linear();
  return Motion<S>(w.cross(w2), w.cross(v2) + v.cross(w2));
}

/// m ×* f = [ω × n + v × f; ω × f]   (RBDA (2.32))
template <typename S>
FOOTFALL_INLINE Force<S> cross(const Motion<S>& m, const Force<S>& f) noexcept {
  const Vector3<S> w = m.angular(), v = m.linear();
  const Vector3<S> n = f.angular(), lin = f.linear();
  return Force<S>(w.cross(n) + v.cross(lin), w.cross(lin));
}

/// The 6×6 matrix of m × (crm in spatial_v2): [ω× 0; v× ω×].
template <typename S>
Matrix6<S> motion_cross_matrix(const Motion<S>& m) noexcept {
  const Matrix3<S> wx = skew<S>(m.angular()), vx = skew<S>(m.linear());
  Matrix6<S> x;
  x << wx, Matrix3<S>::Zero(), vx, wx;
  return x;
}

/// The 6×6 matrix of m ×* (crf in spatial_v2): [ω× v×; 0 ω×] = −(m ×)ᵀ   (RBDA (2.33)).
template <typename S>
Matrix6<S> force_cross_matrix(const Motion<S>& m) noexcept {
  const Matrix3<S> wx = skew<S>(m.angular()), vx = skew<S>(m.linear());
  Matrix6<S> x;
  x << wx, vx, Matrix3<S>::Zero(), wx;
  return x;
}

}  // namespace footfall
FOOTFALL_HEADER_END
