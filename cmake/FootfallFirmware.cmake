# Helpers for firmware images on footfall's Cortex-M boards.
#
#   footfall_add_firmware(<name> SOURCES <src>... [EXCLUDE_FROM_ALL])
#     A firmware image <name>.elf for the configured board, linked with the core and the port,
#     checked after the link for any heap symbol (cmake/check-no-heap.cmake) and sized. Within
#     footfall's own project it also gets footfall's warnings (footfall_warnings); in a project
#     that vendors footfall, that project's own.
#
#   footfall_firmware_budget(<name> FLASH <bytes> RAM <bytes> [STACK <bytes>])
#     Reserves STACK bytes of main stack for image <name> (the default is 64 KiB) and fails its
#     build if flash (text + data) or RAM (data + bss, the stack included) exceeds the budget
#     (cmake/check-firmware-budget.cmake).
#
#   footfall_qemu_command(<out-var>)
#     The command that runs an image on the board's QEMU model, with semihosting for the
#     console and the exit status, and -icount for deterministic instruction-paced time.
#     Append the image path.
#
#   footfall_add_qemu_test(<test> <image>)
#     The ctest <test>, which runs image <image> on the board's QEMU model and, when it passes,
#     keeps what it printed in <image>.elf.out (cmake/run-logged.sh); the firmware-report target
#     reads that instead of running the image again.
#
# They work wherever footfall sits (its own build, or a firmware project that vendors it by
# add_subdirectory): each finds its scripts beside this file (CMAKE_CURRENT_FUNCTION_LIST_DIR),
# and the board's settings (FOOTFALL_BOARD_QEMU_MACHINE, _SCALAR, _CLOCK_HZ, FOOTFALL_QEMU_ICOUNT_SHIFT)
# are internal cache entries (port/CMakeLists.txt), which every directory of the build sees.

# The optimisation footfall's firmware figures are measured at (the firmware presets: -O2). A
# single-configuration build with no CMAKE_BUILD_TYPE would otherwise compile with no -O at all
# (as Debug does): examples/user_firmware's Go1 tick took 93 times the instructions, 3.3 MB of
# flash and 99 796 bytes of stack that way. It gets
# RelWithDebInfo (GCC's -O2 -g -DNDEBUG) instead, and says so; name a build type to choose.
get_property(footfall_multi_config GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
if(NOT footfall_multi_config AND NOT CMAKE_BUILD_TYPE)
  set(CMAKE_BUILD_TYPE RelWithDebInfo CACHE STRING "Build type (footfall's firmware default: RelWithDebInfo, -O2)" FORCE)
  message(STATUS "footfall: no CMAKE_BUILD_TYPE: building firmware as RelWithDebInfo (-O2), as footfall's figures are")
elseif(CMAKE_BUILD_TYPE STREQUAL "Debug")
  message(STATUS "footfall: CMAKE_BUILD_TYPE Debug builds firmware at -O0: a tick takes about a hundred times the instructions of -O2, megabytes of flash and tens of kilobytes of stack")
endif()

# A board QEMU does not model (FOOTFALL_BOARD_QEMU_MACHINE empty: a real board such as the
# nucleo-h743zi) is built and linked only; its images also get a raw <name>.bin for flashing.
if(FOOTFALL_BOARD_QEMU_MACHINE)
  find_program(FOOTFALL_QEMU qemu-system-arm REQUIRED)
  # llvm-mca (Debian's llvm-14), for the cycles the profiler models on the board's core
  # (cmake/profile-firmware.py --cycles); without it the profile counts instructions alone.
  find_program(FOOTFALL_LLVM_MCA NAMES llvm-mca-14 llvm-mca)
  string(REGEX MATCH "-mcpu=([^ ]+)" cpu "${FOOTFALL_CPU_FLAGS}")
  set(FOOTFALL_LLVM_MCA_CPU ${CMAKE_MATCH_1} CACHE INTERNAL "llvm-mca's model: the core the toolchain targets")
  if(NOT FOOTFALL_LLVM_MCA)
    message(STATUS "footfall: no llvm-mca (cmake/install-deps.sh installs llvm-14): the firmware profile models no cycles")
  endif()
endif()

# -icount shift=6: every instruction advances virtual time by 2^6 ns, so SysTick (core clock)
# counts instructions × 64 ns / 40 ns at 25 MHz; tests/target/instruction_counter.hpp calibrates.
set(FOOTFALL_QEMU_ICOUNT_SHIFT 6 CACHE INTERNAL "QEMU's -icount shift for footfall's boards")
set(FOOTFALL_QEMU_TIMEOUT 600 CACHE STRING "Seconds before a QEMU run is killed")

function(footfall_qemu_command out_var)
  if(NOT FOOTFALL_BOARD_QEMU_MACHINE)
    message(FATAL_ERROR "board ${FOOTFALL_BOARD} has no QEMU model: its images cannot be run in this build")
  endif()
  set(${out_var}
    timeout --signal=KILL ${FOOTFALL_QEMU_TIMEOUT}
    ${FOOTFALL_QEMU} -M ${FOOTFALL_BOARD_QEMU_MACHINE} -nographic -monitor none -serial none
    -semihosting-config enable=on,target=native
    -icount shift=${FOOTFALL_QEMU_ICOUNT_SHIFT},align=off,sleep=off
    -kernel
    PARENT_SCOPE)
endfunction()

function(footfall_add_qemu_test test image)
  footfall_qemu_command(qemu)
  add_test(NAME ${test}
    COMMAND bash ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/run-logged.sh $<TARGET_FILE:${image}>.out ${qemu} $<TARGET_FILE:${image}>)
endfunction()

function(footfall_add_firmware name)
  cmake_parse_arguments(ARG "EXCLUDE_FROM_ALL" "" "SOURCES" ${ARGN})
  if(ARG_EXCLUDE_FROM_ALL)
    add_executable(${name} EXCLUDE_FROM_ALL ${ARG_SOURCES})
  else()
    add_executable(${name} ${ARG_SOURCES})
  endif()
  set_target_properties(${name} PROPERTIES SUFFIX .elf)
  target_link_libraries(${name} PRIVATE footfall::core footfall::port)
  # footfall's own warning set for footfall's own images; a project that vendors footfall keeps
  # its own (footfall's headers compile clean under a user's -Wall -Wextra -Wshadow ...).
  get_filename_component(footfall_root "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/.." ABSOLUTE)
  if(PROJECT_SOURCE_DIR STREQUAL footfall_root)
    target_link_libraries(${name} PRIVATE footfall_warnings)
  endif()
  target_link_options(${name} PRIVATE -Wl,-Map=$<TARGET_FILE:${name}>.map)
  if(NOT ARG_EXCLUDE_FROM_ALL)
    set_property(GLOBAL APPEND PROPERTY FOOTFALL_FIRMWARE_IMAGES ${name})
  endif()
  add_custom_command(TARGET ${name} POST_BUILD
    COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM} -DIMAGE=$<TARGET_FILE:${name}>
            -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/check-no-heap.cmake
    COMMAND ${CMAKE_SIZE} $<TARGET_FILE:${name}>
    VERBATIM)
  if(NOT FOOTFALL_BOARD_QEMU_MACHINE)
    add_custom_command(TARGET ${name} POST_BUILD
      COMMAND ${CMAKE_OBJCOPY} -O binary $<TARGET_FILE:${name}> $<TARGET_FILE_DIR:${name}>/${name}.bin
      VERBATIM)
  endif()
