// all_finite (common/numeric.hpp), which sums 0·x over the coefficients instead of testing each:
// it must say false for one NaN, +∞ or −∞ anywhere in a vector or a matrix, and true for every
// finite value, the largest, the smallest subnormal and −0 among them (their products with 0
// are ±0 and add to 0).
#include <limits>

#include "ff_test.hpp"
#include "footfall/spatial.hpp"

FF_TEST_FLOAT_AND_DOUBLE(AllFinite, OneBadCoefficientAnywhere) {
  using Limits = std::numeric_limits<S>;
  const S finite[6] = {S(0), -S(0), Limits::max(), -Limits::max(), Limits::denorm_min(), S(-1.5)};
  const S bad[3] = {Limits::quiet_NaN(), Limits::infinity(), -Limits::infinity()};
  footfall::Matrix3<S> m;
  for (int k = 0; k < 9; ++k) m(k) = finite[k % 6];
  FF_EXPECT_TRUE(footfall::all_finite(m));
  for (const S b : bad)
    for (int k = 0; k < 9; ++k) {
      footfall::Matrix3<S> with = m;
      with(k) = b;
      FF_EXPECT_TRUE(!footfall::all_finite(with));
      for (int c = 0; c < 3; ++c)  // an expression too: only the column that holds it (k / 3)
        FF_EXPECT_TRUE(footfall::all_finite(with.col(c)) == (c != k / 3));
    }
  footfall::Vector3<S> v(Limits::max(), Limits::max(), Limits::max());  // 0·max is 0: no overflow
  FF_EXPECT_TRUE(footfall::all_finite(v));
  v(1) = Limits::infinity();
  FF_EXPECT_TRUE(!footfall::all_finite(v));
  const Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 4, 1> empty(0);
  FF_EXPECT_TRUE(footfall::all_finite(empty));
}
