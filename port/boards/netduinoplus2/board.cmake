# QEMU's netduinoplus2 machine: the STM32F405RG (Cortex-M4 with FPv4-SP, 168 MHz), the part on the
# Netduino Plus 2, the ODrive motor controller and many flight controllers. QEMU: -M netduinoplus2.
# An emulated board, like the MPS2 ones, but with a real microcontroller's clock: QEMU runs the
# core at 168 MHz from reset (its STM32F405 has no RCC or PLL to program), so this folder has no
# clock bring-up and its image is not one to flash onto a real STM32F405, whose core starts on
# the 16 MHz HSI until firmware sets up the PLL and flash wait states.
# footfall's scalar on this board is float: its FPU has no double precision.
set(FOOTFALL_BOARD_QEMU_MACHINE netduinoplus2)
set(FOOTFALL_BOARD_SCALAR float)
set(FOOTFALL_BOARD_CLOCK_HZ 168000000)
# The quadruped's 1 kHz loop (examples/firmware) fits this clock's instructions a tick (its
# figures: examples/firmware/README.md): its test requires both of the loop's runs at this
# clock with no overrun, which the 25 MHz MPS2 boards cannot give it.
set(FOOTFALL_BOARD_LOOP_AT_NOMINAL_CLOCK ON)
# The loop only: the firmware demo's float workspaces and 64 KiB stack (about 175 KiB) do not fit
# the part's 128 KiB of SRAM, and QEMU 7.2 does not model the 64 KiB CCM that could take the
# stack. The demo runs on the other boards.
set(FOOTFALL_BOARD_FIRMWARE_DEMO OFF)
# The core and the toolchain file that targets it (cmake/toolchains/cortex-m4f.cmake).
set(FOOTFALL_BOARD_CPU cortex-m4)
set(FOOTFALL_BOARD_TOOLCHAIN cortex-m4f.cmake)
