#!/usr/bin/env bash
# The user firmware template (examples/user_firmware) as a user builds it: a project of its own
# that vendors this tree by add_subdirectory, generates its robot's model from a URDF with the
# host tool, and builds, checks (flash and RAM budget, no heap) and runs a quadruped's stance and
# strike tick under QEMU with one target. For footfall's A1 (examples/urdf/quadruped.urdf) and
# for the published Unitree Go1 in ../shared/robots (skipped, saying so, where it is absent),
# on mps2-an500; and the Go1 for the nucleo-h743zi, built and sized only (no emulator).
# Prints each build's flash and RAM and each run's figures; fails on a failed check, a failed
# build or run, any warning, or a vendoring guard (the toolchain files, the default build type)
# that does not stop or choose as it should. cmake/run-tests.sh runs it after the presets.
# Usage: cmake/run-user-firmware.sh <footfall tool built for this machine>
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "run-user-firmware: $*" >&2; exit 1; }
[ -x "${1:-}" ] || fail "no footfall tool at '${1:-}' (build the host-release preset first)"
tool=$(realpath "$1")
logs=build/logs
mkdir -p "$logs"

# build <name> <target> <cmake arguments...>
build() {
  local name=$1 target=$2
  shift 2
  local dir=build/user-firmware-$name log=$logs/user-firmware-$name.log
  echo "--- $name"
  if ! { cmake -S examples/user_firmware -B "$dir" -G Ninja -DFOOTFALL_TOOL="$tool" "$@" &&
    cmake --build "$dir" --target "$target"; } >"$log" 2>&1; then
    tail -n 40 "$log"
    fail "$name failed (full log: $log)"
  fi
  if grep -iE '(^|[^-])warning[: ]' "$log"; then
    fail "$name: the configure or build printed a warning (above)"
  fi
  grep -E '^robot_tick: flash|^(robot_tick on|model:|bytes:|instructions per stage|stance:|strike:|stack high-water|robot_tick: )' "$log" || true
  if [ "$target" = run ]; then
    grep -q '^robot_tick: PASS' "$log" || fail "$name: the tick's checks did not pass (full log: $log)"
  fi
}

# The vendoring guards, which must stop a wrong configuration with a message naming the fix: the
# common toolchain file alone, and a board given the other CPU's toolchain file.
# refused <name> <expected message> <cmake arguments...>
refused() {
  local name=$1 expected=$2
  shift 2
  local dir=build/user-firmware-$name log=$logs/user-firmware-$name.log
  rm -rf "$dir"
  if cmake -S examples/user_firmware -B "$dir" -G Ninja -DFOOTFALL_TOOL="$tool" "$@" >"$log" 2>&1; then
    fail "$name: configured, but should have stopped (full log: $log)"
  fi
  tr -s ' \n' ' ' <"$log" | grep -q "$expected" || fail "$name: stopped without saying '$expected' (full log: $log)"
  echo "--- $name: refused, naming the fix: $expected"
  rm -rf "$dir"
}
refused toolchain-alone "Use -DCMAKE_TOOLCHAIN_FILE=<footfall>/cmake/toolchains/cortex-m4f.cmake" \
  -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchains/arm-none-eabi.cmake"
refused toolchain-mismatch "use -DCMAKE_TOOLCHAIN_FILE=<footfall>/cmake/toolchains/cortex-m7.cmake" \
  -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchains/cortex-m4f.cmake" -DFOOTFALL_BOARD=mps2-an500

build a1 run
# The A1 example's foot links have no collision: point feet. The Go1's are spheres: sphere feet.
grep -q '^model:.* (points)$' "$logs/user-firmware-a1.log" || fail "a1: its feet are not point feet"
# No CMAKE_BUILD_TYPE was given: footfall must have chosen the optimised one its figures assume.
grep -q '^CMAKE_BUILD_TYPE:STRING=RelWithDebInfo$' build/user-firmware-a1/CMakeCache.txt ||
  fail "a1: configured with no build type, but not built as RelWithDebInfo (-O2)"
go1=../shared/robots/go1.urdf
if [ -f "$go1" ]; then
  build go1 run -DROBOT_URDF="$(realpath "$go1")"
  grep -q '^model:.* (spheres)$' "$logs/user-firmware-go1.log" || fail "go1: its feet are not the URDF's collision spheres"
  build go1-nucleo robot_tick -DROBOT_URDF="$(realpath "$go1")" -DFOOTFALL_BOARD=nucleo-h743zi
else
  echo "--- go1: skipped: $go1 is absent (the published robots live beside this repository, in ../shared/robots)"
fi
