"""A track's shape, its ids forgotten: two board files with the same shape describe the same
track (the same kinds, next, main, forced and back), whatever their fields are called."""

from __future__ import annotations

from companion.games.patamat.board import parse_board

Shape = tuple[tuple[str, tuple[int, ...], int | None, int | None, int | None], ...]


def track_shape(text: str) -> Shape:
    """Every field as (kind, next, main, forced, back), fields numbered in the order a walk
    from START meets them (the white arrows' way first); raises BoardError for a bad file."""
    board = parse_board(text)
    order: list[str] = []
    pending = [board.start]
    while pending:
        current = pending.pop()
        if current in order:
            continue
        order.append(current)
        spot = board.by_id[current]
        main = board.step_on.get(current)
        others = [target for target in spot.next if target != main]
        pending.extend(reversed(others))
        if main is not None:
            pending.append(main)
    number = {ident: index for index, ident in enumerate(order)}

    def of(ident: str | None) -> int | None:
        return None if ident is None else number[ident]

    shape = []
    for ident in order:
        spot = board.by_id[ident]
        shape.append((spot.kind, tuple(sorted(number[t] for t in spot.next)), of(spot.main),
                      of(spot.forced), of(spot.back)))
    return tuple(shape)
