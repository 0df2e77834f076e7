#!/usr/bin/env bash
# Static analysis of lib/ and port/: clang-tidy (.clang-tidy: bugprone, performance, CERT, C++
# Core Guidelines, each check left out there with its reason) and cppcheck (warning, performance,
# portability). Zero findings pass; a deliberate exception is an inline suppression with its
# reason beside it. Run by cmake/run-tests.sh after the builds, whose compile databases it uses:
#   - the core (header-only): tests/stack_bound/entry_points.cpp, which instantiates every public
#     entry point for float and double;
#   - lib/host and port/posix: the host-release build;
#   - port/cortex-m and port/boards: the cortex-m7 and nucleo-h743zi builds, their GCC commands
#     rewritten for clang (cmake/arm-compile-db.py).
# Usage: cmake/static-analysis.sh     (after building host-release, cortex-m7, nucleo-h743zi)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
fail() { echo "static-analysis: $*" >&2; exit 1; }
for tool in clang-tidy cppcheck python3; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (cmake/install-deps.sh installs it)"
done
for preset in host-release cortex-m7 nucleo-h743zi; do
  [ -f "build/$preset/compile_commands.json" ] || fail "build/$preset has no compile_commands.json: build that preset first"
done
out=build/static-analysis
rm -rf "$out"
mkdir -p "$out"

# The files, each with the compile database that builds it.
python3 - "$root" >"$out/host-files" <<'EOF'
import json, sys
root = sys.argv[1]
entries = json.load(open(f"{root}/build/host-release/compile_commands.json"))
for f in sorted({e["file"] for e in entries}):
    if f.startswith((f"{root}/lib/", f"{root}/port/")):
        print(f)
EOF
python3 cmake/arm-compile-db.py build/cortex-m7 "$out/cortex-m7" port/cortex-m >"$out/cortex-m7-files"
python3 cmake/arm-compile-db.py build/nucleo-h743zi "$out/nucleo-h743zi" port/boards >"$out/nucleo-h743zi-files"

# The core's entry points have no build of their own here: a one-entry compile database.
mkdir -p "$out/core"
python3 - "$root" >"$out/core/compile_commands.json" <<'EOF2'
import json, sys
root = sys.argv[1]
source = f"{root}/tests/stack_bound/entry_points.cpp"
command = ["clang++", "-std=c++17", f"-I{root}/lib/core/include", "-isystem", "/usr/include/eigen3", "-c", source]
json.dump([{"directory": root, "file": source, "arguments": command}], sys.stdout)
EOF2

# Every file with its database, in one queue of two workers: the entry points (about 80 s, the
# longest) first, so no core waits idle behind one long file at the end of a shorter list.
{
  echo "$out/core $root/tests/stack_bound/entry_points.cpp"
  sed "s|^|build/host-release |" "$out/host-files"
  sed "s|^|$out/cortex-m7 |" "$out/cortex-m7-files"
  sed "s|^|$out/nucleo-h743zi |" "$out/nucleo-h743zi-files"
} >"$out/tidy-jobs"

# clang-tidy exits non-zero on any finding (WarningsAsErrors), a file it could not compile, or a
# crash; its log says which. Both are judged, so a run that died without a word still fails.
tidy_status=0
# shellcheck disable=SC2016  # $0 and $1 are the inner shell's: a job's database and file
xargs -P2 -n2 sh -c 'exec clang-tidy --quiet -p "$0" "$1"' <"$out/tidy-jobs" >"$out/clang-tidy.log" 2>&1 ||
  tidy_status=$?
files=$(wc -l <"$out/tidy-jobs")
if grep -E '(error|warning): ' "$out/clang-tidy.log" | sort -u | grep . ; then
  fail "clang-tidy: findings above (full log: $out/clang-tidy.log)"
fi
if [ "$tidy_status" -ne 0 ]; then
  tail -n 20 "$out/clang-tidy.log"
  fail "clang-tidy exited with status $tidy_status and reported no finding (a crash?); log: $out/clang-tidy.log"
fi
echo "clang-tidy: $files translation units (lib/core through the entry points, lib/host, port), 0 findings"

cppcheck_args=(-q -j2 --std=c++17 --enable=warning,performance,portability --inline-suppr
  --error-exitcode=1 --suppress=missingIncludeSystem
  -Ilib/core/include -Ilib/host/include -Iport/include -Iport/posix/include -Iport/cortex-m/include
  -DFOOTFALL_BOARD_CLOCK_HZ=25000000u)
if ! cppcheck "${cppcheck_args[@]}" lib port tests/stack_bound/entry_points.cpp >"$out/cppcheck.log" 2>&1; then
  cat "$out/cppcheck.log"
  fail "cppcheck: findings above"
fi
echo "cppcheck: lib/ and port/ (and the core through the entry points), 0 findings"
