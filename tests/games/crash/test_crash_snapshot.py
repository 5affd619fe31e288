"""The snapshot the screens draw from (E1): what each field shows, made once for what it shows."""

from __future__ import annotations

from companion.engine import open_game
from companion.games.crash import snapshot as snapshots

POSITION = (
    "board reference | holes Ht23 | bells b9 l7 | operator n4 | A: e5 g7 | B: c3 h8"
    " | score A=10 B=9 | batteries A=4 B=4 | evals 1 | turn 5 A | first A"
    " | cards display=rocket,lambada,ticket hands=3,3 pile=27"
)


def test_a_car_placed_changes_its_fields_dicts_and_the_others_are_the_ones_made_before() -> None:
    match = open_game("crash", players=2, position=POSITION)
    before = match.snapshot()["state"]["fields"]
    match.play(next(line for line in match.legal() if line.startswith("place ")))
    after = match.snapshot()["state"]["fields"]
    pairs = list(zip(before, after, strict=True))
    assert any(old != new for old, new in pairs)  # the car placed, and any it pushed
    assert all(new is old for old, new in pairs if old == new)  # not made again (~1 µs each)


def test_the_fields_taken_again_say_what_fields_made_anew_say() -> None:
    match = open_game("crash", players=2, position=POSITION)
    kept = match.snapshot()["state"]
    snapshots._fields_made.clear()
    made_anew = match.snapshot()["state"]
    assert kept["fields"] == made_anew["fields"]
    by_name = {field["name"]: field for field in made_anew["fields"]}
    assert by_name["e5"]["car"] == {"side": "A", "magnet": False}
    assert by_name["b9"]["bell"] and by_name["n4"]["operator"] and not by_name["e5"]["hole"]
    assert all(field["hole"] for field in made_anew["fields"] if field["tile"] == "t23")


def test_the_hand_board_copies_only_the_fields_a_persons_hand_changed() -> None:
    from companion.games.crash.hand import hand_board

    match = open_game("crash", players=2, position=POSITION)
    before = match.snapshot()
    line = next(line for line in match.legal() if line.startswith("place "))
    events = match.play(line)
    placed = line.split()[1]
    hand = hand_board(before, line, events)
    shown = {field["name"]: field for field in hand["state"]["fields"]}
    assert shown[placed]["car"] == {"side": "A", "magnet": False}  # Eva's car, by her hand
    own = {field["name"]: field for field in before["state"]["fields"]}
    assert own[placed]["car"] is None  # the snapshot before is left as it was
    # the other fields are the snapshot's own dicts, not copies (~0.3 µs each, 188)
    assert all(shown[name] is own[name] for name in own if name != placed)
