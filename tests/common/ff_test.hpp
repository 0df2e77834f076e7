#pragma once
// One test source, two runners. On the host FF_TEST is a GoogleTest TEST whose body runs with
// Eigen's heap forbidden (EIGEN_RUNTIME_NO_MALLOC); on a board (FOOTFALL_TEST_ON_BOARD) it
// registers the body in a fixed-size static registry that tests/target/board_test_main.cpp
// runs, reporting through the semihosting exit status. So the board suite is the host suite.
//
//   FF_TEST(Suite, Name) { ... }                 one test
//   FF_TEST_FLOAT_AND_DOUBLE(Suite, Name) { ... } the body as a template on `S`, registered
//                                                 twice, as Name_float and Name_double
#include <cstddef>
#include <limits>

#include <Eigen/Core>

#include "footfall/common/numeric.hpp"

namespace footfall::test {

// k units of rounding in S: the tolerance of a result that a few dozen operations of numbers of
// size one produce. Tests scale it by the size of what they compare.
template <typename S>
constexpr S ulps(int k) noexcept {
  return S(k) * epsilon<S>();
}

}  // namespace footfall::test

#if defined(FOOTFALL_TEST_ON_BOARD)

namespace footfall::test {

using TestBody = void (*)();

// Adds a test to the registry; called by the static Registrar objects before main.
void register_test(const char* suite, const char* name, TestBody body) noexcept;

// Records a failed expectation in the running test and prints where it happened.
void report_failure(const char* file, int line, const char* expression) noexcept;
void report_near_failure(const char* file, int line, const char* a, const char* b, double va,
                         double vb, double tolerance) noexcept;

struct Registrar {
  Registrar(const char* suite, const char* name, TestBody body) noexcept {
    register_test(suite, name, body);
  }
};

template <typename A, typename B, typename T>
inline void expect_near(A a, B b, T tolerance, const char* file, int line, const char* ea,
                        const char* eb) noexcept {
  const double va = static_cast<double>(a), vb = static_cast<double>(b);
  const double diff = va > vb ? va - vb : vb - va;
  if (!(diff <= static_cast<double>(tolerance)))
    report_near_failure(file, line, ea, eb, va, vb, static_cast<double>(tolerance));
}

}  // namespace footfall::test

#define FF_TEST(suite, name)                                                              \
  static void ff_test_body_##suite##_##name();                                            \
  static const ::footfall::test::Registrar ff_test_registrar_##suite##_##name(#suite, #name, \
                                                                             ff_test_body_##suite##_##name); \
  static void ff_test_body_##suite##_##name()

