#!/usr/bin/env python3
"""Where a firmware loop's instructions go, stage by stage and function by function.

Runs a firmware image under qemu-system-arm with QEMU's translation and execution logs
(-d in_asm,exec,nochain: each translation block's instructions once, then a line each time a
block runs) and counts every executed instruction. A stage starts at its function's first
instruction (the executive calls each stage through a pointer, so none is inlined) and ends when
the function that called it runs again; everything in between is charged to the stage, and each
instruction to the out-of-line function it lies in (with all that is inlined into it). Ticks are
counted at the first stage's entry; the report covers --ticks ticks after the first --skip.

  cmake/profile-firmware.py build/cortex-m7/examples/firmware_loop.elf

The defaults fit examples/firmware's quadruped loop on the cortex-m7 preset: its stages, and a
skip past the 1 000 ticks at the board's nominal clock (where every tick overruns and the strike
is skipped) into the main run. About three minutes: QEMU logs every block the loop runs,
including its idle loop between ticks (under "between stages", with the executive's own work).

With --cycles it also models the first reported tick's cycles: the instructions that tick
executed, in the order they ran (objdump's text of each, rewritten for LLVM's assembler), go
through llvm-mca's model of the core's pipeline (-mcpu, cortex-m7 by default: in order, two
issue slots), each instruction charged the cycles from the issue of the one before it to its
own, summed per stage and function. The model takes every access to hit and no branch to be
mispredicted; it is LLVM's description of the core, not a measurement.

With --compare-printed it checks itself against the firmware, which prints each stage's mean
over its first run as the executive timed it on its own clock (QEMU's instruction count): with
--skip 0 --ticks 1000 (that run's ticks) each stage's count here must agree with it to within
the clock reads around a stage. CTest runs that as example.firmware_loop_profile.
"""
import argparse
import bisect
import collections
import os
import re
import struct
import subprocess
import sys
import threading


def function_ranges(elf, nm):
    """The image's functions as sorted (start, end, name), Thumb bit cleared."""
    out = subprocess.run([nm, "-C", "-S", "--defined-only", elf], capture_output=True, text=True, check=True).stdout
    ranges = []
    for line in out.splitlines():
        parts = line.split(" ", 3)
        if len(parts) == 4 and parts[2] in ("t", "T", "W", "w"):
            start = int(parts[0], 16) & ~1
            ranges.append((start, start + int(parts[1], 16), parts[3]))
    ranges.sort()
    return ranges


def short_name(name):
    """A demangled name without its template arguments, parameters and namespaces."""
    name = name.replace("(anonymous namespace)::", "")
    for _ in range(6):
        name = re.sub(r"<[^<>]*>", "", name)
    return re.sub(r"\(.*", "", name).split("::")[-1]


