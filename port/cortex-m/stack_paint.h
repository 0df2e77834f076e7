/* The word the reset handler paints the unused stack with, and the stack's bounds from the
   linker script (cortex-m.ld). Shared by startup.c, which paints, and stack.cpp, which measures. */
#ifndef FOOTFALL_PORT_CORTEX_M_STACK_PAINT_H
#define FOOTFALL_PORT_CORTEX_M_STACK_PAINT_H
#include <stdint.h>

#define FF_STACK_PAINT 0x5EEDF00Du

#ifdef __cplusplus
extern "C" {
#endif
extern uint32_t __stack_bottom[];
extern uint32_t __stack_top[];
#ifdef __cplusplus
}
#endif
#endif
