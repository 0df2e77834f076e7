// set_zero (common/numeric.hpp), the unrolled zeroing the per-tick code uses instead of Eigen's
// std::fill_n: every coefficient of the new shape is exactly zero, whatever was there before
// (NaN here) and whatever the size modulo the unroll of four; and a default spatial vector,
// which is zeroed by it, is zero.
#include <limits>

#include "ff_test.hpp"
#include "footfall/spatial.hpp"

FF_TEST_FLOAT_AND_DOUBLE(SetZero, EveryCoefficientOfEveryShape) {
  const S nan = std::numeric_limits<S>::quiet_NaN();
  using Dynamic = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, 0, 9, 9>;
  for (int rows = 0; rows <= 9; ++rows)
    for (int cols = 0; cols <= 9; ++cols) {
      Dynamic m = Dynamic::Constant(9, 9, nan);
      footfall::set_zero(m, rows, cols);
      FF_EXPECT_EQ(m.rows(), rows);
      FF_EXPECT_EQ(m.cols(), cols);
      for (int j = 0; j < cols; ++j)
        for (int i = 0; i < rows; ++i) FF_EXPECT_TRUE(m(i, j) == S(0));
    }
  footfall::Vector6<S> six = footfall::Vector6<S>::Constant(nan);
  footfall::set_zero(six);
  for (int i = 0; i < 6; ++i) FF_EXPECT_TRUE(six(i) == S(0));
  footfall::Matrix3<S> three = footfall::Matrix3<S>::Constant(nan);
  footfall::set_zero(three);
  for (int i = 0; i < 9; ++i) FF_EXPECT_TRUE(three(i) == S(0));
}

FF_TEST_FLOAT_AND_DOUBLE(SetZero, DefaultSpatialVectorsAreZero) {
  const footfall::Motion<S> m, m_zero = footfall::Motion<S>::Zero();
  const footfall::Force<S> f, f_zero = footfall::Force<S>::Zero();
  for (int i = 0; i < 6; ++i) {
    FF_EXPECT_TRUE(m.vector()(i) == S(0));
    FF_EXPECT_TRUE(m_zero.vector()(i) == S(0));
    FF_EXPECT_TRUE(f.vector()(i) == S(0));
    FF_EXPECT_TRUE(f_zero.vector()(i) == S(0));
  }
}