#define FF_EXPECT_TRUE(condition) \
  ((condition) ? (void)0 : ::footfall::test::report_failure(__FILE__, __LINE__, #condition))
#define FF_EXPECT_FALSE(condition) FF_EXPECT_TRUE(!(condition))
#define FF_EXPECT_EQ(a, b) FF_EXPECT_TRUE((a) == (b))
#define FF_EXPECT_LE(a, b) FF_EXPECT_TRUE((a) <= (b))
#define FF_EXPECT_LT(a, b) FF_EXPECT_TRUE((a) < (b))
#define FF_EXPECT_NEAR(a, b, tolerance) \
  ::footfall::test::expect_near((a), (b), (tolerance), __FILE__, __LINE__, #a, #b)
#define FF_ASSERT_TRUE(condition)                                         \
  do {                                                                    \
    if (!(condition)) {                                                   \
      ::footfall::test::report_failure(__FILE__, __LINE__, #condition);   \
      return;                                                             \
    }                                                                     \
  } while (false)

#else  // the host: GoogleTest

#include <gtest/gtest.h>

namespace footfall::test {

// Forbids Eigen heap allocation for the lifetime of the object (needs EIGEN_RUNTIME_NO_MALLOC,
// which the host test build defines for every translation unit).
class NoEigenHeap {
 public:
  NoEigenHeap() noexcept { Eigen::internal::set_is_malloc_allowed(false); }
  ~NoEigenHeap() { Eigen::internal::set_is_malloc_allowed(true); }
  NoEigenHeap(const NoEigenHeap&) = delete;
  NoEigenHeap& operator=(const NoEigenHeap&) = delete;
};

}  // namespace footfall::test

#define FF_TEST(suite, name)                         \
  static void ff_test_body_##suite##_##name();       \
  TEST(suite, name) {                                \
    const ::footfall::test::NoEigenHeap no_heap;     \
    ff_test_body_##suite##_##name();                 \
  }                                                  \
  static void ff_test_body_##suite##_##name()

#define FF_EXPECT_TRUE(condition) EXPECT_TRUE(condition)
#define FF_EXPECT_FALSE(condition) EXPECT_FALSE(condition)
#define FF_EXPECT_EQ(a, b) EXPECT_EQ(a, b)
#define FF_EXPECT_LE(a, b) EXPECT_LE(a, b)
#define FF_EXPECT_LT(a, b) EXPECT_LT(a, b)
#define FF_EXPECT_NEAR(a, b, tolerance) \
  EXPECT_NEAR(static_cast<double>(a), static_cast<double>(b), static_cast<double>(tolerance))
#define FF_ASSERT_TRUE(condition) ASSERT_TRUE(condition)

#endif

// A test body written once for a scalar S, registered as name_float and name_double. The boards
// split the two (tests/CMakeLists.txt): on the Cortex-M4F, whose FPU is single precision only
// (FOOTFALL_TEST_FLOAT_ONLY), it runs in float alone, since double there is the compiler's
// software arithmetic, not footfall's code; on the Cortex-M7, double in hardware
// (FOOTFALL_TEST_DOUBLE_ONLY), in double alone, since the M4F runs the float instance of the same
// body on the same instruction set. Each halves its board's build; the host and aarch64 run both.
#if defined(FOOTFALL_TEST_FLOAT_ONLY) && defined(FOOTFALL_TEST_DOUBLE_ONLY)
#error "FOOTFALL_TEST_FLOAT_ONLY and FOOTFALL_TEST_DOUBLE_ONLY leave no scalar to test"
#endif
#if defined(FOOTFALL_TEST_FLOAT_ONLY)
#define FF_TEST_DOUBLE_INSTANCE(suite, name)
#else
#define FF_TEST_DOUBLE_INSTANCE(suite, name) \
  FF_TEST(suite, name##_double) { ff_typed_test_##suite##_##name<double>(); }
#endif
#if defined(FOOTFALL_TEST_DOUBLE_ONLY)
#define FF_TEST_FLOAT_INSTANCE(suite, name)
#else
#define FF_TEST_FLOAT_INSTANCE(suite, name) \
  FF_TEST(suite, name##_float) { ff_typed_test_##suite##_##name<float>(); }
#endif

#define FF_TEST_FLOAT_AND_DOUBLE(suite, name)                   \
  template <typename S>                                         \
  static void ff_typed_test_##suite##_##name();                 \
  FF_TEST_FLOAT_INSTANCE(suite, name)                           \
  FF_TEST_DOUBLE_INSTANCE(suite, name)                          \
  template <typename S>                                         \
  static void ff_typed_test_##suite##_##name()

// Two matrices (or vectors) agree coefficient by coefficient to within `tolerance`.
#define FF_EXPECT_MATRIX_NEAR(a, b, tolerance) \
  FF_EXPECT_LE(::footfall::test::max_abs_difference((a), (b)), (tolerance))

namespace footfall::test {

// The largest |a - b| over the coefficients; +∞ when the shapes differ, NaN when a difference is
// NaN, so that either fails the comparison. Through footfall::max_abs, a plain loop: Eigen's
// vectorised cwiseAbs().maxCoeff() draws GCC 12's false -Warray-bounds on small run-time-sized
// vectors wherever inlining brings the packet path into view.
template <typename A, typename B>
auto max_abs_difference(const A& a, const B& b) noexcept {
  using S = typename A::Scalar;
  if (a.rows() != b.rows() || a.cols() != b.cols()) return std::numeric_limits<S>::infinity();
  return ::footfall::max_abs(a - b);
}

}  // namespace footfall::test
