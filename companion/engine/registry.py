"""The one explicit table of games. Adding a game is one line here.

Each line pairs a game's description (light: what the home and new-game screens show) with
where its rules live. A game's rules are imported when its first match opens, not when the
table is read: the home screen's tiles load no game (a faster start, less memory).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import import_module
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from companion.engine.game import GameDescription, Rules, check_options, require_players
from companion.games.clovece.description import DESCRIPTION as CLOVECE
from companion.games.crash.description import DESCRIPTION as CRASH
from companion.games.pacman.description import DESCRIPTION as PACMAN
from companion.games.patamat.description import DESCRIPTION as PATAMAT
from companion.games.quoridor.description import DESCRIPTION as QUORIDOR

TABLE: tuple[tuple[GameDescription, str], ...] = (
    (QUORIDOR, "companion.games.quoridor.rules:QUORIDOR"),
    (PATAMAT, "companion.games.patamat.rules:PATAMAT"),
    (CLOVECE, "companion.games.clovece.rules:CLOVECE"),
    (PACMAN, "companion.games.pacman.rules:PACMAN"),
    (CRASH, "companion.games.crash.rules:CRASH"),
)
"""Every game in the order screens list them: its description and ``module:name`` of its rules."""

GAMES: Mapping[str, GameDescription] = MappingProxyType(
    {description.id: description for description, _rules in TABLE})
_RULES_AT = {description.id: where for description, where in TABLE}
_LOADED: dict[str, Rules[Any]] = {}

if TYPE_CHECKING:  # a match's machinery loads with the first match: the tiles need none
    from companion.engine.match import Match


def rules_of(game_id: str) -> Rules[Any]:
    """The rules object of ``game_id``, its module imported on first use."""
    rules = _LOADED.get(game_id)
    if rules is None:
        if game_id not in _RULES_AT:
            known = ", ".join(sorted(GAMES))
            raise ValueError(f"there is no game {game_id!r} (games: {known})")
        module, name = _RULES_AT[game_id].split(":")
        rules = getattr(import_module(module), name)
        if rules.description is not GAMES[game_id]:
            raise RuntimeError(f"{module}.{name} does not carry the registry's description")
        _LOADED[game_id] = rules
    return rules


def open_game(
    game_id: str,
    players: int | None = None,
    names: Sequence[str] | None = None,
    position: str | None = None,
    **options: Any,
) -> Match:
    """Open a new match of ``game_id``, or one at ``position`` in that game's notation."""
    from companion.engine.match import Match

    rules = rules_of(game_id)
    description = rules.description
    seats = players if players is not None else description.player_counts[0]
    require_players(description, seats)
    settings = check_options(description, options)
    default_names = [f"Player {seat + 1}" for seat in range(seats)]
    names = list(names) if names is not None else default_names
    if len(names) != seats:
        raise ValueError(f"{len(names)} names given for {seats} players")
    # Games whose notation carries the players' names (Pat a Mat, P1) get them as an option.
    rules_options = dict(settings)
    if names != default_names:
        rules_options["names"] = tuple(names)
    if position is None:
        state = rules.new_state(seats, rules_options)
    else:
        state = rules.parse_position(position, seats, rules_options)
    return Match(rules, seats, names, settings, state, start_position=position)
