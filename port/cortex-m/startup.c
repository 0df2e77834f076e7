/* Reset handler, vector table and fault handlers shared by footfall's Cortex-M boards. The
   memory layout is the board's memory.ld with port/cortex-m/cortex-m.ld. Written in C because
   ISO C++ forbids calling main(). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "stack_paint.h"

/* Linker-script symbols (cortex-m.ld). */
extern uint32_t __data_start[];
extern uint32_t __data_end[];
extern const uint32_t __data_load[];
extern uint32_t __bss_start[];
extern uint32_t __bss_end[];
extern uint8_t __tls_base[];
typedef void (*init_function)(void);
extern init_function __preinit_array_start[];
extern init_function __preinit_array_end[];
extern init_function __init_array_start[];
extern init_function __init_array_end[];

void _set_tls(void *tls); /* picolibc: points the thread pointer at the (only) TLS block */
int main(void);

/* The port's C++ side (console.cpp): end the program, or report a fault and end it. */
__attribute__((noreturn)) void ff_port_finish(int status);
__attribute__((noreturn)) void ff_port_fault(const char *reason);
void ff_systick_handler(void);

/* The board's bring-up (clocks, caches, counters), if it has one: a real board defines it in its
   folder (port/boards/<board>/); the emulated boards need none and get this empty default. */
__attribute__((weak)) void ff_board_init(void) {}

#define CPACR (*(volatile uint32_t *)0xE000ED88u) /* Coprocessor Access Control Register */

/* Grants full access to CP10 and CP11 (the FPU). It must happen before the first floating-point
   instruction, or that instruction takes a UsageFault (NOCP). */
static void enable_fpu(void) {
  CPACR |= 0xFu << 20;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
}

/* Fills the unused stack with the paint word, from the bottom up to a margin below the current
   stack pointer (the reset handler's own frame lives above the margin). */
static void paint_stack(void) {
  uint32_t *sp = 0;
  __asm__ volatile("mov %0, sp" : "=r"(sp));
  for (uint32_t *word = __stack_bottom; word < sp - 16; ++word) *word = FF_STACK_PAINT;
}

__attribute__((noreturn)) void ff_reset_handler(void) {
  enable_fpu();
  /* .data and .tdata are one block in flash and in RAM; .tbss and .bss likewise. */
  memcpy(__data_start, __data_load, (size_t)((uintptr_t)__data_end - (uintptr_t)__data_start));
  memset(__bss_start, 0, (size_t)((uintptr_t)__bss_end - (uintptr_t)__bss_start));
  /* One thread, so the TLS image in RAM is the thread's TLS block (errno lives there). */
  _set_tls(__tls_base);
  ff_board_init();
  paint_stack();
  for (init_function *f = __preinit_array_start; f < __preinit_array_end; ++f) (*f)();
  for (init_function *f = __init_array_start; f < __init_array_end; ++f) (*f)();
  ff_port_finish(main());
}

__attribute__((noreturn)) void ff_fault_handler(void) {
  ff_port_fault("hard fault (or an escalated memory, bus or usage fault)");
}

void ff_unexpected_interrupt(void) { ff_port_fault("unexpected interrupt"); }

/* The Armv7-M vector table: initial stack pointer, then the system exceptions. The boards'
   external interrupts are unused and left out; an image that enables one adds its vector. */
typedef union {
  void *stack_pointer;
  void (*handler)(void);
} vector;
__attribute__((section(".vectors"), used)) const vector ff_vector_table[16] = {
    {.stack_pointer = __stack_top},
    {.handler = ff_reset_handler},
    {.handler = ff_unexpected_interrupt}, /* NMI */
    {.handler = ff_fault_handler},        /* HardFault */
    {.handler = ff_fault_handler},        /* MemManage */
    {.handler = ff_fault_handler},        /* BusFault */
    {.handler = ff_fault_handler},        /* UsageFault */
    {.handler = NULL},
    {.handler = NULL},
    {.handler = NULL},
    {.handler = NULL},
    {.handler = ff_unexpected_interrupt}, /* SVCall */
    {.handler = ff_unexpected_interrupt}, /* DebugMonitor */
    {.handler = NULL},
    {.handler = ff_unexpected_interrupt}, /* PendSV */
    {.handler = ff_systick_handler},      /* SysTick */
};
