#pragma once
// Spatial motion and force vectors (Featherstone, RBDA §2.2–2.3), in Plücker coordinates with
// the angular part first: a motion is [ω; v] (v the velocity of the body-fixed point at the
// frame's origin), a force is [n; f] (n the moment about the frame's origin). They are
// separate types because they transform differently (X versus X*), and mixing them is the
// classic spatial-algebra bug. The only product of the two is the scalar power m·f.
#include <cstddef>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/inline.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/spatial/types.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

// SpatialVector(Unset) (common/numeric.hpp's tag) is for a vector that is assigned whole before
// it is read, such as a value a visitor assigns: GCC keeps the default constructor's six zero
// stores when it cannot see that assignment. An array whose slots are filled in tree order is
// detail::unset_array's; GCC cannot see that a parent's slot comes first, and where it warns
// (-Wmaybe-uninitialized) the slot it names is set first (strike/joint_impulses.hpp).

/// What motion and force vectors share: storage, the two halves, and the vector-space
/// operations. `Derived` is Motion<S> or Force<S>; a sum of a motion and a force does not compile.
template <typename S, template <typename> class Derived>
class SpatialVector {
 public:
  using Scalar = S;
  using Vec3 = Vector3<S>;
  using Vec6 = Vector6<S>;

  /// Zero, by set_zero's unrolled stores rather than Vec6::Zero()'s std::fill_n loop.
  FOOTFALL_INLINE SpatialVector() noexcept { set_zero(data_); }
  /// Unset: reading it before it is assigned is undefined (detail::Unset, common/numeric.hpp).
  FOOTFALL_INLINE explicit SpatialVector(Unset) noexcept {  // NOLINT(cppcoreguidelines-pro-type-member-init)
    poison_unset(data_.data(), 6);
  }
  explicit SpatialVector(const Vec6& data) noexcept : data_(data) {}
  /// Fixed-size halves rather than Eigen's comma initializer, whose dynamic-size blocks cost a
  /// loop and (in GCC 12 at -O3) a false -Warray-bounds.
  FOOTFALL_INLINE SpatialVector(const Vec3& angular, const Vec3& linear) noexcept {
    data_.template head<3>() = angular;
    data_.template tail<3>() = linear;
  }

  FOOTFALL_INLINE static Derived<S> Zero() noexcept { return Derived<S>(); }

  auto angular() noexcept { return data_.template head<3>(); }
  auto angular() const noexcept { return data_.template head<3>(); }
  auto linear() noexcept { return data_.template tail<3>(); }
  auto linear() const noexcept { return data_.template tail<3>(); }
  const Vec6& vector() const noexcept { return data_; }
  Vec6& vector() noexcept { return data_; }

  FOOTFALL_INLINE Derived<S> operator+(const Derived<S>& o) const noexcept { return Derived<S>(data_ + o.data_); }
  FOOTFALL_INLINE Derived<S> operator-(const Derived<S>& o) const noexcept { return Derived<S>(data_ - o.data_); }
  FOOTFALL_INLINE Derived<S> operator-() const noexcept { return Derived<S>(-data_); }
  FOOTFALL_INLINE Derived<S> operator*(S k) const noexcept { return Derived<S>(data_ * k); }
  FOOTFALL_INLINE Derived<S>& operator+=(const Derived<S>& o) noexcept {
    data_ += o.data_;
    return static_cast<Derived<S>&>(*this);
  }
  FOOTFALL_INLINE Derived<S>& operator-=(const Derived<S>& o) noexcept {
    data_ -= o.data_;
    return static_cast<Derived<S>&>(*this);
  }

 private:
  Vec6 data_;
};

}  // namespace detail

/// A spatial motion vector [ω; v] (RBDA §2.2): angular velocity ω, and v the velocity of the
/// body-fixed point at the frame's origin. angular() and linear() give the halves, vector() all
/// six; motions add, subtract, negate and scale, and Transform::apply carries them by X.
template <typename S>
class Motion : public detail::SpatialVector<S, Motion> {
  using Base = detail::SpatialVector<S, Motion>;

 public:
  using Base::Base;
};

/// A spatial force vector [n; f] (RBDA §2.3): the moment n about the frame's origin and the
/// force f. The same halves and vector operations as Motion, but a distinct type: a force
/// transforms by X*, and a motion and a force do not add.
template <typename S>
class Force : public detail::SpatialVector<S, Force> {
  using Base = detail::SpatialVector<S, Force>;

 public:
  using Base::Base;
};

/// The scalar product m·f (RBDA (2.13)): power when m is a velocity, work rate of f on m.
/// Invariant under change of frame: (X m)·(X* f) = m·f.
template <typename S>
FOOTFALL_INLINE S dot(const Motion<S>& m, const Force<S>& f) noexcept {
  return m.vector().dot(f.vector());
}
/// The same scalar product with the force first: f · m = m · f.
template <typename S>
FOOTFALL_INLINE S dot(const Force<S>& f, const Motion<S>& m) noexcept {
  return dot(m, f);
}

}  // namespace footfall
FOOTFALL_HEADER_END
