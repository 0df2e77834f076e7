#pragma once
// ARM semihosting: the debugger (here QEMU with -semihosting-config enable=on) services a
// request made with `bkpt 0xAB` on M-profile cores. Operation numbers are from ARM's
// "Semihosting for AArch32 and AArch64", v2.0.
#include <cstdint>

namespace footfall::port::semihosting {

enum Operation : std::uint32_t {
  kOpen = 0x01,
  kWrite = 0x05,
  kExitExtended = 0x20,  // SYS_EXIT_EXTENDED: carries an exit status (SYS_EXIT cannot on AArch32)
};

inline std::uint32_t call(std::uint32_t operation, const void* argument) noexcept {
  register std::uint32_t r0 asm("r0") = operation;
  register const void* r1 asm("r1") = argument;
  asm volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

}  // namespace footfall::port::semihosting
