"""The Kivy-free parts of the statistics screen and the new-game chips: periods, labels,
figures as text, and which seat a known player's chip fills."""

from __future__ import annotations

from datetime import date

import pytest

from companion.app.stats.view import (
    duration_text,
    hex_colour,
    make_filter,
    percent,
    period_bounds,
    period_label,
)
from companion.table.seating import free_seat, is_free, nearest_colour, seat_name, seat_of
from companion.table.seats import PALETTE


def test_periods_are_iso_dates_both_included() -> None:
    today = date(2026, 3, 5)
    assert period_bounds("all", today) == (None, None)
    assert period_bounds("30days", today) == ("2026-02-04", None)   # 30 days with today
    assert period_bounds("year", today) == ("2026-01-01", None)
    flt = make_filter("quoridor", "year", [3, 1], today)
    assert (flt.game, flt.since, flt.until, flt.players) == ("quoridor", "2026-01-01", None,
                                                               (3, 1))
    assert make_filter("", "all", [], today).game is None


def test_figures_as_the_screen_writes_them() -> None:
    assert percent(2 / 3) == "67 %"
    assert percent(0.0) == "0 %"
    assert percent(None) == "–"
    assert period_label("2025-03") == "3/2025"
    assert period_label("2026-W09") == "2.3."                       # that week's Monday
    assert duration_text(14 * 60, str) == "14 min"
    assert duration_text(75 * 60, str) == "1 h 15 min"
    assert duration_text(20, str) == "1 min"
    assert hex_colour("#43a047") == pytest.approx((0x43 / 255, 0xA0 / 255, 0x47 / 255, 1.0))
    assert hex_colour("green") == (0.6, 0.6, 0.6, 1.0)


def test_a_chip_fills_the_first_seat_nobody_has_taken() -> None:
    assert is_free(0, "", {})
    assert is_free(2, "Player 3", {}) and is_free(2, "Hráč 3", {}) and is_free(2, "Player3", {})
    assert not is_free(2, "Player 2", {})                  # another seat's default: a name
    assert not is_free(1, "", {1: "normal"})               # the companion's seat
    assert free_seat(["Eva", "Player 2", ""], {}) == 1
    assert free_seat(["Eva", "Player 2"], {1: "easy"}) is None
    assert seat_of(7, "Jan Novák", ["Eva", "JanNovák"], {}, {}) == 1   # typed, spaces aside
    assert seat_of(7, "Jan", ["Eva", "Honza"], {1: 7}, {}) == 1        # seated by its chip
    assert seat_of(7, "Jan", ["Eva", "Pat"], {}, {}) is None
    assert seat_name("Jan Novák", one_word=True) == "JanNovák"
    assert seat_name("Jan Novák", one_word=False) == "Jan Novák"


def test_a_seat_takes_the_players_colour_unless_another_seat_has_it() -> None:
    green = hex_colour("#43a047")
    assert nearest_colour(green, ["red"]) == "green"
    assert nearest_colour(green, ["green"]) is None
    assert nearest_colour(PALETTE["purple"], []) == "purple"
