"""What the registry tells about Člověče before a match opens (no rules loaded)."""

from __future__ import annotations

from companion.engine.game import GameDescription, OptionSpec
from companion.games.clovece.board import BOARD6_DEFAULT_LENGTH

DESCRIPTION = GameDescription(
    id="clovece",
    name="Matfyzácké Člověče nezlob se",
    name_cs="Matfyzácké Člověče nezlob se",
    player_counts=(2, 3, 4, 5, 6),
    uses_die=True,
    options=(
        OptionSpec(
            "track_length",
            BOARD6_DEFAULT_LENGTH,
            "Track length (5–6 players)",
            choices=(48, 60, 72),
            players=(5, 6),  # the six-seat board; 2–4 players use the four-seat one
        ),
        OptionSpec(
            "play_on",
            True,
            "Play on for the other places after the winner",
            players=(3, 4, 5, 6),  # with two the game ends at the first finish anyway
        ),
    ),
)
