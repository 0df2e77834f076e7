#pragma once
// Shared by the board benchmarks: the calibrated instruction counter and the table's rows.
#include <cstdint>
#include <cstdio>

#include "footfall/port/instruction_counter.hpp"

namespace footfall::bench {

// Calibrated once in bench_main.cpp before any benchmark runs.
extern port::InstructionCounter g_counter;

inline void row(const char* scalar, const char* operation, std::uint32_t instructions) {
  std::printf("  %-6s  %-40s %8u\n", scalar, operation, static_cast<unsigned>(instructions));
}

template <typename S>
void spatial();
template <typename S>
void dynamics();
template <typename S>
void stance();
template <typename S>
void strike();
template <typename S>
void soles();
template <typename S>
void motion();

}  // namespace footfall::bench
