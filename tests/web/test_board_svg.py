"""The boards as SVG for the phones: pieces where the snapshot says, tap targets exactly the
legal inputs that are places, the last input marked, names escaped, nothing active inside."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from companion.engine import open_game
from companion.engine.match import Match
from companion.web.svg import DRAWINGS, board_svg

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = '<script>alert(1)</script>&"'
COLOURS = ["red", "blue", "green", "yellow", "purple", "orange"]


def drawn(match: Match, *, legal: list[str] | None = None, last: str | None = None,
          names: list[str] | None = None, lang: str = "en") -> tuple[str, ET.Element]:
    seats = match.players
    svg = board_svg(match.game_id, match.snapshot(), colours=COLOURS[:seats],
                    legal=match.legal() if legal is None else legal, last=last, lang=lang,
                    names=names or [f"Player {seat + 1}" for seat in range(seats)])
    return svg, ET.fromstring(svg)


def elements(root: ET.Element, **attributes: str) -> list[ET.Element]:
    return [element for element in root.iter()
            if all(element.get(key) == value for key, value in attributes.items())]


def tap_inputs(root: ET.Element) -> list[str]:
    return [element.get("data-input", "") for element in root.iter()
            if "tap" in element.get("class", "").split()]


def played(game: str, lines: list[str], players: int = 2) -> Match:
    match = open_game(game, players=players)
    for line in lines:
        match.play(line)
    return match


def test_every_game_has_a_drawing() -> None:
    from companion.engine import GAMES
    assert set(DRAWINGS) == set(GAMES)


def test_an_unknown_game_is_refused_in_plain_words() -> None:
    with pytest.raises(ValueError, match="no board drawing for the game 'chess'"):
        board_svg("chess", {}, colours=[], legal=[], last=None, lang="en", names=[])


# -- Quoridor ------------------------------------------------

def test_quoridor_pawns_stand_on_their_squares_and_walls_in_their_grooves() -> None:
    match = played("quoridor", ["e8", "e2", "c3h"])
    _svg, root = drawn(match, last="c3h")
    pawns = elements(root, **{"class": "pawn"})
    assert [pawn.get("data-square") for pawn in pawns] == ["e8", "e2"]
    walls = [wall for wall in root.iter(f"{SVG}rect") if wall.get("data-wall")]
    assert [wall.get("data-wall") for wall in walls] == ["c3h"]
    assert "last" in walls[0].get("class", "")
    # the wall lies across the groove under row 3, two squares wide (c and d)
    c3 = next(r for r in root.iter(f"{SVG}rect") if r.get("data-square") == "c3")
    d4 = next(r for r in root.iter(f"{SVG}rect") if r.get("data-square") == "d4")
    wall_y = float(walls[0].get("y", 0)) + float(walls[0].get("height", 0)) / 2
    assert float(c3.get("y", 0)) + float(c3.get("height", 0)) < wall_y < float(d4.get("y", 0))
    assert float(walls[0].get("x", 0)) < float(d4.get("x", 0)) + float(d4.get("width", 0))


def test_quoridor_tap_targets_are_the_legal_steps_and_wall_slots() -> None:
    match = played("quoridor", ["e8"])
    _svg, root = drawn(match)
    assert sorted(tap_inputs(root)) == sorted(match.legal())
    slots = [e for e in root.iter() if e.get("data-confirm") == "wall"]
    assert {e.get("data-input") for e in slots} == {line for line in match.legal()
                                                   if len(line) == 3}


def test_a_spectator_gets_no_tap_target() -> None:
    _svg, root = drawn(open_game("quoridor"), legal=[])
    assert tap_inputs(root) == []


def test_quoridor_last_step_is_framed() -> None:
    match = played("quoridor", ["e8"])
    _svg, root = drawn(match, last="e8")
    assert [e.get("data-square") for e in root.iter() if e.get("class") == "last"] == ["e8"]


def test_quoridor_edges_carry_the_names_the_lines_use() -> None:
    _svg, root = drawn(open_game("quoridor"))
    texts = {element.text for element in root.iter(f"{SVG}text")
             if element.get("class") == "edge"}
    assert texts == set("abcdefghi") | {str(row) for row in range(1, 10)}


# -- PAC-MAN --------------------------------------------------------------------------------------

def test_pacman_figures_and_dots_are_where_the_snapshot_says() -> None:
    match = open_game("pacman")
    _svg, root = drawn(match)
    state = match.snapshot()["state"]
    ghosts = {e.get("data-ghost"): e.get("data-square") for e in root.iter()
              if e.get("class") == "ghost"}
    assert ghosts == {ghost: info["square"] for ghost, info in state["ghosts"].items()}
    assert [e.get("data-square") for e in root.iter() if e.get("class") == "pacman"] == [
        state["pacman_square"]]
    dots = {e.get("data-square") for e in root.iter() if e.get("class") == "dot"}
    assert dots == set(state["dots_remaining"])


def test_pacman_taps_play_a_destination_reached_one_way() -> None:
    match = open_game("pacman")
    _svg, root = drawn(match)
    state = match.snapshot()["state"]
    single = {square for square, options in state["pacman_moves"].items() if len(options) == 1}
    targets = {e.get("data-square"): e.get("data-input") for e in root.iter()
               if "tap" in e.get("class", "").split()}
    assert set(targets) == single
    for square, line in targets.items():
        assert line in match.legal() and line.endswith(f"-{square}")


def test_pacman_ghost_phase_taps_only_where_one_ghost_can_go() -> None:
    match = open_game("pacman")
    match.play(match.legal()[1])
    _svg, root = drawn(match)
    inputs = tap_inputs(root)
    squares = [line.split(":")[1] for line in match.legal()]
    assert inputs and all(squares.count(line.split(":")[1]) == 1 for line in inputs)
    assert set(inputs) <= set(match.legal())


# -- Člověče ------------------------------------------------

def test_clovece_movable_pieces_are_the_tap_targets() -> None:
    match = played("clovece", ["roll 6", "roll 2", "roll 6", "roll 1"])
    _svg, root = drawn(match)
    enters = [line for line in match.legal() if line.startswith("enter")]
    assert sorted(tap_inputs(root)) == sorted(enters)


def test_clovece_pieces_at_home_and_on_the_track() -> None:
    match = played("clovece", ["roll 6", "roll 2", "roll 6", "roll 1", "enter R"])
    _svg, root = drawn(match, last="enter R")
    pieces = [e for e in root.iter() if "piece" in e.get("class", "").split()]
    places = [e.get("data-place") for e in pieces]
    assert places.count("field 0") == 1  # seat S0 starts on field 0
    assert places.count("home 0") == 3 and places.count("home 2") == 4
    assert [e.get("data-place") for e in pieces if "last" in e.get("class", "")] == ["field 0"]


def test_clovece_numbers_are_on_the_fields() -> None:
    _svg, root = drawn(open_game("clovece", players=4))
    numbers = {e.text for e in root.iter(f"{SVG}text") if e.get("class") == "number"}
    assert numbers == {str(field) for field in range(40)}


@pytest.mark.parametrize("players", [5, 6])
def test_clovece_ring_boards_draw(players: int) -> None:
    match = open_game("clovece", players=players)
    _svg, root = drawn(match)
    fields = [e for e in root.iter(f"{SVG}circle") if e.get("data-field") is not None]
    assert len(fields) == match.snapshot()["state"]["board"]["length"]


# -- Pat a Mat ------------------------------------------------

def test_patamat_placement_offers_each_car_type_with_its_fields() -> None:
    """As the touchscreen's set-up: a button per car type (its name, how many are left) and,
    per type, the fields it may go to; the go-kart's shown until another type is picked."""
    match = open_game("patamat", players=2)
    match.play("place kart F01")
    match.play("place kart F02")
    match.play("place kart F03")   # the three go-karts are out: the car comes first now
    _svg, root = drawn(match, lang="cs")
    fields = match.snapshot()["state"]["expect"]["legal"]["fields"]
    groups = [e for e in root.iter() if "pick-targets" in e.get("class", "").split()]
    assert [g.get("data-pick") for g in groups] == ["car", "tractor", "rusty", "garbage"]
    assert [g.get("class") for g in groups] == ["pick-targets", *["pick-targets off"] * 3]
    for group in groups:
        assert sorted(tap_inputs(group)) == sorted(
            f"place {group.get('data-pick')} {field}" for field in fields)
    buttons = [e for e in root.iter() if "pick" in e.get("class", "").split()]
    assert [b.get("data-pick") for b in buttons] == ["car", "tractor", "rusty", "garbage"]
    assert buttons[0].get("class") == "pick picked"
    said = {b.get("data-pick"): [t.text for t in b.iter("{http://www.w3.org/2000/svg}text")]
            for b in buttons}
    assert said["car"] == ["A", "4×", "auto"]
    assert said["tractor"] == ["T", "2×", "traktor"]
    assert said["garbage"] == ["P", "3×", "popelářské auto"]
    _svg, spectator = drawn(match, legal=[])
    assert [e for e in spectator.iter() if "pick" in e.get("class", "")] == []


