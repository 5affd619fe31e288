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


def fields_looked_up(monkeypatch) -> list[int]:
    """The fields the snapshot looks up anew from now on, in order."""
    looked_up: list[int] = []
    real_field = snapshots._field

    def counted(index: int, *args: object) -> dict[str, object]:
        looked_up.append(index)
        return real_field(index, *args)

    monkeypatch.setattr(snapshots, "_field", counted)
    return looked_up


def test_an_input_looks_up_only_the_fields_it_changed(monkeypatch) -> None:
    match = open_game("crash", players=2, position=POSITION)
    match.snapshot()
    looked_up = fields_looked_up(monkeypatch)
    match.play(next(line for line in match.legal() if line.startswith("place ")))
    fields = match.snapshot()["state"]["fields"]
    assert 1 <= len(looked_up) <= 4  # the car placed and any it pushed (before: all 188)
    snapshots._last_fields[0] = None  # the same position made from nothing
    snapshots._fields_made.clear()
    assert match.snapshot()["state"]["fields"] == fields


def test_the_fields_follow_every_change_of_a_played_and_undone_game() -> None:
    import random

    chooser = random.Random(7)
    match = open_game("crash", players=2, position=POSITION)
    for _ in range(120):
        if match.outcome is not None:
            break
        if chooser.random() < 0.15 and match.can_undo:
            match.undo()
        else:
            match.play(chooser.choice(match.legal()))
        fields = match.snapshot()["state"]["fields"]
        snapshots._last_fields[0] = None
        assert match.snapshot()["state"]["fields"] == fields  # as made from nothing


def test_a_snapshot_writes_its_position_once(monkeypatch) -> None:
    from companion.games.crash import position

    match = open_game("crash", players=2, position=POSITION)
    written: list[str] = []
    real_format = position._format

    def counted(state: object) -> str:
        written.append(real_format(state))
        return written[-1]

    monkeypatch.setattr(position, "_format", counted)
    snapshot = match.snapshot()
    assert len(written) == 1  # before: twice (the match's position and the snapshot's own)
    assert snapshot["position"] == snapshot["state"]["position"] == written[0]
    assert open_game("crash", players=2, position=written[0]).state == match.state


def test_an_evaluation_looks_up_only_the_fields_whose_bell_hole_or_car_changed(
        monkeypatch) -> None:
    """A bell rung (lifted, an evaluation) or a hole opened: only the fields it changed are
    looked up again, not all 188; the fields are those made from nothing."""
    import random

    chooser = random.Random(3)
    match = open_game("crash", players=2, position=POSITION)
    looked_up = fields_looked_up(monkeypatch)
    rung = 0
    for _ in range(150):
        if match.outcome is not None:
            break
        before = match.snapshot()["state"]["fields"]
        bells = match.state.bells
        match.play(chooser.choice(match.legal()))
        looked_up.clear()
        fields = match.snapshot()["state"]["fields"]
        differ = {number for number, (old, new) in enumerate(zip(before, fields, strict=True))
                  if old != new}
        assert differ <= set(looked_up)
        if match.state.bells != bells:
            rung += 1
            assert len(looked_up) <= len(differ) + 2, (len(looked_up), differ)  # 2: operator
        snapshots._last_fields[0] = None
        snapshots._fields_made.clear()
        assert match.snapshot()["state"]["fields"] == fields  # as made from nothing
    assert rung >= 2
