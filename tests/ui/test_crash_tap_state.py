"""The Crash by Crash board's taps as the table makes them: a field, an arrow, the batteries; the
operator's steps; the magnetic car; a card's fields; the set-up; the coach's hint. Each ends in
the input line the match then takes (or refuses, for the banner to say why).

Plain Python (``tap_state`` is Kivy-free): positions in the game's notation, the real rules.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest

from companion.app.boards.crash.tap_state import Position, Step, TapState
from companion.engine import IllegalInput, Match, open_game
from companion.games.crash import queries

CARDS = "cards display=lambada,rocket,tandem"
PUSHES = ("board all=1", "operator o1", "A: a13", "B: e5 d4", "batteries A=1 B=4", "turn 1 A",
          CARDS)
"""Eva (A) to place: a car on e4 may push NE or E, with 0 or 1 battery."""
OPERATOR = ("board all=1", "operator e5", "A: a13", "B: a1", "turn 1 A", CARDS)
"""The operator on e5, his six neighbours free."""
SABOTEUR = ("board all=1", "bells e6", "operator o1", "A: a13", "B: a1 e5", "turn 1 A",
            "cards display=lambada,rocket,tandem hands=1,3")
"""Eva holds one card: the Saboteur may hit Pat's car on a1 or on e5."""


class Table:
    """A match at a position and the taps on its board, done as the board does them: the
    preview shown, the inputs sent (played on the match, or refused), a confirmed preview."""

    def __init__(self, *clauses: str) -> None:
        self.match: Match = open_game("crash", players=2, position=" | ".join(clauses))
        self.sent: list[str] = []
        self.refused: list[str] = []
        self.confirmed = ""
        self.preview = ""
        self.at = self._position()
        self.state = TapState.start(self.at)

    def _position(self) -> Position:
        snapshot = self.match.snapshot()
        st = snapshot["state"]
        game = self.match.state
        awaiting = snapshot["awaiting"]
        if awaiting == "move":
            targets = frozenset(queries.legal_placement_fields(game))
        elif awaiting == "setup" and st.get("setup_stage") in ("operator", "init"):
            targets = frozenset(line.split()[1] for line in self.match.legal())
        else:
            targets = frozenset()
        return Position(game, st["fields"], st["operator"], awaiting, st.get("setup_stage"),
                        (), targets)

    def take(self, step: Step) -> Step:
        if step.is_confirm:
            self.confirmed = self.preview
            self.match.play(self.preview)
            return step
        self.state = step.state
        if step.preview is not None:
            self.preview = step.preview
        if step.send:
            try:
                self.match.play(step.send)
            except IllegalInput:
                self.refused.append(step.send)
            else:
                self.sent.append(step.send)
            if step.is_reset:
                self.state = TapState.start(self.at)
        return step

    def field(self, name: str) -> Step:
        """A tap on the field ``name`` (a target near the finger, else the field under it)."""
        return self.take(self.state.tap_field(self.at, name, self.preview))

    def arrow(self, key: str) -> Step:
        assert key in self.state.arrow_keys(), f"no arrow {key}"
        return self.take(self.state.tap_arrow(self.at, key, self.preview))


def test_a_car_a_push_arrow_and_a_battery_then_the_same_arrow_again_places_it() -> None:
    table = Table(*PUSHES)
    table.field("e4")
    assert table.state.mode == "direction" and table.state.selected == "e4"
    assert sorted(table.state.arrow_keys()) == ["E", "NE"]
    assert table.preview == ""
    table.arrow("E")
    assert table.state.mode == "battery"
    assert table.preview == "place e4 push=E"          # the first battery count allowed: 0
    assert any(event.startswith("move e5>") for event in table.state.shown.events)
    table.take(table.state.choose_batteries(table.at, 1))
    assert table.preview == "place e4 push=E bat=1" and table.state.batteries == 1
    table.arrow("E")                                   # the chosen arrow again: played
    assert table.confirmed == "place e4 push=E bat=1"
    assert "A: a13 e4 | B: d4 e7" in table.match.position()     # Pat's car pushed east
    assert "batteries A=0" in table.match.position()


def test_another_arrow_changes_the_preview_and_a_tap_on_the_car_places_it() -> None:
    table = Table(*PUSHES)
    table.field("e4")
    table.arrow("E")
    table.arrow("NE")
    assert table.preview == "place e4 push=NE" and table.state.chosen_arrows() == {"NE"}
    table.field("e4")                                  # "tap it again or OK"
    assert table.confirmed == "place e4 push=NE"