def test_patamat_cars_and_pawns_stand_on_their_fields() -> None:
    match = open_game("patamat", players=2)
    match.play("place kart F01")
    _svg, root = drawn(match, last="place kart F01")
    cars = [(e.get("data-car"), e.get("data-field")) for e in root.iter()
            if e.get("class") == "car"]
    assert cars == [("kart", "F01")]
    pawns = [e.get("data-field") for e in root.iter() if e.get("class") == "pawn"]
    assert pawns == ["START", "START"]
    assert [e.get("data-field") for e in root.iter() if e.get("class") == "last"] == ["F01"]


def test_patamat_rolls_are_not_board_taps() -> None:
    match = open_game("patamat", players=2)
    while match.snapshot()["state"]["expect"]["want"] == "place":
        match.play(next(line for line in match.legal() if line.startswith("place")))
    assert match.legal()[0].startswith("roll")
    _svg, root = drawn(match)
    assert tap_inputs(root) == []


# -- Crash by Crash ------------------------------------------------

def test_crash_field_taps_and_edge_names() -> None:
    match = open_game("crash", players=2)
    match.play("first A")
    _svg, root = drawn(match)
    assert sorted(tap_inputs(root)) == sorted(match.legal())  # operator-start n4 / n9
    texts = {e.text for e in root.iter(f"{SVG}text") if e.get("class") == "edge"}
    assert texts == set("abcdefghijklmno") | {str(n) for n in range(1, 14)}


