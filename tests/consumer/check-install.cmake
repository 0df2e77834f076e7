cmake_minimum_required(VERSION 3.25)
# Installs the build in BUILD_DIR to a scratch prefix, then configures, builds and runs the
# consumer project against it, and runs the installed tool when EXPECT_TOOL. Arguments (-D):
# BUILD_DIR, SOURCE_DIR (this folder), WORK_DIR, EXPECT_TOOL, CXX_COMPILER (the build's).
file(REMOVE_RECURSE ${WORK_DIR})
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "failed: ${ARGN}\n${out}")
  endif()
endfunction()
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/build -G Ninja -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix
    -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run(${WORK_DIR}/build/consumer)
if(EXPECT_TOOL)  # host builds install the tool too
  run(${WORK_DIR}/prefix/bin/footfall info --model rod2d)
endif()
message(STATUS "find_package(footfall) from an install works")
