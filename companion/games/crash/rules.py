"""Crash by Crash behind the common facade (ENGINE.md, §17)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.game import Awaiting, Outcome
from companion.games.crash.board import FIELD_NAMES, layout_from_options
from companion.games.crash.description import DESCRIPTION
from companion.games.crash.fixes import apply_fix
from companion.games.crash.legal import apply_input, legal_lines
from companion.games.crash.playable import check_playable
from companion.games.crash.position import format_position, parse_position
from companion.games.crash.snapshot import snapshot
from companion.games.crash.state import ACTION_END, CrashState, initial_state


class CrashRules:
    """The rules object registered as ``crash``."""

    description = DESCRIPTION

    def new_state(self, players: int, options: Mapping[str, Any]) -> CrashState:
        layout = layout_from_options(str(options.get("board", "reference")),
                                     str(options.get("tiles", "") or ""))
        return initial_state(players, layout.values, layout.stars)

    def parse_position(self, text: str, players: int, options: Mapping[str, Any]) -> CrashState:
        return check_playable(parse_position(text, players))

    def format_position(self, state: CrashState) -> str:
        return format_position(state)

    def legal(self, state: CrashState) -> list[str]:
        return list(legal_lines(state))

    def apply(self, state: CrashState, line: str) -> tuple[CrashState, list[str]]:
        return apply_input(state, line)

    def apply_fix(
        self, state: CrashState, text: str, players: int, options: Mapping[str, Any]
    ) -> tuple[CrashState, list[str]]:
        return apply_fix(state, text, players)

    def to_move(self, state: CrashState) -> int | None:
        return None if state.is_over else state.seat

    def awaiting(self, state: CrashState) -> Awaiting:
        if state.is_over:
            return "over"
        if state.setup:
            return "setup"
        return "choice" if state.action == ACTION_END else "move"

    def outcome(self, state: CrashState) -> Outcome | None:
        if not state.is_over:
            return None
        from companion.games.crash.board import RULES

        reason = ("seventh evaluation" if state.evals >= RULES.evaluations_to_end
                  else "no cars")
        a, b = state.scores
        teams = ((0, 2), (1, 3)) if state.players == 4 else ((0,), (1,))
        if a == b:
            return Outcome(ranking=(tuple(sorted(teams[0] + teams[1])),), reason=reason)
        best, worst = (teams[0], teams[1]) if a > b else (teams[1], teams[0])
        return Outcome(ranking=(best, worst), reason=reason)

    def counters(self, state: CrashState) -> dict[int, dict[str, int]]:
        result = {}
        for seat in range(state.players):
            side = seat % 2
            normal, magnets = state.supply(side)
            result[seat] = {
                "score": state.scores[side],
                "batteries": state.batteries[side],
                "cars": normal,
                "magnet": magnets,
                "hand": state.cards.hands[seat],
                "evaluations": state.evals,
            }
        return result

    def snapshot(self, state: CrashState) -> dict[str, Any]:
        return snapshot(state)


CRASH = CrashRules()

__all__ = ["CRASH", "DESCRIPTION", "FIELD_NAMES"]
