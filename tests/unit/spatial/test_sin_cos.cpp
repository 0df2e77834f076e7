// sin_cos (common/sin_cos.hpp), the joint transforms' sine and cosine of one angle, against the C
// library's sin and cos in a wider type (long double on the host; double on the boards, where
// long double is no wider, with the reference's own rounding, within an ulp, allowed for):
// within 1.5 units in the last place of 1 absolutely and 2 relative to the exact value, over the
// reduction's whole range, at the angles nearest the multiples of π/2 (where the reduction
// cancels the most and one of the pair is tiny) and on the quadrants' edges; sin²+cos² = 1; the
// signs and values at ±0; and beyond the range, ±∞ and NaN, exactly the C library's answers.
#include <cmath>
#include <limits>
#include <type_traits>

#include "ff_test.hpp"
#include "footfall/common/sin_cos.hpp"
#include "random.hpp"

namespace {

// long double where it is wider than double (the host); double where it is the same type (the
// boards' EABI), whose long double functions are libstdc++ stubs that clash with picolibc's.
using Wide = std::conditional_t<(sizeof(long double) > sizeof(double)), long double, double>;

// The tolerances, in the scalar's epsilon, with the reference's rounding when it is no wider.
template <typename S>
constexpr S reference_slack() {
  return sizeof(Wide) > sizeof(S) ? S(0) : S(1);
}

// |sin_cos(x) − (sin x, cos x)| within `absolute` ε and `relative` ε|exact|, both components.
template <typename S>
bool agrees(S x, S absolute, S relative) {
  const footfall::SinCos<S> got = footfall::sin_cos(x);
  const Wide eps = static_cast<Wide>(std::numeric_limits<S>::epsilon());
  const Wide exact[2] = {std::sin(static_cast<Wide>(x)), std::cos(static_cast<Wide>(x))};
  const Wide value[2] = {static_cast<Wide>(got.sin), static_cast<Wide>(got.cos)};
  for (int k = 0; k < 2; ++k) {
    const Wide error = std::abs(value[k] - exact[k]);
    const Wide allowed_absolute = static_cast<Wide>(absolute) * eps;
    const Wide allowed_relative = static_cast<Wide>(relative) * eps * std::abs(exact[k]) + Wide(2) * eps * eps;
    if (!(error <= allowed_absolute) || !(error <= allowed_relative))
      return false;
  }
  return true;
}

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(SinCos, WithinAnUlpOverTheReducedRange) {
  using C = footfall::detail::SinCosConstants<S>;
  const S absolute = S(1.5) + reference_slack<S>(), relative = S(2) + reference_slack<S>();
  footfall::test::Random random(11);
  const S ranges[] = {S(0.8), S(4), S(100), C::kLimit};
  for (S range : ranges)
    for (int i = 0; i < 2000; ++i) {
      const S x = random.uniform(-range, range);
      FF_EXPECT_TRUE(agrees(x, absolute, relative));
    }
  for (int e = 1; e <= 60; ++e) {  // small angles, where sin x ≈ x must hold relatively
    const S x = std::ldexp(S(0.7), -e);
    FF_EXPECT_TRUE(agrees(x, absolute, relative));
    FF_EXPECT_TRUE(agrees(-x, absolute, relative));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(SinCos, NearTheMultiplesOfHalfPi) {
  // The scalar nearest n π/2 and its neighbours: there r is a few ulps of x, so any bit lost to
  // the reduction shows in the tiny member of the pair, relatively. Also where n changes
  // (x·2/π at a half), where the series run slightly past π/4.
  using C = footfall::detail::SinCosConstants<S>;
  const S absolute = S(1.5) + reference_slack<S>(), relative = S(4) + reference_slack<S>();
  const Wide half_pi = Wide(1.57079632679489661923132169163975144L);
  const int last = static_cast<int>(C::kLimit / S(1.5707963));
  for (int n = -last; n <= last; n += std::abs(n) < 64 ? 1 : std::abs(n) / 16) {  // every n near 0, a few hundred in all
    const S centre = static_cast<S>(Wide(n) * half_pi);
    const S edge = static_cast<S>((Wide(n) + Wide(0.5)) * half_pi);
    const S points[] = {centre, std::nextafter(centre, S(1e9)), std::nextafter(centre, S(-1e9)),
                        edge,   std::nextafter(edge, S(1e9)),   std::nextafter(edge, S(-1e9))};
    for (S x : points) {
      if (std::abs(x) <= C::kLimit) {
        FF_EXPECT_TRUE(agrees(x, absolute, relative));
      }
    }
  }
}

FF_TEST_FLOAT_AND_DOUBLE(SinCos, PythagorasAndSymmetry) {
  footfall::test::Random random(12);
  const S eps = std::numeric_limits<S>::epsilon();
  for (int i = 0; i < 2000; ++i) {
    const S x = random.uniform(S(-50), S(50));
    const footfall::SinCos<S> a = footfall::sin_cos(x), b = footfall::sin_cos(-x);
    FF_EXPECT_LE(std::abs(a.sin * a.sin + a.cos * a.cos - S(1)), S(4) * eps);
    FF_EXPECT_TRUE(b.sin == -a.sin);  // odd and even, exactly: the reduction is symmetric
    FF_EXPECT_TRUE(b.cos == a.cos);
  }
}

FF_TEST_FLOAT_AND_DOUBLE(SinCos, ZerosLimitsAndNonFiniteAngles) {
  using C = footfall::detail::SinCosConstants<S>;
  const footfall::SinCos<S> zero = footfall::sin_cos(S(0)), negative_zero = footfall::sin_cos(S(-0.0));
  FF_EXPECT_TRUE(zero.sin == S(0) && !std::signbit(zero.sin) && zero.cos == S(1));
  FF_EXPECT_TRUE(negative_zero.sin == S(0) && std::signbit(negative_zero.sin) && negative_zero.cos == S(1));
  // Beyond the limit, and at ±∞ and NaN: the C library's answers themselves.
  const S big[] = {std::nextafter(C::kLimit, S(1e30)), S(3) * C::kLimit, S(-1e7), S(1e30)};
  for (S x : big) {
    const footfall::SinCos<S> got = footfall::sin_cos(x);
    FF_EXPECT_TRUE(got.sin == std::sin(x) && got.cos == std::cos(x));
  }
  const S infinity = std::numeric_limits<S>::infinity();
  const S odd[] = {infinity, -infinity, std::numeric_limits<S>::quiet_NaN()};
  for (S x : odd) {
    const footfall::SinCos<S> got = footfall::sin_cos(x);
    FF_EXPECT_TRUE(std::isnan(got.sin) && std::isnan(got.cos));
  }
  FF_EXPECT_TRUE(agrees(C::kLimit, S(1.5) + reference_slack<S>(), S(2) + reference_slack<S>()));
  FF_EXPECT_TRUE(agrees(-C::kLimit, S(1.5) + reference_slack<S>(), S(2) + reference_slack<S>()));
}
