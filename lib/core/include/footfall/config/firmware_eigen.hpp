#pragma once
// Eigen settings for firmware, force-included (-include) into every translation unit of a
// firmware build by the footfall::core target, so that all of them agree (Eigen's ABI depends
// on these macros).
//
// - EIGEN_NO_MALLOC: any Eigen heap allocation becomes an eigen_assert failure.
// - eigen_assert calls ff_eigen_assert_failed(), which the port implements as a fault (report,
//   then end the program). Alone, EIGEN_NO_MALLOC is an assert that NDEBUG removes. The handler
//   is deliberately not declared [[noreturn]]: if it were (or were __builtin_trap), the
//   compiler would delete the malloc call that follows Eigen's failed check, and the image
//   would trap at run time instead of failing the link-time heap check
//   (cmake/check-no-heap.cmake), which is the proof we want. The same handler guards Eigen's
//   size and index checks.
// - EIGEN_DONT_VECTORIZE: Eigen has no Cortex-M SIMD path; without this it still aligns
//   fixed-size objects to 16 bytes for nothing.
// - EIGEN_STRONG_INLINE always inlines, as it does under MSVC: Eigen marks with it the small
//   functions its fixed-size kernels are made of (a 3×3 product's coefficient, say), and when
//   GCC declines to inline them each coefficient becomes a call, which costs several times the
//   arithmetic it calls.
#define EIGEN_NO_MALLOC
#define EIGEN_DONT_VECTORIZE
#define EIGEN_STRONG_INLINE __attribute__((always_inline)) inline

#ifdef __cplusplus
extern "C" void ff_eigen_assert_failed() noexcept;
#else
void ff_eigen_assert_failed(void);
#endif

#define eigen_assert(condition)                 \
  do {                                          \
    if (!(condition)) ff_eigen_assert_failed(); \
  } while (false)
