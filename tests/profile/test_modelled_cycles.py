#!/usr/bin/env python3
"""cmake/profile-firmware.py's cycle model on input whose answer is known.

1. objdump's lines as llvm-mca's assembler needs them (mca_syntax): widths dropped, an IT a nop
   and its block's conditions dropped, a branch or call to the label just after it, a VFP
   immediate by its value, the compare forms LLVM 14's Cortex-M7 model lacks, comments dropped.
2. Each instruction's cycles read off llvm-mca's timeline (modelled_cycles), on the core the
   firmware is built for: they sum to each region's total, a chain of dependent multiply-adds
   costs more than the same instructions on independent registers, and each instruction is
   charged from issue to issue (so a reader that charged every instruction alike, or read the
   completion column instead of the issue column, fails here).

Usage: test_modelled_cycles.py PATH/TO/profile-firmware.py LLVM_MCA MCPU
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from script_checks import Checks, load  # noqa: E402 (tests/common, after the path)


def modelled(module, llvm_mca, mcpu, regions):
    """The cycles of each instruction of the regions (lists of lines), by the script's own run of
    llvm-mca and reading of its timeline, and each region's total from the same report."""
    lines = [".syntax unified", ".thumb"]
    for region in regions:
        lines += ["# LLVM-MCA-BEGIN"] + region + ["# LLVM-MCA-END"]
    report = module.run_llvm_mca(llvm_mca, mcpu, lines)
    totals = [int(line.split()[2]) for line in report.splitlines() if line.startswith("Total Cycles:")]
    return module.modelled_cycles(report), totals


def main():
    module = load(sys.argv[1])
    llvm_mca, mcpu = sys.argv[2], sys.argv[3]
    checks = Checks("test_modelled_cycles")

    syntax = [
        (("ldr.w", "r2, [r3, #-8]", False), ["ldr r2, [r3, #-8]"]),
        (("ite", "le", False), ["nop"]),
        (("movle", "r0, r1", True), ["mov r0, r1"]),
        (("vmovgt.f32", "s0, s1", True), ["vmov.f32 s0, s1"]),
        (("vmls.f32", "s0, s1, s2", False), ["vmls.f32 s0, s1, s2"]),  # "ls" is not a condition here
        (("bl", "8a3c <_ZN8footfall4stepEv>", False), ["b 1f", "1:"]),
        (("ble.w", "a13a <main+0x492>", False), ["ble 1f", "1:"]),
        (("cbz", "r2, a640 <f+0x8>", False), ["cbz r2, 1f", "1:"]),
        (("blx", "r3", False), ["bx r3", "1:"]),
        (("vmov.f32", "s15, #112\t@ 0x3f800000", False), ["vmov.f32 s15, #1.0"]),
        (("vcmpe.f32", "s15, #0.0", False), ["vcmp.f32 s15, s15"]),
        (("ldr", "r3, [pc, #52]\t@ (8a70 <f+0x40>)", False), ["ldr r3, [pc, #52]"]),
    ]
    for (mnemonic, operands, conditional), want in syntax:
        checks.expect("%s %s%s" % (mnemonic, operands.split("\t")[0], " (in an IT block)" if conditional else ""),
                      module.mca_syntax(mnemonic, operands, conditional), want)

    # Four multiply-adds into one accumulator wait for each other; into four they need not.
    chain = ["vfma.f32 s0, s1, s2"] * 4
    spread = ["vfma.f32 s%d, s4, s5" % r for r in range(4)]
    costs, totals = modelled(module, llvm_mca, mcpu, [chain, spread])
    checks.expect("instructions read off the timeline", len(costs), 8)
    checks.expect("the chain's cycles sum to its region's total", sum(costs[:4]), totals[0] if totals else None)
    checks.expect("the spread's cycles sum to its region's total", sum(costs[4:]),
                  totals[1] if len(totals) > 1 else None)
    checks.expect("the chain costs more than the spread", sum(costs[:4]) > sum(costs[4:]), True)
    # Issue cycles, not completions: a region's first instruction issues at cycle 0 into an empty
    # pipeline (charged 1), the spread's next ones a cycle apart on the one FP pipe (1 each), and
    # the chain's each a fixed wait after the one it reads (equal, and more than 1). Charges read
    # off the completion column would start at the instruction's latency instead.
    checks.expect("each region's first instruction", (costs[0], costs[4]) if len(costs) == 8 else None, (1, 1))
    checks.expect("the spread's second and third", costs[5:7], [1, 1])
    steady = costs[1:3]
    checks.expect("the chain's second and third, equal and above 1",
                  len(steady) == 2 and steady[0] == steady[1] and steady[0] > 1, True)
    return checks.status()


if __name__ == "__main__":
    sys.exit(main())
