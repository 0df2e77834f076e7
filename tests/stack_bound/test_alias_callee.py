#!/usr/bin/env python3
"""cmake/stack-bound.py on a callee that only an edge names: GCC's complete-object constructor.

When a class's complete-object constructor (C1) is the same code as its base-object one (C2),
GCC's -fcallgraph-info writes a node for C2 alone, while the calls name C1, and the image has
both symbols at one address. Here root (16 bytes) calls C1, whose C2 node has a 40-byte frame
and calls a 24-byte routine: the bound is 16 + 40 + 24 = 80, the C2 node's frame and not the
image routine's (which the disassembly below makes 1000 bytes, to tell the two apart). A callee
that neither the graph nor the image has is still refused.

The .ci text and the nm and objdump outputs are given here instead of read from a build.

Usage: test_alias_callee.py PATH/TO/stack-bound.py   (exit status 0 when every check holds)
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from script_checks import Checks, load  # noqa: E402 (tests/common, after the path)

GRAPH = """graph: { title: "alias.cpp"
node: { title: "_Z4rootv" label: "void footfall::stack_probe::root()\\nalias.cpp:1:6\\n16 bytes (static)" }
node: { title: "alias.cpp:_ZN1AC2Ev" label: "A::A()\\nalias.cpp:2:3\\n40 bytes (static)" }
node: { title: "alias.cpp:_Z4leafv" label: "void leaf()\\nalias.cpp:3:6\\n24 bytes (static)" }
edge: { sourcename: "_Z4rootv" targetname: "alias.cpp:_ZN1AC1Ev" label: "alias.cpp:1:20" }
edge: { sourcename: "alias.cpp:_ZN1AC2Ev" targetname: "alias.cpp:_Z4leafv" label: "alias.cpp:2:20" }
%s}
"""
UNKNOWN_EDGE = 'edge: { sourcename: "_Z4rootv" targetname: "alias.cpp:_Z7missingv" label: "alias.cpp:1:30" }\n'
NM = """00000101 T _Z4rootv
00000201 W _ZN1AC1Ev
00000201 W _ZN1AC2Ev
00000301 t _Z4leafv
"""
OBJDUMP = """
00000100 <_Z4rootv>:
 100:\tpush\t{r4, lr}
00000200 <_ZN1AC2Ev>:
 200:\tsub\tsp, #1000
00000300 <_Z4leafv>:
 300:\tpush\t{r4, lr}
"""


def graph_of(module, text):
    with tempfile.NamedTemporaryFile("w", suffix=".ci", delete=False) as f:
        f.write(text)
    try:
        graph = module.Graph()
        graph.read(f.name)
    finally:
        os.unlink(f.name)
    module.run = lambda command: NM if command[0] == "nm" else OBJDUMP
    graph.read_image("image", "objdump", "nm")
    return graph


def main():
    module = load(sys.argv[1])
    checks = Checks("test_alias_callee")
    expect = checks.expect
    size, path = graph_of(module, GRAPH % "").bound("_Z4rootv")
    expect("the bound through the alias", size, 80)
    expect("the path", path, ["_Z4rootv", "alias.cpp:_ZN1AC1Ev", "alias.cpp:_ZN1AC2Ev", "alias.cpp:_Z4leafv"])
    try:
        graph_of(module, GRAPH % UNKNOWN_EDGE).bound("_Z4rootv")
        expect("a callee in neither refused", False, True)
    except ValueError as e:
        expect("a callee in neither refused", "_Z7missingv is in neither" in str(e), True)
    return checks.status()


if __name__ == "__main__":
    sys.exit(main())
