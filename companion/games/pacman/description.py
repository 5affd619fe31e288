"""What the registry tells about Quoridor PAC-MAN before a match opens (no rules loaded)."""

from __future__ import annotations

from companion.engine.game import GameDescription, OptionSpec

DESCRIPTION = GameDescription(
    id="pacman",
    name="Quoridor PAC-MAN",
    name_cs="Quoridor PAC-MAN",
    player_counts=(2, 3, 4, 5),
    uses_die=False,
    asks_choices=False,  # every input is a move on the board
    options=(
        OptionSpec(
            "layout",
            None,
            "The maze: a layout file (without it, the maze that comes with the game)",
        ),
        OptionSpec(
            "ghost_owners",
            None,
            "Who moves which ghost (without it, the ghosts are dealt out among the ghost "
            "players)",
        ),
    ),
)
