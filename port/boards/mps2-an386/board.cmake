# ARM MPS2 FPGA image AN386: Cortex-M4 with FPv4-SP, 25 MHz. QEMU: -M mps2-an386.
# footfall's scalar on this board is float: its FPU has no double precision.
set(FOOTFALL_BOARD_QEMU_MACHINE mps2-an386)
set(FOOTFALL_BOARD_SCALAR float)
set(FOOTFALL_BOARD_CLOCK_HZ 25000000)
# The core and the toolchain file that targets it (cmake/toolchains/cortex-m4f.cmake).
set(FOOTFALL_BOARD_CPU cortex-m4)
set(FOOTFALL_BOARD_TOOLCHAIN cortex-m4f.cmake)
