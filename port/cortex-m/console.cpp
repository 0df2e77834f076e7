// The console on the emulated boards: the semihosting console, opened as ":tt". Output is
// collected into lines so that each semihosting call carries a whole line.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "footfall/port/port.hpp"
#include "semihosting.hpp"

namespace {

std::int32_t g_console = -1;
char g_line[128];
std::size_t g_line_length = 0;

std::int32_t console_handle() {
  if (g_console < 0) {
    static const char kName[] = ":tt";
    const std::uint32_t open_block[3] = {reinterpret_cast<std::uint32_t>(kName), 4u /* "w" */,
                                         sizeof(kName) - 1};
    g_console = static_cast<std::int32_t>(
        footfall::port::semihosting::call(footfall::port::semihosting::kOpen, open_block));
  }
  return g_console;
}

void flush_line() {
  if (g_line_length == 0) return;
  const std::uint32_t write_block[3] = {static_cast<std::uint32_t>(console_handle()),
                                        reinterpret_cast<std::uint32_t>(g_line),
                                        static_cast<std::uint32_t>(g_line_length)};
  footfall::port::semihosting::call(footfall::port::semihosting::kWrite, write_block);
  g_line_length = 0;
}

}  // namespace

// The byte sink picolibc's stdout uses (see stdio_stream.c).
extern "C" int ff_console_putc(char c) {
  g_line[g_line_length++] = c;
  if (c == '\n' || g_line_length == sizeof(g_line)) flush_line();
  return static_cast<unsigned char>(c);
}

extern "C" int ff_console_flush() {
  flush_line();
  return 0;
}

namespace footfall::port {

void console_write(const char* text, std::size_t length) noexcept {
  for (std::size_t i = 0; i < length; ++i) ff_console_putc(text[i]);
}

void console_print(const char* text) noexcept { console_write(text, std::strlen(text)); }

[[noreturn]] void finish(int status) noexcept {
  flush_line();
  // ADP_Stopped_ApplicationExit with the status; QEMU exits with it.
  const std::uint32_t exit_block[2] = {0x20026u, static_cast<std::uint32_t>(status)};
  for (;;) semihosting::call(semihosting::kExitExtended, exit_block);
}

[[noreturn]] void fault(const char* reason) noexcept {
  flush_line();
  console_print("footfall: fault: ");
  console_print(reason);
  console_print("\n");
  finish(3);
}

}  // namespace footfall::port

// The same two endings for the C startup code (startup.c) and for the C library: exit() ends in
// _exit(), and abort() (which libgcc and libstdc++ call when something cannot go on) is a fault,
// not picolibc's raise(SIGABRT), which would need an operating system.
extern "C" [[noreturn]] void _exit(int status) { footfall::port::finish(status); }
// Eigen's checks on firmware (footfall/config/firmware_eigen.hpp). Never returns, but is not
// declared so, on purpose: see that header.
extern "C" void ff_eigen_assert_failed() noexcept { footfall::port::fault("Eigen check failed"); }
extern "C" [[noreturn]] void abort() { footfall::port::fault("abort() called"); }
extern "C" [[noreturn]] void ff_port_finish(int status) { footfall::port::finish(status); }
extern "C" [[noreturn]] void ff_port_fault(const char* reason) { footfall::port::fault(reason); }
