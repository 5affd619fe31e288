"""The one explicit table of games. Adding a game is one line here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.engine.game import GameDescription, Rules, check_options, require_players
from companion.engine.match import Match
from companion.games.clovece.rules import CLOVECE
from companion.games.crash.rules import CRASH
from companion.games.pacman.rules import PACMAN
from companion.games.patamat.rules import PATAMAT
from companion.games.quoridor.rules import QUORIDOR

RULES: dict[str, Rules[Any]] = {
    rules.description.id: rules
    for rules in (
        QUORIDOR,
        PATAMAT,
        CLOVECE,
        PACMAN,
        CRASH,
    )
}

GAMES: Mapping[str, GameDescription] = {game_id: r.description for game_id, r in RULES.items()}


def open_game(
    game_id: str,
    players: int | None = None,
    names: Sequence[str] | None = None,
    position: str | None = None,
    **options: Any,
) -> Match:
    """Open a new match of ``game_id``, or one at ``position`` in that game's notation."""
    if game_id not in RULES:
        known = ", ".join(sorted(RULES))
        raise ValueError(f"there is no game {game_id!r} (games: {known})")
    rules = RULES[game_id]
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
