cmake_minimum_required(VERSION 3.25)
# Fails the build when a linked firmware image is over its flash or RAM budget. Flash is text +
# data (what is programmed); RAM is data + bss, which includes the main stack the linker script
# reserves (__stack_size), so a stack that fits its reservation fits the budget. The firmware
# itself checks that its measured stack high-water mark stays inside the reservation. Run after
# the link with -DSIZE=<size> -DNM=<nm> -DIMAGE=<elf> -DFLASH_BUDGET=<bytes> -DRAM_BUDGET=<bytes>;
# on failure it deletes the image so that nothing over budget is left to flash or test.
foreach(arg SIZE NM IMAGE FLASH_BUDGET RAM_BUDGET)
  if(NOT ${arg})
    message(FATAL_ERROR "usage: cmake -DSIZE= -DNM= -DIMAGE= -DFLASH_BUDGET= -DRAM_BUDGET= -P check-firmware-budget.cmake")
  endif()
endforeach()
execute_process(COMMAND ${SIZE} ${IMAGE} OUTPUT_VARIABLE size_out RESULT_VARIABLE result)
if(NOT result EQUAL 0 OR NOT size_out MATCHES "\n *([0-9]+)[ \t]+([0-9]+)[ \t]+([0-9]+)")
  message(FATAL_ERROR "check-firmware-budget: ${SIZE} failed on ${IMAGE}")
endif()
set(text ${CMAKE_MATCH_1})
set(data ${CMAKE_MATCH_2})
set(bss ${CMAKE_MATCH_3})
execute_process(COMMAND ${NM} ${IMAGE} OUTPUT_VARIABLE symbols)
if(NOT symbols MATCHES "([0-9a-f]+) [aA] __stack_size")
  message(FATAL_ERROR "check-firmware-budget: no __stack_size in ${IMAGE}")
endif()
math(EXPR stack "0x${CMAKE_MATCH_1}")
math(EXPR flash "${text} + ${data}")
math(EXPR ram "${data} + ${bss}")
math(EXPR static_ram "${ram} - ${stack}")
get_filename_component(name ${IMAGE} NAME_WE)
message("${name}: flash ${flash} of ${FLASH_BUDGET} bytes; RAM ${static_ram} static + ${stack} stack = ${ram} of ${RAM_BUDGET} bytes")
if(flash GREATER FLASH_BUDGET OR ram GREATER RAM_BUDGET)
  file(REMOVE ${IMAGE})
  message(FATAL_ERROR "footfall: firmware image ${IMAGE} is over budget (flash ${flash} of ${FLASH_BUDGET}, "
    "RAM ${ram} of ${RAM_BUDGET} bytes); the image was deleted.")
endif()
