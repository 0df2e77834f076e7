#!/usr/bin/env bash
# The README's second quick-start command, and what CI runs: install what is missing, then configure, build
# and test the presets — host-asan (clang, sanitizers, and the libFuzzer harnesses run for a
# bounded time), host-release (optimised: the tool's tests, the peers, the reliability suite's
# million ticks, the examples and the benchmarks' smoke runs), cortex-m4f and cortex-m7 (the
# last two under qemu-system-arm),
# stm32f405 (the quadruped loop alone, at its 168 MHz board's nominal clock under
# qemu-system-arm), aarch64-linux (64-bit ARM Linux, cross: five unit suites and the examples,
# the RT-Linux loop among them, under qemu-aarch64) — build the real boards' firmware
# (nucleo-h743zi), and print the firmware figures: instruction counts, flash/RAM use, stack
# high-water marks, static stack bounds and the loop's cycles as llvm-mca models the core.
#
# The plain debug `host` preset is not in the default list, to keep CI within its hour on two
# cores: host-asan runs the same tests, unoptimised too, with the sanitizers. Name it to run it:
# `cmake/run-tests.sh host`. For the same reason host-release builds one unit suite,
# reliability (FOOTFALL_TEST_SUITES): the others are the same sources host-asan runs in both
# scalars, and the boards run them optimised (-O2, float on the M4F, double on the M7). host-asan's test preset leaves out the three 1 s trapezoidal
# quadruped drops (host.Simulate.*TrapezoidalScheme*, 5 to 16 minutes each under the sanitizers)
# and the 3 s event-driven stand (about 5 minutes), which host-release runs in seconds, and runs
# the drops' touchdown instead (host.Simulate.QuadrupedTouchdown*: the same scheme and friction
# models over 0.12 s, 10 to 20 s each). The unit suites compile as one translation unit each
# (FOOTFALL_UNITY_TEST_SUITES), and the test presets stop a test after 600 s.
#
# It fails on any failed test, any warning (compiler, linker or CMake), any sanitizer report,
# a heap symbol in a firmware image, a preset that ran no test (except a build-only one), a
# failed build, check or run of the user firmware template (cmake/run-user-firmware.sh), or a
# clang-tidy or cppcheck finding in lib/ or port/ (cmake/static-analysis.sh), or a Doxygen warning
# over the public headers (the `docs` target: an undocumented public declaration).
# Usage: cmake/run-tests.sh [preset...]      (default: the seven below)
set -euo pipefail
cd "$(dirname "$0")/.."
presets=("$@")
[ ${#presets[@]} -gt 0 ] ||
  presets=(host-asan host-release cortex-m4f cortex-m7 stm32f405 aarch64-linux nucleo-h743zi)

# Build-only presets: real boards with no emulator, whose firmware is built, linked, checked for
# heap symbols and sized, but never run here (it runs on the board: port/README.md, "Flashing the
# Nucleo-H743ZI"). They are the only presets allowed to run no test, and they run none.
build_only=(nucleo-h743zi)

in_list() {  # in_list <word> <list...>: is the word one of the list?
  local word=$1 p
  shift
  for p in "$@"; do [ "$p" = "$word" ] && return 0; done
  return 1
}

bash cmake/install-deps.sh

logs=build/logs
mkdir -p "$logs"
export ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:detect_leaks=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
total_passed=0
total_failed=0

fail() { echo "run-tests: $*" >&2; exit 1; }

for preset in "${presets[@]}"; do
  echo "=== $preset"
  if ! cmake --preset "$preset" >"$logs/$preset-configure.log" 2>&1; then
    cat "$logs/$preset-configure.log"; fail "$preset: configure failed"
  fi
  if ! cmake --build --preset "$preset" >"$logs/$preset-build.log" 2>&1; then
    grep -E 'error|FAILED|heap symbols' "$logs/$preset-build.log" | head -40 || true
    fail "$preset: build failed (full log: $logs/$preset-build.log)"
  fi
  if grep -iE '(^|[^-])warning[: ]' "$logs/$preset-configure.log" "$logs/$preset-build.log"; then
    fail "$preset: the configure or build printed a warning (above)"
  fi
  if in_list "$preset" "${build_only[@]}"; then
    echo "built only: $preset has no emulator, so nothing runs (see its figures below)"
    continue
  fi
  set +e
  ctest --preset "$preset" >"$logs/$preset-test.log" 2>&1
  status=$?
  set -e
  grep -E 'tests passed' "$logs/$preset-test.log" | tail -n 1 || true
  if grep -E 'ERROR: (Address|Leak|Undefined)Sanitizer|runtime error:' "$logs/$preset-test.log"; then
    fail "$preset: sanitizer report (full log: $logs/$preset-test.log)"
  fi
  if [ $status -ne 0 ]; then
    sed -n '/The following tests FAILED/,$p' "$logs/$preset-test.log"
    ctest --preset "$preset" --rerun-failed --output-on-failure 2>&1 | tail -n 60 || true
    fail "$preset: tests failed (full log: $logs/$preset-test.log)"
  fi
  summary=$(grep -E '[0-9]+% tests passed, [0-9]+ tests failed out of [0-9]+' "$logs/$preset-test.log" | tail -n 1)
  ran=$(sed -E 's/.* out of ([0-9]+).*/\1/' <<<"$summary")
  failed=$(sed -E 's/.*passed, ([0-9]+) tests failed.*/\1/' <<<"$summary")
  [ "${ran:-0}" -gt 0 ] || fail "$preset: ran no test"
  total_passed=$((total_passed + ran - failed))
  total_failed=$((total_failed + failed))
done

# The user firmware template (examples/user_firmware), built as a project that vendors footfall:
# the A1 and the published Go1 on mps2-an500, built, checked and run (about two minutes). It
# generates its model with the host tool, which host-release builds.
if in_list host-release "${presets[@]}"; then
  echo "=== user firmware template"
  bash cmake/run-user-firmware.sh build/host-release/bin/footfall
else
  echo "=== user firmware template: not run (it needs the host-release preset's footfall tool)"
fi

# Static analysis of lib/ and port/ needs the compile databases of the builds that compile them.
if in_list host-release "${presets[@]}" && in_list cortex-m7 "${presets[@]}" && in_list nucleo-h743zi "${presets[@]}"; then
  echo "=== static analysis"
  bash cmake/static-analysis.sh
else
  echo "=== static analysis: not run (it needs the host-release, cortex-m7 and nucleo-h743zi presets)"
fi

# The API reference: Doxygen over the public headers, which fails on any undocumented public
# entry point, type, field or enumerator (cmake/FootfallDocs.cmake).
if in_list host-release "${presets[@]}"; then
  echo "=== API reference"
  if ! cmake --build build/host-release --target docs >"$logs/docs.log" 2>&1; then
    cat build/host-release/docs/warnings.log 2>/dev/null | head -40 || true
    tail -n 5 "$logs/docs.log"
    fail "docs: Doxygen failed or warned (full list: build/host-release/docs/warnings.log)"
  fi
  echo "built with no warning: build/host-release/docs/html/index.html"
else
  echo "=== API reference: not built (it is built in the host-release preset)"
fi

# The host figures: every benchmark, briefly (CI's two cores are shared: the ratios to the peers
# from the same run are what to read), written to build/host-release/results.txt; the ratio
# tables printed here. `cmake --build --preset host-release --target results` alone runs them longer.
if in_list host-release "${presets[@]}"; then
  echo "=== figures: host-release benchmarks"
  if ! FOOTFALL_RESULTS_MIN_TIME=0.05 FOOTFALL_RESULTS_REPETITIONS=3 \
      cmake --build build/host-release --target results >"$logs/results.log" 2>&1; then
    tail -n 20 "$logs/results.log"
    fail "results: a benchmark failed (full log: $logs/results.log)"
  fi
  awk '/^=== /{print} /^footfall vs peer/{on=1} on{print} on&&/^$/{on=0}' build/host-release/results.txt
fi

# The figures CI prints: per board, instruction counts, image sizes and stack use.
for preset in "${presets[@]}"; do
  case "$preset" in cortex-* | stm32* | nucleo-*) ;; *) continue ;; esac
  echo
  echo "=== figures: $preset"
  cmake --build --preset "$preset" --target firmware-report 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]'
  # The first tick's cycles as llvm-mca models the board's core, per stage, from the profiler's
  # test (example.firmware_loop_profile, examples/firmware/README.md, "Cycles, modelled"), where it ran with --cycles.
  last="build/$preset/Testing/Temporary/LastTest.log"
  if [ -f "$last" ]; then
    sed -n '/^Modelled cycles of tick/,/^ *stages /p' "$last" | grep -vE '^ {6}' || true
  fi
  # Static stack bounds (tests/stack_bound): on the emulated boards whose build has tests/, which
  # a preset with FOOTFALL_BUILD_TEST_SUITES=OFF (stm32f405: the loop alone) leaves out.
  if ! in_list "$preset" "${build_only[@]}" &&
    ! grep -q '^FOOTFALL_BUILD_TEST_SUITES:BOOL=OFF' "build/$preset/CMakeCache.txt"; then
    cmake --build --preset "$preset" --target stack-bound 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]'
  fi
done

echo
echo "run-tests: all presets passed: ${presets[*]}"
echo "$total_passed passed, $total_failed failed"
