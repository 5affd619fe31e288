"""An input as a choice button says it: one Kivy-free place (each game's ``choices.py``, reached
through ``companion.table.words.game.choice_label``) that the touchscreen's choice buttons and the
phones' buttons both read, in Czech and English.

Each test sits at a table where a seat is offered inputs, as the players would be: every input
gets the players' words (never its notation), the Czech is not the English, and the phone of
the seat to move gets the very same words as the touchscreen.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import companion.games as games_package
from companion.engine import open_game
from companion.games.patamat.state import ALL_CARS
from companion.i18n import LANGUAGES, load_catalogue
from companion.records.store import Store
from companion.table.session import Setup, TableSession
from companion.table.words import game as words
from companion.web.state import state_json, take_view

COLOURS = ["red", "blue", "green", "yellow"]
GAMES_DIR = Path(games_package.__file__).parent

# -- positions where a seat chooses, written as the games' notation -----------------------------

CLOVECE_NEAR_END = (
    "board4 seats{S0,S2} | S0 home{} goal{2:Y, 3:G, 4:B} | S2 home{Y,G} goal{} | "
    "track{12:B, 15:R, 38:R} | turn S2"
)
"""Pat (S2) to roll; his blue piece on 12 can land on Eva's red one on 15."""

CRASH_END_OF_TURN = ("board all=1", "operator o1", "A: a13", "B: e5", "turn 1 A",
                     "cards display=lambada,rocket,tandem")
"""Eva (side A) has her turn ahead; a card and a pass end it with a draw."""

TO_THE_FIRST_DOTS = (
    "P:e7-e8-e9 clyde:h5 inky:b5 blinky:c5 pinky:g5 P:e9-d9-c9 clyde:h4 pinky:h5 inky:a5 "
    "blinky:b5 P:c9-b9-a9-a8-a9-b9 clyde:i4 pinky:h4 inky:a4 blinky:a5 P:b9-c9-d9 clyde:i5 "
    "pinky:i4 inky:b4 blinky:a4 P:d9-e9-f9 blinky:a5 inky:a4 pinky:h4 clyde:i4 P:f9-g9-h9 "
    "inky:b4 blinky:a4 pinky:g4 clyde:h4"
).split()
"""PAC-MAN from the start to h9, next to the dot i9 (as the touchscreen's PAC-MAN test)."""


def table_at(tmp_path: Path, game: str, names: list[str], lang: str,
             position: str | None = None) -> TableSession:
    """A table of ``names`` playing ``game`` (persons only), fixed to ``position`` if given."""
    table = TableSession(Store(tmp_path / f"{game}-{lang}.sqlite3"), lang=lang)
    table.new_game(Setup(game, names, COLOURS[:len(names)]))
    if position is not None:
        assert table.fix(position), position
    return table


def patamat_position(turn: str, pawns: dict[str, str], cars: dict[str, str]) -> str:
    """A Pat a Mat position on the stand-in board (cars not named parked on B3), one line."""
    placed = {car: "B3" for car in ALL_CARS} | cars
    names = ("Pat", "Mat")
    bodies = {name: 'field = "START"' for name in names} | pawns
    return " ".join([
        'board = "standin-v1"', 'players = ["Pat", "Mat"]', "target = 3", f'turn = "{turn}"',
        "flags = { Pat = 0, Mat = 0 }",
        "cars = { " + ", ".join(f'{car} = "{spot}"' for car, spot in placed.items()) + " }",
        "[pawns]", *(f"{name} = {{ {body} }}" for name, body in bodies.items()),
    ])


def labels(table: TableSession) -> dict[str, str]:
    """Every legal input of the seat to move (rolls and fixes are not choices) → its label."""
    return {line: table.choice_label(line) for line in table.legal()
            if not line.startswith(("roll ", "fix "))}


def assert_in_words(tmp_path: Path, game: str, names: list[str],
                    reach: list[str], position: str | None = None) -> dict[str, dict[str, str]]:
    """At ``position`` after the inputs ``reach``, in both languages: every input offered has
    words that are not its line, the Czech differs from the English, and the phone of the seat
    to move shows the touchscreen's words. Returns language → input → label."""
    seen: dict[str, dict[str, str]] = {}
    for lang in LANGUAGES:
        table = table_at(tmp_path, game, names, lang, position)
        for line in reach:
            assert table.send(line), (line, table.legal()[:5])
        said = labels(table)
        assert said, table.legal()[:5]
        assert [line for line, label in said.items() if label == line] == []
        match = table.match
        assert match is not None
        phone = state_json(take_view(table), match.to_move, lang)["legal"]
        assert {item["input"]: item["label"] for item in phone} == said
        seen[lang] = said
    assert seen["cs"].keys() == seen["en"].keys()
    return seen


