"""The full pattern matrix computed by the pure-Python reference ``score``, as a checksum.

Run ``python tests/reference_matrix.py`` to (re)compute the pinned checksum in
``tests/data/matrix-checksums.txt``; the slow test recomputes it in every CI run so the pinned
value cannot drift from the reference.
"""

from __future__ import annotations

import hashlib
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from wordlekit.core.feedback import score
from wordlekit.core.words import WordList

CHECKSUMS = Path(__file__).parent / "data" / "matrix-checksums.txt"


def _rows(args: tuple[str, int, int]) -> bytes:
    name, start, stop = args
    wl = WordList.bundled(name)
    out = bytearray()
    for g in wl.guesses[start:stop]:
        out.extend(score(g, a) for a in wl.answers)
    return bytes(out)


def reference_checksum(name: str, workers: int = 2) -> str:
    """SHA-256 of the row-major uint8 matrix (guesses x answers) from the reference score."""
    wl = WordList.bundled(name)
    n = len(wl.guesses)
    step = 500
    chunks = [(name, s, min(s + step, n)) for s in range(0, n, step)]
    h = hashlib.sha256()
    with ProcessPoolExecutor(workers) as pool:
        for blob in pool.map(_rows, chunks):
            h.update(blob)
    return h.hexdigest()


def pinned() -> dict[str, str]:
    out = {}
    for line in CHECKSUMS.read_text().splitlines():
        if line and not line.startswith("#"):
            name, digest = line.split()
            out[name] = digest
    return out


if __name__ == "__main__":
    names = sys.argv[1:] or ["original"]
    lines = ["# list sha256-of-reference-matrix (python tests/reference_matrix.py original)"]
    for name in names:
        digest = reference_checksum(name)
        print(name, digest)
        lines.append(f"{name} {digest}")
    CHECKSUMS.write_text("\n".join(lines) + "\n")
