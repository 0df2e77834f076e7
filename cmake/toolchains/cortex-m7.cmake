# Cortex-M7 with the double-precision FPU (FPv5-D16), hard-float ABI.
set(FOOTFALL_CPU_FLAGS "-mcpu=cortex-m7 -mfpu=fpv5-d16 -mfloat-abi=hard")
include(${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi.cmake)
