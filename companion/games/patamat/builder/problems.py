"""What would stop the track being played, said as the players would say it (cs/en).

The draft is looked at first, in the players' words ("the road from F12 never reaches CÍL");
whatever the board checker (:func:`companion.games.patamat.board.board_errors`) would still
refuse in the file made from the draft follows, so Save is never offered for a track the game
would refuse.
"""

from __future__ import annotations

from companion.games.patamat.board import board_errors
from companion.games.patamat.builder.draft import START_KEY, Draft
from companion.games.patamat.builder.to_board import board_text, draft_track
from companion.i18n import translator

DOMAIN = "patamat"
CHECK_NAME = "draft"

ROAD_OPEN = "The road from {field} never reaches CÍL: walk on to CÍL."
SPLIT_AT_END = "The road splits at {field}: walk on along the white arrows from there."
WAY_NOT_WALKED = "The other way from {field} is not walked yet."
WAY_NOT_JOINED = "The other way from {field} never joins the road again: tap where it joins."
ARROW_UNKNOWN = "Which way does the blue arrow at {field} point? Tap the sign to say."
SIGN_AT_END = "A blue sign needs the field its arrow points to: walk on from {field}."
NO_ORDINARY = "The cars need ordinary fields to stand on: add one."
CHECKER = "The track cannot be played yet: {problem}"
SENTENCES = (ROAD_OPEN, SPLIT_AT_END, WAY_NOT_WALKED, WAY_NOT_JOINED, ARROW_UNKNOWN, SIGN_AT_END,
             NO_ORDINARY, CHECKER)


def field_name(draft: Draft, key: int) -> str:
    """How the players know a field: its printed number when typed, else its id."""
    if key == START_KEY:
        return "START"
    spot = draft.spot(key)
    if spot.label:
        return spot.label
    return "CÍL" if spot.kind == "finish" else draft_track(draft).ids[key]


def draft_problems(draft: Draft, lang: str = "en") -> list[str]:
    """Every reason the track is not playable yet; [] when it can be saved and played."""
    tr = translator(DOMAIN, lang)
    problems: list[str] = []

    def say(template: str, key: int) -> None:
        problems.append(tr(template).format(field=field_name(draft, key)))

    for index, way in enumerate(draft.ways):
        end = draft.end_of(index)
        fork_here = draft.branch_at(end) if way.spots or index == 0 else None
        if fork_here is not None and not (index and way.joins is not None):
            say(SPLIT_AT_END, end)
        if index and way.joins is None and way.fork is not None:
            say(WAY_NOT_JOINED if way.spots else WAY_NOT_WALKED, way.fork)
        for spot in way.spots:
            if spot.kind != "sign":
                continue
            if draft.branch_at(spot.key) is not None and not spot.arrow:
                say(ARROW_UNKNOWN, spot.key)
            elif spot.key == end and not draft.is_closed(index) and fork_here is None:
                say(SIGN_AT_END, spot.key)
    if not draft.is_closed(0):  # said last: while walking it is always so
        say(ROAD_OPEN, draft.end_of(0))
    if problems:
        return problems
    if not any(spot.kind == "normal" for way in draft.ways for spot in way.spots):
        return [tr(NO_ORDINARY)]
    return [tr(CHECKER).format(problem=error)
            for error in board_errors(board_text(draft, CHECK_NAME))]


def is_playable(draft: Draft) -> bool:
    return not draft_problems(draft)
