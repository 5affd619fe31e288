"""Dice fairness: chi-square p-values against published table values."""

from __future__ import annotations

import pytest

from hardware.fairness import (
    FaceCounts,
    chi_square_p_value,
    chi_square_statistic,
    chi_square_survival,
    looks_biased,
)


@pytest.mark.parametrize(
    ("x", "dof", "p"),
    [
        # critical values from the standard chi-square table
        (3.841459, 1, 0.05),
        (5.991465, 2, 0.05),
        (7.814728, 3, 0.05),
        (9.487729, 4, 0.05),
        (11.070498, 5, 0.05),
        (15.086272, 5, 0.01),
        (20.515006, 5, 0.001),
        (9.236357, 5, 0.10),
        (4.351460, 5, 0.50),
        (1.145476, 5, 0.95),
        (16.918978, 9, 0.05),
    ],
)
def test_survival_matches_the_table(x: float, dof: int, p: float) -> None:
    assert chi_square_survival(x, dof) == pytest.approx(p, rel=1e-5)


def test_survival_edges() -> None:
    assert chi_square_survival(0.0, 5) == 1.0
    assert chi_square_survival(1000.0, 5) < 1e-200
    with pytest.raises(ValueError):
        chi_square_survival(1.0, 0)


def test_counts_are_a_value() -> None:
    counts = FaceCounts.from_rolls([1, 6, 6, 3])
    assert counts == FaceCounts((1, 0, 1, 0, 0, 2))
    assert counts.total == 4 and counts.of(6) == 2
    assert counts.add(2).of(2) == 1 and counts.of(2) == 0
    with pytest.raises(ValueError, match="face 7"):
        counts.add(7)
    with pytest.raises(ValueError):
        FaceCounts((1, 2, 3))


def test_a_perfectly_even_die_has_p_one() -> None:
    counts = FaceCounts((20,) * 6)
    assert chi_square_statistic(counts) == 0.0
    assert chi_square_p_value(counts) == 1.0
    assert chi_square_p_value(FaceCounts()) == 1.0


def test_a_known_sample() -> None:
    # 120 rolls, X^2 = (25+25+0+0+25+25)/20 = 5.0 -> p = 0.41588 (5 dof)
    counts = FaceCounts((15, 25, 20, 20, 15, 25))
    assert chi_square_statistic(counts) == pytest.approx(5.0)
    assert chi_square_p_value(counts) == pytest.approx(0.415880, abs=1e-6)
    assert not looks_biased(counts)


def test_a_loaded_die_is_caught_after_enough_rolls() -> None:
    loaded = FaceCounts((10, 10, 10, 10, 10, 70))  # 120 rolls, sixes galore
    assert chi_square_p_value(loaded) < 1e-10
    assert looks_biased(loaded)


def test_too_few_rolls_never_count_as_biased() -> None:
    few = FaceCounts((0, 0, 0, 0, 0, 119))
    assert chi_square_p_value(few) < 0.01
    assert not looks_biased(few)


def test_the_threshold_is_p_below_one_percent() -> None:
    # 120 rolls each; p-values checked against scipy.stats.chi2.sf(x, 5)
    just_fair = FaceCounts((10, 20, 20, 20, 20, 30))  # X^2 = (100+0+0+0+0+100)/20 = 10
    assert not looks_biased(just_fair)
    assert chi_square_p_value(just_fair) == pytest.approx(0.075235, abs=1e-6)
    biased = FaceCounts((8, 20, 20, 20, 20, 32))  # X^2 = (144+144)/20 = 14.4
    assert chi_square_p_value(biased) == pytest.approx(0.0132586, abs=1e-7)
    assert not looks_biased(biased)
    more = FaceCounts((7, 20, 20, 20, 20, 33))  # X^2 = (169+169)/20 = 16.9
    assert chi_square_p_value(more) == pytest.approx(0.0046934, abs=1e-7)
    assert looks_biased(more)