def assert_czech_differs(seen: dict[str, dict[str, str]]) -> None:
    assert [line for line in seen["en"] if seen["cs"][line] == seen["en"][line]] == []


# -- the games ---------------------------------------------------------------------------------


def test_quoridor_steps_and_walls_in_the_boards_words(tmp_path: Path) -> None:
    seen = assert_in_words(tmp_path, "quoridor", ["Eva", "Pat"], [])
    assert_czech_differs(seen)
    assert seen["en"]["e8"] == "Move to e8"
    assert seen["cs"]["e8"] == "Tah na e8"
    assert seen["en"]["e3h"] == "Wall between rows 3 and 4, columns e–f"
    assert seen["cs"]["e3h"] == "Překážka mezi řadami 3 a 4, sloupce e–f"
    assert len(seen["en"]) == 131  # 3 steps and 128 wall slots: all in words


def test_pacman_paths_and_ghosts_say_where_they_go_and_what_is_eaten(tmp_path: Path) -> None:
    seen = assert_in_words(tmp_path, "pacman", ["Eva", "Pat"], [])
    assert_czech_differs(seen)
    assert seen["en"]["P:e7-e6-d6"] == "PAC-MAN to d6"
    assert seen["cs"]["P:e7-e6-d6"] == "PAC-MAN na d6"
    ghosts = assert_in_words(tmp_path / "ghosts", "pacman", ["Eva", "Pat"], ["P:e7-e6-d6"])
    assert_czech_differs(ghosts)
    assert all(line.split(":")[0] in ("blinky", "pinky", "inky", "clyde")
               for line in ghosts["en"])
    some = next(iter(ghosts["en"]))
    ghost, square = some.split(":")[0], some.split("-")[-1].split(":")[-1]
    assert ghosts["en"][some] == f"{ghost} to {square}"
    assert ghosts["cs"][some] == f"{ghost} na {square}"


def test_pacman_a_path_that_eats_says_so_and_two_ways_to_one_square_differ(
        tmp_path: Path) -> None:
    match = open_game("pacman", players=2, names=["Eva", "Pat"])
    for line in TO_THE_FIRST_DOTS:
        match.play(line)
    table = table_at(tmp_path, "pacman", ["Eva", "Pat"], "cs", match.position())
    assert table.choice_label("P:h9-g9-f9") == "PAC-MAN na f9"
    assert table.choice_label("P:h9-i9-h9-g9-f9") == "PAC-MAN na f9 (sní tečku i9)"
    assert words.choice_label("P:h9-i9-h9-g9-f9", match, "en") == \
        "PAC-MAN to f9 (eats the dot i9)"
    assert words.choice_label("P:pass", match, "cs") == "PAC-MAN nemůže táhnout: stojí"
    assert words.choice_label("pinky:pass", match, "en") == "pinky cannot move: it passes"


def test_clovece_moves_and_captures_in_the_boards_words(tmp_path: Path) -> None:
    moves = assert_in_words(tmp_path, "clovece", ["Eva", "Pat"], ["roll 3"], CLOVECE_NEAR_END)
    assert_czech_differs(moves)
    assert moves["en"]["move 12 B"] == "Move the blue piece from field 12"
    assert moves["cs"]["move 12 B"] == "Táhnout modrou halmičku z pole 12"
    given = assert_in_words(tmp_path / "capture", "clovece", ["Eva", "Pat"],
                            ["roll 3", "move 12 B"], CLOVECE_NEAR_END)
    assert_czech_differs(given)
    assert set(given["en"].values()) == {"Give the red piece to Eva", "Give the red piece to Pat"}
    assert set(given["cs"].values()) == {"Eva dostane červenou halmičku",
                                         "Pat dostane červenou halmičku"}


def test_clovece_a_six_offers_to_enter(tmp_path: Path) -> None:
    six = assert_in_words(tmp_path, "clovece", ["Eva", "Pat"], ["roll 6", "roll 2"],
                          CLOVECE_NEAR_END)
    assert_czech_differs(six)
    assert six["en"]["enter Y"] == "Enter the yellow piece"
    assert six["en"]["move 38 R"] == "Move the red piece from field 38"
    match = open_game("clovece", players=2, names=["Eva", "Pat"])
    assert words.choice_label("pass", match, "en") == "Pass: do not use this 6"
    assert words.choice_label("stop", match, "en") == "End the game now"
    assert words.choice_label("goal-move 3", match, "en") == "Move the piece in goal slot 3"


