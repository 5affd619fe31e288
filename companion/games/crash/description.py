"""What the registry tells about Crash by Crash before a match opens (no rules loaded)."""

from __future__ import annotations

from companion.engine.game import GameDescription, OptionSpec

DESCRIPTION = GameDescription(
    id="crash",
    name="Crash by Crash",
    name_cs="Crash by Crash",
    player_counts=(2, 4),
    uses_die=False,
    options=(
        OptionSpec("board", "reference",
                   "The board: the reference board, or a board file"),
        OptionSpec("tiles", "",
                   "Where each tile lies, instead of the board (a shuffled layout)"),
    ),
)