def run_traced(args, entries, function_of, order=None):
    """Runs the image; returns the blocks' instructions, the runs of each (stage, block) and the
    stages' entries over the reported ticks, the ticks seen, and the firmware's console lines.
    With `order` (a list), the first reported tick's blocks are appended to it as they ran, each
    as (stage, block start), the executive's own between the stages left out."""
    command = [args.qemu, "-M", args.machine, "-nographic", "-monitor", "none", "-serial", "none",
               "-semihosting-config", "enable=on,target=native", "-icount",
               "shift=%d,align=off,sleep=off" % args.icount_shift,
               "-d", "in_asm,exec,nochain"]
    # The log on a pipe of its own (the console on stdout would break into its lines), both read.
    log_read, log_write = os.pipe()
    command += ["-D", "/dev/fd/%d" % log_write, "-kernel", args.elf]
    qemu = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, pass_fds=(log_write,),
                            text=True, errors="replace")
    os.close(log_write)
    printed = []
    reader = threading.Thread(target=lambda: printed.extend(qemu.stdout), daemon=True)
    reader.start()

    trace = re.compile(r"^Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/")
    instruction = re.compile(r"^0x([0-9a-f]+):")
    first_stage = args.stages.split(",")[0]
    blocks = {}  # a block's start address -> its instructions' addresses
    runs = collections.Counter()  # (stage, block start) -> runs in the reported ticks
    entered = collections.Counter()  # stage -> entries in the reported ticks
    translating, stage, caller, previous, ticks = None, "between stages", None, 0, 0
    # A block logged and then "Stopped execution of TB chain before" it did not run: -icount
    # ran out at its start (an interrupt is due), and it runs again, logged again, once the
    # handler returns. So each block is counted when the next line shows it was not stopped;
    # counted at once, a stage entered just as SysTick fired was entered twice.
    pending = None
    with os.fdopen(log_read, "r", errors="replace") as log:
        for line in log:
            if pending is not None and not line.startswith("Stopped execution"):
                pc, pending = pending, None
                if pc in entries:
                    stage, caller = entries[pc], function_of(previous)
                    if stage == first_stage:
                        ticks += 1
                        if ticks > args.skip + args.ticks:
                            break
                    if ticks > args.skip:
                        entered[stage] += 1
                elif caller is not None and function_of(pc) == caller:
                    stage, caller = "between stages", None
                previous = pc
                if ticks > args.skip:
                    runs[(stage, pc)] += 1
                    if order is not None and ticks == args.skip + 1 and stage != "between stages":
                        order.append((stage, pc))
            if line.startswith("Trace"):
                translating = None
                match = trace.match(line)
                if match:
                    pending = int(match.group(1), 16)
            elif line.startswith("Stopped execution"):
                pending = None
            elif line.startswith("IN:"):
                translating = []
            elif translating is not None:
                match = instruction.match(line)
                if match:
                    address = int(match.group(1), 16)
                    if not translating:
                        blocks.setdefault(address, translating)
                    translating.append(address)
                else:
                    translating = None
        qemu.kill()
        qemu.wait()
    reader.join(timeout=10)
    return blocks, runs, entered, ticks, printed


def compare_with_printed(stage_names, per_stage, entered, printed):
    """Each stage's mean here against the first mean the firmware printed for it; True if all agree."""
    pattern = re.compile(r"^\s+(\w+)\s+instructions: mean\s+(\d+)")
    shown = {}
    for line in printed:
        match = pattern.match(line)
        if match and match.group(1) in stage_names and match.group(1) not in shown:
            shown[match.group(1)] = int(match.group(2))
    agree = True
    print("Against the firmware's own means (its first run):")
    for name in stage_names:
        if name not in shown or entered[name] == 0:
            print("  %-8s not printed by the firmware, or never run" % name)
            agree = False
            continue
        mean = sum(per_stage[name].values()) / entered[name]
        # The executive reads its clock just outside the stage: a few dozen instructions.
        ok = abs(mean - shown[name]) <= 64
        agree = agree and ok
        print("  %-8s %9.1f here, %7d printed  %s" % (name, mean, shown[name], "ok" if ok else "DISAGREE"))
    return agree