def test_double_hit_takes_two_arrows_one_after_the_other() -> None:
    table = Table(*PUSHES)
    table.match.play("card double")
    table = Table(*table.match.position().split(" | "))
    table.field("e4")
    assert sorted(table.state.arrow_keys()) == ["E", "NE"]
    table.arrow("NE")                                  # the first push: no preview yet
    assert table.state.first_push == "NE" and table.preview == ""
    assert table.state.arrow_keys() == ["NE", "E"]
    table.arrow("NE")                                  # again: taken back
    assert table.state.first_push == "" and table.state.mode == "direction"
    table.arrow("NE")
    table.arrow("E")
    assert table.preview == "place e4 push=NE,E"
    assert table.state.chosen_arrows() == {"NE", "E"}
    table.field("e4")
    assert table.confirmed == "place e4 push=NE,E"


def test_a_field_where_no_car_fits_is_refused_by_the_rules_and_the_input_starts_again() -> None:
    table = Table(*PUSHES)
    step = table.field("e5")                      # Pat's car stands there
    assert step.is_reset and table.refused == ["place e5 push=NE"]
    assert table.state == TapState.start(table.at) and table.preview == ""


def test_the_operator_his_steps_one_by_one_previewed_after_two_and_one_taken_back() -> None:
    table = Table(*OPERATOR)
    table.field("e5")                                  # the operator himself
    assert table.state.mode == "operator"
    assert table.state.targets == {"d5", "e6", "f5", "f4", "e4", "d4"}
    table.field("e6")
    assert table.state.steps == ("e6",) and table.preview == ""
    assert "d6" in table.state.targets and "e5" not in table.state.targets
    table.field("d6")
    assert table.preview == "operator e6 d6"
    assert table.state.shown.operator == "d6"          # the board shows him where he would go
    more = table.state.targets
    third = sorted(more)[0]
    table.field(third)                                 # a third step: no preview until 4
    assert table.preview == "" and table.state.shown.events == ()
    table.take(table.state.undo_step(table.at))        # Back: 2 steps, previewed again
    assert table.state.steps == ("e6", "d6") and table.preview == "operator e6 d6"
    table.field("d6")                                  # the last step again: played
    assert table.confirmed == "operator e6 d6"
    assert table.match.snapshot()["state"]["operator"] == "d6"


def test_a_step_the_operator_cannot_take_is_refused_by_the_rules() -> None:
    table = Table(*OPERATOR)
    table.field("e5")
    table.field("h8")
    assert table.refused == ["operator h8 h8"] and table.state.mode == "operator"


def test_the_magnetic_car_a_field_then_the_same_field_again() -> None:
    table = Table(*PUSHES)
    table.take(table.state.start_magnet(table.at))
    assert table.state.mode == "magnet"
    assert table.state.targets == set(queries.legal_placement_fields(table.match.state,
                                                                     "magnet"))
    field = sorted(table.state.targets)[0]
    table.field(field)
    assert table.preview == f"magnet {field}"
    table.field(field)
    assert table.confirmed == f"magnet {field}"


def test_a_card_its_field_previewed_and_a_field_it_cannot_hit_refused() -> None:
    table = Table(*SABOTEUR)
    table.take(table.state.start_card(table.at, "saboteur"))
    assert table.state.mode == "card" and table.state.targets == {"a1", "e5"}
    table.field("e6")
    assert table.refused == ["card saboteur e6"]
    table.field("e5")
    assert table.preview == "card saboteur e5" and table.state.targets == frozenset()
    table.field("e5")
    assert table.confirmed == "card saboteur e5"


def test_the_set_up_a_tap_is_the_operator_s_start() -> None:
    match = open_game("crash", players=2)
    match.play("first A")
    table = Table(*match.position().split(" | "))
    assert table.at.setup_stage == "operator" and "n4" in table.state.targets
    table.field("n4")
    assert table.sent == ["operator-start n4"]


def test_the_coach_s_hint_puts_the_input_where_the_taps_would_have_brought_it() -> None:
    table = Table(*PUSHES)
    step = table.take(table.state.hinted(table.at, "place e4 push=E bat=1"))
    assert step.preview == "place e4 push=E bat=1"
    state = table.state
    assert (state.mode, state.selected, state.direction, state.batteries) == (
        "battery", "e4", "E", 1)
    assert sorted(state.arrow_keys()) == ["E", "NE"]
    table.arrow("E")                                   # a second tap on the arrow plays it
    assert table.confirmed == "place e4 push=E bat=1"


def test_a_tap_leaves_the_state_it_started_from_as_it_was() -> None:
    table = Table(*PUSHES)
    start = table.state
    table.field("e4")
    assert start == TapState.start(table.at) and start.mode == "idle"
    with pytest.raises(FrozenInstanceError):
        table.state.mode = "idle"  # type: ignore[misc]
