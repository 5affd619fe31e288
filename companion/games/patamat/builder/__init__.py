"""The board builder's model (Kivy-free): the track being walked on the touchscreen
(:mod:`.draft`), its board file (:mod:`.to_board`), a board file as a draft (:mod:`.from_board`)
and what would stop it being played, in the players' words (:mod:`.problems`)."""

from companion.games.patamat.builder.draft import Draft, DraftError, Spot, Way
from companion.games.patamat.builder.from_board import draft_of
from companion.games.patamat.builder.problems import draft_problems, field_name, is_playable
from companion.games.patamat.builder.to_board import Track, board_text, draft_track

__all__ = ["Draft", "DraftError", "Spot", "Track", "Way", "board_text", "draft_of",
           "draft_problems", "draft_track", "field_name", "is_playable"]
