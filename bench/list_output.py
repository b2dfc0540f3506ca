"""What the list generators (make-shapes.py, make-sprites.py) share: writing a list to standard
output, or to a file atomically (a partial file renamed into place, so a benchmark never reads
half a list)."""
import os
import sys


def write(text, output):
    """Writes `text` to standard output when `output` is None, else atomically to that path."""
    if output is None:
        sys.stdout.write(text)
        return
    partial = f"{output}.partial-{os.getpid()}"
    with open(partial, "w", encoding="ascii", newline="\n") as f:
        f.write(text)
    os.replace(partial, output)
