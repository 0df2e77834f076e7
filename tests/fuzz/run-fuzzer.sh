#!/bin/sh
# ctest's fuzz runs: run-fuzzer.sh <scratch corpus> <seed corpus> <harness> [libFuzzer flags...]
# Empties the scratch corpus first, so every run starts from the committed seeds alone (with
# ctest's fixed seed and run count, the same inputs every time); libFuzzer writes what it finds
# into the first corpus directory it is given, which is the scratch one, never the source tree.
set -eu
scratch=$1
seeds=$2
harness=$3
shift 3
rm -rf "$scratch"
mkdir -p "$scratch"
exec "$harness" "$@" "$scratch" "$seeds"
