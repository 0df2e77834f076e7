#pragma once
// Scalar facts and checks shared by the whole core. Tolerances are multiples of the scalar's
// machine epsilon, never fixed decimals, so float and double are judged alike.
#include <Eigen/Core>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <utility>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/inline.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

/// The tag of an object left unset by its constructor, for one that is assigned whole before it
/// is read (SpatialVector(Unset), SmallLdlt(Unset), Transform(Unset)), where the default
/// constructor's zeroing would be stores GCC cannot drop.
struct Unset {};
constexpr Unset kUnset{};

/// What such a constructor does with its coefficients: nothing, but in the sanitizer build
/// (FOOTFALL_POISON_UNSET, cmake/FootfallWarnings.cmake) it fills them with NaN, so that one read
/// before it is written makes a NaN of what it feeds, which the tests' comparisons catch.
template <typename S>
FOOTFALL_INLINE void poison_unset(S* coefficients, int count) noexcept {
#if defined(FOOTFALL_POISON_UNSET)
  for (int k = 0; k < count; ++k) coefficients[k] = std::numeric_limits<S>::quiet_NaN();
#else
  static_cast<void>(coefficients);
  static_cast<void>(count);
#endif
}

/// N objects of type T, each constructed T(kUnset): an array whose slots are all assigned before
/// they are read, with none of the default constructor's zeroing (the slots are built in place:
/// C++17's guaranteed copy elision).
template <typename T, std::size_t... I>
FOOTFALL_INLINE std::array<T, sizeof...(I)> unset_array(std::index_sequence<I...>) noexcept {
  return {{(static_cast<void>(I), T(kUnset))...}};
}
template <typename T, std::size_t N>
FOOTFALL_INLINE std::array<T, N> unset_array() noexcept {
  return unset_array<T>(std::make_index_sequence<N>{});
}

template <typename T>
struct TypeIdentity {
  using type = T;
};
}  // namespace detail

/// The writable view of an Eigen output argument. Eigen's documented idiom ("Writing functions
/// taking Eigen types as parameters") takes outputs as `const MatrixBase<Derived>&` so that a
/// block or a Map, which are temporaries, can be passed, and casts the const away inside; this
/// is that cast's one place.
template <typename Derived>
Eigen::MatrixBase<Derived>& writable(const Eigen::MatrixBase<Derived>& output) noexcept {
  return const_cast<Eigen::MatrixBase<Derived>&>(output);  // NOLINT(cppcoreguidelines-pro-type-const-cast)
}

/// Resizes a plain Eigen object to rows × cols and zeroes it, four coefficients a step. Eigen 3.4
/// fills any constant through std::fill_n (AssignEvaluator.h), a loop that GCC keeps at -O2 even
/// for a fixed 6-vector, with a loop's index and branch on every coefficient on a Cortex-M and a
/// call's setup besides. Unrolled by four, a fixed size becomes straight-line stores and a
/// run-time size (H, G) pays the loop's overhead once every four coefficients. The per-tick zeroing uses it, and so do the
/// LCP solvers: on their small run-time-sized vectors Eigen's setZero also trips GCC 12's
/// -Warray-bounds at -O3 on a packet path that is never taken.
template <typename Derived>
FOOTFALL_INLINE void set_zero(Eigen::PlainObjectBase<Derived>& m, Eigen::Index rows, Eigen::Index cols) noexcept {
  using S = typename Derived::Scalar;
  m.resize(rows, cols);
  S* p = m.data();
  Eigen::Index left = m.size();
  for (; left >= 8; left -= 8, p += 8) {
    p[0] = S(0);
    p[1] = S(0);
    p[2] = S(0);
    p[3] = S(0);
    p[4] = S(0);
    p[5] = S(0);
    p[6] = S(0);
    p[7] = S(0);
  }
  if (left >= 4) {
    p[0] = S(0);
    p[1] = S(0);
    p[2] = S(0);
    p[3] = S(0);
    left -= 4;
    p += 4;
  }
  for (; left > 0; --left, ++p) *p = S(0);
}
/// Zeroes every coefficient of `m` at its current size.
template <typename Derived>
FOOTFALL_INLINE void set_zero(Eigen::PlainObjectBase<Derived>& m) noexcept {
  set_zero(m, m.rows(), m.cols());
}

/// Marks a parameter whose scalar is taken from the other arguments, so that callers may pass
/// an Eigen expression such as Vector3d::Zero() (C++20's std::type_identity_t).
template <typename T>
using NoDeduce = typename detail::TypeIdentity<T>::type;

/// The machine epsilon of S (the gap between 1 and the next larger S).
template <typename S>
constexpr S epsilon() noexcept {
  return std::numeric_limits<S>::epsilon();
}

/// True when every coefficient is finite (no NaN, no ±Inf): Σ 0·m_ij is NaN exactly when one is
/// NaN or ±∞ (0·∞ is NaN; finite coefficients add zeros), one multiply-add a coefficient where a
/// test of each costs a compare and a branch, as validate_vector (dynamics/validate.hpp) judges.
/// (-ffast-math would fold this to true, as it would std::isfinite and Eigen's allFinite(); the
/// core is not built with it.)
template <typename Derived>
bool all_finite(const Eigen::MatrixBase<Derived>& m) noexcept {
  using S = typename Derived::Scalar;
  S zeros = S(0);
  for (Eigen::Index j = 0; j < m.cols(); ++j)
    for (Eigen::Index i = 0; i < m.rows(); ++i) zeros += S(0) * m.coeff(i, j);
  return zeros == S(0);
}

/// True when `x` is neither NaN nor ±∞.
template <typename S>
bool is_finite(S x) noexcept {
  return std::isfinite(x);
}

/// An accuracy asked of a method relative to the data's scale (lcp/result_check.hpp's τ, the
/// stance and strike options' tolerance): in [0, 1). At 1 the check passes z = 0 on every problem
/// (w = q lies within ‖q‖∞ of feasible), so a solve with it would call anything a solution.
/// NaN and ±∞ fail both comparisons.
template <typename S>
bool is_relative_accuracy(S x) noexcept {
  return x >= S(0) && x < S(1);
}

/// Whether a step of h from `time` moves the time at all: `time` finite and time + h > time. Past
/// 2¹⁵ s (9 h) a float time no longer moves by 1 ms, so every step of a loop run to a later time
/// would be ok and the loop would never end; the motion schemes refuse such a time
/// ("state.time").
template <typename S>
bool steps_time_forward(S time, S step) noexcept {
  return is_finite(time) && time + step > time;
}

/// Largest absolute coefficient; the scale against which a matrix's rounding is judged.
template <typename Derived>
typename Derived::Scalar max_abs(const Eigen::MatrixBase<Derived>& m) noexcept {
  // A plain loop, not cwiseAbs().maxCoeff(): on small run-time-sized vectors GCC 12 at -O3
  // warns (-Warray-bounds) about Eigen's never-taken packet path, and the loop is as fast.
  using S = typename Derived::Scalar;
  S largest = S(0);
  for (Eigen::Index j = 0; j < m.cols(); ++j)
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
      const S a = std::abs(m.coeff(i, j));
      if (std::isnan(a)) return a;  // a NaN is reported, never hidden behind a finite value
      if (a > largest) largest = a;
    }
  return largest;
}

}  // namespace footfall
FOOTFALL_HEADER_END