def test_crash_cards_drawn_and_laid_out_and_the_first_placer(tmp_path: Path) -> None:
    position = open_game("crash", players=2, position=" | ".join(CRASH_END_OF_TURN)).position()
    drawn = assert_in_words(tmp_path, "crash", ["Eva", "Pat"], ["card deadbat", "pass"],
                            position)
    assert drawn["en"] == {"draw d:lambada": "Lambada", "draw d:rocket": "Rocket Drive",
                           "draw d:tandem": "Tandem", "draw blind": "blind"}
    assert drawn["cs"]["draw d:rocket"] != "Rocket Drive"
    assert drawn["cs"]["draw blind"] != "blind"
    refill = assert_in_words(tmp_path / "refill", "crash", ["Eva", "Pat"],
                             ["card deadbat", "pass", "draw d:rocket"], position)
    assert refill["en"]["refill bright"] == "Bright Exception"
    assert refill["cs"]["refill bright"] != "Bright Exception"
    first = assert_in_words(tmp_path / "setup", "crash", ["Eva", "Pat"], [])
    assert_czech_differs(first)
    assert first["en"] == {"first A": "Eva places the first car",
                           "first B": "Pat places the first car"}


CRASH_MID_GAME = (
    "board reference | bells a5 b10 f2 f6 g4 g10 l2 l7 l11 n9 | operator m7 | A: b5 m9 n2 o13 | "
    "B: a6 d12 k5 n5 | score A=8 B=8 | batteries A=4 B=4 | evals 0 | turn 5 B action=2 | "
    "first A | cards display=flying,bright,rocket hands=3,2 known=A:saboteur,double,tandem "
    "known=B:tandem,double discard=lambada,tandem,heartless,double,flying,ticket,fluct,ticket,"
    "ticket,fluct pile=21"
)
"""Turn 5, Pat's second action: cars to place with batteries, a magnetic car, the operator, the
cards of turns 1-5 (Bell Shift with its fields), swaps against the display, a pass."""


def test_crash_set_up_in_words_from_the_first_placer_to_the_starting_cars(
        tmp_path: Path) -> None:
    operator = assert_in_words(tmp_path, "crash", ["Eva", "Pat"], ["first A"])
    assert operator["en"] == {"operator-start n4": "Operator: n4",
                              "operator-start n9": "Operator: n9"}
    assert operator["cs"]["operator-start n4"] == "Kolotočář: n4"
    display = assert_in_words(tmp_path / "display", "crash", ["Eva", "Pat"],
                              ["first A", "operator-start n4"])
    assert display["en"]["display lambada rocket tandem"] == \
        "Lay out on the display: Lambada, Rocket Drive, Tandem"
    assert display["cs"]["display lambada rocket tandem"] == \
        "Vyložte do nabídky: Lambada, Raketový pohon, Tandem"
    cars = assert_in_words(tmp_path / "cars", "crash", ["Eva", "Pat"],
                           ["first A", "operator-start n4", "display lambada rocket tandem"])
    assert_czech_differs(cars)
    assert cars["en"]["init e5"] == "Car on e5"
    assert cars["cs"]["init e5"] == "Autíčko na e5"


def test_crash_every_action_of_a_turn_in_words_each_its_own(tmp_path: Path) -> None:
    seen = assert_in_words(tmp_path, "crash", ["Eva", "Pat"], [], CRASH_MID_GAME)
    heads = {line.split()[0] for line in seen["en"]}
    assert heads == {"place", "magnet", "operator", "card", "swap", "pass"}
    for lang in ("en", "cs"):   # the phone folds buttons that read the same: none may
        assert len(set(seen[lang].values())) == len(seen[lang])
    assert seen["en"]["place a7 push=W bat=2"] == "Car on a7, push W, batteries: 2"
    assert seen["cs"]["place a7 push=W bat=2"] == "Autíčko na a7, tlačí Z, baterie: 2"
    assert seen["en"]["magnet a8"] == "Magnetic car on a8"
    assert seen["cs"]["magnet a8"] == "Magnetické autíčko na a8"
    operator = next(line for line in seen["en"] if line.startswith("operator "))
    assert seen["en"][operator] == "Operator: " + ", ".join(operator.split()[1:])
    assert seen["en"]["card deadbat"] == "Dead Battery"
    assert seen["cs"]["card deadbat"] == "Vybitá baterie"
    assert seen["en"]["card fluct a5 a4"] == "Bell Shift a5 a4"
    swap = "swap fluct lambada take=d:rocket,blind"
    assert seen["en"][swap] == "Swap Bell Shift and Lambada (take Rocket Drive + blind)"
    assert seen["cs"][swap] == \
        "Vyměnit Fluktuace zvonku a Lambada (vzít Raketový pohon + naslepo)"
    assert seen["en"]["pass"] == "Pass: end the turn"
    assert seen["cs"]["pass"] == "Pas: konec tahu"


