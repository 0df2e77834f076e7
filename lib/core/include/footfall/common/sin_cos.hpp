#pragma once
// The sine and cosine of one angle together, for the joint transforms forward kinematics builds
// every tick (model/joint.hpp). A C library computes each alone: two argument reductions, each
// a large part of what picolibc's float sinf/cosf cost on the Cortex-M. Here the angle is
// reduced once, x = n π/2 + r with |r| ≤ π/4, both series are summed on r, and the quadrant n
// mod 4 picks and signs them:
//
//   n ≡ 0: (sin r, cos r)   1: (cos r, −sin r)   2: (−sin r, −cos r)   3: (−cos r, sin r).
//
// The reduction is Cody and Waite's: π/2 split into three parts, the first two with few enough
// bits that n times each is exact for every n the limit allows, so x − n p₁ − n p₂ loses nothing
// to cancellation and the third part's rounding is far below r's. The series are Taylor's, taken
// to where the next term is below a tenth of the scalar's epsilon on |r| ≤ π/4 (float: sin to
// r⁹, cos to r¹⁰; double: sin to r¹⁷, cos to r¹⁶, whose next terms r¹⁹/19! and r¹⁸/18! are at
// most 0.0004 and 0.009 of double's epsilon). Each result is within about one unit in the
// last place of 1 of the exact value, which is the precision a rotation's entries carry anyway;
// test_sin_cos.cpp measures it against the C library in double and long double.
//
// Angles beyond the limit (a continuous joint wound many turns), infinities and NaN go to the
// C library: its reduction handles any size, and it returns NaN for ±∞ and NaN.
#include <cmath>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/inline.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The sine and cosine of one angle, as sin_cos returns them.
template <typename S>
struct SinCos {
  S sin;  ///< sin x
  S cos;  ///< cos x
};

namespace detail {

template <typename S>
struct SinCosConstants;

/// π/2 = p1 + p2 + p3 + O(2⁻⁵⁸): p1, p2 of 12 significant bits, so n p1 and n p2 are exact for
/// |n| < 2¹², which |x| ≤ 4096 keeps (|n| ≤ 2608).
template <>
struct SinCosConstants<float> {
  static constexpr float kLimit = 4096.0f;
  static constexpr float kTwoOverPi = 0.636619772367581343f, kQuarterPi = 0.785398163397448310f;
  static constexpr float kP1 = 0x1.922p0f, kP2 = -0x1.2aep-18f, kP3 = -0x1.de973ep-31f;
  FOOTFALL_INLINE static float sin_series(float r, float z) noexcept {  // r − r³/3! + … + r⁹/9!
    return r + r * z * (-1.0f / 6 + z * (1.0f / 120 + z * (-1.0f / 5040 + z * (1.0f / 362880))));
  }
  FOOTFALL_INLINE static float cos_series(float z) noexcept {  // 1 − r²/2! + … − r¹⁰/10!
    return 1.0f + z * (-0.5f + z * (1.0f / 24 + z * (-1.0f / 720 + z * (1.0f / 40320 + z * (-1.0f / 3628800)))));
  }
};

/// π/2 = p1 + p2 + p3 + O(2⁻¹²⁴): p1, p2 of 33 significant bits, so n p1 and n p2 are exact for
/// |n| < 2²⁰, which |x| ≤ 2²⁰ keeps (|n| ≤ 667 544).
template <>
struct SinCosConstants<double> {
  static constexpr double kLimit = 1048576.0;
  static constexpr double kTwoOverPi = 0.63661977236758134308, kQuarterPi = 0.78539816339744830962;
  static constexpr double kP1 = 0x1.921fb544p0, kP2 = 0x1.0b4611a6p-34, kP3 = 0x1.3198a2e037073p-69;
  FOOTFALL_INLINE static double sin_series(double r, double z) noexcept {  // r − r³/3! + … + r¹⁷/17!
    return r + r * z *
                   (-1.0 / 6 +
                    z * (1.0 / 120 +
                         z * (-1.0 / 5040 +
                              z * (1.0 / 362880 +
                                   z * (-1.0 / 39916800 +
                                        z * (1.0 / 6227020800.0 +
                                             z * (-1.0 / 1307674368000.0 + z * (1.0 / 355687428096000.0))))))));
  }
  FOOTFALL_INLINE static double cos_series(double z) noexcept {  // 1 − r²/2! + … + r¹⁶/16!
    return 1.0 +
           z * (-0.5 +
                z * (1.0 / 24 +
                     z * (-1.0 / 720 +
                          z * (1.0 / 40320 +
                               z * (-1.0 / 3628800 +
                                    z * (1.0 / 479001600.0 + z * (-1.0 / 87178291200.0 + z * (1.0 / 20922789888000.0))))))));
  }
};

}  // namespace detail

/// sin x and cos x of one angle x (radians), with one shared argument reduction; angles beyond
/// the reduction's limit, ±∞ and NaN are passed to std::sin and std::cos.
template <typename S>
FOOTFALL_INLINE SinCos<S> sin_cos(S x) noexcept {
  using C = detail::SinCosConstants<S>;
  if (!(std::abs(x) <= C::kLimit)) return {std::sin(x), std::cos(x)};  // large, ±∞ or NaN
  // No reduction within π/4: the series take r = x as it is. (At ±0 the series' sum would be
  // +0 either way; sin(−0) is −0.)
  if (std::abs(x) <= C::kQuarterPi) {
    if (x == S(0)) return {x, S(1)};
    return {C::sin_series(x, x * x), C::cos_series(x * x)};
  }
  // n, the nearest integer to x·2/π (a rounding either way at a tie costs nothing: |r| then
  // exceeds π/4 by a rounding, where the series are as accurate).
  const S t = x * C::kTwoOverPi;
  const int n = static_cast<int>(t + (t < S(0) ? S(-0.5) : S(0.5)));
  const S k = static_cast<S>(n);
  const S r = ((x - k * C::kP1) - k * C::kP2) - k * C::kP3;
  const S z = r * r;
  const S s = C::sin_series(r, z), c = C::cos_series(z);
  switch (n & 3) {
    case 0:
      return {s, c};
    case 1:
      return {c, -s};
    case 2:
      return {-s, -c};
    default:
      return {-c, s};
  }
}

}  // namespace footfall
FOOTFALL_HEADER_END
