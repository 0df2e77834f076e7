# Cortex-M4 with the single-precision FPU (FPv4-SP-D16), hard-float ABI.
set(FOOTFALL_CPU_FLAGS "-mcpu=cortex-m4 -mfpu=fpv4-sp-d16 -mfloat-abi=hard")
# double is libgcc's software arithmetic here: the unit suites run their typed tests in float
# only (tests/common/ff_test.hpp); the M7 runs both in hardware.
set(FOOTFALL_DOUBLE_IN_SOFTWARE ON)
include(${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi.cmake)
