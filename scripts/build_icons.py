#!/usr/bin/env python3
"""Build the web app's icons (the manifest's and the apple-touch-icon) as PNG files.

Rerunnable and deterministic (the same bytes every run): plain Python, the PNG written with
zlib and struct, so no image library is needed. The picture is the game's own: a green tile
with a white W on the page's dark background. The maskable icon keeps the tile inside the
safe circle (80 % of the side) that launchers may crop to.

    python scripts/build_icons.py           write src/wordlekit/web/static/icons/*.png
    python scripts/build_icons.py --check   exit 1 when a committed icon differs
"""

from __future__ import annotations

import argparse
import struct
import sys
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "src" / "wordlekit" / "web" / "static" / "icons"
BACKGROUND = (0x12, 0x12, 0x13)  # --bg of base.css
GREEN = (0x53, 0x8D, 0x4E)  # --green
WHITE = (0xF8, 0xF8, 0xF8)  # --text

# A W on a 7×7 grid (1 = ink)
GLYPH = [
    "1000001",
    "1000001",
    "1001001",
    "1001001",
    "1010101",
    "1010101",
    "0100010",
]

#: file name → (side in pixels, the tile's side as a share of it)
ICONS = {
    "icon-192.png": (192, 0.84),
    "icon-512.png": (512, 0.84),
    "icon-maskable-512.png": (512, 0.56),
    "apple-touch-icon.png": (180, 0.84),
}


def pixels(side: int, tile_share: float) -> list[bytes]:
    """The rows of the picture, RGB."""
    tile = round(side * tile_share)
    start = (side - tile) // 2
    radius = tile // 10
    cell = tile * 0.6 / len(GLYPH)  # the W takes 60 % of the tile
    glyph_start = start + (tile - cell * len(GLYPH)) / 2
    rows = []
    for y in range(side):
        row = bytearray()
        for x in range(side):
            colour = BACKGROUND
            tx, ty = x - start, y - start
            if 0 <= tx < tile and 0 <= ty < tile and inside_rounded(tx, ty, tile, radius):
                colour = GREEN
                gx = int((x - glyph_start) // cell)
                gy = int((y - glyph_start) // cell)
                if 0 <= gx < len(GLYPH) and 0 <= gy < len(GLYPH) and GLYPH[gy][gx] == "1":
                    colour = WHITE
            row.extend(colour)
        rows.append(bytes(row))
    return rows


def inside_rounded(x: int, y: int, side: int, radius: int) -> bool:
    """Whether (x, y) lies in a square of ``side`` with corners rounded by ``radius``."""
    cx = min(max(x, radius), side - 1 - radius)
    cy = min(max(y, radius), side - 1 - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius**2


def png(rows: list[bytes]) -> bytes:
    """A truecolour PNG of ``rows``."""
    height, width = len(rows), len(rows[0]) // 3

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    raw = b"".join(b"\x00" + row for row in rows)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def build() -> dict[str, bytes]:
    return {name: png(pixels(side, share)) for name, (side, share) in ICONS.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args()
    built = build()
    if args.check:
        stale = [
            n
            for n, data in built.items()
            if not (OUT / n).is_file() or (OUT / n).read_bytes() != data
        ]
        for name in stale:
            print(f"stale: {OUT / name}: run python scripts/build_icons.py", file=sys.stderr)
        return 1 if stale else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, data in built.items():
        (OUT / name).write_bytes(data)
        print(f"{OUT / name}: {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
