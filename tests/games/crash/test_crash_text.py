"""Texts in Czech and English: status lines, physical instructions, every rejection translated."""

from __future__ import annotations

import re

from games.crash.messages import collect
from games.crash.positions import game

from companion.engine import IllegalInput, open_game
from companion.games.crash.text import describe, status_line
from companion.i18n import load_catalogue, translate_reason

CARDS = "cards display=lambada,rocket,tandem"


def test_every_template_and_text_has_a_czech_translation() -> None:
    catalogue = load_catalogue("crash", "cs")
    messages = collect()
    assert len(messages["templates"]) > 50 and len(messages["texts"]) > 50
    missing = sorted(m for group in messages.values() for m in group if m not in catalogue)
    assert missing == []
    for english in (m for group in messages.values() for m in group):
        placeholders = set(re.findall(r"{(\w+)}", english))
        assert placeholders == set(re.findall(r"{(\w+)}", catalogue[english])), english


def test_provoked_rejections_read_in_czech() -> None:
    match = game("board all=1", "operator o1", "A: a13", "B: e5", "turn 1 A", CARDS)
    lines = ["place e5 push=E", "place g9 push=E", "magnet g9", "operator e6", "card bright",
             "xyzzy", "place e4 push=E bat=7", "card fluct g9 e2", "draw blind"]
    for line in lines:
        try:
            match.play(line)
        except IllegalInput as error:
            assert error.template in collect()["templates"], error.template
            czech = translate_reason("crash", "cs", error.template, error.params)
            assert czech != error.message
        else:  # pragma: no cover - each line must be refused
            raise AssertionError(line)


def test_describe_gives_the_physical_changes_in_both_languages() -> None:
    match = game("board all=1", "bells e6", "operator o1", "A: a13", "B: a1 e5", "turn 6 A",
                 CARDS)
    match = open_game("crash", players=2, names=["Eva", "Pat"], position=match.position())
    events = match.play("place e4 push=E bat=1")
    english = describe(events, match, "en")
    czech = describe(events, match, "cs")
    assert english[:5] == [
        "Eva: batteries used up: 1",
        "Eva: put a car on e4",
        "Move the car of Pat from e5 to e6",
        "The bell on e6 rings: lift it off the board",
        "Evaluation 1: Eva +2, Pat +2",
    ]
    assert english[-3:] == ["Return the car on e6 to Pat: its tile is removed",
                            "Remove tile t23 from the board",
                            "Put the bell on space 1 of the evaluation track"]
    assert czech[1] == "Eva: postavte autíčko na e4"
    assert czech[2] == "Přesuňte autíčko hráče Pat z e5 na e6"
    assert len(czech) == len(english)


def test_describe_push_offs_cards_and_the_end() -> None:
    match = open_game("crash", players=2, names=["Eva", "Pat"], position=" | ".join([
        "board all=1", "operator o1", "A: e12", "B: e13", "turn 3 A", CARDS]))
    events = match.play("place e11 push=E")
    assert describe(events, match, "en") == [
        "Eva: put a car on e11", "Return the car on e13 to Pat: it left the board",
        "Eva +2 for a car pushed off", "Game over (no cars): Eva 12, Pat 10; Eva wins"]
    assert describe(events, match, "cs")[-1] == \
        "Konec hry (žádná autíčka): Eva 12, Pat 10; vyhrává Eva"
    assert status_line(match, "en") == "Eva wins!"
    assert status_line(match, "cs") == "Vyhrává Eva!"
    cards = open_game("crash", players=2, names=["Eva", "Pat"], position=" | ".join([
        "board all=1", "operator o1", "A: a13", "B: e5 e9", "turn 3 A", CARDS]))
    events = cards.play("card saboteur e5")
    assert describe(events, cards, "en") == ["Eva plays Saboteur",
                                             "Return the car on e5 to Pat: Saboteur"]
    assert describe(events, cards, "cs")[0] == "Eva hraje kartu Sabotér"


def test_status_lines_follow_the_game() -> None:
    match = open_game("crash", players=2, names=["Eva", "Pat"])
    assert status_line(match, "en") == "Who was last on the bumper cars? Choose the first placer"
    match.play("first B")
    assert status_line(match, "en") == \
        "Pat: put the operator on a flower centre without a bell"
    assert status_line(match, "cs") == "Pat: postavte kolotočáře na střed květiny bez zvonku"
    match.play("operator-start n4")
    assert status_line(match, "en") == "Enter the three display cards"
    match.play("display lambada rocket tandem")
    assert status_line(match, "en") == "Pat: place a starting car"
    play = open_game("crash", players=2, names=["Eva", "Pat"], position=" | ".join([
        "board all=1", "operator o1", "A: a13", "B: e5 e9", "turn 3 A", CARDS]))
    assert status_line(play, "en") == "Eva: action 1 of 2"
    assert status_line(play, "cs") == "Eva: akce 1 ze 2"
    play.play("card rocket")
    assert status_line(play, "en") == "Eva: place the car for Rocket Drive"
    assert status_line(play, "cs") == "Eva: umístěte autíčko pro kartu Raketový pohon"
    play.play("place e4 push=E")
    assert status_line(play, "en") == "Eva: draw 1 card(s)"
    play.play("draw d:rocket")
    assert status_line(play, "en") == "Enter the new display cards: 1"


def test_moves_name_the_owner_even_when_a_car_moves_twice() -> None:
    match = open_game("crash", players=2, names=["Eva", "Pat"], position=" | ".join([
        "board all=1", "operator e3", "A: a13 e5", "B: a1 e4", "turn 1 A", CARDS]))
    events = match.play("operator e4 e5")
    assert describe(events, match, "en") == [
        "Move the car of Eva from e5 to e6", "Move the car of Pat from e4 to e5",
        "Move the operator from e3 to e4", "Move the car of Eva from e6 to e7",
        "Move the car of Pat from e5 to e6", "Move the operator from e4 to e5"]


def test_team_names_in_texts() -> None:
    match = open_game("crash", players=4, names=["Ann", "Bob", "Cid", "Dan"], position=" | ".join(
        ["board all=1", "operator o1", "A: e12", "B: e13", "turn 3 A2"]))
    events = match.play("place e11 push=E")
    assert describe(events, match, "en")[0] == "Ann & Cid: put a car on e11"
