# The `footfall` tool that `footfall_generate_model` runs at build time, built for the build
# machine: FOOTFALL_TOOL if set (a host build's bin/footfall: `cmake --preset host-release` in
# footfall, target footfall_cli), else a `footfall` on the PATH, else footfall's host tool built
# here as a sub-build with the build machine's compiler (footfall_host_tool; it needs the host
# tool's packages: urdfdom, CLI11, nlohmann-json, cairo, as footfall's cmake/install-deps.sh
# installs them). Sets ROBOT_HOST_TOOL_TARGET to the sub-build's target, or to nothing.
set(FOOTFALL_TOOL "" CACHE FILEPATH "A `footfall` tool built for the build machine (empty: the PATH's, or built here)")
set(ROBOT_HOST_TOOL_TARGET "")
if(NOT FOOTFALL_TOOL)
  find_program(ROBOT_FOOTFALL_ON_PATH footfall)
  if(ROBOT_FOOTFALL_ON_PATH)
    set(FOOTFALL_TOOL "${ROBOT_FOOTFALL_ON_PATH}")
  else()
    include(ExternalProject)
    set(host_dir ${CMAKE_BINARY_DIR}/footfall-host-tool)
    ExternalProject_Add(footfall_host_tool
      SOURCE_DIR ${FOOTFALL_DIR}
      BINARY_DIR ${host_dir}
      CMAKE_ARGS -DCMAKE_BUILD_TYPE=Release -DFOOTFALL_BUILD_TESTS=OFF -DFOOTFALL_BUILD_EXAMPLES=OFF
      BUILD_COMMAND ${CMAKE_COMMAND} --build <BINARY_DIR> --target footfall_cli
      INSTALL_COMMAND ""
      BUILD_BYPRODUCTS ${host_dir}/bin/footfall
      USES_TERMINAL_BUILD ON)
    set(FOOTFALL_TOOL ${host_dir}/bin/footfall)
    set(ROBOT_HOST_TOOL_TARGET footfall_host_tool)
    message(STATUS "robot_firmware: no FOOTFALL_TOOL and no `footfall` on the PATH: footfall's host tool is built for this machine first")
  endif()
elseif(NOT EXISTS "${FOOTFALL_TOOL}")
  message(FATAL_ERROR "FOOTFALL_TOOL (${FOOTFALL_TOOL}) does not exist")
endif()
