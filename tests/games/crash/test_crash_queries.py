"""E2/E3: the per-field queries the screen uses, and their speed."""

from __future__ import annotations

from games.crash.positions import game

from companion.games.crash.queries import (
    bells_unlocked,
    card_targets,
    legal_actions,
    legal_placement_fields,
    magnet_preview,
    max_batteries,
    operator_paths,
    operator_steps,
    preview,
    push_directions,
)

CARDS = "cards display=lambada,rocket,tandem"
BUSY = (
    "board reference | holes Ht12 Ht14 Ht23 | bells d1 d11 g4 h9 l1 n5 o10 | operator Ht12"
    " | A: c6 c13 d12 f9 g11 h7 h8 i12 j8 | B: e9 e11 g13 h3 i5 i9 i13 | AM: i8 | BM: j3"
    " | score A=28 B=24 | batteries A=2 B=3 | evals 3 | turn 91 A"
    " | cards display=deadbat,expansion,flying hands=3,3"
)


def test_push_directions_per_field_with_battery_counts() -> None:
    match = game("board all=1", "operator o1", "A: a13", "B: e5 d4", "batteries A=1 B=4",
                 "turn 1 A", CARDS)
    assert push_directions(match.state, "e4") == {"NE": [0, 1], "E": [0, 1]}
    assert push_directions(match.state, "g9") == {}
    assert push_directions(match.state, "e5") == {}
    assert max_batteries(match.state) == 1
    fields = legal_placement_fields(match.state)
    assert set(fields) == {line.split()[1] for line in match.legal() if line.startswith("place")}
    match.play("card double")
    assert push_directions(match.state, "e4") == {"NE,E": [0], "E,NE": [0]}
    assert max_batteries(match.state) == 0


def test_operator_steps_and_paths() -> None:
    match = game("board all=1", "operator e5", "A: a13", "B: a1", "turn 1 A", CARDS)
    assert operator_steps(match.state, []) == ["d5", "e6", "f5", "f4", "e4", "d4"]
    assert "d6" in operator_steps(match.state, ["e6"])
    assert "e5" not in operator_steps(match.state, ["e6"])
    assert len(operator_paths(match.state, 2)) == 6 * 5
    assert set(operator_paths(match.state, 2)) <= set(match.legal())


def test_card_targets_bells_and_action_reasons() -> None:
    match = game("board all=1", "bells e6", "operator o1", "A: a13", "B: a1 e5", "turn 1 A",
                 "cards display=lambada,rocket,tandem hands=1,3")
    assert card_targets(match.state, "saboteur") == ["card saboteur a1", "card saboteur e5"]
    assert card_targets(match.state, "bright") == []
    assert bells_unlocked(match.state) is False
    reasons = legal_actions(match.state)
    assert reasons["place"] is None and reasons["swap"] == "fewer than 2 cards in hand"
    result = preview(match.state, "place d5 push=SW")
    assert result["ok"] and result["events"] == ["place A d5", "move e5>f4"]
    assert "turn 1 A action=2" in result["position"]
    assert preview(match.state, "place e9 push=E")["ok"] is False
    assert magnet_preview(match.state, "e7") == {"legal": False, "pulls": [], "events": []}


def test_the_fields_to_place_on_are_found_from_the_cars_not_field_by_field(monkeypatch) -> None:
    from companion.games.crash.board import FIELD_NAMES
    from companion.games.crash.sim import Sim

    match = game(BUSY)
    asked: list[int] = []
    real_is_empty = Sim.is_empty

    def counted(sim: Sim, field: int) -> bool:
        asked.append(field)
        return real_is_empty(sim, field)

    monkeypatch.setattr(Sim, "is_empty", counted)
    fields = legal_placement_fields(match.state)
    assert 0 < len(asked) <= 6 * 19  # the fields beside the 19 cars (before: all 188)
    monkeypatch.undo()
    assert fields == [name for name in FIELD_NAMES if push_directions(match.state, name)]
    assert fields == sorted({line.split()[1] for line in match.legal()
                             if line.startswith("place ")}, key=FIELD_NAMES.index)
    match.play("card double")  # two cars beside a field for a push (Double Hit)
    assert legal_placement_fields(match.state) == [
        name for name in FIELD_NAMES if push_directions(match.state, name)]


def test_the_swaps_give_up_each_first_card_once_and_come_in_the_pairs_order(monkeypatch) -> None:
    from itertools import combinations_with_replacement

    from companion.games.crash import legal
    from companion.games.crash.cards import KINDS
    from companion.games.crash.deck import give_up

    match = game(BUSY)
    state = match.state
    cards, seat = state.cards, state.seat
    pairs = [(first, second) for first, second in combinations_with_replacement(KINDS, 2)
             if legal.claim_possible(cards, seat, first)
             and legal.claim_possible(give_up(cards, seat, first), seat, second)]
    given: list[str] = []

    def counted(cards_now: object, seat_now: int, kind: str) -> object:
        given.append(kind)
        return give_up(cards_now, seat_now, kind)

    monkeypatch.setattr(legal, "give_up", counted)
    lines = [line for line, _check in legal.swap_candidates(state)]
    takes = legal.take_options(state)
    assert lines and lines == [f"swap {first} {second} take={take}"
                     for first, second in pairs for take in takes]
    claimable = [kind for kind in KINDS if legal.claim_possible(cards, seat, kind)]
    assert given == claimable  # once each (before: once per pair, ~100)