def test_patamat_set_up_choice_and_go_in_the_boards_words(tmp_path: Path) -> None:
    placing = assert_in_words(tmp_path, "patamat", ["Pat", "Mat"], [])
    assert_czech_differs(placing)
    assert placing["en"]["place kart F01"] == "Pat: put a go-kart on field F01"
    assert placing["cs"]["place kart F01"] == "Pat: polož motokáru na pole F01"
    choosing = assert_in_words(
        tmp_path / "choose", "patamat", ["Pat", "Mat"], [],
        patamat_position("Pat", {"Pat": 'field = "F16", options = ["kart1", "tractor1"]'},
                         {"kart1": "F16", "tractor1": "F16"}))
    assert_czech_differs(choosing)
    assert choosing["en"] == {"choose kart": "Go-kart: three times the roll, forward",
                              "choose tractor": "Tractor: 2 fields forward"}
    going = assert_in_words(tmp_path / "go", "patamat", ["Pat", "Mat"], ["choose tractor"],
                            patamat_position("Pat", {"Pat": 'field = "F16", options = '
                                                     '["kart1", "tractor1"]'},
                                             {"kart1": "F16", "tractor1": "F16"}))
    assert going["en"] == {"go": "Tractor: 2 fields forward"}
    assert going["cs"]["go"] != going["en"]["go"]


# -- the dispatcher ----------------------------------------------------------------------------


def test_a_line_without_words_of_its_own_is_shown_as_it_is(tmp_path: Path) -> None:
    match = open_game("quoridor", players=2, names=["Eva", "Pat"])
    assert words.choice_label("pass", match, "en") == "pass"
    assert words.choice_label("fix whatever", match, "cs") == "fix whatever"
    clovece = open_game("clovece", players=2, names=["Eva", "Pat"])
    assert words.choice_label("roll 6", clovece, "en") == "roll 6"


def test_a_failing_label_falls_back_to_the_line_and_never_raises() -> None:
    match = open_game("clovece", players=2, names=["Eva", "Pat"])
    # a seat the table does not have: its label, never an exception
    assert words.choice_label("give R@15 -> S7", match, "en") == "Give the red piece to S7"
    assert words.choice_label("move x", match, "en") == "move x"
    patamat = open_game("patamat", players=2, names=["Pat", "Mat"])
    assert words.choice_label("place kart NOWHERE", patamat, "en") == \
        "Pat: put a go-kart on field NOWHERE"


# -- the catalogues ----------------------------------------------------------------------------


def messages(path: Path) -> set[str]:
    """The English messages of a ``choices.py``: the strings given to ``_``/``t`` and the
    values of its module-level dictionaries of words."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("_", "t") and node.args
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            found.add(node.args[0].value)
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
            found |= {value.value for value in node.value.values
                      if isinstance(value, ast.Constant) and isinstance(value.value, str)}
    return found


@pytest.mark.parametrize("game", ["quoridor", "pacman", "clovece", "crash", "patamat"])
def test_every_choice_word_has_its_czech_with_the_same_placeholders(game: str) -> None:
    path = GAMES_DIR / game / "choices.py"
    found = messages(path)
    assert len(found) >= 2
    czech = load_catalogue(game, "cs")
    assert sorted(message for message in found if not czech.get(message)) == []
    for message in found:
        placeholders = sorted(re.findall(r"\{(\w+)\}", message))
        assert sorted(re.findall(r"\{(\w+)\}", czech[message])) == placeholders, message


def test_the_phones_hint_is_said_as_its_button(tmp_path: Path) -> None:
    from companion.web.owner import choose_hint

    match = open_game("quoridor", players=2, names=["Eva", "Pat"])
    hint = choose_hint(match, "cs")
    assert hint["input"] in match.legal()
    assert hint["hint"] == words.choice_label(hint["input"], match, "cs") != hint["input"]
