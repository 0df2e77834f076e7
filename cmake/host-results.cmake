cmake_minimum_required(VERSION 3.25)
# Runs the host benchmarks (tests/bench, the `results` target) and writes what each prints to
# RESULTS, the build's results file: Google Benchmark's table with each benchmark's mean, median
# and spread over REPETITIONS repetitions of at least MIN_TIME seconds, then the ratios of
# footfall's medians to the peers' from the same run (tests/bench/paired_ratio_main.cpp).
# Arguments (-D): BENCHMARKS ("|"-separated executables), MIN_TIME, REPETITIONS, RESULTS; the
# environment's FOOTFALL_RESULTS_MIN_TIME and FOOTFALL_RESULTS_REPETITIONS, when set, override
# the two (CI sets them for a short run: cmake/run-tests.sh).
string(REPLACE "|" ";" benchmarks "${BENCHMARKS}")
if(DEFINED ENV{FOOTFALL_RESULTS_MIN_TIME})
  set(MIN_TIME "$ENV{FOOTFALL_RESULTS_MIN_TIME}")
endif()
if(DEFINED ENV{FOOTFALL_RESULTS_REPETITIONS})
  set(REPETITIONS "$ENV{FOOTFALL_RESULTS_REPETITIONS}")
endif()
cmake_host_system_information(RESULT cpu QUERY PROCESSOR_DESCRIPTION)
set(report "footfall host benchmark figures, written by `cmake --build --preset <preset> --target results`\n")
string(APPEND report "on ${cpu}, ${REPETITIONS} repetitions of at least ${MIN_TIME} s each\n")
foreach(bench IN LISTS benchmarks)
  get_filename_component(name "${bench}" NAME)
  message("results: ${name}")
  execute_process(
    COMMAND "${bench}" --benchmark_min_time=${MIN_TIME} --benchmark_repetitions=${REPETITIONS}
            --benchmark_report_aggregates_only=true --benchmark_color=false
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "results: ${name} failed (${status}):\n${err}")
  endif()
  string(APPEND report "\n=== ${name}\n${out}")
endforeach()
file(WRITE "${RESULTS}" "${report}")
message("results: written to ${RESULTS}")
