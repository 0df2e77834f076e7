cmake_minimum_required(VERSION 3.25)
# Builds TARGET in BUILD_DIR and passes only if the build fails because the no-heap check found
# heap symbols (not for any other reason, such as a compile error).
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD_DIR} --target ${TARGET}
  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(APPEND out "${err}")
if(result EQUAL 0)
  message(FATAL_ERROR "${TARGET} built although it allocates: the no-heap check missed it\n${out}")
endif()
if(NOT out MATCHES "footfall: heap symbols in firmware image")
  message(FATAL_ERROR "${TARGET} failed to build, but not by the no-heap check:\n${out}")
endif()
string(REGEX MATCH "heap symbols in firmware image [^\n]*" line "${out}")
message(STATUS "rejected as it should be: ${line}")
