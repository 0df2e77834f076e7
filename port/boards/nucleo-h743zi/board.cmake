# ST NUCLEO-H743ZI2: STM32H743ZI, Cortex-M7 with FPv5-D16 (double precision), run at 400 MHz
# from the ST-LINK's 8 MHz MCO (HSE bypass) through PLL1. A real board: no QEMU model, so a
# build links the firmware image and reports its size, and runs nothing.
# Console: USART3 on PD8/PD9, the ST-LINK virtual COM port, 115200 8N1.
set(FOOTFALL_BOARD_QEMU_MACHINE "")
set(FOOTFALL_BOARD_SCALAR double)
set(FOOTFALL_BOARD_CLOCK_HZ 400000000)
# In place of the semihosting console (port/cortex-m/console.cpp): the UART, and the clock,
# cache and cycle-counter setup the reset handler calls before main (ff_board_init).
set(FOOTFALL_BOARD_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/system.cpp
  ${CMAKE_CURRENT_LIST_DIR}/console_uart.cpp)
set(FOOTFALL_BOARD_REPLACES_CONSOLE ON)
# The instruction counter counts core cycles with the DWT (footfall/port/instruction_counter.hpp).
set(FOOTFALL_BOARD_COMPILE_DEFINITIONS FOOTFALL_BOARD_CYCLE_COUNTER=1)
# The core and the toolchain file that targets it (cmake/toolchains/cortex-m7.cmake).
set(FOOTFALL_BOARD_CPU cortex-m7)
set(FOOTFALL_BOARD_TOOLCHAIN cortex-m7.cmake)
