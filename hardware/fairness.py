"""Is this die fair? Face counts and Pearson's chi-square test, without scipy.

The store keeps one :class:`FaceCounts` per die source; :func:`looks_biased` says when the
evidence is strong enough to tell the players (at least :data:`MIN_ROLLS` rolls and
p < :data:`SIGNIFICANCE`).

The p-value is the chi-square survival function, i.e. the regularised upper incomplete
gamma function Q(k/2, x/2). For integer degrees of freedom it has a closed form:

* even k: Q(m, y) = e^-y * sum_{i<m} y^i / i!
* odd k:  Q(1/2, y) = erfc(sqrt y), and Q(s+1, y) = Q(s, y) + y^s e^-y / Gamma(s+1)

so 5 degrees of freedom (a six-sided die) is erfc(sqrt y) + e^-y (2 sqrt(y/pi))(1 + 2y/3).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

FACES = 6
MIN_ROLLS = 120
"""Fewer rolls than this never count as biased: 20 expected per face."""
SIGNIFICANCE = 0.01


@dataclass(frozen=True)
class FaceCounts:
    """How often each face 1..6 came up. ``counts[0]`` is the number of ones."""

    counts: tuple[int, ...] = (0,) * FACES

    def __post_init__(self) -> None:
        if len(self.counts) != FACES or any(c < 0 for c in self.counts):
            raise ValueError(f"need {FACES} non-negative counts, got {self.counts!r}")

    @classmethod
    def from_rolls(cls, faces: Iterable[int]) -> FaceCounts:
        result = cls()
        for face in faces:
            result = result.add(face)
        return result

    @property
    def total(self) -> int:
        return sum(self.counts)

    def of(self, face: int) -> int:
        """How many times ``face`` came up."""
        return self.counts[_index(face)]

    def add(self, face: int) -> FaceCounts:
        """These counts plus one roll of ``face``."""
        index = _index(face)
        return FaceCounts(tuple(c + (i == index) for i, c in enumerate(self.counts)))


def chi_square_statistic(counts: FaceCounts) -> float:
    """Pearson's X^2 against a uniform die; 0.0 for no rolls."""
    total = counts.total
    if total == 0:
        return 0.0
    expected = total / FACES
    return sum((c - expected) ** 2 / expected for c in counts.counts)


def chi_square_survival(x: float, dof: int) -> float:
    """P(X^2 >= x) for a chi-square variable with ``dof`` (>= 1) degrees of freedom."""
    if dof < 1:
        raise ValueError(f"degrees of freedom must be at least 1, got {dof}")
    if x <= 0:
        return 1.0
    y = x / 2
    if dof % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, dof // 2):
            term *= y / i
            total += term
        return min(1.0, math.exp(-y) * total)
    q = math.erfc(math.sqrt(y))
    s = 0.5
    for _ in range((dof - 1) // 2):
        q += math.exp(s * math.log(y) - y - math.lgamma(s + 1))
        s += 1
    return min(1.0, q)


def chi_square_p_value(counts: FaceCounts) -> float:
    """The probability a fair die scatters at least this much (1.0 for no rolls)."""
    return chi_square_survival(chi_square_statistic(counts), FACES - 1)


def looks_biased(counts: FaceCounts) -> bool:
    """True after at least :data:`MIN_ROLLS` rolls with p < :data:`SIGNIFICANCE`."""
    return counts.total >= MIN_ROLLS and chi_square_p_value(counts) < SIGNIFICANCE


def _index(face: int) -> int:
    if not 1 <= face <= FACES:
        raise ValueError(f"face {face!r} is outside 1..{FACES}")
    return face - 1
