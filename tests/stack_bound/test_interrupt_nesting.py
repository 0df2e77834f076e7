#!/usr/bin/env python3
"""cmake/stack-bound.py's interrupt sum on a hand-made vector table, whose answer is known.

The handlers and their frames are given here instead of read from an image: NMI (exception 2)
uses 40 bytes, HardFault (3) 24, MemManage (4) 200 and calls a routine of 16, SVCall (11) 100
and SysTick (15) 8. Each exception stacks a 108-byte frame (26 words with the FPU's context, 4
bytes of realignment). Configurable exceptions share priority 0 and do not preempt each other,
so the deepest nesting is the costliest of them, MemManage, then HardFault, then NMI:
(108 + 216) + (108 + 24) + (108 + 40) = 604. Without the NMI and HardFault handlers it is the
costliest configurable one alone, 324; an empty table is refused.

Usage: test_interrupt_nesting.py PATH/TO/stack-bound.py   (exit status 0 when every check holds)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from script_checks import Checks, load  # noqa: E402 (tests/common, after the path)


def graph_with(module, handlers):
    graph = module.Graph()
    frames = {"@100": 40, "@200": 24, "@300": 200, "@310": 16, "@400": 100, "@500": 8}
    for title, size in frames.items():
        graph.frame[title] = (size, "static")
        graph.name[title] = f"handler_{title[1:]}"
        graph.calls[title] = set()
    graph.calls["@300"] = {"@310"}
    graph.handlers = lambda image, objdump: dict(handlers)  # in place of the image's .vectors
    return graph


def main():
    module = load(sys.argv[1])
    checks = Checks("test_interrupt_nesting")
    expect = checks.expect
    frame = module.EXCEPTION_FRAME
    expect("the stacked frame", frame, 108)
    table = {2: "@100", 3: "@200", 4: "@300", 11: "@400", 15: "@500"}
    nesting, lines = graph_with(module, table).interrupt_bound("image", "objdump")
    expect("deepest nesting, every handler", nesting, 604)
    expect("a line per handler", len(lines), 5)
    configurable_only = {4: "@300", 11: "@400", 15: "@500"}
    nesting, _ = graph_with(module, configurable_only).interrupt_bound("image", "objdump")
    expect("deepest nesting, configurable handlers only", nesting, 324)
    try:
        graph_with(module, {}).interrupt_bound("image", "objdump")
        expect("an empty vector table refused", False, True)
    except ValueError as e:
        expect("an empty vector table refused", "no vector table" in str(e), True)
    try:
        graph_with(module, {2: "@999"}).interrupt_bound("image", "objdump")
        expect("a handler outside the image refused", False, True)
    except ValueError as e:
        expect("a handler outside the image refused", "not a routine of the image" in str(e), True)
    return checks.status()


if __name__ == "__main__":
    sys.exit(main())
