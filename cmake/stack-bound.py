#!/usr/bin/env python3
"""The static stack bound of footfall's public entry points on a board.

GCC's -fcallgraph-info=su writes, beside each object, a .ci file (VCG text): one node per
function with its frame size and whether it is static, and one edge per call. This script
merges the .ci files it is given, takes as roots the functions whose demangled names match
--root, and bounds each root's stack by the heaviest path through the call graph: the sum of
the frames on it. On Arm a call pushes nothing itself (BL leaves the return address in LR, and
the callee's prologue saves it inside its own frame), so the frames are the whole cost.

A bound is only a bound if nothing is unknown, so the script fails when a root reaches
  - a cycle (recursion: lib/DESIGN.md forbids it in the core),
  - a frame GCC calls "dynamic" without "bounded" (alloca or a variable-length array),
  - an indirect call (a function pointer or a virtual call: its targets are not in the graph),
  - a function that is neither in the graphs nor in the linked image.
What was compiled without the option (picolibc, libgcc, the port) is read from the linked image
(--image) instead: arm-none-eabi-objdump's disassembly, where a routine's frame is every push,
vpush, stmdb/vstmdb or pre-decrementing store to sp and every sp decrement it contains (summed
over all of its paths, so an upper bound), and its calls are its bl/blx and its branches to the
start of another routine (tail calls, counted as calls: again an upper bound).

Interrupts: an exception taken while an entry point runs stacks its frame on the same (main)
stack — 26 words with the FPU's context, which the boards' FPU saves lazily but reserves at
once, and 4 more to realign sp to 8 bytes: 108 bytes — and then runs its handler. The script
reads the handlers from the image's vector table (its .vectors section; the reset vector is
not an interrupt) and bounds each like a root. Exceptions of one priority do not preempt each
other, and the ports set no priorities, so every configurable exception (faults, SVCall,
PendSV, SysTick, …) is at priority 0, HardFault at −1 and NMI at −2: the deepest nesting is one
of the priority-0 handlers, then HardFault, then NMI, each with its frame. That sum is added to
every entry's bound before the budget is applied.

Usage: stack-bound.py --root REGEX --image ELF [--objdump P] [--nm P] [--budget BYTES]
                      [--board NAME] [--no-interrupts] [--verbose] FILE.ci...
Exit status: 0 when every root is bounded within the budget, 1 otherwise (a line says why).
"""
import argparse
import re
import subprocess
import sys

NODE = re.compile(r'^node: \{ title: "([^"]*)" label: "([^"]*)"')
EDGE = re.compile(r'^edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)"')
FRAME = re.compile(r"(\d+) bytes \(([a-z,]+)\)")

# The disassembly: a routine's start, what grows the stack, and calls.
LABEL = re.compile(r"^([0-9a-f]+) <([^>]+)>:$")
REGISTER_LIST = re.compile(r"\t(?:push(?:\.w)?|stmdb(?:\.w)?\tsp!,|vpush|vstmdb\tsp!,)\s*\{([^}]*)\}")
SP_DECREMENT = re.compile(r"\t(?:sub|sub\.w|subw)\tsp, (?:sp, )?#(\d+)")
PRE_DECREMENT = re.compile(r"\tstr[a-z]*(?:\.w)?\t[^\[]*\[sp, #-(\d+)\]!")
DIRECT_CALL = re.compile(r"\t(?:bl|blx|b[a-z]{0,2}(?:\.w|\.n)?)\t([0-9a-f]+) <([^>+]+)>")
INDIRECT_CALL = re.compile(r"\t(?:blx\t(?:r\d+|ip|lr)|bx\t(?:r\d+|ip))\b")

# The vector table: objdump -s lines, an offset then up to four little-endian words.
SECTION_LINE = re.compile(r"^ [0-9a-f]+ ((?:[0-9a-f]{8} ?){1,4})")
EXCEPTION_FRAME = 26 * 4 + 4  # the FPU's extended frame and the realignment of sp
# Armv7-M exception numbers: 1 reset, 2 NMI (priority −2), 3 HardFault (−1), the rest configurable.
RESET, NMI, HARD_FAULT = 1, 2, 3


def register_bytes(registers):
    total = 0
    for item in registers.split(","):
        item = item.strip()
        size = 8 if item.startswith("d") else 4
        if "-" in item:
            first, last = item.split("-")
            total += size * (int(last.strip()[1:]) - int(first[1:]) + 1)
        elif item:
            total += size
    return total


