#pragma once
// Turns a fuzzer's bytes into numbers, front to back. Plain C++ with no sanitizer or libFuzzer
// dependency, so the boards can decode the committed fuzz corpus exactly as the harnesses do
// (tests/unit/reliability/test_fuzz_corpus.cpp replays it and counts instructions).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

namespace footfall::fuzz {

// Reads the fuzzer's bytes front to back; past the end a number is its typical value, an integer
// its lowest and one_in false, so any input, even an empty one, is a complete recipe (the empty
// one: the nominal case, which the harnesses' decoders keep valid).
class ByteReader {
 public:
  ByteReader(const std::uint8_t* data, std::size_t size) noexcept : data_(data), size_(size) {}

  std::uint8_t byte() noexcept { return position_ < size_ ? data_[position_++] : 0; }
  bool flag() noexcept { return (byte() & 1u) != 0; }
  // True about once in n (1 ≤ n ≤ 256) while bytes remain, never past the end: for the choices
  // that make an input unusual (a hostile option, a pad, an unnormalised normal), so that the
  // bytes running out leaves the nominal case, as for the numbers.
  bool one_in(int n) noexcept { return position_ < size_ && static_cast<int>(byte()) % n == 0; }
  // An integer in [low, high], high − low < 256.
  int integer(int low, int high) noexcept {
    const int span = high - low + 1;
    return low + static_cast<int>(byte()) % span;
  }
  // A number of type S: mostly `typical` moved by up to ±`spread`, sometimes one of the values
  // that break naive code (NaN, ±∞, 0, the largest, a subnormal, the opposite sign), sometimes
  // any bit pattern at all.
  template <typename S>
  S number(S typical, S spread) noexcept {
    if (position_ >= size_) return typical;
    const std::uint8_t kind = byte();
    switch (kind % 32u) {
      case 0: return std::numeric_limits<S>::quiet_NaN();
      case 1: return std::numeric_limits<S>::infinity();
      case 2: return -std::numeric_limits<S>::infinity();
      case 3: return S(0);
      case 4: return std::numeric_limits<S>::max();
      case 5: return std::numeric_limits<S>::denorm_min();
      case 6: return -typical;
      case 7: return raw<S>();
      default: {
        const int step = static_cast<int>(byte()) - 128;
        return typical + spread * static_cast<S>(step) / S(128);
      }
    }
  }

 private:
  template <typename S>
  S raw() noexcept {
    unsigned char bytes[sizeof(S)];
    for (unsigned char& b : bytes) b = byte();
    S value;
    std::memcpy(&value, bytes, sizeof(S));
    return value;
  }

  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t position_ = 0;
};

}  // namespace footfall::fuzz
