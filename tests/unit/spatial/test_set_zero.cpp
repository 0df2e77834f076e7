// set_zero (common/numeric.hpp), the unrolled zeroing the per-tick code uses instead of Eigen's
// std::fill_n: every coefficient of the new shape is exactly zero, whatever was there before
// (NaN here) and whatever the size modulo the unroll of four; and a default spatial vector,
// which is zeroed by it, is zero.
#include <limits>

#include "ff_test.hpp"
#include "footfall/common/small_ldlt.hpp"
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

// kUnset leaves an object's coefficients as they are, for one that is assigned whole before it
// is read (common/numeric.hpp). The sanitizer build (FOOTFALL_POISON_UNSET) fills them with NaN
// instead, so that a value read before it is written shows as NaN in what the other tests check
// (CRBA's carried columns and the strike's velocity jumps are such slots): there, every
// coefficient of each kind is NaN. Elsewhere nothing may be read of them, so only their being
// assigned is checked.
FF_TEST_FLOAT_AND_DOUBLE(SetZero, UnsetObjectsArePoisonedInTheSanitizerBuild) {
  auto slots = footfall::detail::unset_array<footfall::Force<S>, 3>();
  footfall::Motion<S> motion(footfall::detail::kUnset);
  footfall::Transform<S> transform(footfall::detail::kUnset);
  footfall::SmallLdlt<S, 3> ldlt(footfall::detail::kUnset);
  FF_EXPECT_EQ(static_cast<int>(slots.size()), 3);
#if defined(FOOTFALL_POISON_UNSET)
  for (const auto& slot : slots)
    for (int i = 0; i < 6; ++i) FF_EXPECT_TRUE(slot.vector()(i) != slot.vector()(i));
  for (int i = 0; i < 6; ++i) FF_EXPECT_TRUE(motion.vector()(i) != motion.vector()(i));
  for (int i = 0; i < 9; ++i) FF_EXPECT_TRUE(transform.rotation()(i) != transform.rotation()(i));
  for (int i = 0; i < 3; ++i) FF_EXPECT_TRUE(transform.translation()(i) != transform.translation()(i));
#endif
  slots[1] = footfall::Force<S>::Zero();
  motion = footfall::Motion<S>::Zero();
  transform = footfall::Transform<S>::Identity();
  FF_EXPECT_TRUE(slots[1].vector().isZero(S(0)));
  FF_EXPECT_TRUE(motion.vector().isZero(S(0)));
  FF_EXPECT_TRUE(transform.rotation().isIdentity(S(0)));
  // An unset factorisation solves nothing until compute() has run: n is 0.
  typename footfall::SmallLdlt<S, 3>::Vector b(S(1), S(2), S(3));
  ldlt.solve_in_place(b);
  FF_EXPECT_TRUE(b == (typename footfall::SmallLdlt<S, 3>::Vector(S(1), S(2), S(3))));
}
