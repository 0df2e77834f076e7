// NUCLEO-H743ZI2 bring-up, register by register from ST's RM0433 (STM32H742/743/750/753
// reference manual), called by the reset handler (port/cortex-m/startup.c) after .data and .bss
// are set up and before static constructors and main:
//   1. the vector table's address in VTOR (RM0433 boots from BOOT_ADD0 = 0x08000000);
//   2. supply and voltage: LDO, VOS1 (PWR, RM0433 §6.8);
//   3. flash wait states for a 200 MHz AXI clock at VOS1 (FLASH_ACR, RM0433 §4.3.8 Table 17);
//   4. clocks: HSE in bypass from the ST-LINK's 8 MHz MCO → PLL1 (M 1, N 100, P 2) = 400 MHz
//      system clock; CPU 400 MHz, AHB/AXI 200 MHz, every APB 100 MHz (RCC, RM0433 §8);
//   5. the Cortex-M7's instruction and data caches (Armv7-M ARM B2.2; DTCM, where .data, .bss
//      and the stack live, is not cached, so nothing needs cleaning for DMA);
//   6. the DWT cycle counter (footfall/port/instruction_counter.hpp counts cycles with it).
// No vendor code: the addresses and fields below are RM0433's, named as it names them.
#include <cstdint>

extern "C" const void* const ff_vector_table[];
extern "C" [[noreturn]] void ff_port_fault(const char* reason);  // console_uart.cpp

