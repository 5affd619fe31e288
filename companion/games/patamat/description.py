"""What the registry tells about Pat a Mat before a match opens (no rules loaded).

The option defaults live here, so the registry's table needs neither the track nor the state.
"""

from __future__ import annotations

from companion.engine.game import GameDescription, OptionSpec

DEFAULT_BOARD = "standin-v1"
MIN_TARGET, MAX_TARGET, DEFAULT_TARGET = 1, 10, 3

DESCRIPTION = GameDescription(
    id="patamat",
    name="Pat and Mat race",
    name_cs="Pat a Mat závodí",
    player_counts=(2, 3, 4, 5, 6),
    uses_die=True,
    options=(
        OptionSpec(
            "target", DEFAULT_TARGET, "Flags needed to win",
            choices=tuple(range(MIN_TARGET, MAX_TARGET + 1)),
        ),
        OptionSpec(
            "board",
            DEFAULT_BOARD,
            "The track: a board from the boards folder, or a board file",
        ),
    ),
)
