#!/usr/bin/env python3
"""Fails when a helper both builds of RasterCore share holds AVX instructions in BINARY.

RasterCore is built twice from the same files, the second time for x86-64-v3 (module
RasterCoreAVX2, chosen at run time by RasterCoreBuild). Each build emits its own copies of
shared helpers (generic specializations, value-witness copies) as weak symbols of the same name,
and the linker keeps one copy for the whole program: if it kept an x86-64-v3 copy, code that every
processor runs would call AVX (VEX-encoded) instructions and stop on an older processor. This
finds the names RasterCoreAVX2's objects share with other modules' objects (weak symbols of the
same name) and fails where the binary's copy of one holds AVX instructions. Run by `make test` on the test
binary. Usage: tools/check-baseline-code.py BUILD_DIR BINARY... (BUILD_DIR: .build/debug or
.build/release, whose RasterCoreAVX2.build holds the objects)
"""
import bisect
import glob
import os
import platform
import re
import subprocess
import sys

if platform.machine() != "x86_64":
    sys.exit(0)
build, binaries = sys.argv[1], sys.argv[2:]
objects = glob.glob(os.path.join(build, "RasterCoreAVX2.build", "*.o"))
if not objects:
    sys.exit(f"check-baseline-code: no objects in {build}/RasterCoreAVX2.build")
def defined(objects, weak_only):
    names = set()
    for line in subprocess.run(["nm", "--defined-only", *objects], capture_output=True, text=True, check=True).stdout.splitlines():
        fields = line.split()
        if len(fields) == 3 and (fields[1] in ("W", "w") or not weak_only):
            names.add(fields[2])
    return names


# The names RasterCoreAVX2 defines as weak that other modules' objects define too.
others = [o for o in glob.glob(os.path.join(build, "*.build", "*.o")) if os.sep + "RasterCoreAVX2.build" + os.sep not in o]
shared = {n for n in defined(objects, True) if "RasterCoreAVX2" not in n} & defined(others, False)
failed = False
for binary in binaries:
    # The binary's copies of the shared names (local once linked): address, size, name.
    weak = []
    for line in subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True, text=True, check=True).stdout.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[3] in shared:
            weak.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
    weak.sort()
    starts = [w[0] for w in weak]
    found = set()
    disassembly = subprocess.run(["objdump", "-d", "--no-show-raw-insn", binary], capture_output=True, text=True, check=True).stdout
    for match in re.finditer(r"^ +([0-9a-f]+):\tv[a-z]", disassembly, re.MULTILINE):
        address = int(match.group(1), 16)
        i = bisect.bisect_right(starts, address) - 1
        if i >= 0 and address < weak[i][0] + weak[i][1]:
            found.add(weak[i][2])
    if found:
        failed = True
        print(f"check-baseline-code: {len(found)} helpers shared with RasterCoreAVX2 hold AVX instructions in {binary}:", file=sys.stderr)
        for name in sorted(found)[:10]:
            print(f"  {name}", file=sys.stderr)
    else:
        print(f"check-baseline-code: {binary}: no helper shared with RasterCoreAVX2 holds AVX instructions ({len(weak)} of {len(shared)} present)")
sys.exit(1 if failed else 0)
