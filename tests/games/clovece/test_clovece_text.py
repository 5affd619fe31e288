"""text.py in both languages, and a Czech translation for every rejection template."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.engine import IllegalInput, Match, open_game
from companion.games.clovece import text
from companion.i18n import load_catalogue, translate_reason

PACKAGE = Path(text.__file__).parent
NAMES = ["Eva", "Pat", "Mat"]
THREE = "board4 seats{S0,S1,S2}"


def source_templates() -> set[str]:
    """Every template passed to IllegalInput in the package (adjacent literals joined)."""
    found: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        for match in re.finditer(
            r'IllegalInput\(\s*"[^"]+",\s*((?:"[^"]*"\s*)+)', path.read_text(encoding="utf-8")
        ):
            found.add("".join(re.findall(r'"([^"]*)"', match.group(1))))
    return found


def text_messages() -> set[str]:
    source = (PACKAGE / "text.py").read_text(encoding="utf-8")
    return set(re.findall(r'_\("([^"]+)"\)', source)) | set(text.PIECES.values())


def placeholders(message: str) -> set[str]:
    return set(re.findall(r"\{(\w+)", message))


def test_the_template_scan_finds_the_rejections() -> None:
    templates = source_templates()
    assert len(templates) >= 35
    assert "entering needs a 6, the current roll is {roll}" in templates


@pytest.mark.parametrize("message", sorted(source_templates() | text_messages()))
def test_every_template_and_text_has_czech_with_the_same_placeholders(message: str) -> None:
    czech = load_catalogue("clovece", "cs").get(message)
    assert czech, f"no Czech for {message!r}"
    assert czech != message
    assert placeholders(czech) == placeholders(message)


def test_a_provoked_rejection_reads_in_czech() -> None:
    match = open_game(
        "clovece",
        players=2,
        position="board4 seats{S0,S2} | S0 home{R,Y,G} goal{} | S2 home{R,Y,G} goal{} | "
        "track{5:B, 25:B} | turn S0",
    )
    match.play("roll 3")
    with pytest.raises(IllegalInput) as rejection:
        match.play("enter R")
    error = rejection.value
    assert error.reason == "R6.1: entering needs a 6, the current roll is 3"
    czech = translate_reason("clovece", "cs", error.template, error.params)
    assert czech == "nasadit lze jen šestkou, teď se hraje 3"


def game(position: str | None = None, players: int = 3) -> Match:
    return open_game("clovece", players=players, names=NAMES[:players], position=position)


def test_status_line_through_a_turn_in_both_languages() -> None:
    match = game()
    assert text.status_line(match, "en") == "Eva: roll to see who starts"
    assert text.status_line(match, "cs") == "Eva: hoď si, kdo začíná"
    for line in ("roll 5", "roll 1", "roll 2"):
        match.play(line)
    assert text.status_line(match, "en") == "Eva: roll the die"
    assert text.status_line(match, "cs") == "Eva: hoď kostkou"
    match.play("roll 6")
    assert text.status_line(match, "en") == "Eva: a 6 — roll again"
    assert text.status_line(match, "cs") == "Eva: padla šestka, házej znovu"
    match.play("roll 6")
    match.play("roll 4")
    assert text.status_line(match, "en") == "Eva: enter a piece with the 6, or pass"
    assert text.status_line(match, "cs") == "Eva: nasaď šestkou halmičku, nebo vynech"
    match.play("enter R")
    assert text.status_line(match, "en") == "Eva: move by 6, then 4"
    assert text.status_line(match, "cs") == "Eva: táhni o 6, potom 4"
    match.play("move 0 R")
    assert text.status_line(match, "en") == "Eva: move by 4"
    assert text.status_line(match, "cs") == "Eva: táhni o 4"


TWO_CAPTURES = (
    f"{THREE} | S0 home{{Y,G}} goal{{}} | S1 home{{R,Y,G}} goal{{}} | "
    "S2 home{R,Y,G,B} goal{} | track{0:B, 3:R, 5:B} | turn S0"
)


def test_captures_and_choices_are_described_in_both_languages() -> None:
    match = game(TWO_CAPTURES)
    for line in ("roll 6", "roll 2", "enter Y"):
        match.play(line)
    events = match.play("move 3 R")
    assert text.describe(events, match, "en") == [
        "Eva: choose who gets the blue piece from field 0: Eva, Pat"
    ]
    assert text.describe(events, match, "cs") == [
        "Eva: vyber, kdo dostane modrou halmičku z pole 0: Eva, Pat"
    ]
    assert text.status_line(match, "en") == "Eva: who gets the blue piece from field 0?"
    assert text.status_line(match, "cs") == "Eva: komu dáš modrou halmičku z pole 0?"
    events = match.play("give B@0 -> S1")
    assert text.describe(events, match, "en") == [
        "Take the blue piece from field 0 to the home of Pat",
        "Take the blue piece from field 5 to the home of Eva",
        "Pat's turn",
    ]
    assert text.describe(events, match, "cs") == [
        "Vezmi modrou halmičku z pole 0 a dej ji do domečku hráče Pat",
        "Vezmi modrou halmičku z pole 5 a dej ji do domečku hráče Eva",
        "Na tahu je Pat",
    ]


FINISH3 = (
    f"{THREE} | S0 home{{}} goal{{1:R, 2:Y, 3:G}} | S1 home{{Y,G,B}} goal{{}} | "
    "S2 home{R,Y,G} goal{} | track{14:B, 20:R, 37:B} | turn S0"
)


def test_finish_discard_forfeit_pass_and_game_over_in_both_languages() -> None:
    match = game(FINISH3)
    for line in ("roll 6", "roll 6", "roll 1", "move 14 B"):
        match.play(line)
    events = match.play("move 37 B")
    assert text.describe(events, match, "en") == [
        "Eva has the blue piece in the goal and no longer plays that colour",
        "Eva finishes in place 1",
        "The remaining rolls 1 are dropped",
        "Take the red piece from field 20 to the home of Pat",
        "Pat's turn",
    ]
    assert text.describe(events, match, "cs") == [
        "Eva má modrou halmičku v chlívečku a touto barvou už nehraje",
        "Eva končí na 1. místě",
        "Zbylé hody 1 propadají",
        "Vezmi červenou halmičku z pole 20 a dej ji do domečku hráče Pat",
        "Na tahu je Pat",
    ]
    events = match.play("roll 2")
    assert text.describe(events, match, "cs") == ["Hod 2 nelze využít, propadá", "Na tahu je Mat"]
    events = match.play("stop")
    assert text.describe(events, match, "en") == ["Game over: 1. Eva, 2. Pat & Mat"]
    assert text.describe(events, match, "cs") == ["Konec hry: 1. Eva, 2. Pat & Mat"]
    assert text.status_line(match, "en") == "Game over: Eva wins"
    assert text.status_line(match, "cs") == "Konec hry: vítězí Eva"


def test_roll_off_ties_pass_and_fix_are_described() -> None:
    match = game()
    match.play("roll 6")
    match.play("roll 6")
    events = match.play("roll 2")
    assert text.describe(events, match, "en") == ["Eva, Pat: a tie, roll again"]
    assert text.describe(events, match, "cs") == ["Eva, Pat: shoda, házejte znovu"]
    match.play("roll 1")
    match.play("roll 2")
    for line in ("roll 6", "roll 1"):
        match.play(line)
    events = match.play("pass")
    assert text.describe(events, match, "en") == [
        "The 6 is not used",
        "The 1 cannot be used and is lost",
        "Mat's turn",
    ]
    assert text.describe(events, match, "cs")[0] == "Hod 6 zůstává nevyužit"
    events = match.play("fix " + match.position())
    assert text.describe(events, match, "cs") == ["Pozice byla opravena podle stolu"]
