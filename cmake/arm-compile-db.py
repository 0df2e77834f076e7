#!/usr/bin/env python3
"""Rewrites a Cortex-M build's compile_commands.json for clang-tidy.

The board presets compile with arm-none-eabi-gcc, whose flags clang does not all know and whose
headers (picolibc, libstdc++) clang does not find by itself. This keeps the files under the
given folders, swaps the compiler for clang targeting the same core, drops the GCC-only flags,
and adds GCC's own include search list, so clang-tidy sees exactly what GCC compiles.

Usage: arm-compile-db.py <build dir> <output dir> <source folder>...
"""
import json
import os
import shlex
import subprocess
import sys

# Flags clang rejects or that only tune GCC's code generation; none changes what a file means.
GCC_ONLY_PREFIXES = ("--specs=", "-fcallgraph-info", "-fgcse-sm", "-fno-tree-loop-distribute-patterns",
                     "-fstack-usage")
GCC_ONLY_WITH_VALUE = ("--param",)


def gcc_include_dirs(compiler, target_flags, language):
    probe = subprocess.run([compiler, *target_flags, "-x", language, "-E", "-v", os.devnull],
                           capture_output=True, text=True, check=True)
    dirs, inside = [], False
    for line in probe.stderr.splitlines():
        if line.startswith("#include <...> search starts here"):
            inside = True
        elif line.startswith("End of search list"):
            inside = False
        elif inside:
            dirs.append(os.path.normpath(line.strip()))
    if not dirs:
        sys.exit(f"arm-compile-db: {compiler} printed no include search list")
    return dirs


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    build, out, folders = sys.argv[1], sys.argv[2], [os.path.abspath(f) + os.sep for f in sys.argv[3:]]
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
        entries = json.load(f)
    rewritten, probes = [], {}
    for entry in entries:
        if not any(entry["file"].startswith(folder) for folder in folders):
            continue
        args = entry.get("arguments") or shlex.split(entry["command"])
        if os.path.basename(args[0]) == "ccache":
            args = args[1:]
        compiler, rest = args[0], args[1:]
        is_c = entry["file"].endswith(".c")
        target = [a for a in rest if a.startswith(("-mcpu=", "-mfpu=", "-mfloat-abi=", "-mthumb", "--specs="))]
        key = (compiler, tuple(target), is_c)
        if key not in probes:
            probes[key] = gcc_include_dirs(compiler, target, "c" if is_c else "c++")
        kept, skip = [], False
        for a in rest:
            if skip:
                skip = False
            elif a in GCC_ONLY_WITH_VALUE:
                skip = True
            elif not a.startswith(GCC_ONLY_PREFIXES):
                kept.append(a)
        clang = "clang" if is_c else "clang++"
        system = [x for d in probes[key] for x in ("-isystem", d)]
        entry = {"directory": entry["directory"], "file": entry["file"],
                 "arguments": [clang, "--target=arm-none-eabi", "-nostdinc", *system, *kept]}
        rewritten.append(entry)
    if not rewritten:
        sys.exit(f"arm-compile-db: no file of {' '.join(sys.argv[3:])} in {build}")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "compile_commands.json"), "w", encoding="utf-8") as f:
        json.dump(rewritten, f, indent=1)
    for entry in rewritten:
        print(entry["file"])


if __name__ == "__main__":
    main()
