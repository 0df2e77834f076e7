#pragma once
// What every footfall fuzz harness shares (libFuzzer, clang): a heap-call counter around the
// core, and the one way a harness reports a failure (byte_reader.hpp turns the bytes into numbers).
//
// A harness fails (abort, which libFuzzer records with the input that caused it) when the core
// crashes, hangs past libFuzzer's -timeout, trips a sanitizer, calls the heap, gives different
// answers to the same call twice, or says "ok" about an answer that breaks its own conditions.
#include <sanitizer/allocator_interface.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "byte_reader.hpp"
#include "footfall/common/status.hpp"
#include "well_formed.hpp"

namespace footfall::fuzz {

[[noreturn]] inline void fail(const char* what, int index = -1) {
  std::fprintf(stderr, "footfall fuzz failure: %s (index %d)\n", what, index);
  std::abort();
}

inline void require(bool condition, const char* what, int index = -1) {
  if (!condition) fail(what, index);
}

// Every malloc and free, counted per thread by the sanitizer runtime's hooks (installed once,
// from LLVMFuzzerInitialize; per thread so that libFuzzer's own memory-watch thread does not
// count). NoHeap compares the count across a scope: the core may not move it.
inline thread_local long heap_calls = 0;

extern "C" inline void footfall_fuzz_count_malloc(const volatile void*, std::size_t) { ++heap_calls; }
extern "C" inline void footfall_fuzz_count_free(const volatile void*) { ++heap_calls; }

inline void install_heap_counter() {
  static const bool installed =
      __sanitizer_install_malloc_and_free_hooks(footfall_fuzz_count_malloc, footfall_fuzz_count_free) != 0;
  require(installed, "could not install the sanitizer's malloc hooks");
}

class NoHeap {
 public:
  NoHeap() noexcept : before_(heap_calls) {}
  ~NoHeap() {
    if (heap_calls != before_) fail("the core called the heap");
  }
  NoHeap(const NoHeap&) = delete;
  NoHeap& operator=(const NoHeap&) = delete;

 private:
  long before_;
};

// Two Eigen vectors of the same size and the same bits (NaN compares equal to itself here).
template <typename A, typename B>
bool same_bits(const A& a, const B& b) {
  using Scalar = typename A::Scalar;
  return a.size() == b.size() &&
         std::memcmp(a.data(), b.data(), sizeof(Scalar) * static_cast<std::size_t>(a.size())) == 0;
}

inline void require_well_formed(const Status& status) {
  require(well_formed(status), "a status with an unknown code, or an error that names no field");
}

}  // namespace footfall::fuzz

// The libFuzzer entry points of a harness of the core: the heap counter installed once, and
// each input's first byte choosing the scalar of `run<S>(ByteReader&)` (odd: double).
#define FOOTFALL_FUZZ_BOTH_SCALARS(run)                                                   \
  extern "C" int LLVMFuzzerInitialize(int*, char***) {                                  \
    ::footfall::fuzz::install_heap_counter();                                             \
    return 0;                                                                             \
  }                                                                                       \
  extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {    \
    ::footfall::fuzz::ByteReader in(data, size);                                          \
    if (in.flag())                                                                        \
      run<double>(in);                                                                    \
    else                                                                                  \
      run<float>(in);                                                                     \
    return 0;                                                                             \
  }
