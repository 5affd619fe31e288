"""What the registry tells about Člověče before a match opens (no rules loaded)."""

from __future__ import annotations

from companion.engine.game import GameDescription, OptionSpec

BOARD6_DEFAULT_LENGTH = 48
"""The six-seat board's track length unless the players choose another (§1); here, not in
:mod:`companion.games.clovece.board`, so that the home screen's tiles load no board geometry."""

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
