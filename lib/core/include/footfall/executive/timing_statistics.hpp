#pragma once
// Durations of a periodic loop's ticks and stages, kept without storing the samples: the count,
// the minimum, the maximum, the sum (for the mean) and a histogram of fixed-width bins whose last
// bin takes everything beyond. In the clock's own ticks, so the figures are exact integers and
// the same on every run of a deterministic clock.
#include <cstdint>

#include "footfall/common/header_diagnostics.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// A time or duration in a clock's own ticks (the executive's Clock::now() unit).
using ClockTicks = std::uint64_t;

/// Running statistics of durations in clock ticks: count, minimum, maximum, sum and a histogram.
struct TimingStatistics {
  static constexpr int kBins = 16;  ///< the histogram's bins; the last takes every longer duration

  std::uint64_t count = 0;  ///< durations recorded
  ClockTicks min = ~ClockTicks(0);  ///< the shortest recorded; the largest value before any (see minimum())
  ClockTicks max = 0;  ///< the longest recorded; 0 before any
  ClockTicks sum = 0;  ///< wraps only after 2⁶⁴ ticks in all: centuries of nanoseconds
  ClockTicks bin_width = 1;  ///< histogram[b] counts durations in [b·width, (b + 1)·width)
  std::uint64_t histogram[kBins] = {};  ///< counts per bin of bin_width; the last bin also counts all beyond

  /// Clears every figure and sets the bin width (0 is taken as 1).
  void reset(ClockTicks width) noexcept {
    *this = TimingStatistics();
    bin_width = width > 0 ? width : 1;
  }

  /// Adds one duration to the count, minimum, maximum, sum and histogram.
  void record(ClockTicks duration) noexcept {
    ++count;
    if (duration < min) min = duration;
    if (duration > max) max = duration;
    sum += duration;
    ++histogram[bin_of(duration)];
  }

  /// The histogram bin of a duration. A 64-bit division is a library call on a 32-bit core,
  /// far dearer than the core's own divide, and the executive records four to six durations a tick,
  /// most of them inside the tick it times; a duration and a bin width that both fit in 32 bits
  /// (any tick shorter than 4 s at 1 GHz) take the core's own 32-bit divide instead.
  int bin_of(ClockTicks duration) const noexcept {
    const ClockTicks bin = ((duration | bin_width) >> 32) == 0
                               ? ClockTicks(std::uint32_t(duration) / std::uint32_t(bin_width))
                               : duration / bin_width;
    return bin < ClockTicks(kBins) ? int(bin) : kBins - 1;
  }

  /// The mean, rounded down (0 before any sample).
  ClockTicks mean() const noexcept { return count > 0 ? sum / count : 0; }
  /// The shortest duration recorded (0 before any sample).
  ClockTicks minimum() const noexcept { return count > 0 ? min : 0; }
};

}  // namespace footfall
FOOTFALL_HEADER_END
