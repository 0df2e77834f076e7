# footfall_generate_model: generate, at build time, a header that builds a robot's model from a
# URDF with the core's ModelBuilder — no parsing and no heap in the program that includes it.
#
#   footfall_generate_model(TARGET <target> URDF <file.urdf> HEADER <name.hpp>
#                           [NAME <identifier>] [NAMESPACE <ns>] [FLOATING_BASE])
#
# Writes <binary dir>/footfall_generated/<name.hpp> with `footfall codegen`, rerun whenever the
# URDF (or the tool) changes, and adds that directory to <target>'s include path, so a source of
# <target> can `#include "<name.hpp>"` and call build_<NAME>_model(&model).
#
# The tool is the `footfall_cli` target when footfall's host tool is part of this build (host
# builds); otherwise (a firmware build with a cross toolchain) set FOOTFALL_TOOL to a `footfall`
# executable built for the host, or have one on the PATH.
function(footfall_generate_model)
  cmake_parse_arguments(ARG "FLOATING_BASE" "TARGET;URDF;HEADER;NAME;NAMESPACE" "" ${ARGN})
  foreach(required TARGET URDF HEADER)
    if(NOT ARG_${required})
      message(FATAL_ERROR "footfall_generate_model: ${required} is required")
    endif()
  endforeach()
  if(TARGET footfall_cli)
    set(tool $<TARGET_FILE:footfall_cli>)
    set(tool_dependency footfall_cli)
  else()
    if(NOT FOOTFALL_TOOL)
      find_program(FOOTFALL_TOOL footfall)
    endif()
    if(NOT FOOTFALL_TOOL)
      message(FATAL_ERROR "footfall_generate_model: no `footfall` tool in this build; set FOOTFALL_TOOL "
                          "to one built for the host (cmake --preset host, target footfall_cli)")
    endif()
    set(tool ${FOOTFALL_TOOL})
    set(tool_dependency ${FOOTFALL_TOOL})
  endif()
  get_filename_component(urdf "${ARG_URDF}" ABSOLUTE)
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/footfall_generated)
  set(header ${dir}/${ARG_HEADER})
  set(options)
  if(ARG_NAME)
    list(APPEND options --name ${ARG_NAME})
  endif()
  if(ARG_NAMESPACE)
    list(APPEND options --namespace ${ARG_NAMESPACE})
  endif()
  if(ARG_FLOATING_BASE)
    list(APPEND options --floating-base)
  endif()
  add_custom_command(OUTPUT ${header}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
    COMMAND ${tool} codegen --model ${urdf} --out ${header} ${options}
    DEPENDS ${urdf} ${tool_dependency}
    COMMENT "footfall codegen: ${ARG_URDF} -> ${ARG_HEADER}"
    VERBATIM)
  target_sources(${ARG_TARGET} PRIVATE ${header})
  target_include_directories(${ARG_TARGET} PRIVATE ${dir})
endfunction()
