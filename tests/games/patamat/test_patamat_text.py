"""What the players read, in Czech and English: status lines, board instructions, reasons."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from games.patamat.positions import game, named_game, new_game, play_all

from companion.games.patamat import text
from companion.games.patamat.rules import PatamatInput
from companion.i18n import load_catalogue, translate_reason

PACKAGE = Path(text.__file__).parent


def rejection_templates() -> set[str]:
    """Every template string of rules.py: arguments of PatamatInput and the template tables."""
    tree = ast.parse((PACKAGE / "rules.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "PatamatInput":
            template = node.args[2]
            if isinstance(template, ast.Constant):
                found.add(template.value)
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") in (
            "_SPECIAL_FIELD",
            "_WRONG_INPUT",
        ):
            assert isinstance(node.value, ast.Dict)
            found.update(
                value.value for value in node.value.values if isinstance(value, ast.Constant)
            )
    return found


def test_every_rejection_template_has_czech() -> None:
    catalogue = load_catalogue("patamat", "cs")
    templates = rejection_templates()
    assert len(templates) >= 15
    missing = sorted(template for template in templates if not catalogue.get(template))
    assert missing == []


def test_every_text_message_has_czech() -> None:
    catalogue = load_catalogue("patamat", "cs")
    missing = sorted(message for message in text.ALL_MESSAGES if not catalogue.get(message))
    assert missing == []


@pytest.mark.parametrize(
    ("line", "czech"),
    [
        ("place kart F07", "S3: na pole F07 se nesmí položit auto: je to SEMAFOR"),
        ("place kart START", "S3: na pole START se nesmí položit auto: je to START"),
        ("place car X1", "S3: na desce standin-v1 není pole 'X1'"),
        ("roll 2", "S3: 'roll 2' teď nejde: P1 pokládá auto (place <typ> <pole>)"),
    ],
)
def test_provoked_rejections_read_in_czech(line: str, czech: str) -> None:
    match = new_game()
    with pytest.raises(PatamatInput) as caught:
        match.play(line)
    error = caught.value
    assert (
        f"{error.rule}: {translate_reason('patamat', 'cs', error.template, error.params)}" == czech
    )


def test_the_issue_example_in_both_languages() -> None:
    match = game(
        pawns={"Pat": 'field = "F11", car = "kart1"', "Mat": 'field = "F17"'},
        cars={"kart1": "F11", "rusty1": "F16"},
    )
    events = match.play("roll 2")
    assert text.describe(events, match, "en") == [
        "Pat: move to field F17 and take the go-kart with you",
        "Mat goes back to field F16 and gets into the rusty car",
    ]
    assert text.describe(events, match, "cs") == [
        "Pat: posuň se na pole F17 a vezmi s sebou motokáru",
        "Mat jde zpět na pole F16 a nasedá do rezavého auta",
    ]


def test_field_labels_are_used_when_the_board_has_them(tmp_path: Path) -> None:
    board = (PACKAGE / "boards" / "standin-v1.toml").read_text(encoding="utf-8")
    board = board.replace('{ id = "F03", next', '{ id = "F03", label = "3", next')
    path = tmp_path / "labelled.toml"
    path.write_text(board, encoding="utf-8")
    from companion.engine import open_game

    match = open_game("patamat", players=2, board=str(path))
    events = match.play("place kart F03")
    assert text.describe(events, match, "en") == ["Player 1: put a go-kart on field 3"]
    assert text.describe(events, match, "cs") == ["Player 1: polož motokáru na pole 3"]


def test_match_names_are_shown_for_the_seats() -> None:
    match = named_game(names=("Eva", "Adam"))
    events = match.play("place rusty F05")
    assert text.describe(events, match, "en") == ["Eva: put a rusty car on field F05"]
    assert text.status_line(match, "en") == "Adam: place a car on a plain field"
    assert text.status_line(match, "cs") == "Adam: polož auto na obyčejné pole"


def test_a_full_resolution_described() -> None:
    match = game(
        pawns={
            "Pat": 'field = "F04", car = "kart1"',
            "Mat": 'field = "F07", car = "car2"',
            "Eva": 'field = "F06"',
        },
        cars={"kart1": "F04", "car2": "F07", "tractor1": "F06", "rusty1": "F05"},
    )
    events = match.play("roll 1")
    assert text.describe(events, match, "en") == [
        "Pat: move to field F07 and take the go-kart with you",
        "Pat: get into the car there",
        "Pat stands on a traffic light: the next turn starts with a light roll",
        "Mat goes back to field F06 and gets into the tractor",
        "Mat leaves the car on field F07",
        "Eva goes back to field F05 and gets into the rusty car",
    ]
    assert text.describe(events, match, "cs") == [
        "Pat: posuň se na pole F07 a vezmi s sebou motokáru",
        "Pat: nasedni tam do auta",
        "Pat stojí na semaforu: další tah začne hodem na semafor",
        "Mat jde zpět na pole F06 a nasedá do traktoru",
        "Mat nechává auto na poli F07",
        "Eva jde zpět na pole F05 a nasedá do rezavého auta",
    ]


def test_light_choice_sign_flag_and_win_described() -> None:
    match = game(
        pawns={"Pat": 'field = "F07", options = ["kart1", "car1"], light = true'},
        cars={"kart1": "F07", "car1": "F07"},
    )
    assert text.status_line(match, "en") == "Pat: roll the die at the traffic light"
    assert text.status_line(match, "cs") == "Pat: hoď kostkou na semaforu"
    events = match.play("roll 3")
    assert text.describe(events, match, "en") == ["Pat: green light (3), roll again to move"]
    assert text.status_line(match, "en") == "Pat: choose a car: go-kart, car"
    assert text.status_line(match, "cs") == "Pat: vyber si auto: motokára, auto"
    assert text.describe(match.play("choose kart"), match, "cs") == ["Pat si bere motokáru"]
    assert text.status_line(match, "en") == "Pat: roll the die, the go-kart goes three times as far"
    events = match.play("roll 1")
    assert text.describe(events, match, "en") == [
        "Pat: move to field F10 and take the go-kart with you",
        "Pat stands on a direction sign: the next move leaves towards field A1",
    ]
    win = game(pawns={"Pat": 'field = "F44"'}, flags={"Pat": 2})
    events = win.play("roll 4")
    assert text.describe(events, win, "en") == [
        "Pat: move to field CIL",
        "Pat: finish! Take a flag (3 in all)",
        "Pat wins the race!",
    ]
    assert text.describe(events, win, "cs") == [
        "Pat: posuň se na pole CIL",
        "Pat: cíl! Vezmi si vlaječku (celkem 3)",
        "Pat vyhrává závod!",
    ]
    assert text.status_line(win, "en") == "Pat has won!"
    assert text.status_line(win, "cs") == "Vítězí Pat!"


def test_red_light_rusty_skip_and_reset_described() -> None:
    match = game(
        pawns={
            "Pat": 'field = "F07", car = "car1", light = true',
            "Mat": 'field = "F16", car = "rusty1"',
            "Eva": 'field = "F43"',
        },
        cars={"car1": "F07", "rusty1": "F16"},
    )
    events = match.play("roll 6")
    assert text.describe(events, match, "en") == [
        "Pat: red light (6), this turn is lost",
        "Pat does not get to ride: the car stays on field F07",
    ]
    assert text.status_line(match, "en") == "Mat: tap OK, the rusty car skips this turn"
    assert text.describe(match.play("go"), match, "cs") == ["Mat tento tah stojí v rezavém autě"]
    events = match.play("roll 5")
    assert text.describe(events, match, "en") == [
        "Eva: move to field CIL",
        "Eva: finish! Take a flag (1 in all)",
        "Everyone back to START; the cars stay where they are",
    ]


def test_setup_texts_in_both_languages() -> None:
    match = named_game(names=("Eva", "Adam"))
    play_all(
        match,
        *(["place rusty F05"] * 3),
        *(["place kart F06"] * 3),
        *(["place car F08"] * 4),
        *(["place tractor F09"] * 2),
        "place garbage F11",
        "place garbage F12",
    )
    assert text.status_line(match, "en") == "Eva: place a garbage truck on a plain field"
    assert text.status_line(match, "cs") == "Eva: polož popelářské auto na obyčejné pole"
    match.play("place garbage F13")
    assert text.status_line(match, "en") == "Eva: roll the die to decide who starts"
    assert text.status_line(match, "cs") == "Eva: hoď kostkou, kdo začne"
    events = play_all(match, "roll 4", "roll 4")
    assert text.describe(events, match, "en") == [
        "Eva rolled 4",
        "Adam rolled 4",
        "Eva, Adam rolled the same and roll again",
    ]
    events = play_all(match, "roll 2", "roll 5")
    assert text.describe(events, match, "cs") == [
        "Eva: padlo 2",
        "Adam: padlo 5",
        "Adam začíná závod",
    ]
    assert text.status_line(match, "cs") == "Adam: hoď kostkou"
