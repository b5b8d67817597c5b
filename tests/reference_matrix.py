"""The full pattern matrix computed by the pure-Python reference ``score``, as checksums: one
for the whole row-major uint8 matrix (guesses x answers) and one for each block of
:data:`BLOCK` guesses.

Run ``python tests/reference_matrix.py`` to (re)compute the pinned checksums in
``tests/data/matrix-checksums.txt`` (about 200 CPU-seconds). The fast test checks the kernel's
matrix against every pinned checksum; the slow test recomputes two blocks with the reference in
every run, a different pair each day (``WORDLEKIT_REFERENCE_BLOCKS=all`` recomputes them all),
so the pinned values cannot drift from the reference.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from wordlekit.core.feedback import score
from wordlekit.core.words import WordList

CHECKSUMS = Path(__file__).parent / "data" / "matrix-checksums.txt"
#: Guesses per block (12,972 guesses: 26 blocks).
BLOCK = 500


def blocks(name: str) -> list[tuple[int, int]]:
    n = len(WordList.bundled(name).guesses)
    return [(s, min(s + BLOCK, n)) for s in range(0, n, BLOCK)]


def reference_rows(args: tuple[str, int, int]) -> bytes:
    """Rows ``start:stop`` of the matrix from the reference score."""
    name, start, stop = args
    wl = WordList.bundled(name)
    out = bytearray()
    for g in wl.guesses[start:stop]:
        out.extend(score(g, a) for a in wl.answers)
    return bytes(out)


def reference_block(name: str, k: int) -> str:
    """SHA-256 of block ``k`` from the reference score."""
    start, stop = blocks(name)[k]
    return hashlib.sha256(reference_rows((name, start, stop))).hexdigest()


def reference_checksums(name: str, workers: int = 2) -> tuple[str, list[str]]:
    """The whole matrix's SHA-256 and each block's, from the reference score."""
    whole = hashlib.sha256()
    parts = []
    with ProcessPoolExecutor(workers) as pool:
        for blob in pool.map(reference_rows, [(name, s, e) for s, e in blocks(name)]):
            whole.update(blob)
            parts.append(hashlib.sha256(blob).hexdigest())
    return whole.hexdigest(), parts


def pinned() -> dict[str, str]:
    """The pinned checksums: ``NAME`` for a whole matrix, ``NAME:K`` for its block K."""
    out = {}
    for line in CHECKSUMS.read_text().splitlines():
        if line and not line.startswith("#"):
            key, digest = line.split()
            out[key] = digest
    return out


def todays_blocks(name: str, today: dt.date | None = None) -> list[int]:
    """The blocks the slow test recomputes today: two, half the list apart, moving on by one
    a day (every block within a fortnight), or all of them."""
    n = len(blocks(name))
    if os.environ.get("WORDLEKIT_REFERENCE_BLOCKS") == "all":
        return list(range(n))
    day = (today or dt.date.today()).toordinal()
    return sorted({day % n, (day + n // 2) % n})


if __name__ == "__main__":
    names = sys.argv[1:] or ["original"]
    lines = [
        "# list sha256-of-reference-matrix, then list:block sha256-of-block "
        f"({BLOCK} guesses a block; python tests/reference_matrix.py original)"
    ]
    for name in names:
        whole, parts = reference_checksums(name)
        print(name, whole)
        lines.append(f"{name} {whole}")
        lines.extend(f"{name}:{k} {d}" for k, d in enumerate(parts))
    CHECKSUMS.write_text("\n".join(lines) + "\n")
