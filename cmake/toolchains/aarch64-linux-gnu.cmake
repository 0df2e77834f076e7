# 64-bit ARM Linux (RT-Linux on an aarch64 robot computer), cross-built with Debian's
# g++-aarch64-linux-gnu against its arm64 glibc in /usr/aarch64-linux-gnu, and run on the build
# machine under QEMU's user-mode emulation (Debian's qemu-user: qemu-aarch64), which ctest and
# add_custom_command prepend to every program of this build through CMAKE_CROSSCOMPILING_EMULATOR.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(FOOTFALL_AARCH64_SYSROOT /usr/aarch64-linux-gnu)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_FIND_ROOT_PATH ${FOOTFALL_AARCH64_SYSROOT})

find_program(FOOTFALL_QEMU_AARCH64 qemu-aarch64)
if(NOT FOOTFALL_QEMU_AARCH64)
  message(FATAL_ERROR "qemu-aarch64 not found: install qemu-user (cmake/install-deps.sh)")
endif()
# -L: where the emulated program's dynamic loader and shared libraries (libstdc++, libc) live.
set(CMAKE_CROSSCOMPILING_EMULATOR ${FOOTFALL_QEMU_AARCH64} -L ${FOOTFALL_AARCH64_SYSROOT})

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
# Eigen is header-only and target-neutral: the build machine's Debian package serves aarch64 too.
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

# GCC 12 for aarch64 reports -Warray-bounds inside Eigen's NEON packet loads (vld1q_f32 of a
# Matrix<float, Dynamic, 1, 0, 3, 1>): it follows the vectorised path of a dot product into a
# branch that only runs when the vector holds a whole packet (4 floats), which a size of at most
# 3 never does. The same sources build without it on x86-64 and on the boards (no SIMD there), so
# the check stays on everywhere else; here it is off, before footfall_warnings' -Wall, which
# does not turn back on a warning the command line turned off.
set(CMAKE_CXX_FLAGS_INIT "-Wno-array-bounds")