def print_source_lines(args, stage_names, blocks, runs, reported):
    """Each stage's costliest source lines: every executed instruction charged to the file and
    line of its innermost inlined location in the project's sources (addr2line on the image's
    debug lines), so that Eigen's and the C++ library's code counts where the project calls it."""
    per_address = collections.defaultdict(collections.Counter)
    for (name, pc), count in runs.items():
        for address in blocks.get(pc, [pc]):
            per_address[name][address] += count
    addresses = sorted({a for counter in per_address.values() for a in counter})
    # -a -i: each address, then its inlined locations innermost first; the first one outside
    # /usr (the project's own line, not Eigen's or the C++ library's) is charged.
    out = subprocess.run([args.addr2line, "-a", "-i", "-e", args.elf] + ["0x%x" % a for a in addresses],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    where, current = {}, None
    for line in out:
        if line.startswith("0x"):
            current = int(line, 16)
        elif current is not None and current not in where and not line.startswith("/usr/"):
            where[current] = os.path.relpath(line.split(" ")[0]) if line.startswith("/") else line
    for address in addresses:
        where.setdefault(address, "?")
    for name in stage_names:
        lines = collections.Counter()
        for address, count in per_address[name].items():
            lines[where[address]] += count
        print("  %s, source lines:" % name)
        for line, count in lines.most_common(args.lines):
            print("      %8.0f  %s" % (count / reported, line))


CONDITIONS = ("eq", "ne", "cs", "cc", "hs", "lo", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le", "al")
BRANCH = re.compile(r"^(b|bl|blx|cbz|cbnz)(%s)?$" % "|".join(CONDITIONS))


def disassembly(elf, objdump):
    """The image's instructions: address -> (mnemonic, operands) as objdump prints them."""
    out = subprocess.run([objdump, "-d", "--no-show-raw-insn", elf], capture_output=True, text=True, check=True).stdout
    line = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$")
    instructions = {}
    for text in out.splitlines():
        match = line.match(text)
        if match:
            instructions[int(match.group(1), 16)] = (match.group(2), match.group(3).strip())
    return instructions


def it_block_length(mnemonic):
    """How many instructions an IT instruction makes conditional (1 to 4), 0 for any other."""
    return len(mnemonic) - 1 if re.match(r"^it[te]{0,3}$", mnemonic) else 0


def mca_syntax(mnemonic, operands, conditional):
    """One executed instruction as objdump prints it, rewritten for llvm-mca's assembler: a list
    of lines. The stream is the path that ran, in order, so control flow is already resolved:
      - .w and .n are dropped (the assembler picks the encoding);
      - an IT becomes a nop (one issue slot), and the conditional instructions of its block
        (`conditional`) lose their condition: llvm-mca has no IT blocks, and the core issues an
        instruction whose condition fails as it issues one that passes;
      - a branch or call targets a label just after it (it is the next line that ran), bl and blx
        become b and bx (llvm-mca charges a call 100 cycles, as if it knew nothing of it);
      - a VFP immediate is written as the value objdump's comment gives (not its encoding);
      - vcmpe is vcmp, and a compare with #0.0 a compare with itself (the forms LLVM 14's
        Cortex-M7 model lacks, with the same cost);
      - comments are dropped."""
    mnemonic = re.sub(r"\.(w|n)$", "", mnemonic)
    if it_block_length(mnemonic):
        return ["nop"]
    if conditional:
        base, dot, rest = mnemonic.partition(".")
        if base[-2:] in CONDITIONS:
            mnemonic = base[:-2] + dot + rest
    if mnemonic.startswith("vmov") and "#" in operands and "@ 0x" in operands:
        bits = int(operands.split("@ 0x")[1].split()[0], 16)
        value = struct.unpack("<f", struct.pack("<I", bits))[0] if mnemonic.endswith("f32") else \
            struct.unpack("<d", struct.pack("<Q", bits))[0]
        operands = re.sub(r"#-?[0-9]+", "#%r" % value, operands.split("@")[0]).strip()
    operands = re.sub(r"\s*[@;].*$", "", operands)
    if mnemonic.startswith("vcmpe"):
        mnemonic = "vcmp" + mnemonic[5:]
    if mnemonic.startswith("vcmp") and operands.endswith("#0.0"):
        register = operands.split(",")[0].strip()
        operands = "%s, %s" % (register, register)
    if BRANCH.match(mnemonic):
        mnemonic = {"bl": "b", "blx": "bx"}.get(mnemonic, mnemonic)
        if mnemonic != "bx":
            parts = operands.split(",")
            operands = ", ".join(parts[:-1] + ["1f"])
        return [("%s %s" % (mnemonic, operands)).strip(), "1:"]
    return ["%s %s" % (mnemonic, operands) if operands else mnemonic]


MCA_CHUNK = 1500  # instructions a region of llvm-mca's timeline (one region of 45 000 prints gigabytes)


def mca_stream(order, blocks, instructions):
    """The tick's executed instructions as llvm-mca regions of at most MCA_CHUNK instructions,
    none across two stages, and (stage, address) of each instruction in the order written."""
    lines, written, current, it_left, in_region = [".syntax unified", ".thumb"], [], None, 0, 0
    for stage, pc in order:
        for address in blocks.get(pc, [pc]):
            if stage != current or in_region == MCA_CHUNK:
                if current is not None:
                    lines.append("# LLVM-MCA-END")
                lines.append("# LLVM-MCA-BEGIN")
                current, in_region = stage, 0
            mnemonic, operands = instructions[address]
            conditional = it_left > 0
            it_left = it_block_length(mnemonic) or max(it_left - 1, 0)
            lines.extend(mca_syntax(mnemonic, operands, conditional))
            written.append((stage, address))
            in_region += 1
    if current is not None:
        lines.append("# LLVM-MCA-END")
    return lines, written


def run_llvm_mca(llvm_mca, mcpu, lines):
    """llvm-mca's report on an assembly text (lines), one pass, with the timeline of every cycle."""
    run = subprocess.run([llvm_mca, "-mtriple=thumbv7em-none-eabihf", "-mcpu=%s" % mcpu, "-iterations=1",
                          "-timeline", "-timeline-max-cycles=0", "-all-stats=false", "-instruction-info=false",
                          "-resource-pressure=false"], input="\n".join(lines) + "\n", capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("profile-firmware: %s refused the stream: %s" % (llvm_mca, run.stderr.strip()[:400]))
    return run.stdout


def modelled_cycles(report):
    """Each instruction's cycles from llvm-mca's timeline report, in the order of its input: the
    cycles from the issue of the instruction before to its own (0 when the two issue together),
    and a region's drain (its last results) charged to its last instruction, so that each
    region's instructions sum to its total cycles."""
    costs, issued, total = [], [], None

    def close():
        if issued:
            if total is None:
                sys.exit("profile-firmware: a region of llvm-mca's report has a timeline and no total")
            region = [issued[0] + 1] + [b - a for a, b in zip(issued, issued[1:])]
            region[-1] += total - (issued[-1] + 1)
            costs.extend(region)

    for line in report.splitlines():
        if "Code Region" in line:
            close()
            issued, total = [], None
        elif line.startswith("Total Cycles:"):
            total = int(line.split()[2])
        elif line.startswith("[0,"):
            issued.append(line.index("D", 10) - 10)  # the timeline's columns start at 10
    close()
    return costs


def print_modelled_cycles(args, stage_names, blocks, order, ranges, function_of):
    """The first reported tick's modelled cycles: its executed instructions, in the order they
    ran, through llvm-mca's model of the core's pipeline (for the Cortex-M7: in order, two issue
    slots, LLVM's latencies), each stage's and its costliest functions'."""
    instructions = disassembly(args.elf, args.objdump)
    lines, written = mca_stream(order, blocks, instructions)
    costs = modelled_cycles(run_llvm_mca(args.llvm_mca, args.mcpu, lines))
    if len(costs) != len(written):
        sys.exit("profile-firmware: %s's timeline has %d instructions of %d" % (args.llvm_mca, len(costs),
                                                                               len(written)))
    cycles = collections.defaultdict(collections.Counter)
    counts = collections.defaultdict(collections.Counter)
    for (stage, address), cost in zip(written, costs):
        i = function_of(address)
        function = short_name(ranges[i][2]) if i is not None else "?"
        cycles[stage][function] += cost
        counts[stage][function] += 1
    print("Modelled cycles of tick %d (llvm-mca -mcpu=%s: LLVM's pipeline model, every access a hit, "
          "no branch mispredicted):" % (args.skip + 1, args.mcpu))
    total_cycles = total_count = 0
    for name in stage_names:
        stage_cycles, stage_count = sum(cycles[name].values()), sum(counts[name].values())
        total_cycles += stage_cycles
        total_count += stage_count
        print("  %-15s %8d cycles  %8d instructions" % (name, stage_cycles, stage_count))
        for function, value in cycles[name].most_common(args.top):
            print("      %8d  %-28s %6d instructions" % (value, function, counts[name][function]))
    print("  %-15s %8d cycles  %8d instructions (%.2f a cycle)" % ("stages", total_cycles, total_count,
                                                                  total_count / max(total_cycles, 1)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("elf")
    parser.add_argument("--machine", default="mps2-an500", help="QEMU board (default mps2-an500, the cortex-m7 preset's)")
    parser.add_argument("--stages", default="sense,stance,strike,torques", help="the stage functions, in tick order")
    parser.add_argument("--skip", type=int, default=1100, help="ticks not reported (default: past the nominal run)")
    parser.add_argument("--ticks", type=int, default=250, help="ticks reported (default: one trot cycle)")
    parser.add_argument("--top", type=int, default=12, help="functions listed per stage")
    parser.add_argument("--qemu", default="qemu-system-arm")
    parser.add_argument("--icount-shift", type=int, default=6,
                        help="QEMU's -icount shift, the boards' FOOTFALL_QEMU_ICOUNT_SHIFT (default 6)")
    parser.add_argument("--nm", default="arm-none-eabi-nm")
    parser.add_argument("--lines", type=int, default=0,
                        help="also list each stage's N costliest source lines (innermost inlined location in the project)")
    parser.add_argument("--addr2line", default="arm-none-eabi-addr2line")
    parser.add_argument("--cycles", action="store_true",
                        help="also model the first reported tick's cycles with llvm-mca (the --mcpu pipeline)")
    parser.add_argument("--llvm-mca", default="llvm-mca-14")
    parser.add_argument("--mcpu", default="cortex-m7", help="llvm-mca's CPU model (default cortex-m7)")
    parser.add_argument("--objdump", default="arm-none-eabi-objdump")
    parser.add_argument("--compare-printed", action="store_true",
                        help="check each stage's mean against the one the firmware prints for its first run")
    args = parser.parse_args()
    if args.skip < 0 or args.ticks < 1:
        sys.exit("profile-firmware: --skip must be >= 0 and --ticks >= 1")

    ranges = function_ranges(args.elf, args.nm)
    starts = [r[0] for r in ranges]

    def function_of(address):
        i = bisect.bisect_right(starts, address) - 1
        return i if i >= 0 and address < ranges[i][1] else None

    stage_names = args.stages.split(",")
    entries = {start: short_name(name) for start, _, name in ranges
               if short_name(name) in stage_names and "(void*, footfall::StageMode)" in name}
    missing = [s for s in stage_names if s not in entries.values()]
    if missing:
        sys.exit("profile-firmware: no stage function %s in %s" % (", ".join(missing), args.elf))

    order = [] if args.cycles else None
    blocks, runs, entered, ticks, printed = run_traced(args, entries, function_of, order)
    reported = min(ticks, args.skip + args.ticks) - args.skip
    if reported < 1:
        sys.exit("profile-firmware: the image ran only %d ticks" % ticks)
    per_stage = collections.defaultdict(collections.Counter)
    for (name, pc), count in runs.items():
        for address in blocks.get(pc, [pc]):
            i = function_of(address)
            per_stage[name][short_name(ranges[i][2]) if i is not None else "?"] += count

    print("Instructions per tick over %d ticks after the first %d (%s on %s):" % (reported, args.skip, args.elf,
                                                                                   args.machine))
    for name in stage_names + ["between stages"]:
        functions = per_stage[name]
        print("  %-15s %8.0f   (entered %d times)" % (name, sum(functions.values()) / reported, entered[name]))
        for function, count in functions.most_common(args.top):
            if count >= reported:
                print("      %8.0f  %s" % (count / reported, function))
    if args.lines > 0:
        print_source_lines(args, stage_names, blocks, runs, reported)
    if args.cycles:
        print_modelled_cycles(args, stage_names, blocks, order, ranges, function_of)
    if args.compare_printed and not compare_with_printed(stage_names, per_stage, entered, printed):
        sys.exit(1)


if __name__ == "__main__":
    main()
