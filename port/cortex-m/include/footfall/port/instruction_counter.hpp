#pragma once
// Counting the instructions a piece of code executes, on the emulated boards.
//
// Under QEMU's -icount every instruction advances virtual time by a fixed 2^shift ns, and the
// SysTick clock (port::now) counts that virtual time in core-clock ticks. So ticks are a fixed
// multiple of instructions; calibrate() measures the multiple on a loop of known length rather
// than trusting the board's clock and the shift to agree with this file. Counts are exact and
// repeatable: the same image and inputs give the same number on every run. They are
// instructions, not cycles: QEMU does not model the pipeline, caches or wait states.
#include <cstdint>

#include "footfall/port/port.hpp"

namespace footfall::port {

#if defined(FOOTFALL_BOARD_CYCLE_COUNTER)

// On a real board (FOOTFALL_BOARD_CYCLE_COUNTER: the nucleo-h743zi) there is no instruction
// clock to read, but the Cortex-M7's DWT counts core cycles (CYCCNT, 32 bits: 10.7 s at
// 400 MHz, far longer than anything measured), which the board's bring-up enables. The same
// interface then gives cycles, with caches, wait states and the pipeline in them; unit() says so.
class InstructionCounter {
 public:
  // Measures the cost of a measurement of nothing, to take off every count.
  void calibrate() noexcept {
    overhead_cycles_ = 0;
    overhead_cycles_ = measure([] {});
  }

  static const char* unit() noexcept { return "cycles"; }

  template <typename F>
  std::uint32_t count(F&& f) const noexcept {
    const std::uint32_t cycles = measure(f);
    return cycles > overhead_cycles_ ? cycles - overhead_cycles_ : 0u;
  }

 private:
  static std::uint32_t cyccnt() noexcept {
    return *reinterpret_cast<volatile const std::uint32_t*>(std::uintptr_t{0xE0001004u});
  }

  template <typename F>
  static std::uint32_t measure(F&& f) noexcept {
    asm volatile("dsb 0xF\n\tisb 0xF" ::: "memory");
    const std::uint32_t start = cyccnt();
    f();
    asm volatile("dsb 0xF\n\tisb 0xF" ::: "memory");
    return cyccnt() - start;  // modulo 2^32: right across one wrap
  }

  std::uint32_t overhead_cycles_ = 0;
};

#else

class InstructionCounter {
 public:
  // Measures the ticks of a loop of exactly 2 × kLoopIterations instructions (the difference of
  // two loop lengths cancels the call's own cost). The ratio stays a pair of integers: a count
  // is then an integer division, with no double arithmetic, which a board with a
  // single-precision FPU would pull in from the runtime library.
  void calibrate() noexcept {
    const Ticks short_loop = time_loop(kLoopIterations / 10);
    const Ticks long_loop = time_loop(kLoopIterations / 10 + kLoopIterations);
    calibration_ticks_ = long_loop > short_loop ? long_loop - short_loop : kCalibrationInstructions;
    overhead_ticks_ = 0;
    overhead_ticks_ = measure_ticks([] {});
  }

  // For reports: the clock's ticks per instruction that calibrate() measured.
  float ticks_per_instruction() const noexcept {
    return static_cast<float>(calibration_ticks_) / static_cast<float>(kCalibrationInstructions);
  }

  static const char* unit() noexcept { return "instructions"; }

  // Instructions executed by f(), the measurement's own cost taken off, rounded to the nearest.
  template <typename F>
  std::uint32_t count(F&& f) const noexcept {
    const Ticks measured = measure_ticks(f);
    const Ticks ticks = measured > overhead_ticks_ ? measured - overhead_ticks_ : 0;
    return static_cast<std::uint32_t>((ticks * kCalibrationInstructions + calibration_ticks_ / 2) / calibration_ticks_);
  }

 private:
  static constexpr std::uint32_t kLoopIterations = 20000;
  static constexpr Ticks kCalibrationInstructions = 2 * Ticks{kLoopIterations};

  template <typename F>
  Ticks measure_ticks(F&& f) const noexcept {
    const Ticks start = now();
    f();
    const Ticks end = now();
    return end - start;
  }

  static Ticks time_loop(std::uint32_t iterations) noexcept {
    const Ticks start = now();
    asm volatile(
        "1: subs %0, %0, #1\n\t"
        "bne 1b"
        : "+r"(iterations)
        :
        : "cc");
    return now() - start;
  }

  Ticks calibration_ticks_ = kCalibrationInstructions;  // uncalibrated: one tick an instruction
  Ticks overhead_ticks_ = 0;
};

#endif

// Keeps the optimiser from discarding a computed value or hoisting work out of a measurement.
template <typename T>
inline void keep(T const& value) noexcept {
  asm volatile("" : : "r"(&value) : "memory");
}

}  // namespace footfall::port
