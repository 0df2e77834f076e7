# ARM MPS2 FPGA image AN500: Cortex-M7 with FPv5-D16 (double precision), 25 MHz.
# QEMU: -M mps2-an500. footfall's scalar on this board is double.
set(FOOTFALL_BOARD_QEMU_MACHINE mps2-an500)
set(FOOTFALL_BOARD_SCALAR double)
set(FOOTFALL_BOARD_CLOCK_HZ 25000000)
# The core and the toolchain file that targets it (cmake/toolchains/cortex-m7.cmake).
set(FOOTFALL_BOARD_CPU cortex-m7)
set(FOOTFALL_BOARD_TOOLCHAIN cortex-m7.cmake)
