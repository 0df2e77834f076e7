# Common part of the bare-metal Cortex-M toolchains: GNU Arm Embedded (Debian's
# gcc-arm-none-eabi) with picolibc as the C library. The per-core files set FOOTFALL_CPU_FLAGS
# and include this one.
#
# Not a toolchain file of its own: with no CPU the compiler targets a core with no FPU and no
# barrier instructions, and the port fails to build far from the cause. Name the per-core file
# that matches the board instead.
if(NOT FOOTFALL_CPU_FLAGS)
  message(FATAL_ERROR "footfall: cmake/toolchains/arm-none-eabi.cmake is the common part of the per-core "
    "toolchain files and names no CPU. Use -DCMAKE_TOOLCHAIN_FILE=<footfall>/cmake/toolchains/cortex-m4f.cmake "
    "for the boards mps2-an386 and netduinoplus2 (Cortex-M4F, float), or cortex-m7.cmake for mps2-an500 and "
    "nucleo-h743zi (Cortex-M7, double), with -DFOOTFALL_BOARD=<board>.")
endif()
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)

set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_CXX_COMPILER arm-none-eabi-g++)
set(CMAKE_ASM_COMPILER arm-none-eabi-gcc)
set(CMAKE_OBJCOPY arm-none-eabi-objcopy CACHE FILEPATH "")
set(CMAKE_SIZE arm-none-eabi-size CACHE FILEPATH "")
set(CMAKE_NM arm-none-eabi-nm CACHE FILEPATH "")

# Compiler checks link a program; a bare-metal one has no startup yet, so check a library.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

# GCC's inlining budget per translation unit (inline-unit-growth) runs out in files that
# instantiate many Eigen templates, after which Eigen's small fixed-size kernels become calls
# and cost several times more. -fno-tree-loop-distribute-patterns keeps GCC from turning the
# zeroing and copying loops of small Eigen objects into memset/memcpy calls, which in Debian's
# picolibc are byte loops, far slower than the few stores they replace. With the core's
# always-inlined spatial operations these flags cut the quadruped's per-tick dynamics to a
# fraction of its cost without them (lib/GUIDE.md); firmware linking footfall wants them too.
# -fno-math-errno: nothing on a board reads errno after a math call, and with it a square root
# is the FPU's vsqrt alone, without a compare and a branch to the library's sqrtf for errno's
# sake. -fgcse-sm moves stores out of loops (GCC leaves it off at -O2), which helps the
# quadruped loop for little flash; the other -O3 passes, tried one by one, gave less or cost more.
set(_ff_inline "--param inline-unit-growth=1000 --param large-function-growth=1000 --param max-inline-insns-single=800 -fno-tree-loop-distribute-patterns")
set(_ff_common "${FOOTFALL_CPU_FLAGS} -mthumb --specs=picolibc.specs -ffunction-sections -fdata-sections -fno-math-errno -fgcse-sm ${_ff_inline}")
set(CMAKE_C_FLAGS_INIT "${_ff_common}")
# C++ on the target: no exceptions, no RTTI, no thread-safe statics (no OS to lock with), no
# atexit registration of static destructors (firmware never returns from main).
set(CMAKE_CXX_FLAGS_INIT "${_ff_common} -fno-exceptions -fno-rtti -fno-threadsafe-statics -fno-use-cxa-atexit")
set(CMAKE_ASM_FLAGS_INIT "${_ff_common}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-nostartfiles -Wl,--gc-sections -Wl,--fatal-warnings")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
# Eigen is header-only and target-neutral: the host's Debian package serves the target too.
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

set(FOOTFALL_FIRMWARE ON CACHE BOOL "Build for a bare-metal board" FORCE)
