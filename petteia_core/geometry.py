"""Bitboard tables for a board of a given size (squares ``row * width + col``)."""

from __future__ import annotations

from functools import lru_cache


class Geometry:
    """Precomputed masks and neighbour tables for a ``width`` × ``height`` board."""

    __slots__ = (
        "width", "height", "n", "full", "not_first_col", "not_last_col",
        "neighbours", "capture_pairs", "corner_pairs", "corner_neighbours", "row_masks", "edge_count",
    )

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.n = n = width * height
        self.full = (1 << n) - 1
        first_col = sum(1 << (r * width) for r in range(height))
        last_col = first_col << (width - 1)
        self.not_first_col = self.full & ~first_col
        self.not_last_col = self.full & ~last_col
        self.row_masks = tuple(((1 << width) - 1) << (r * width) for r in range(height))
        steps = ((0, 1), (0, -1), (1, 0), (-1, 0))
        neighbours, pairs, counts = [], [], []
        for sq in range(n):
            r, c = divmod(sq, width)
            nb, pr = 0, []
            for dr, dc in steps:
                r1, c1, r2, c2 = r + dr, c + dc, r + 2 * dr, c + 2 * dc
                if 0 <= r1 < height and 0 <= c1 < width:
                    nb |= 1 << (r1 * width + c1)
                    if 0 <= r2 < height and 0 <= c2 < width:
                        pr.append((1 << (r1 * width + c1), 1 << (r2 * width + c2)))
            neighbours.append(nb)
            pairs.append(tuple(pr))
            counts.append(nb.bit_count())
        self.neighbours = tuple(neighbours)
        self.capture_pairs = tuple(pairs)
        self.edge_count = tuple(counts)
        corners = (0, width - 1, n - width, n - 1)
        corner_pairs: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for c in corners:
            a, b = [s for s in range(n) if neighbours[c] >> s & 1]
            corner_pairs[a].append((1 << c, 1 << b))
            corner_pairs[b].append((1 << c, 1 << a))
        self.corner_pairs = tuple(tuple(p) for p in corner_pairs)
        self.corner_neighbours = sum(1 << s for s in range(n) if corner_pairs[s])

    def adjacent(self, mask: int) -> int:
        """All squares orthogonally next to a square of ``mask``."""
        w = self.width
        return (
            ((mask << 1) & self.not_first_col)
            | ((mask >> 1) & self.not_last_col)
            | ((mask << w) & self.full)
            | (mask >> w)
        )


@lru_cache(maxsize=None)
def geometry(width: int, height: int) -> Geometry:
    """The shared Geometry for a board size."""
    return Geometry(width, height)


def bits(mask: int):
    """Yield the square indices set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
