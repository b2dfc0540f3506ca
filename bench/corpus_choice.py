"""What the corpus benchmarks (lottie-corpus.py, lottie-gif.py) share: their command line and
the files they take at even steps through a folder."""
import glob
import os
import sys


def arguments(usage, default_count):
    """ANIMVID CORPUS_DIR [COUNT] [ROUNDS] from the command line: animvid's absolute path, the
    folder, the file count (`default_count`) and the rounds (3); `usage` on a wrong count."""
    if not 3 <= len(sys.argv) <= 5:
        sys.exit(usage)
    count = int(sys.argv[3]) if len(sys.argv) > 3 else default_count
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    return os.path.abspath(sys.argv[1]), sys.argv[2], count, rounds


def chosen(corpus, count, offset=0):
    """`count` of the folder's Lottie files (sorted) at even steps, each `offset` on from its step."""
    files = sorted(glob.glob(os.path.join(corpus, "*.json")))
    return [files[i * len(files) // count + offset] for i in range(min(count, len(files) - offset))]
