"""Texts in both languages: rank (R52), status line, describe, and every message in Czech."""

from __future__ import annotations

import re

import pytest
from games.pacman.messages import collect_messages
from games.pacman.positions import at, board

from companion.engine import Match, open_game
from companion.games.pacman.text import describe, rank_text, status_line
from companion.i18n import load_catalogue

PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@pytest.mark.parametrize(
    ("dots", "rank", "english", "czech"),
    [
        ("a1 i1 a9 i9", "beginner", ("PAC-MAN beginner", "You lack appetite."),
         ("PAC-MAN začátečník", "Chybí ti žravost.")),
        ("i1 a9 i9", "beginner", ("PAC-MAN beginner", "You lack appetite."),
         ("PAC-MAN začátečník", "Chybí ti žravost.")),
        ("a9 i9", "amateur", ("PAC-MAN amateur", "Bite it, you'll soon be better!"),
         ("PAC-MAN amatér", "Skousni to, brzy budeš lepší!")),
        ("i9", "pro", ("PAC-MAN pro", "Next time you'll eat them all."),
         ("PAC-MAN profík", "Příště sežereš všechny.")),
    ],
)
def test_pacman_rank_by_dots_eaten_in_both_languages_r52(
    dots: str, rank: str, english: tuple[str, str], czech: tuple[str, str]
) -> None:
    match = at(board(phase="ghosts", lives=1, dots=dots, blinky="e3"))
    assert match.snapshot()["state"]["rank"] == rank
    events = match.play("blinky:e2")
    assert events[-1] == f"rank {rank}"
    assert rank_text(rank, "en") == english
    assert rank_text(rank, "cs") == czech
    assert describe(events, match, "en")[-1] == f"Rank: {english[0]}. {english[1]}"
    assert describe(events, match, "cs")[-1] == f"Úroveň: {czech[0]}. {czech[1]}"
    assert status_line(match, "en") == f"The ghosts win (Player 2): {english[0]}. {english[1]}"
    assert status_line(match, "cs") == f"Duchové vyhrávají (Player 2): {czech[0]}. {czech[1]}"


def test_pacman_expert_status_line_both_languages() -> None:
    match = at(board(pacman="b9", dots="a9"))
    match = open_game("pacman", players=2, names=["Eva", "Jan"], position=match.position(),
                      layout=match.options["layout"])
    events = match.play("P:b9-a9")
    assert status_line(match, "en") == (
        "Eva (PAC-MAN) wins: PAC-MAN expert. The ghosts had no chance."
    )
    assert status_line(match, "cs") == (
        "Eva (PAC-MAN) vyhrává: PAC-MAN expert. Duchové neměli šanci."
    )
    assert describe(events, match, "en") == [
        "PAC-MAN: move from b9 to a9 (b9-a9)",
        "PAC-MAN eats the last dot at a9",
        "Eva (PAC-MAN) ate all four dots and wins!",
        "Rank: PAC-MAN expert. The ghosts had no chance.",
    ]
    assert describe(events, match, "cs")[1] == "PAC-MAN sní poslední TEČKU na a9"


def _named(body: str, players: int = 3) -> Match:
    match = at(body, players=players)
    names = ["Eva", "Jan", "Petr", "Ota", "Iva"][:players]
    return open_game("pacman", players=players, names=names, position=match.position(),
                     layout=match.options["layout"])


def test_pacman_status_lines_both_languages() -> None:
    match = _named(board())
    assert status_line(match, "en") == "Eva (PAC-MAN): move two steps"
    assert status_line(match, "cs") == "Eva (PAC-MAN): posuň se o 2 políčka"
    ghosts = _named(board(phase="ghosts", pinky="e8"))
    assert status_line(ghosts, "en") == "Jan: move blinky, pinky (frenzy)"
    assert status_line(ghosts, "cs") == "Jan: táhni – blinky, pinky (šílenství)"
    boxed = _named(board(pacman="e1", blinky="d1", pinky="f1", inky="e2"))
    assert status_line(boxed, "en") == "Eva (PAC-MAN): no move is possible, pass"
    over = at(board(phase="over", lives=0, blinky="e2"), players=3, winner="ghosts")
    over = open_game("pacman", players=3, names=["Eva", "Jan", "Petr"],
                     position=over.position(), layout=over.options["layout"])
    assert status_line(over, "en") == (
        "The ghosts win (Jan, Petr): PAC-MAN beginner. You lack appetite."
    )
    assert status_line(over, "cs") == (
        "Duchové vyhrávají (Jan, Petr): PAC-MAN začátečník. Chybí ti žravost."
    )


def test_pacman_describe_a_bonus_a_catch_and_a_reset() -> None:
    match = at(board(pacman="b9", blinky="a8"))
    events = match.play("P:b9-a9-a8-a7-b7")
    assert describe(events, match, "en") == [
        "PAC-MAN: move from b9 to b7 (b9-a9-a8-a7-b7)",
        "PAC-MAN eats the dot at a9: three bonus steps",
        "PAC-MAN eats blinky at a8: take it off the board",
    ]
    assert describe(events, match, "cs") == [
        "PAC-MAN: přesuň z b9 na b7 (b9-a9-a8-a7-b7)",
        "PAC-MAN sní TEČKU na a9: bonus 3 políčka navíc",
        "PAC-MAN sní ducha blinky na a8: odstraň ho z hrací plochy",
    ]
    caught = at(board(phase="ghosts", pinky="e3"))
    events = caught.play("pinky:e2")
    assert describe(events, caught, "en") == [
        "pinky sees PAC-MAN: frenzy, one or two steps",
        "Move pinky from e3 to e2",
        "Caught by pinky: everyone back to the start squares",
        "PAC-MAN loses a life; lives left: 2",
        "Start squares: PAC-MAN e2, blinky a8, pinky c8, inky g8, clyde i8 (eaten ghosts too); "
        "eaten dots stay off the board",
    ]
    assert describe(events, caught, "cs")[2] == "Chycen duchem pinky: všichni zpět na výchozí pole"
    lonely = at(board(pacman="b9", blinky="a8", pinky="-", inky="-", clyde="-"))
    events = lonely.play("P:b9-a9-a8-a7-a6")
    assert describe(events, lonely, "en")[-1] == "All ghosts are eaten: PAC-MAN moves again"
    boxed = at(board(phase="ghosts", pinky="a7", clyde="b8"))
    assert describe(boxed.play("blinky:pass"), boxed, "cs") == [
        "blinky nemůže táhnout a zůstává na a8"
    ]
    fixed = at(board())
    events = fixed.play("fix " + fixed.position())
    assert describe(events, fixed, "en") == [
        "Position corrected: set up the board as the screen shows"
    ]


def test_pacman_every_message_has_a_czech_translation_with_the_same_placeholders() -> None:
    catalogue = load_catalogue("pacman", "cs")
    messages = collect_messages()
    assert len(messages) > 90
    missing = [message for message in messages if not catalogue.get(message)]
    assert missing == []
    for message in messages:
        english = sorted(PLACEHOLDER.findall(message))
        czech = sorted(PLACEHOLDER.findall(catalogue[message]))
        assert english == czech, message
