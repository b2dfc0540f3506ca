#!/usr/bin/env python3
"""Fuzzes animvid's inputs: mutated scene files, presets, Lottie files, dotLottie archives, CSV
tables and command-line values, each run by the animvid binary under time and memory limits.

A finding is a crash (a signal, or an exit status other than 0, 1, 2), a hang (past the time
limit), a run over the memory budget (peak resident memory), or a failure whose error is not one
line. Findings are kept in OUT/findings/, one folder each with the inputs, the command and what
it printed; the same finding (kind, class, first error line with numbers blanked) is kept once.

    tools/fuzz.py --binary .build/release/animvid --seconds 3600 [--seed N] [--corpus DIR]

The seed documents are written by this script (no file is read from elsewhere unless --corpus
names a folder of Lottie or scene files to mutate too). Outputs always go to fixed names inside a
fresh temporary folder: mutated documents may read files, never choose where animvid writes.
Exit status: 0 when nothing was found, 1 otherwise.
"""
import argparse
import base64
import copy
import io
import json
import os
import random
import re
import shutil
import signal
import struct
import sys
import tempfile
import time
import zipfile
import zlib

def png(width, height, rgba):
    """A PNG of one colour, for scene files' and Lottie files' images."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes(rgba) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


PNG = png(4, 4, (255, 40, 40, 255))


def seed_scene():
    return {
        "name": "fuzz",
        "canvas": [160, 90],
        "background": "#202020",
        "parameters": {"tint": {"type": "color", "default": "#3366FF"},
                       "title": {"type": "text", "default": "Hello fuzz"},
                       "count": {"type": "integer", "default": 3, "min": 1, "max": 20}},
        "layers": [
            {"type": "shape", "frame": [10, 10, 40, 40], "path": "M0 0 L40 0 L40 40 Z", "fillColor": "$tint",
             "strokeColor": "#FFFFFF", "lineWidth": 2,
             "animations": [{"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 6.28, "duration": 1, "repeatCount": "infinity"}]},
            {"type": "text", "frame": [60, 10, 90, 40], "string": "$title", "fontSize": 12, "wrapped": True,
             "foregroundColor": "#FFFFFF"},
            {"type": "replicator", "frame": [0, 50, 160, 40], "instanceCount": "$count", "instanceTransform": {"translate": [20, 0, 0]},
             "sublayers": [{"type": "layer", "frame": [0, 0, 10, 10], "backgroundColor": "#FF0000", "cornerRadius": 5}]},
            {"type": "gradient", "frame": [120, 50, 40, 40], "colors": ["#FF0000", "#0000FF"], "startPoint": [0, 0], "endPoint": [1, 1]},
            {"type": "layer", "frame": [100, 60, 4, 4], "contents": "data:image/png;base64," + base64.b64encode(PNG).decode(),
             "shadowOpacity": 0.5, "shadowRadius": 3,
             "animations": [{"type": "keyframe", "keyPath": "position", "values": [[100, 60], [140, 80], [100, 60]],
                             "duration": 1.5, "repeatCount": 2}]},
        ],
    }


def seed_preset():
    return {"scene": "loader", "size": "96x54", "seconds": 0.3, "fps": 10,
            "params": {"color": "#FF5A5F"}, "outputs": [{"file": "out.mp4", "crf": 30}, {"file": "out.gif"}]}


def seed_lottie():
    def value(k, animated=False):
        if not animated:
            return {"a": 0, "k": k}
        return {"a": 1, "k": [{"t": 0, "s": k, "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}},
                              {"t": 20, "s": [x * 0.5 for x in k]}]}
    transform = {"o": value([100]), "p": value([80, 45], True), "a": value([0, 0]), "s": value([100, 100], True), "r": value([0])}
    shapes = [{"ty": "gr", "it": [
        {"ty": "rc", "p": value([0, 0]), "s": value([30, 20], True), "r": value([4])},
        {"ty": "el", "p": value([20, 0]), "s": value([16, 16])},
        {"ty": "sh", "ks": value({"c": True, "v": [[0, 0], [10, 0], [5, 8]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]})},
        {"ty": "fl", "c": value([1, 0.3, 0.2, 1]), "o": value([100]), "r": 1},
        {"ty": "st", "c": value([1, 1, 1, 1]), "o": value([100]), "w": value([2]), "lc": 2, "lj": 2},
        {"ty": "tm", "s": value([0]), "e": value([100], True), "o": value([0]), "m": 1},
        {"ty": "tr", "p": value([0, 0]), "a": value([0, 0]), "s": value([100, 100]), "r": value([15], True), "o": value([100])}]}]
    return {
        "v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 160, "h": 90, "nm": "fuzz",
        "fonts": {"list": [{"fName": "Inter-Regular", "fFamily": "Inter", "fStyle": "Regular", "ascent": 75}]},
        "assets": [{"id": "img", "w": 4, "h": 4, "u": "", "p": "data:image/png;base64," + base64.b64encode(PNG).decode(), "e": 1},
                   {"id": "comp", "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": copy.deepcopy(transform),
                                               "shapes": copy.deepcopy(shapes)}]}],
        "layers": [
            {"ty": 5, "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": copy.deepcopy(transform),
             "t": {"d": {"k": [{"t": 0, "s": {"s": 14, "f": "Inter-Regular", "t": "Fuzz text", "j": 0, "fc": [1, 1, 1]}}]},
                   "a": [{"s": {"t": 0, "s": value([0]), "e": value([100], True), "r": 1},
                          "a": {"o": value([0])}}]}},
            {"ty": 0, "ind": 2, "refId": "comp", "ip": 0, "op": 30, "st": 0, "w": 160, "h": 90, "ks": copy.deepcopy(transform)},
            {"ty": 4, "ind": 3, "ip": 0, "op": 30, "st": 0, "ks": copy.deepcopy(transform), "shapes": copy.deepcopy(shapes),
             "hasMask": True, "masksProperties": [{"mode": "a", "pt": value({"c": True, "v": [[0, 0], [60, 0], [60, 60]],
                                                                              "i": [[0, 0]] * 3, "o": [[0, 0]] * 3}), "o": value([100])}]},
            {"ty": 2, "ind": 4, "refId": "img", "ip": 0, "op": 30, "st": 0, "ks": copy.deepcopy(transform), "tt": 1},
            {"ty": 1, "ind": 5, "ip": 0, "op": 30, "st": 0, "ks": copy.deepcopy(transform), "sc": "#3366ff", "sw": 160, "sh": 90},
        ],
    }


def dotlottie(animation_bytes):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("manifest.json", json.dumps({"version": "1", "animations": [{"id": "a"}]}))
        archive.writestr("animations/a.json", animation_bytes)
        archive.writestr("images/img.png", PNG)
    return out.getvalue()


SAFE_PRESET = json.dumps({"scene": "loader", "size": "64x36", "seconds": 0.2, "fps": 10, "outputs": [{"file": "row.mp4"}]})
CSV_SEED = "params.color,params.count,outputs.0.file\n#FF0000,3,a.mp4\n#00FF00,5,\"b, c.mp4\"\n#0000FF,4,d.mp4\n"

# Values that break parsers and budgets.
INTERESTING_NUMBERS = [0, -1, 1, 2 ** 31, 2 ** 63, -2 ** 63, 1e308, -1e308, 1e-308, 0.5, 3.14159, 1e9, 65536, 100000, -0.0]
INTERESTING_STRINGS = ["", "../x", "/etc/passwd", "a\nb", "\u0000", "$", "$$", "$nope", "infinity", "NaN", "-1", "1e999",
                       "#", "#GGGGGG", "#12345", "transparent", "%05d", "{scene}", "\u202e\u05d0\u05d1", "😀" * 10,
                       "x" * 5000, "data:image/png;base64,AAAA", "M0 0 L", "1/0", "30000/0"]
CLI_OPTIONS = {
    "--seconds": ["0.2", "0", "-1", "1e9", "nan", "0.0001", "3601"],
    "--fps": ["10", "0", "-5", "1000", "30000/1001", "1/0", "29.97", "abc"],
    "--size": ["64x36", "0x0", "1x1", "99999x99999", "65x37", "64", "x", "-4x-4", "16384x16384"],
    "--scale": ["1", "0", "-1", "1e-9", "1e9", "nan"],
    "--start": ["0", "-1", "1e12", "0.5"],
    "--frames": ["0-1", "5-2", "0-999999", "-1-3", "a-b"],
    "--crf": ["20", "-1", "64", "x"],
    "--bitrate": ["1M", "0", "9999999999999", "1k", "-5"],
    "--keyint": ["1", "0", "999999999"],
    "--param": ["color=#FF0000", "count=0", "count=100000", "nope=1", "color=", "=", "radius=1e308"],
    "--background": ["transparent", "#00000000", "#ZZZZZZ", ""],
    "--codec": ["h264", "vp9", "ffv1", "gif", "nope"],
    "--pix-fmt": ["yuv420p", "yuv444p", "rgb24", "nope"],
    "--encoder-preset": ["ultrafast", "nope", "0", "99"],
    "--threads": ["1", "0", "9999"],
    "--segment-seconds": ["0.1", "0", "1e9"],
    "--audio-volume": ["0", "-100", "1e9"],
    "--title": ["t", "a\nb", "x" * 10000],
}


class Mutator:
    # The largest document a mutation makes, in bytes of JSON.
    largest_document = 4 << 20

    def __init__(self, rng):
        self.rng = rng

    def value(self):
        r = self.rng.random()
        if r < 0.4:
            return self.rng.choice(INTERESTING_NUMBERS)
        if r < 0.8:
            return self.rng.choice(INTERESTING_STRINGS)
        if r < 0.9:
            return self.rng.choice([True, False, None, [], {}])
        return [self.rng.choice(INTERESTING_NUMBERS)] * self.rng.choice([2, 3, 4, 100])

    def pick(self, document):
        """A random member of `document` as (its parent, its key or index, itself), chosen by
        reservoir sampling in one pass: no list of every node (a large, deep document would make
        that list many gigabytes)."""
        chosen, seen, stack = None, 0, [document]
        while stack:
            parent = stack.pop()
            members = parent.items() if isinstance(parent, dict) else enumerate(parent) if isinstance(parent, list) else ()
            for key, child in members:
                seen += 1
                if self.rng.randrange(seen) == 0:
                    chosen = (parent, key, child)
                if isinstance(child, (dict, list)):
                    stack.append(child)
        return chosen

    @staticmethod
    def depth(node):
        """How deeply `node` nests, counted without recursion."""
        deepest, stack = 0, [(node, 1)]
        while stack:
            node, level = stack.pop()
            deepest = max(deepest, level)
            if isinstance(node, dict):
                stack += [(child, level + 1) for child in node.values()]
            elif isinstance(node, list):
                stack += [(child, level + 1) for child in node]
        return deepest

    def json(self, document):
        # Deeper than this, Python's own JSON writer would overflow its stack (animvid refuses
        # JSON nested over 64 deep, so nothing is lost).
        if self.depth(document) > 400:
            return document
        original, document = document, copy.deepcopy(document)
        for _ in range(self.rng.choice([1, 1, 2, 3, 5])):
            picked = self.pick(document)
            if picked is None:
                continue
            parent, key, node = picked
            r = self.rng.random()
            if r < 0.45:
                parent[key] = self.value()
            elif r < 0.6:
                del parent[key]
            elif r < 0.75 and isinstance(node, list) and node:
                # Grow a list: many layers, keyframes, points; up to a few MB (animvid refuses
                # files over 16 MiB, and the fuzzer's own memory would grow with larger ones).
                factor = self.rng.choice([2, 10, 100, 1000])
                size = len(json.dumps(node))
                parent[key] = node * max(1, min(factor, self.largest_document // max(size, 1)))
            elif r < 0.85 and self.depth(document) < 200:
                # Nest deeper.
                wrapped = node
                for _ in range(self.rng.choice([2, 50, 150])):
                    wrapped = [wrapped]
                parent[key] = wrapped
            elif r < 0.95 and isinstance(node, (int, float)) and not isinstance(node, bool):
                parent[key] = node * self.rng.choice([-1, 1000, 1e6, 1e-6])
            else:
                # Copy another node here (precomposition ids, layer references, keyframes).
                other = self.pick(document)
                parent[key] = copy.deepcopy(other[2] if other else node)
        if self.depth(document) > 500 or len(json.dumps(document)) > 4 * self.largest_document:
            return original
        return document

    def bytes(self, data):
        data = bytearray(data)
        for _ in range(self.rng.choice([1, 2, 4, 8])):
            if not data:
                data += b"{"
            r = self.rng.random()
            i = self.rng.randrange(len(data))
            if r < 0.3:
                data[i] = self.rng.randrange(256)
            elif r < 0.5:
                del data[i:i + self.rng.choice([1, 2, 8, 64])]
            elif r < 0.7:
                data[i:i] = self.rng.choice([b"\"", b",", b"[", b"{", b"}", b"]", b"\n", b"\\", b"\xff", b"\x00", b"-", b"e999"])
            elif r < 0.85:
                j = min(len(data), i + self.rng.choice([4, 32, 256]))
                data[i:i] = data[i:j] * self.rng.choice([2, 10, 100])
            else:
                del data[i:]
        return bytes(data)

    def csv(self, text):
        if self.rng.random() < 0.5:
            return self.bytes(text.encode()).decode("utf-8", "replace")
        lines = text.split("\n")
        i = self.rng.randrange(len(lines))
        pieces = ["\"", ",", "\"\"", "\r", "\n", "x" * 1000, ",,,,", "#FF0000", "-1", "1e9", "params.nope", "outputs.9.file"]
        position = self.rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:position] + self.rng.choice(pieces) + lines[i][position:]
        if self.rng.random() < 0.2:
            lines += lines[1:] * self.rng.choice([10, 100])
        return "\n".join(lines)

    def cli(self):
        arguments = []
        for option in self.rng.sample(sorted(CLI_OPTIONS), self.rng.choice([1, 2, 3, 5])):
            value = self.rng.choice(CLI_OPTIONS[option])
            if self.rng.random() < 0.2:
                value = str(self.rng.choice(INTERESTING_STRINGS + INTERESTING_NUMBERS))
            arguments += [option, value.replace("\0", "")]  # an argument cannot hold a NUL
        return arguments


def safe(text):
    """Whether a table's cells choose no output outside the run's folder."""
    return "/" not in text and ".." not in text and "{" not in text


class Fuzzer:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.mutate = Mutator(self.rng)
        self.out = os.path.abspath(args.out)
        os.makedirs(os.path.join(self.out, "findings"), exist_ok=True)
        self.binary = os.path.abspath(args.binary)
        self.seen = set()
        self.findings = 0
        self.runs = 0
        self.runs_with_problems = 0
        self.by_kind = {}
        self.corpus = []
        if args.corpus:
            for root, _, names in os.walk(args.corpus):
                for name in sorted(names):
                    if name.endswith(".json"):
                        with open(os.path.join(root, name), "rb") as handle:
                            data = handle.read()
                        if len(data) < 2_000_000:
                            self.corpus.append(data)

    # Each case: (kind, files {name: bytes}, arguments).
    def case(self):
        kind = self.rng.choice(["scene", "preset", "lottie", "dotlottie", "csv", "cli"] + (["corpus"] * 2 if self.corpus else []))
        time_arg = str(self.rng.choice([0, 0.25, 0.5, 1, 7.5]))
        still = lambda name: ["still", "--scene-file", name, "--time", time_arg, "--size", "160x90", "--scale", "1", "-y", "o.png"]
        if kind == "scene":
            data = self.document(seed_scene())
            command = self.rng.choice([["validate", "s.json"], still("s.json"),
                                       ["encode", "--scene-file", "s.json", "--seconds", "0.3", "--size", "96x54", "--no-session", "-y", "-q", "o.mp4"]])
            return kind, {"s.json": data}, command
        if kind == "preset":
            data = self.document(seed_preset())
            command = self.rng.choice([["validate", "p.json"], ["encode", "--preset", "p.json", "-y", "-q", "o.mp4"],
                                       ["encode", "--preset", "p.json", "-y", "-q", "o.gif"]])
            return kind, {"p.json": data}, command
        if kind in ("lottie", "corpus"):
            data = self.document(seed_lottie()) if kind == "lottie" else self.raw(self.rng.choice(self.corpus))
            return kind, {"l.json": data}, self.rng.choice([["validate", "l.json"], still("l.json")])
        if kind == "dotlottie":
            inner = self.document(seed_lottie())
            archive = dotlottie(inner)
            if self.rng.random() < 0.5:
                archive = self.mutate.bytes(archive)
            return kind, {"a.lottie": archive}, self.rng.choice([["validate", "a.lottie"], still("a.lottie")])
        if kind == "csv":
            table = CSV_SEED
            for _ in range(20):
                candidate = self.mutate.csv(CSV_SEED)
                if safe(candidate):
                    table = candidate
                    break
            return kind, {"p.json": SAFE_PRESET.encode(), "r.csv": table.encode("utf-8", "replace")}, ["batch", "p.json", "--rows", "r.csv", "-q", "-y"]
        scene = self.rng.choice(["loader", "confetti", "marquee", "cube", "spinner-dots"])
        output = self.rng.choice(["o.mp4", "o.gif", "o.webm", "o.mkv", "o%03d.png"])
        # A small, short clip unless a mutated option says otherwise (the last value given wins):
        # a full-size clip with the slowest encoder preset is slow by design, not a hang.
        return kind, {}, ["encode", "--scene", scene, "--no-session", "-y", "-q", "--size", "160x90", "--seconds", "0.5"] + self.mutate.cli() + [output]

    def document(self, seed):
        if self.rng.random() < 0.7:
            return json.dumps(self.mutate.json(seed)).encode()
        return self.mutate.bytes(json.dumps(seed).encode())

    def raw(self, data):
        if self.rng.random() < 0.5:
            try:
                return json.dumps(self.mutate.json(json.loads(data))).encode()
            except (ValueError, RecursionError):
                pass
        return self.mutate.bytes(data)

    def run_one(self, kind, files, command):
        folder = tempfile.mkdtemp(prefix="animvid-fuzz-")
        try:
            for name, data in files.items():
                with open(os.path.join(folder, name), "wb") as handle:
                    handle.write(data)
            # posix_spawn, not fork: a child forked from this Python process would count its
            # pages in the peak it reports. A shell sets the limits and becomes animvid. Address
            # space well above the budget (threads reserve stacks they never touch); the budget
            # itself is judged on the peak resident memory.
            script = 'cd "$1" && ulimit -v %d && ulimit -f %d && ulimit -c 0 && shift && exec "$@"' % (
                self.args.memory_mb * 4 * 1024, 1024 * 1024)
            started = time.monotonic()
            with open(os.path.join(folder, ".stderr"), "wb") as err:
                pid = os.posix_spawn("/bin/sh", ["sh", "-c", script, "sh", folder, self.binary] + command, os.environ,
                                     file_actions=[(os.POSIX_SPAWN_OPEN, 0, "/dev/null", os.O_RDONLY, 0),
                                                   (os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0),
                                                   (os.POSIX_SPAWN_DUP2, err.fileno(), 2)],
                                     setsid=True)
                hung = False
                while True:
                    reaped, status, usage = os.wait4(pid, os.WNOHANG)
                    if reaped:
                        break
                    if time.monotonic() - started > self.args.timeout:
                        os.killpg(pid, signal.SIGKILL)
                        _, status, usage = os.wait4(pid, 0)
                        hung = True
                        break
                    time.sleep(0.01)
            with open(os.path.join(folder, ".stderr"), "rb") as handle:
                stderr = handle.read().decode("utf-8", "replace")
            peak_mb = usage.ru_maxrss / 1024
            problem = self.judge(status, hung, peak_mb, stderr)
            self.runs += 1
            self.by_kind[kind] = self.by_kind.get(kind, 0) + 1
            if problem:
                self.runs_with_problems += 1
                self.keep(kind, problem, files, command, stderr, peak_mb, time.monotonic() - started)
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    def judge(self, status, hung, peak_mb, stderr):
        if hung:
            return "hang"
        if os.WIFSIGNALED(status):
            return "crash (signal %d)" % os.WTERMSIG(status)
        code = os.WEXITSTATUS(status)
        if code not in (0, 1, 2):
            return "crash (exit %d)" % code
        if peak_mb > self.args.memory_mb:
            return "over budget (%.0f MB)" % peak_mb
        # A batch's summary line ("batch: 3 rows: …") comes before its error by design.
        lines = [line for line in stderr.splitlines() if line and not line.startswith(("warning: ", "batch: "))]
        if code != 0 and len(lines) != 1:
            return "error of %d lines" % len(lines)
        if any(foreign in stderr for foreign in ("Fatal error", "Error Domain=", "Stack dump", " @ 0x")):
            return "foreign error text"
        return None

    def keep(self, kind, problem, files, command, stderr, peak_mb, seconds):
        first = next((line for line in stderr.splitlines() if line and not line.startswith("warning: ")), "")
        signature = (kind, problem.split(" (")[0], re.sub(r"[0-9]+", "N", first)[:160])
        if signature in self.seen:
            return
        self.seen.add(signature)
        self.findings += 1
        folder = os.path.join(self.out, "findings", "%03d-%s-%s" % (self.findings, kind, problem.split(" ")[0]))
        os.makedirs(folder, exist_ok=True)
        for name, data in files.items():
            with open(os.path.join(folder, name), "wb") as handle:
                handle.write(data)
        with open(os.path.join(folder, "command.txt"), "w") as handle:
            handle.write(" ".join(["animvid"] + [json.dumps(a) if (" " in a or not a) else a for a in command]) + "\n")
            handle.write("%s; peak %.0f MB; %.1f s\n" % (problem, peak_mb, seconds))
        with open(os.path.join(folder, "stderr.txt"), "w") as handle:
            handle.write(stderr)
        print("finding %d: %s, %s: animvid %s\n  %s" % (self.findings, kind, problem, " ".join(command)[:200], first[:300]), flush=True)

    def loop(self):
        deadline = time.monotonic() + self.args.seconds
        last_report = time.monotonic()
        while time.monotonic() < deadline:
            self.run_one(*self.case())
            if time.monotonic() - last_report > 60:
                last_report = time.monotonic()
                print("fuzz: %d runs, %d findings so far" % (self.runs, self.findings), flush=True)
        kinds = ", ".join("%s %d" % item for item in sorted(self.by_kind.items()))
        print("fuzz: %d runs in %.0f s (%s), seed %d: %d findings%s" % (
            self.runs, self.args.seconds, kinds, self.args.seed, self.findings,
            "" if not self.findings else " in " + os.path.join(self.out, "findings")))
        failed = self.runs_with_problems
        print("fuzz: %d passed, %d failed" % (self.runs - failed, failed))
        return 1 if self.findings else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/animvid", help="the animvid binary to run")
    parser.add_argument("--seconds", type=float, default=60, help="how long to fuzz")
    parser.add_argument("--seed", type=int, default=None, help="the random seed (default: from the clock); the same seed makes the same cases")
    parser.add_argument("--timeout", type=float, default=30, help="seconds a run may take before it counts as a hang")
    parser.add_argument("--memory-mb", type=int, default=1500, help="the peak resident memory a run may use")
    parser.add_argument("--corpus", help="a folder of Lottie or scene files to mutate as well")
    parser.add_argument("--out", default=".build/fuzz", help="where findings are kept")
    args = parser.parse_args()
    if args.seed is None:
        args.seed = int(time.time())
    if not os.access(args.binary, os.X_OK):
        sys.exit("fuzz: %s is not an animvid binary (make build, or give --binary)" % args.binary)
    sys.setrecursionlimit(5000)
    sys.exit(Fuzzer(args).loop())


if __name__ == "__main__":
    main()
