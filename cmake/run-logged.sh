#!/usr/bin/env bash
# run-logged.sh <log> <command...>: runs the command, its output (stdout and stderr together)
# passed through, and keeps a copy in <log> if it exits 0, or removes a stale <log> if it does
# not. The board tests run their images through it, so that the firmware-report target reads
# what each image printed under ctest instead of running it on QEMU a second time
# (cmake/firmware-report.cmake). The copy is written under a temporary name and renamed, so two
# runs of one image at once (ctest -j) never leave a mixed file. Exits with the command's status.
set -uo pipefail
log=$1
shift
tmp="$log.$$"
"$@" 2>&1 | tee "$tmp"
status=${PIPESTATUS[0]}
if [ "$status" -eq 0 ]; then
  mv -f "$tmp" "$log"
else
  rm -f "$tmp" "$log"
fi
exit "$status"
