"""A refused correction (N4) in the players' words and language: every refusal a ``fix …`` can get
is a fixed template with parameters, so Czech shows no English sentence."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from games.crash.positions import game
from refusal_templates import scan_games

from companion.engine import IllegalInput, Match, open_game
from companion.games.crash.board import parse_tiles
from companion.games.crash.errors import PositionError
from companion.i18n import load_catalogue
from companion.table.words.refusals import refusal

CRASH = Path(__file__).resolve().parents[3] / "companion" / "games" / "crash"
ENGLISH = ("is not", "there is", "holds", "stands", "position", "check", "table", "cannot",
           "correct", "hole", "field", "car ")
"""English words of the plain sentences that must not show in Czech."""
START = ("board all=1", "operator o1", "A: a13", "B: e5", "turn 1 A")


def placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"\{[^}]*\}", text))


def refused_fix(match: Match, line: str) -> IllegalInput:
    before = match.position()
    with pytest.raises(IllegalInput) as caught:
        match.play(line)
    assert match.position() == before
    assert caught.value.rule == "N4/E_FIX"
    return caught.value


@pytest.mark.parametrize(
    ("line", "reason", "english", "czech"),
    [
        ("fix put A e5", "fix 'put A e5' is not possible: e5 holds a car",
         "A car already stands on e5. Choose an empty field, or first take that car away.",
         "Na e5 už stojí autíčko. Vyberte prázdné pole, nebo to autíčko nejdřív odeberte."),
        ("fix remove e6", "fix 'remove e6' is not possible: there is no car on e6",
         "There is no car on e6. Check it against the table.",
         "Na e6 žádné autíčko nestojí. Porovnejte to se stolem."),
        ("fix op Ht23", "fix 'op Ht23' is not possible: Ht23 is not a hole",
         "There is no hole at t23. Check it against the table.",
         "Na místě dílu t23 žádná díra není. Porovnejte to se stolem."),
        ("fix op e5", "fix 'op e5' is not possible: position: the operator on e5 shares it "
         "with a car",
         "In the corrected position the operator and a car both stand on e5. Check it against "
         "the table.",
         "V opravené pozici stojí na poli e5 kolotočář i autíčko. Porovnejte to se stolem."),
        ("fix operator n4 | turn 1 A | walls e5",
         "fix 'operator n4 | turn 1 A | walls e5' is not possible: position: unknown clause "
         "'walls'",
         "The position text cannot be read: it has no part called “walls”.",
         "Text pozice nelze přečíst: pozice nemá žádnou část „walls“."),
        ("fix operator n4 | holes Ht23 | A: e7 | turn 1 A",
         "fix 'operator n4 | holes Ht23 | A: e7 | turn 1 A' is not possible: position: a car "
         "on e7 stands in a hole",
         "In the corrected position a car stands on e7, which is in a hole. Check it against "
         "the table.",
         "V opravené pozici stojí autíčko na poli e7, které je v díře. Porovnejte to se stolem."),
        ("fix operator e5 | A: a1 | B: o13 | turn 1 A action=2 effect=double",
         "fix 'operator e5 | A: a1 | B: o13 | turn 1 A action=2 effect=double' is not "
         "possible: position: turn effect=double leaves no legal action",
         "In the corrected position nothing can be played after Double Hit. Check it against "
         "the table.",
         "V opravené pozici nelze po kartě Dvojitý zásah nic zahrát. Porovnejte to se stolem."),
    ],
)
def test_a_refused_correction_reads_in_czech_without_english(
    line: str, reason: str, english: str, czech: str
) -> None:
    match = open_game("crash", players=2, names=["Eva", "Pat"], position=" | ".join(START))
    error = refused_fix(match, line)
    assert error.reason == "N4/E_FIX: " + reason  # the terminal's text, as before
    assert refusal("crash", "en", error, match) == (english, "rule N4")
    shown, rule = refusal("crash", "cs", error, match)
    assert (shown, rule) == (czech, "pravidlo N4")
    assert not [word for word in ENGLISH if word in shown.lower()], shown


def test_a_side_is_named_by_its_player_in_a_refused_correction() -> None:
    match = open_game("crash", players=2, names=["Eva", "Pat"], position=" | ".join(START))
    error = refused_fix(match, "fix operator n4 | AM: a1 a2 | turn 1 A")
    assert refusal("crash", "cs", error, match)[0] == (
        "V opravené pozici má Eva na plánu víc než jedno magnetické autíčko. Každá strana má "
        "jen jedno.")


def test_every_refusal_of_a_correction_has_czech_with_the_same_parameters() -> None:
    czech = load_catalogue("crash", "cs")
    templates = sorted(t for t in scan_games().templates["crash"] if t.startswith("fix "))
    assert len(templates) >= 60
    for template in templates:
        assert czech.get(template), f"no Czech for {template!r}"
        assert placeholders(czech[template]) == placeholders(template), template


def test_a_position_is_refused_with_a_template_and_the_same_text_as_ever() -> None:
    with pytest.raises(PositionError) as caught:
        game("operator n4", "turn 1 A", "walls e5")
    assert str(caught.value) == "position: unknown clause 'walls'"
    assert (caught.value.template, caught.value.params) == (
        "position: unknown clause {clause!r}", {"clause": "walls"})
    assert isinstance(caught.value, ValueError)
    with pytest.raises(ValueError, match=r"^tiles needs 25 entries, not 1$"):
        parse_tiles("t11=X01:0")
    with pytest.raises(ValueError, match=r"^position: turn action=end, but nothing is left"):
        game("operator e5", "A: a1", "B: b1", "turn 1 A action=end",
             "cards display=ticket,ticket,ticket")


def test_reading_a_position_raises_no_bare_value_error() -> None:
    """Every refusal of a position has a template; a bare ValueError would show English."""
    for name in ("position.py", "playable.py"):
        assert "ValueError(" not in (CRASH / name).read_text(encoding="utf-8"), name
