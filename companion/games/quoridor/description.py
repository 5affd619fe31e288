"""What the registry tells about Quoridor before a match opens (no rules loaded)."""

from __future__ import annotations

from companion.engine.game import GameDescription, OptionSpec

DESCRIPTION = GameDescription(
    id="quoridor",
    name="Quoridor",
    name_cs="Quoridor",
    player_counts=(2, 4),
    uses_die=False,
    asks_choices=False,  # every input is a move on the board
    options=(
        OptionSpec(
            "sidestep_when_pawn_behind",
            True,
            "Side-step past a pawn with a pawn behind it",
            players=(4,),  # with two pawns there is never a third behind the one faced
        ),
    ),
)