def run(command):
    try:
        return subprocess.run(command, check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        raise SystemExit(f"stack-bound: {' '.join(command)} failed: {e}")


class Graph:
    def __init__(self):
        self.frame = {}  # title -> (bytes, qualifiers)
        self.name = {}  # title -> demangled name
        self.calls = {}  # title -> set of callee titles
        self.indirect = set()  # titles that make an indirect call

    def read(self, path):
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = NODE.match(line)
                if m:
                    title, label = m.group(1), m.group(2)
                    parts = label.split("\\n")
                    self.name.setdefault(title, parts[0])
                    frame = FRAME.search(parts[-1]) if len(parts) >= 3 else None
                    if frame:
                        size = int(frame.group(1))
                        old = self.frame.get(title)
                        # A COMDAT function is in several objects; they are the same code, but
                        # take the largest in case the compilations differed.
                        if old is None or size > old[0]:
                            self.frame[title] = (size, frame.group(2))
                    continue
                m = EDGE.match(line)
                if m:
                    if m.group(2) == "__indirect_call":
                        self.indirect.add(m.group(1))
                    else:
                        self.calls.setdefault(m.group(1), set()).add(m.group(2))

    def read_image(self, image, objdump, nm):
        """Adds the image's routines as "@address" nodes, and links the graphs' callees that
        have no frame to them by symbol name."""
        names = {}  # symbol -> address
        for line in run([nm, image]).splitlines():
            fields = line.split()
            if len(fields) == 3 and fields[1] in "TtWw":
                names.setdefault(fields[2], int(fields[0], 16) & ~1)  # Thumb: bit 0 set
        current = None
        for line in run([objdump, "-d", "--no-show-raw-insn", image]).splitlines():
            m = LABEL.match(line)
            if m:
                current = f"@{int(m.group(1), 16):x}"
                self.name.setdefault(current, m.group(2))
                self.frame[current] = (0, "static")
                self.calls.setdefault(current, set())
                continue
            if current is None:
                continue
            size = 0
            m = REGISTER_LIST.search(line)
            if m:
                size = register_bytes(m.group(1))
            else:
                m = SP_DECREMENT.search(line) or PRE_DECREMENT.search(line)
                if m:
                    size = int(m.group(1))
            if size:
                self.frame[current] = (self.frame[current][0] + size, "static")
                continue
            m = DIRECT_CALL.search(line)
            if m:
                target = f"@{int(m.group(1), 16):x}"
                if target != current:
                    self.calls[current].add(target)
            elif INDIRECT_CALL.search(line):
                self.indirect.add(current)
        # The callees with no frame: externals (nodes without one) and callees that only an edge
        # names. GCC calls a complete-object constructor or destructor (C1, D1) by its own name
        # but, when it is the same code as the base-object one (C2, D2), writes only that one as
        # a node and makes the first an alias of it: the image has both at one address. Such a
        # callee is linked to the node of its file whose symbol is at that address; any other, to
        # the image's routine there.
        node_at = {}  # (file, address) -> a node with a frame, of that file, whose symbol is there
        for title in self.frame:
            file, _, symbol = title.rpartition(":")  # externals by symbol; a local copy by "file:symbol"
            if not title.startswith("@") and symbol in names:
                node_at.setdefault((file, names[symbol]), title)
        callees = {callee for targets in self.calls.values() for callee in targets}
        for title in sorted(set(self.name) | callees):
            if title in self.frame or title.startswith("@"):
                continue
            file, _, symbol = title.rpartition(":")
            if symbol in names:
                self.name.setdefault(title, symbol)
                self.frame[title] = (0, "static")
                self.calls[title] = {node_at.get((file, names[symbol]), f"@{names[symbol]:x}")}

    def bound(self, root):
        """(bytes, path) for root's heaviest path; ValueError if it has none."""
        best = {}  # title -> (bytes, next title or None)
        state = {root: 1}  # title -> 1 while on the DFS stack, 2 when done
        stack = [(root, iter(sorted(self.calls.get(root, ()))))]
        while stack:
            title, callees = stack[-1]
            callee = next(callees, None)
            if callee is not None:
                if state.get(callee) == 1:
                    raise ValueError(f"recursion: {self.describe(callee)} calls itself through {self.describe(title)}")
                if state.get(callee) is None:
                    state[callee] = 1
                    stack.append((callee, iter(sorted(self.calls.get(callee, ())))))
                continue
            stack.pop()
            state[title] = 2
            if title in self.indirect:
                raise ValueError(f"{self.describe(title)} makes an indirect call")
            if title not in self.frame:
                raise ValueError(f"{self.describe(title)} is in neither the call graphs nor the image")
            size, qualifiers = self.frame[title]
            if "dynamic" in qualifiers and "bounded" not in qualifiers:
                raise ValueError(f"{self.describe(title)} has an unbounded dynamic frame ({qualifiers})")
            deepest, via = 0, None
            for callee in self.calls.get(title, ()):
                if best[callee][0] > deepest:
                    deepest, via = best[callee][0], callee
            best[title] = (size + deepest, via)
        path, node = [], root
        while node is not None:
            path.append(node)
            node = best[node][1]
        return best[root][0], path

    def handlers(self, image, objdump):
        """{exception number: "@address"} of the handlers in the image's vector table."""
        words = []
        for line in run([objdump, "-s", "-j", ".vectors", image]).splitlines():
            m = SECTION_LINE.match(line)
            if m:
                words += [int.from_bytes(bytes.fromhex(w), "little") for w in m.group(1).split()]
        return {n: f"@{words[n] & ~1:x}" for n in range(1, min(len(words), 16)) if words[n] != 0 and n != RESET}

    def interrupt_bound(self, image, objdump):
        """(bytes, lines): the deepest nesting of exceptions, each with its frame, and a line
        per handler."""
        handlers = self.handlers(image, objdump)
        if not handlers:
            raise ValueError("the image has no vector table (.vectors) to read the handlers from")
        cost, lines = {}, []
        for number, title in sorted(handlers.items()):
            if title not in self.frame:
                raise ValueError(f"exception {number}'s handler at {title[1:]} is not a routine of the image")
            size, _ = self.bound(title)
            cost[number] = EXCEPTION_FRAME + size
            lines.append(f"    exception {number:>2} {self.describe(title):<28} {EXCEPTION_FRAME} + {size}")
        configurable = max((c for n, c in cost.items() if n > HARD_FAULT), default=0)
        return configurable + cost.get(HARD_FAULT, 0) + cost.get(NMI, 0), lines

    def describe(self, title):
        name = self.name.get(title, title)
        return name if len(name) <= 120 else name[:117] + "..."


def short_name(name):
    # "static footfall::Status footfall::stack_probe::Entries<S>::stance(...) [with S = float]"
    # -> "stance [float]"
    m = re.search(r"::(\w+)\((?:.*)\)(?: const)?(?: noexcept)? \[with S = (\w+)", name)
    return f"{m.group(1)} [{m.group(2)}]" if m else name


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", required=True, help="regular expression on the demangled name")
    parser.add_argument("--budget", type=int, default=0, help="fail above this many bytes (0: report only)")
    parser.add_argument("--board", default="", help="the board's name, for the report")
    parser.add_argument("--verbose", action="store_true", help="print each root's heaviest path")
    parser.add_argument("--image", required=True, help="the linked image holding the library routines")
    parser.add_argument("--objdump", default="arm-none-eabi-objdump")
    parser.add_argument("--nm", default="arm-none-eabi-nm")
    parser.add_argument("--no-interrupts", action="store_true", help="bound the entries alone")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()

    graph = Graph()
    for path in args.files:
        try:
            graph.read(path)
        except OSError as e:
            print(f"stack-bound: cannot read {path}: {e.strerror}", file=sys.stderr)
            return 1
    graph.read_image(args.image, args.objdump, args.nm)
    try:
        root = re.compile(args.root)
    except re.error as e:
        print(f"stack-bound: --root {args.root!r} is not a regular expression: {e}", file=sys.stderr)
        return 1
    roots = sorted((t for t in graph.frame if not t.startswith("@") and root.search(graph.name.get(t, ""))),
                   key=lambda t: short_name(graph.name[t]))
    if not roots:
        print(f"stack-bound: no function matches --root {args.root!r} in {' '.join(args.files)}", file=sys.stderr)
        return 1

    failed = False
    worst = 0
    interrupts = 0
    board = f" on {args.board}" if args.board else ""
    if not args.no_interrupts:
        try:
            interrupts, lines = graph.interrupt_bound(args.image, args.objdump)
        except ValueError as e:
            print(f"stack-bound: the interrupts are unbounded: {e}", file=sys.stderr)
            return 1
        print(f"Exception handlers{board} (bytes: frame + handler), deepest nesting {interrupts}:")
        print("\n".join(lines))
    print(f"Static stack bound of each entry point{board} (bytes, heaviest path through the call graph):")
    for title in roots:
        try:
            size, path = graph.bound(title)
        except ValueError as e:
            print(f"  {short_name(graph.name[title]):<28} unbounded: {e}")
            failed = True
            continue
        worst = max(worst, size)
        over = args.budget and size + interrupts > args.budget
        print(f"  {short_name(graph.name[title]):<28} {size:>6}{'  OVER BUDGET' if over else ''}")
        if args.verbose:
            for t in path:
                print(f"      {graph.frame[t][0]:>6}  {graph.describe(t)}")
        failed = failed or bool(over)
    budget = f" (budget {args.budget})" if args.budget else ""
    if args.no_interrupts:
        print(f"Worst: {worst} bytes over {len(roots)} entry points{budget}; interrupts not counted.")
    else:
        print(f"Worst: {worst} bytes over {len(roots)} entry points, {worst + interrupts} with the interrupts{budget}.")
    if failed:
        sys.stdout.flush()  # the table before the verdict, wherever the two streams go
        print("stack-bound: FAIL", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
