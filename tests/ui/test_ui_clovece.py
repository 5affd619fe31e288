"""Člověče on the touchscreen: real taps in a real window (scenarios in ``scenarios/clovece.py``),
plus the board's geometry and Czech texts, which need no window."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import run_scenario_script

from companion.engine import open_game
from companion.geometry.clovece import (
    COLOURS,
    cross_layout,
    element_at,
    lines_of,
    movable_spots,
    ring_layout,
    text_box,
)
from companion.i18n import load_catalogue

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SCENARIOS = HERE / "scenarios" / "clovece.py"
BOARD_SOURCE = ROOT / "companion" / "app" / "boards" / "clovece" / "board.py"

Run = Callable[[str, str], dict[str, Any]]


@pytest.fixture
def run_clovece(display: str, tmp_path: Path) -> Run:
    """Run one Člověče scenario in its own app process; return what it observed."""

    def run(name: str, lang: str) -> dict[str, Any]:
        return run_scenario_script(SCENARIOS, name, display, tmp_path, lang,
                                   out=tmp_path / f"{name}.json")

    return run


# -- in the window ---------------------------------------------------------------------------


def test_ui_four_players_rolloff_enter_rejected_tap_which_piece_undo(run_clovece: Run) -> None:
    seen = run_clovece("four_players", "en")
    assert seen["board"] == "CloveceBoard"
    assert seen["action_start"] == "roll"            # the roll-off goes through the die area
    assert seen["status_after_rolloff"] == "Eva: roll the die"
    # 6, 6, 4: the 6 can only enter, so the four home pieces pulse and the action area informs
    assert seen["action_after_rolls"] == "info"
    assert seen["glowing"] == 4
    assert seen["pulsing"] is True
    assert "clock _pulse_tick" in seen["pulse_scheduled"]
    # a few seconds later the pulse is over: the rings stay, nothing is scheduled any more
    assert seen["scheduled_after_pulse"] == []
    assert seen["animating_after_pulse"] is False
    assert seen["rings_after_pulse"] == [4, 1.0]
    # a tap on a home piece enters it
    assert seen["after_enters"] == ["enter R", "enter Y"]
    # the 4 cannot enter: the banner says why and nothing changes
    assert seen["banner"] == ("A piece comes in only with a 6, and this roll is 4. Move a piece "
                              "that is already in play.")
    assert seen["history_after_rejection"] == 9
    # red and yellow share field 0: one tap, two legal moves, so big buttons ask
    assert seen["which_labels"] == ["Move the red piece from field 0",
                                    "Move the yellow piece from field 0", "Cancel"]
    assert seen["history_while_asking"] == 9
    assert seen["after_move"] == "move 0 Y"
    assert seen["status_after_move"] == "Pat: roll the die"
    assert seen["pulsing_after_turn"] is False       # nothing to move: no animation runs
    assert seen["after_undo"] == "enter Y"
    assert seen["awaiting_after_undo"] == "move"
    assert seen["status_cs"] == "Eva: táhni o 4"


def test_ui_near_end_capture_choice_notice_and_result_in_czech(run_clovece: Run) -> None:
    seen = run_clovece("near_end", "cs")
    assert seen["after_fix"][0].startswith("fix board4 seats{S0,S2}")
    assert seen["fixing_after_text"] == [False, False]   # typed on the fix panel: fix mode ends
    # Pat's blue piece 12 → 15 lands on the red one; both may receive it: Pat chooses
    assert seen["awaiting_capture"] == "choice"
    assert seen["action_capture"] == "choice"
    assert seen["choice_labels"] == ["Eva dostane červenou halmičku",
                                     "Pat dostane červenou halmičku"]
    assert seen["after_give"] == "give R@15 -> S2"
    # the turn is over and the die area is back: beside it, what to do on the table
    assert seen["action_after_give"] == "roll"
    assert "Vezmi červenou halmičku z pole 15 a dej ji do domečku hráče Pat" in (
        seen["notice"].split("\n")
    )
    # Eva 38 +2 → goal slot 1: her fourth piece, the game ends with places from the engine
    assert seen["screen_at_end"] == "result"
    assert seen["headline"] == "Eva vyhrává!"
    assert seen["ranking"] == [[1, "Eva"], [2, "Pat"]]


def test_ui_fix_the_position_by_taps_in_czech(run_clovece: Run) -> None:
    seen = run_clovece("fix_by_taps", "cs")
    assert seen["fixing"] == [True, "fix", "CloveceFixPanel"]
    assert seen["message_start"] == "Ťukni na halmičku a pak tam, kde stojí na stole"
    assert seen["message_picked"] == "Teď ťukni tam, kde stojí"
    assert seen["message_refused"] == "Toto místo v chlívečku je obsazené"
    assert seen["turn_button"] == "Na tahu: Eva"
    near_end = seen["near_end"]
    fixed = near_end.replace("track{12:B, 15:R, 38:R}", "track{15:R, 20:B, 38:R}").replace(
        "turn S2", "turn S0")
    assert seen["fix_position"] == fixed
    assert seen["after_done"] == ["fix " + fixed, False, False]
    assert seen["position_after"] == fixed
    assert seen["status_after"].startswith("Eva")
    assert seen["position_undone"] == near_end


def test_ui_winner_then_the_others_stop_the_game(run_clovece: Run) -> None:
    seen = run_clovece("stop_after_winner", "en")
    told = seen["notice"].split("\n")
    assert "Eva has the red piece in the goal and no longer plays that colour" in told
    assert "Eva finishes in place 1" in told
    assert seen["screen_after_finish"] == "play"     # the others play on for the lower places
    assert seen["status_after_finish"] == "Pat: roll the die"
    # ending the game is costly: the first tap only previews it
    assert seen["preview"] == "stop"
    assert seen["action_preview"] == "preview"
    assert seen["history_during_preview"] == "move 38 R"
    assert seen["after_stop"] == "stop"
    assert seen["screen_at_end"] == "result"
    assert seen["ranking"] == [[1, "Eva"], [2, "Pat"], [2, "Ola"]]


def test_ui_six_players_ring_roll_button_and_long_ring(run_clovece: Run) -> None:
    seen = run_clovece("six_players", "cs")
    assert len(seen["after_roll_button"]) == 1
    assert seen["after_roll_button"][0] in {f"roll {face}" for face in range(1, 7)}
    assert seen["faces_counted"] == 1
    assert seen["status_after_rolloff"] == "Eva: hoď kostkou"
    assert seen["six_history"] == ["enter R", "enter B"]
    assert seen["stack_on_start"] == ["R", "B"]
    assert seen["board_name"] == "board6"
    assert seen["long_ring"] == ["board6/72", 72]
    for screen in ("clovece_6_cs", "clovece_6_en", "clovece_6_72_en"):
        assert screen in seen["screens"]


# -- without a window: geometry and texts -----------------------------------------------------


def test_cross_fields_are_neighbours_in_track_order_and_goals_branch_at_the_entrance() -> None:
    layout = cross_layout(0, 0, 480)
    pitch = 480 / 11
    assert len(set(layout.fields)) == 40
    for number in range(40):
        step = math.dist(layout.fields[number], layout.fields[(number + 1) % 40])
        assert step == pytest.approx(pitch)
    for seat, start in enumerate((0, 10, 20, 30)):
        entrance = (start - 1) % 40
        assert math.dist(layout.fields[entrance], layout.goals[seat][0]) == pytest.approx(pitch)
        assert math.dist(layout.fields[start], layout.homes[seat][0]) < 4.5 * pitch


@pytest.mark.parametrize("length", [48, 60, 72])
def test_ring_places_nothing_on_top_of_anything_else(length: int) -> None:
    layout = ring_layout(0, 0, 480, length)
    spots = [(p, layout.field_radius) for p in layout.fields]
    for seat in range(6):
        spots += [(p, layout.slot_radius) for p in layout.homes[seat] + layout.goals[seat]]
    assert len(layout.fields) == length
    for index, (a, ra) in enumerate(spots):
        assert 0 <= a[0] - ra and a[0] + ra <= 480 and 0 <= a[1] - ra and a[1] + ra <= 480
        for b, rb in spots[index + 1:]:
            assert math.dist(a, b) >= ra + rb - 0.5


@pytest.mark.parametrize("length", [0, 48, 60, 72])
def test_field_numbers_are_legible_inside_the_board_and_hide_no_other_field(length: int) -> None:
    """The cross: every number on its own field; the ring: every other number outside it."""
    layout = ring_layout(0, 0, 480, length) if length else cross_layout(0, 0, 480)
    assert layout.number_font >= 14
    numbered = sorted(layout.numbers)
    assert numbered == (list(range(0, length, 2)) if length else list(range(40)))
    boxes = []
    for number in numbered:
        w, h = text_box(str(number), layout.number_font)
        x, y = layout.numbers[number]
        box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
        assert 0 <= box[0] and box[2] <= 480 and 0 <= box[1] and box[3] <= 480, number
        spots = [(p, layout.field_radius) for i, p in enumerate(layout.fields) if i != number]
        if length:          # outside the ring: clear of its own field too, and of the houses
            spots.append((layout.fields[number], layout.field_radius))
            for seat in range(6):
                spots += [(p, layout.slot_radius) for p in layout.homes[seat] + layout.goals[seat]]
        else:               # on its field: inside the disc
            assert w < 2 * layout.field_radius and h < 2 * layout.field_radius + 4
        for (cx, cy), r in spots:
            nearest = (min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3]))
            assert math.dist(nearest, (cx, cy)) >= r - 0.5, (number, (cx, cy))
        boxes.append(box)
    for a, b in itertools.combinations(boxes, 2):
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_a_tap_means_the_piece_under_it_and_asks_when_two_colours_share_a_field() -> None:
    match = open_game("clovece", players=2, names=["Eva", "Pat"], position=(
        "board4 seats{S0,S2} | S0 home{G,B} goal{} | S2 home{R,Y,G,B} goal{} | "
        "track{0:R*+Y*} | turn S0 | rolls{6:used, 6:used, 4:pending}"))
    state = match.snapshot()["state"]
    layout = cross_layout(0, 0, 480)
    spots = movable_spots(layout, state, match.legal(), 0)
    assert set(spots) == {("field", 0)}
    assert lines_of(state, match.legal(), ("field", 0)) == ["move 0 R", "move 0 Y"]
    assert element_at(layout, *layout.homes[0][COLOURS.index("G")]) == ("home", (0, 2))
    assert element_at(layout, *layout.goals[2][3]) == ("goal", (2, 3))
    assert element_at(layout, 240, 240) is None                     # the empty middle


def test_every_board_text_has_czech() -> None:
    boards = BOARD_SOURCE.parent
    source = "".join((boards / name).read_text(encoding="utf-8")
                     for name in ("board.py", "fix_mode.py"))
    messages = set(re.findall(r'_tr\(\s*"([^"]+)"', source))
    # the fix model's messages, translated by the board when shown
    fix_source = (boards / "corrections.py").read_text(encoding="utf-8")
    messages |= set(re.findall(r'self\.message(?:, self\.colour)? = "([^"]+)"', fix_source))
    assert "That goal slot is taken" in messages
    assert len(messages) >= 10
    catalogue = load_catalogue("clovece", "cs")
    for message in messages:
        assert catalogue.get(message), f"no Czech for {message!r}"
        assert set(re.findall(r"\{(\w+)", catalogue[message])) == set(
            re.findall(r"\{(\w+)", message))
