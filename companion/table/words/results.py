"""The result screen's words for a finished match: who won, the game's own lines, the ranking.

Kivy-free; the table passes its match, language and companion seats.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from companion.table.words.texts import text_module

if TYPE_CHECKING:
    from companion.engine import Match

log = logging.getLogger(__name__)

RankingRow = tuple[int, int, str, dict[str, int]]
"""(place, seat, name, counters)."""


def headline(match: Match, tr: Callable[[str], str]) -> str:
    """ "Eva wins!", "Draw", or "" while the match is on."""
    outcome = match.outcome
    if outcome is None:
        return ""
    if len(outcome.ranking) == 1 and len(outcome.ranking[0]) > 1:
        return tr("Draw")
    winners = ", ".join(match.names[seat] for seat in outcome.winners)
    return tr("{name} wins!").format(name=winners)


def game_lines(match: Match, lang: str) -> list[str]:
    """The game's ``text.result_lines(match, lang)``; for a game without it but with a rank
    (PAC-MAN's ``rank_text``), the rank's title and message; [] while the match is on."""
    if match.outcome is None:
        return []
    text = text_module(match.game_id)
    if text is None:
        return []
    try:
        lines = getattr(text, "result_lines", None)
        if callable(lines):
            return [str(line) for line in lines(match, lang)]
        rank_text = getattr(text, "rank_text", None)
        rank = getattr(match.state, "rank", None)
        if callable(rank_text) and isinstance(rank, str):
            title, message = rank_text(rank, lang)
            return [str(title), str(message)]
    except Exception:  # noqa: BLE001 - the result screen must always show
        log.exception("result lines failed")
    return []


def companion_name(level: str, tr: Callable[[str], str], number: int = 1) -> str:
    """The companion's one name on every screen: "Companion (strong)" ("Společník (silný)");
    "Companion 2 (strong)" for a second companion seat."""
    base = tr("Companion") if number <= 1 else f"{tr('Companion')} {number}"
    return f"{base} ({tr(level)})"


def seat_name(name: str, level: str | None, tr: Callable[[str], str]) -> str:
    """A seat's name on the result and the history: the player's, or for a seat the companion
    played :func:`companion_name` (its number kept from the seat's name: "Companion 2")."""
    if level is None:
        return name
    number = re.search(r"(\d+)\D*$", name)
    return companion_name(level, tr, int(number.group(1)) if number else 1)


def ranking_rows(
    match: Match, levels: Mapping[int, str], tr: Callable[[str], str]
) -> list[RankingRow]:
    """(place, seat, name, counters) rows, best first; seats sharing a place share its number."""
    outcome = match.outcome
    counters = match.counters()
    groups = outcome.ranking if outcome else (tuple(range(match.players)),)
    rows: list[RankingRow] = []
    place = 1
    for group in groups:
        for seat in group:
            name = seat_name(match.names[seat], levels.get(seat), tr)
            rows.append((place, seat, name, counters.get(seat, {})))
        place += len(group)
    return rows
