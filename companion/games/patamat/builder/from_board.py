"""A board file as a draft, so a saved board can be edited and the stand-in copied as a start.

The road is the main route from START to CÍL; every field where the road splits gives another
way: from its other successor along the white arrows until a field already walked (where it
joins). Positions on a photo (``x``, ``y``) are not kept: the builder draws its own layout.
"""

from __future__ import annotations

from companion.games.patamat.board import BoardError, parse_board
from companion.games.patamat.builder.draft import START_KEY, Draft, DraftError, Spot, Way

THREE_WAYS = "The road of this board splits three ways at one field; the builder walks two."


def draft_of(text: str) -> Draft:
    """The draft of a valid board file's text (BoardError when the file is not valid;
    DraftError when a field splits three ways, which the builder does not walk)."""
    board = parse_board(text)
    keys: dict[str, int] = {board.start: START_KEY}
    ways: list[list[Spot]] = []
    forks: list[int | None] = []
    joins: list[int | None] = []
    arrows: dict[str, str] = {}

    def walk(origin: str | None, first: str) -> None:
        spots: list[Spot] = []
        current: str | None = first
        while current is not None and current not in keys:
            spot = board.by_id[current]
            keys[current] = len(keys)
            spots.append(Spot(keys[current], spot.kind, spot.label or ""))
            current = board.step_on.get(current)
        ways.append(spots)
        forks.append(None if origin is None else keys[origin])
        joins.append(keys[current] if current is not None and origin is not None else None)

    walk(None, board.step_on[board.start])
    index = 0
    while index < len(ways):
        fork_fields = [START_KEY] if index == 0 else []
        fork_fields += [spot.key for spot in ways[index]]
        for key in fork_fields:
            ident = next(name for name, value in keys.items() if value == key)
            spot = board.by_id[ident]
            others = [target for target in spot.next if target != board.step_on.get(ident)]
            if len(others) > 1:
                raise DraftError(THREE_WAYS)
            if spot.kind == "sign" and len(spot.next) >= 2:
                arrows[ident] = "main" if spot.forced == board.step_on.get(ident) else "other"
            if others:
                walk(ident, others[0])
        index += 1
    names = {value: name for name, value in keys.items()}
    built = tuple(
        Way(fork, tuple(_with_arrow(spot, arrows.get(names[spot.key], "")) for spot in spots),
            join)
        for spots, fork, join in zip(ways, forks, joins))
    return Draft(ways=built, walking=0, next_key=len(keys))


def _with_arrow(spot: Spot, arrow: str) -> Spot:
    return Spot(spot.key, spot.kind, spot.label, arrow)


__all__ = ["BoardError", "draft_of"]
