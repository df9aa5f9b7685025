"""Exact nearest-neighbour search over points on the sphere.

Points are unit vectors bucketed in a 3-D grid (cells of ``CELL`` chord units, about
64 km). A query scans shells of cells around its own; once the best chord found is no
longer than the shell radius, nothing outside can be closer, so the answer is exact.
Working in 3-D (not latitude/longitude) means the poles and the antimeridian need no
special case. Far from everything (open ocean, Antarctica) it falls back to one
vectorised scan of all points.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict

import numpy as np

CELL = 0.01
MAX_SHELL = 4
CUBE_CACHE_SIZE = 50_000

Cell = tuple[int, int, int]  # a grid cell: each coordinate divided by CELL, rounded down


def cell_of(vector: tuple[float, float, float]) -> Cell:
    """The grid cell holding the point ``vector`` (a unit vector)."""
    x, y, z = vector
    return math.floor(x / CELL), math.floor(y / CELL), math.floor(z / CELL)


def _shell_offsets(radius: int) -> list[Cell]:
    span = range(-radius, radius + 1)
    return [o for o in itertools.product(span, span, span) if max(map(abs, o)) == radius]


SHELLS = [_shell_offsets(r) for r in range(MAX_SHELL + 1)]


class SphereIndex:
    """Nearest of a fixed set of unit vectors to a query vector (chord distance)."""

    def __init__(self, vectors: np.ndarray) -> None:
        self._vectors = np.ascontiguousarray(vectors, dtype=np.float64)
        members: dict[Cell, list[int]] = defaultdict(list)
        for position, cell in enumerate(map(tuple, np.floor(self._vectors / CELL).astype(int))):
            members[cell].append(position)
        self._cells = {cell: np.array(found, dtype=np.intp) for cell, found in members.items()}
        self._cubes: dict[tuple[Cell, int], tuple[np.ndarray, np.ndarray]] = {}

    def nearest(self, vector: tuple[float, float, float]) -> tuple[int, float]:
        """Position of the nearest point and its chord distance (unit sphere)."""
        query = np.array(vector)
        home = cell_of(vector)
        best_position, best_chord = -1, math.inf
        for radius, offsets in enumerate(SHELLS):
            found = self._members_at(home, offsets)
            if found is not None:
                position, chord = self._closest(query, found)
                if chord < best_chord:
                    best_position, best_chord = position, chord
            if best_chord <= radius * CELL:
                return best_position, best_chord
        return self._closest(query, None)

    def within(
        self, vector: tuple[float, float, float], chord: float
    ) -> tuple[np.ndarray, np.ndarray]:
        """Positions of all points within ``chord`` of ``vector``, and their chords."""
        reach = math.ceil(chord / CELL)
        if reach > MAX_SHELL:
            positions, vectors = np.arange(len(self._vectors)), self._vectors
        else:
            positions, vectors = self.cube(cell_of(vector), reach)
        chords = np.sqrt(((vectors - vector) ** 2).sum(axis=1))
        close = chords <= chord
        return positions[close], chords[close]

    def cube(self, home: Cell, reach: int) -> tuple[np.ndarray, np.ndarray]:
        """Positions and vectors of the points in the cells up to ``reach`` cells from ``home``."""
        # Subscribers cluster in towns, so the same cubes come back again and again.
        key = (home, reach)
        found = self._cubes.get(key)
        if found is None:
            found_parts = (self._members_at(home, SHELLS[r]) for r in range(reach + 1))
            parts = [part for part in found_parts if part is not None]
            positions = np.concatenate(parts) if parts else np.empty(0, dtype=np.intp)
            if len(self._cubes) >= CUBE_CACHE_SIZE:
                self._cubes.clear()
            found = self._cubes[key] = (positions, self._vectors[positions])
        return found

    def _members_at(self, home: Cell, offsets: list[Cell]) -> np.ndarray | None:
        x, y, z = home
        cells = self._cells
        parts = [cells[key] for dx, dy, dz in offsets if (key := (x + dx, y + dy, z + dz)) in cells]
        if not parts:
            return None
        return parts[0] if len(parts) == 1 else np.concatenate(parts)

    def _closest(self, query: np.ndarray, positions: np.ndarray | None) -> tuple[int, float]:
        vectors = self._vectors if positions is None else self._vectors[positions]
        squared = ((vectors - query) ** 2).sum(axis=1)
        best = int(squared.argmin())
        position = best if positions is None else int(positions[best])
        return position, math.sqrt(float(squared[best]))