namespace {

using Address = std::uintptr_t;

volatile std::uint32_t& reg(Address address) {
  return *reinterpret_cast<volatile std::uint32_t*>(address);
}

void barrier() { asm volatile("dsb 0xF\n\tisb 0xF" ::: "memory"); }

// Waits until (reg & mask) == value, or faults naming what never got ready (an HSE that never
// starts: no MCO from the ST-LINK, say) instead of hanging. No timer runs yet, so the bound is a
// count of reads: each takes at least a core cycle, so the limit lasts at least 10 ms at
// 400 MHz and 62 ms on the 64 MHz HSI the core runs from until the switch, far longer than the
// regulator, the flash, the HSE in bypass or the PLL take. (Before the switch the fault's
// message leaves the UART at 64/100 of its 115200 baud; a debugger finds the core halted in
// port::fault with the reason either way.)
constexpr std::uint32_t kReadyPollLimit = 4000000u;

void wait_for(Address address, std::uint32_t mask, std::uint32_t value, const char* what) {
  for (std::uint32_t polls = 0; (reg(address) & mask) != value; ++polls)
    if (polls == kReadyPollLimit) ff_port_fault(what);
}

// Cortex-M7 system control block (Armv7-M ARM B3.2).
constexpr Address kScbVtor = 0xE000ED08u;
constexpr Address kScbCcr = 0xE000ED14u;
constexpr std::uint32_t kCcrDc = 1u << 16, kCcrIc = 1u << 17;
constexpr Address kScbCcsidr = 0xE000ED80u;   // cache size ID (of the cache CSSELR selects)
constexpr Address kScbCsselr = 0xE000ED84u;   // cache size selection: 0 = L1 data
constexpr Address kScbIciallu = 0xE000EF50u;  // invalidate all instruction cache
constexpr Address kScbDcisw = 0xE000EF60u;    // invalidate data cache line by set/way

// Debug: DEMCR and the DWT (Armv7-M ARM C1.6, C1.8).
constexpr Address kDemcr = 0xE000EDFCu;
constexpr std::uint32_t kDemcrTrcena = 1u << 24;
constexpr Address kDwtCtrl = 0xE0001000u;
constexpr Address kDwtCyccnt = 0xE0001004u;
constexpr Address kDwtLar = 0xE0001FB0u;  // the Cortex-M7's DWT is locked until this is written
constexpr std::uint32_t kCoreSightUnlock = 0xC5ACCE55u;

// PWR (RM0433 §6.8), base 0x58024800.
constexpr Address kPwr = 0x58024800u;
constexpr Address kPwrCsr1 = kPwr + 0x04u;
constexpr std::uint32_t kPwrCsr1Actvosrdy = 1u << 13;
constexpr Address kPwrCr3 = kPwr + 0x0Cu;
constexpr std::uint32_t kPwrCr3Bypass = 1u << 0, kPwrCr3Ldoen = 1u << 1;
constexpr Address kPwrD3cr = kPwr + 0x18u;
constexpr std::uint32_t kPwrD3crVosMask = 3u << 14, kPwrD3crVos1 = 3u << 14;
constexpr std::uint32_t kPwrD3crVosrdy = 1u << 13;

// FLASH (RM0433 §4.9), base 0x52002000: ACR's LATENCY [3:0] and WRHIGHFREQ [5:4].
constexpr Address kFlashAcr = 0x52002000u;
constexpr std::uint32_t kFlashAcrMask = 0x3Fu;
// Table 17 at VOS1: 140 MHz < ACLK ≤ 210 MHz needs 2 wait states and WRHIGHFREQ = 2. (ST's
// example projects use 4 at 400 MHz, the figure for VOS0 up to 240 MHz: safe, and slower.)
constexpr std::uint32_t kFlashAcrValue = (2u << 4) | 2u;

// RCC (RM0433 §8.7), base 0x58024400.
constexpr Address kRcc = 0x58024400u;
constexpr Address kRccCr = kRcc + 0x00u;
constexpr std::uint32_t kRccCrHseon = 1u << 16, kRccCrHserdy = 1u << 17, kRccCrHsebyp = 1u << 18;
constexpr std::uint32_t kRccCrPll1on = 1u << 24, kRccCrPll1rdy = 1u << 25;
constexpr Address kRccCfgr = kRcc + 0x10u;
constexpr std::uint32_t kRccCfgrSwMask = 7u, kRccCfgrSwPll1 = 3u;
constexpr std::uint32_t kRccCfgrSwsMask = 7u << 3, kRccCfgrSwsPll1 = 3u << 3;
constexpr Address kRccD1cfgr = kRcc + 0x18u;  // D1CPRE [11:8], D1PPRE [6:4], HPRE [3:0]
constexpr Address kRccD2cfgr = kRcc + 0x1Cu;  // D2PPRE2 [10:8], D2PPRE1 [6:4]
constexpr Address kRccD3cfgr = kRcc + 0x20u;  // D3PPRE [6:4]
constexpr std::uint32_t kApbDiv2 = 4u;        // D*PPRE* = 100: ÷2
constexpr std::uint32_t kAhbDiv2 = 8u;        // HPRE = 1000: ÷2 (D1CPRE = 0: ÷1)
constexpr Address kRccPllckselr = kRcc + 0x28u;  // DIVM1 [9:4], PLLSRC [1:0] (2 = HSE)
constexpr Address kRccPllcfgr = kRcc + 0x2Cu;
constexpr Address kRccPll1divr = kRcc + 0x30u;   // DIVR1 [30:24], DIVQ1 [22:16], DIVP1 [15:9], DIVN1 [8:0]
constexpr Address kRccPll1fracr = kRcc + 0x34u;

// PLL1: 8 MHz / M 1 = 8 MHz reference (PLL1RGE = 3: 8–16 MHz), wide VCO (PLL1VCOSEL = 0,
// 192–836 MHz) at 8 × N 100 = 800 MHz, P 2 → 400 MHz system clock; Q 4 (200 MHz) and R 2
// (400 MHz) are left disabled. The dividers are written as value − 1.
constexpr std::uint32_t kPllM = 1, kPllN = 100, kPllP = 2, kPllQ = 4, kPllR = 2;
constexpr std::uint32_t kPllckselrValue = (kPllM << 4) | 2u;
constexpr std::uint32_t kPllckselrMask = (0x3Fu << 4) | 3u;
constexpr std::uint32_t kPllcfgrMask = 0xFu | (7u << 16);  // PLL1FRACEN, VCOSEL, RGE; DIVx1EN
constexpr std::uint32_t kPllcfgrValue = (3u << 2) | (1u << 16);  // RGE = 8–16 MHz; DIVP1EN
constexpr std::uint32_t kPll1divrValue =
    ((kPllR - 1) << 24) | ((kPllQ - 1) << 16) | ((kPllP - 1) << 9) | (kPllN - 1);

static_assert(8u / kPllM * kPllN / kPllP == 400u, "PLL1 P gives 400 MHz");
static_assert(8u / kPllM * kPllN >= 192u && 8u / kPllM * kPllN <= 836u, "wide VCO range");

void set_fields(Address address, std::uint32_t mask, std::uint32_t value) {
  reg(address) = (reg(address) & ~mask) | value;
}

void configure_supply_and_voltage() {
  // The supply configuration is written once after reset (it then locks): the LDO, no bypass.
  set_fields(kPwrCr3, kPwrCr3Bypass | kPwrCr3Ldoen, kPwrCr3Ldoen);
  wait_for(kPwrCsr1, kPwrCsr1Actvosrdy, kPwrCsr1Actvosrdy, "bring-up: PWR ACTVOSRDY never set");
  // VOS1 (reset is VOS3): up to 400 MHz for the CPU, 200 MHz for the AXI bus.
  set_fields(kPwrD3cr, kPwrD3crVosMask, kPwrD3crVos1);
  wait_for(kPwrD3cr, kPwrD3crVosrdy, kPwrD3crVosrdy, "bring-up: VOS1 never ready");
}

void configure_flash() {
  // Raise the wait states before the clock rises, and read them back before going on.
  set_fields(kFlashAcr, kFlashAcrMask, kFlashAcrValue);
  wait_for(kFlashAcr, kFlashAcrMask, kFlashAcrValue, "bring-up: flash wait states never took");
}

void configure_clocks() {
  // HSE from the ST-LINK's MCO: an external clock on OSC_IN, so bypass the oscillator.
  reg(kRccCr) = reg(kRccCr) | kRccCrHsebyp;
  reg(kRccCr) = reg(kRccCr) | kRccCrHseon;
  wait_for(kRccCr, kRccCrHserdy, kRccCrHserdy, "bring-up: HSE never ready (is the ST-LINK's MCO on?)");

  // PLL1 from HSE (PLL1 is off after reset, so its configuration may be written).
  set_fields(kRccPllckselr, kPllckselrMask, kPllckselrValue);
  reg(kRccPll1divr) = kPll1divrValue;
  reg(kRccPll1fracr) = 0;
  set_fields(kRccPllcfgr, kPllcfgrMask, kPllcfgrValue);
  reg(kRccCr) = reg(kRccCr) | kRccCrPll1on;
  wait_for(kRccCr, kRccCrPll1rdy, kRccCrPll1rdy, "bring-up: PLL1 never locked");

  // Bus dividers before the switch: CPU ÷1 (400 MHz), AHB/AXI ÷2 (200 MHz), APBs ÷2 (100 MHz).
  reg(kRccD1cfgr) = (kApbDiv2 << 4) | kAhbDiv2;
  reg(kRccD2cfgr) = (kApbDiv2 << 8) | (kApbDiv2 << 4);
  reg(kRccD3cfgr) = kApbDiv2 << 4;

  set_fields(kRccCfgr, kRccCfgrSwMask, kRccCfgrSwPll1);
  wait_for(kRccCfgr, kRccCfgrSwsMask, kRccCfgrSwsPll1, "bring-up: the switch to PLL1 never happened");
}

void enable_caches() {
  // Instruction cache: invalidate, then enable.
  barrier();
  reg(kScbIciallu) = 0;
  barrier();
  reg(kScbCcr) = reg(kScbCcr) | kCcrIc;
  barrier();
  // Data cache: its contents after reset are unknown, so invalidate every line by set and way
  // (line length and associativity read from CCSIDR), then enable.
  reg(kScbCsselr) = 0;
  barrier();
  const std::uint32_t ccsidr = reg(kScbCcsidr);
  const std::uint32_t sets = ((ccsidr >> 13) & 0x7FFFu) + 1u;
  const std::uint32_t ways = ((ccsidr >> 3) & 0x3FFu) + 1u;
  const std::uint32_t line_shift = (ccsidr & 7u) + 4u;  // log2(bytes per line)
  const std::uint32_t way_shift = static_cast<std::uint32_t>(__builtin_clz(ways - 1u));
  for (std::uint32_t set = 0; set < sets; ++set)
    for (std::uint32_t way = 0; way < ways; ++way)
      reg(kScbDcisw) = (way << way_shift) | (set << line_shift);
  barrier();
  reg(kScbCcr) = reg(kScbCcr) | kCcrDc;
  barrier();
}

void enable_cycle_counter() {
  reg(kDemcr) = reg(kDemcr) | kDemcrTrcena;
  reg(kDwtLar) = kCoreSightUnlock;
  reg(kDwtCyccnt) = 0;
  reg(kDwtCtrl) = reg(kDwtCtrl) | 1u;  // CYCCNTENA
}

}  // namespace

extern "C" void ff_board_init(void) {
  reg(kScbVtor) = static_cast<std::uint32_t>(reinterpret_cast<Address>(ff_vector_table));
  barrier();
  configure_supply_and_voltage();
  configure_flash();
  configure_clocks();
  enable_caches();
  enable_cycle_counter();
}
