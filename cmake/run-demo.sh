#!/usr/bin/env bash
# The README's first quick-start command: install what is missing, build footfall's firmware for the emulated
# Cortex-M7 board (QEMU mps2-an500) and run it there, printing what it computes: the demo's
# checks (firmware_demo), then the quadruped's 1 kHz control loop (firmware_loop). stm32f405
# runs the loop alone, on the 168 MHz STM32F405 (QEMU netduinoplus2), at that board's clock.
# Usage: cmake/run-demo.sh [cortex-m7|cortex-m4f|stm32f405]
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-cortex-m7}
case "$preset" in
  cortex-m7 | cortex-m4f | stm32f405) ;;
  *) echo "run-demo: unknown board preset '$preset' (cortex-m7, cortex-m4f or stm32f405)" >&2; exit 2 ;;
esac

bash cmake/install-deps.sh
log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "run-demo: building the firmware for preset $preset"
if ! { cmake --preset "$preset" && cmake --build --preset "$preset" --target demo-images; } >"$log" 2>&1; then
  cat "$log"
  echo "run-demo: the build failed (output above)" >&2
  exit 1
fi
cmake --build --preset "$preset" --target run-demo
