"""Whether a corrected or typed position can be played on: the player due has an input."""

from __future__ import annotations

from companion.games.crash.errors import PositionError
from companion.games.crash.legal import legal_lines
from companion.games.crash.state import ACTION_END, CrashState


def check_playable(state: CrashState) -> CrashState:
    """Refuse a position in which the player due could not give any input (C2, C9)."""
    if state.is_over or state.setup:
        return state
    if not legal_lines(state):
        if state.action == ACTION_END:
            raise PositionError(
                "position: turn action=end, but nothing is left to draw or refill")
        raise PositionError("position: turn effect={card} leaves no legal action",
                            card=state.effect)
    return state