endfunction()

function(footfall_firmware_budget name)
  cmake_parse_arguments(ARG "" "FLASH;RAM;STACK" "" ${ARGN})
  if(ARG_STACK)
    target_link_options(${name} PRIVATE -Wl,--defsym=__stack_size=${ARG_STACK})
  endif()
  add_custom_command(TARGET ${name} POST_BUILD
    COMMAND ${CMAKE_COMMAND} -DSIZE=${CMAKE_SIZE} -DNM=${CMAKE_NM} -DIMAGE=$<TARGET_FILE:${name}>
            -DFLASH_BUDGET=${ARG_FLASH} -DRAM_BUDGET=${ARG_RAM}
            -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/check-firmware-budget.cmake
    VERBATIM)
endfunction()

# footfall_add_firmware_report(): the target `firmware-report`, which runs every firmware image
# of this build (tests, benchmark, example) on QEMU, or reads what it printed when its ctest last
# passed if that is newer than the image (footfall_add_qemu_test), and prints the
# instruction-count benchmark and a table of flash, static RAM and measured stack use
# (cmake/firmware-report.cmake), and writes them with the firmware loop's transcript to the
# build's results file, <build>/results.txt. Call it once, after every image has been added.
function(footfall_add_firmware_report)
  get_property(images GLOBAL PROPERTY FOOTFALL_FIRMWARE_IMAGES)
  set(files "")
  foreach(image IN LISTS images)
    list(APPEND files "$<TARGET_FILE:${image}>")
  endforeach()
  set(qemu "")
  if(FOOTFALL_BOARD_QEMU_MACHINE)
    footfall_qemu_command(qemu)
  endif()
  list(JOIN files "|" files_arg)
  list(JOIN qemu "|" qemu_arg)
  add_custom_target(firmware-report
    COMMAND ${CMAKE_COMMAND} "-DIMAGES=${files_arg}" "-DQEMU=${qemu_arg}" -DSIZE=${CMAKE_SIZE}
            -DNM=${CMAKE_NM} -DBOARD=${FOOTFALL_BOARD} -DRESULTS=${CMAKE_BINARY_DIR}/results.txt
            -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/firmware-report.cmake
    DEPENDS ${images} USES_TERMINAL VERBATIM)
endfunction()
