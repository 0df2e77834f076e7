// The console on the NUCLEO-H743ZI2: USART3 on PD8 (TX) and PD9 (RX), wired to the ST-LINK's
// virtual COM port, at 115200 baud, 8N1. It replaces the emulated boards' semihosting console
// (port/cortex-m/console.cpp) and offers the same symbols: the byte sink of picolibc's stdout
// (port/cortex-m/stdio_stream.c), the port's console and its two endings. Polled, no interrupt:
// a byte waits for room in the transmitter (87 µs a byte at 115200 baud).
// Registers from RM0433: RCC §8.7, GPIO §11.4, USART §48.7.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "footfall/port/port.hpp"

namespace {

using Address = std::uintptr_t;

volatile std::uint32_t& reg(Address address) {
  return *reinterpret_cast<volatile std::uint32_t*>(address);
}

constexpr Address kRccAhb4enr = 0x58024400u + 0xE0u;
constexpr std::uint32_t kRccAhb4enrGpioden = 1u << 3;
constexpr Address kRccApb1lenr = 0x58024400u + 0xE8u;
constexpr std::uint32_t kRccApb1lenrUsart3en = 1u << 18;

constexpr Address kGpiod = 0x58020C00u;
constexpr Address kGpiodModer = kGpiod + 0x00u;    // 2 bits a pin: 10 = alternate function
constexpr Address kGpiodOspeedr = kGpiod + 0x08u;  // 2 bits a pin: 01 = medium speed
constexpr Address kGpiodAfrh = kGpiod + 0x24u;     // 4 bits a pin, pins 8–15
constexpr std::uint32_t kAf7Usart3 = 7u;

constexpr Address kUsart3 = 0x40004800u;
constexpr Address kUsartCr1 = kUsart3 + 0x00u;
constexpr std::uint32_t kCr1Ue = 1u << 0, kCr1Re = 1u << 2, kCr1Te = 1u << 3;
constexpr Address kUsartBrr = kUsart3 + 0x0Cu;
constexpr Address kUsartIsr = kUsart3 + 0x1Cu;
constexpr std::uint32_t kIsrTc = 1u << 6, kIsrTxe = 1u << 7;
constexpr Address kUsartTdr = kUsart3 + 0x28u;

// USART3's kernel clock is rcc_pclk1 (RCC_D2CCIP2R.USART234578SEL at its reset value), APB1 at
// 100 MHz (system.cpp); with 16× oversampling BRR = f / baud, rounded.
constexpr std::uint32_t kPclk1Hz = 100000000u;
constexpr std::uint32_t kBaud = 115200u;
constexpr std::uint32_t kBrr = (kPclk1Hz + kBaud / 2u) / kBaud;
static_assert(kBrr == 868u, "115200 baud from 100 MHz, 0.006 % off");

bool g_ready = false;

void set_fields(Address address, std::uint32_t mask, std::uint32_t value) {
  reg(address) = (reg(address) & ~mask) | value;
}

void start_uart() {
  reg(kRccAhb4enr) = reg(kRccAhb4enr) | kRccAhb4enrGpioden;
  reg(kRccApb1lenr) = reg(kRccApb1lenr) | kRccApb1lenrUsart3en;
  // A read-back: the enable has reached the peripheral before it is first written.
  const std::uint32_t enabled = reg(kRccApb1lenr);
  (void)enabled;
  // PD8 and PD9: alternate function 7 (USART3_TX, USART3_RX).
  set_fields(kGpiodAfrh, 0xFFu, (kAf7Usart3 << 4) | kAf7Usart3);
  set_fields(kGpiodOspeedr, 0xFu << 16, (1u << 18) | (1u << 16));
  set_fields(kGpiodModer, 0xFu << 16, (2u << 18) | (2u << 16));
  reg(kUsartCr1) = 0;  // disabled while configured; 8 data bits, no parity, 16× oversampling
  reg(kUsartBrr) = kBrr;
  reg(kUsartCr1) = kCr1Te | kCr1Re | kCr1Ue;
  g_ready = true;
}

void send(char c) {
  if (!g_ready) start_uart();
  while ((reg(kUsartIsr) & kIsrTxe) == 0) {
  }
  reg(kUsartTdr) = static_cast<unsigned char>(c);
}

void drain() {
  if (!g_ready) return;
  while ((reg(kUsartIsr) & kIsrTc) == 0) {
  }
}

// The board's last state: nothing left to run. A product would make the actuators safe and reset
// here (or let a watchdog do it); the demo waits, its output on the console.
[[noreturn]] void halt() {
  for (;;) asm volatile("wfi");
}

}  // namespace

// The byte sink picolibc's stdout uses (see stdio_stream.c); a terminal wants "\r\n".
extern "C" int ff_console_putc(char c) {
  if (c == '\n') send('\r');
  send(c);
  return static_cast<unsigned char>(c);
}

extern "C" int ff_console_flush() {
  drain();
  return 0;
}

namespace footfall::port {

void console_write(const char* text, std::size_t length) noexcept {
  for (std::size_t i = 0; i < length; ++i) ff_console_putc(text[i]);
}

void console_print(const char* text) noexcept { console_write(text, std::strlen(text)); }

[[noreturn]] void finish(int status) noexcept {
  // No host to hand the status to: print it ("footfall: exit status 0") and stop.
  char digits[12];
  std::size_t n = 0;
  unsigned magnitude = status < 0 ? 0u - static_cast<unsigned>(status) : static_cast<unsigned>(status);
  do {
    digits[n++] = static_cast<char>('0' + magnitude % 10u);
    magnitude /= 10u;
  } while (magnitude != 0u);
  console_print("footfall: exit status ");
  if (status < 0) ff_console_putc('-');
  while (n > 0) ff_console_putc(digits[--n]);
  ff_console_putc('\n');
  drain();
  halt();
}

[[noreturn]] void fault(const char* reason) noexcept {
  console_print("footfall: fault: ");
  console_print(reason);
  console_print("\n");
  drain();
  halt();
}

}  // namespace footfall::port

// The same endings for the C startup code, the C library and Eigen's checks, as console.cpp
// gives them on the emulated boards.
extern "C" [[noreturn]] void _exit(int status) { footfall::port::finish(status); }
extern "C" void ff_eigen_assert_failed() noexcept { footfall::port::fault("Eigen check failed"); }
extern "C" [[noreturn]] void abort() { footfall::port::fault("abort() called"); }
extern "C" [[noreturn]] void ff_port_finish(int status) { footfall::port::finish(status); }
extern "C" [[noreturn]] void ff_port_fault(const char* reason) { footfall::port::fault(reason); }
