# Cortex-M4 with the single-precision FPU (FPv4-SP-D16), hard-float ABI.
set(FOOTFALL_CPU_FLAGS "-mcpu=cortex-m4 -mfpu=fpv4-sp-d16 -mfloat-abi=hard")
include(${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi.cmake)