def test_crash_a_value_is_hidden_under_a_car_and_back_when_it_goes() -> None:
    """The fields are drawn once per (value, covered) and kept: a car placed hides its field's
    value, the undo shows it again, and the board is then the very one drawn before."""
    match = open_game("crash", players=2)
    for line in ("first A", "operator-start n4", "display lambada rocket tandem"):
        match.play(line)
    before, root = drawn(match, legal=[])
    values = [e for e in root.iter(f"{SVG}text") if e.get("class") == "value"]
    match.play("init e5")
    _svg, placed = drawn(match, legal=[])
    assert len([e for e in placed.iter(f"{SVG}text") if e.get("class") == "value"]) == \
        len(values) - 1
    match.undo()
    assert drawn(match, legal=[])[0] == before


def test_crash_the_board_is_the_same_in_every_process() -> None:
    """Its tap targets in the fields' order, never in a set's (which differs per process)."""
    import subprocess
    import sys

    script = ("from companion.engine import open_game\n"
              "from companion.web.svg import board_svg\n"
              "m = open_game('crash', players=2)\n"
              "for line in ('first A', 'operator-start n4', 'display lambada rocket tandem'):\n"
              "    m.play(line)\n"
              "print(board_svg('crash', m.snapshot(), colours=['red', 'blue'], legal=m.legal(),"
              " last=None, lang='en', names=['Eva', 'Pat']))\n")
    drawings = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                               check=True, env={**os.environ, "PYTHONHASHSEED": str(seed)}
                               ).stdout for seed in (1, 2)}
    assert len(drawings) == 1 and 'data-input="init a1"' in drawings.pop()


def test_crash_cars_stand_on_their_fields() -> None:
    match = open_game("crash", players=2)
    match.play("first A")
    match.play(match.legal()[0])
    while not any(line.startswith("init ") for line in match.legal()):
        match.play(match.legal()[0])
    line = next(line for line in match.legal() if line.startswith("init "))
    match.play(line)
    _svg, root = drawn(match, last=line)
    state = match.snapshot()["state"]
    expected = sorted(f["name"] for f in state["fields"] if f["car"])
    assert sorted(e.get("data-field", "") for e in root.iter()
                  if "car" in e.get("class", "").split()) == expected
    assert [e.get("data-field") for e in root.iter() if e.get("class") == "last"] == [
        line.split()[1]]


# -- every game: safe markup ------------------------------------------------

GAME_SEATS = {"quoridor": 2, "pacman": 2, "clovece": 4, "patamat": 3, "crash": 2}


@pytest.mark.parametrize("game", sorted(GAME_SEATS))
def test_a_hostile_name_is_escaped_and_nothing_is_active(game: str) -> None:
    match = open_game(game, players=GAME_SEATS[game])
    names = [HOSTILE] + [f"Player {seat + 2}" for seat in range(GAME_SEATS[game] - 1)]
    svg, root = drawn(match, names=names, lang="cs")
    assert "<script" not in svg
    if game not in ("pacman", "crash"):  # no player's piece named on these boards yet
        assert HOSTILE in [element.text for element in root.iter()]  # shown as text
    assert root.tag == f"{SVG}svg" and root.get("viewBox")
    tags = {element.tag.removeprefix(SVG) for element in root.iter()}
    assert not tags & {"script", "foreignObject", "image", "use", "a", "iframe", "style"}
    for element in root.iter():
        for key, value in element.attrib.items():
            assert not key.startswith("on") and "href" not in key, (key, value)
            assert "javascript:" not in value and "url(" not in value


@pytest.mark.parametrize("game", sorted(GAME_SEATS))
def test_every_tap_target_is_legal(game: str) -> None:
    match = open_game(game, players=GAME_SEATS[game])
    _svg, root = drawn(match)
    assert set(tap_inputs(root)) <= set(match.legal())


def snapshot_of(game: str) -> dict[str, Any]:
    return open_game(game, players=GAME_SEATS[game]).snapshot()


def test_the_drawing_is_a_pure_function() -> None:
    for game in GAME_SEATS:
        snapshot = snapshot_of(game)
        options: dict[str, Any] = {"colours": COLOURS[:GAME_SEATS[game]], "legal": [],
                                   "last": None, "lang": "en",
                                   "names": [f"P{i}" for i in range(GAME_SEATS[game])]}
        assert board_svg(game, snapshot, **options) == board_svg(game, snapshot, **options)
