"""Refusals in the players' words: every template of every game has a plain sentence in English
and Czech, what the screen shows carries no spec label, and the rule comes small and apart."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from refusal_templates import scan_games

from companion.engine import GAMES, IllegalInput, Match, open_game
from companion.i18n import LOCALE_DIR, load_catalogue
from companion.table.words.refusals import COMMON, plain_module, plain_table, refusal, rule_line

SPEC_LABEL = re.compile(r"\b(R\d+[a-z]?(\.\d+)*|[KSNQAC]\d+(\.\d+)*|E_[A-Z_]+)\b|§")
"""A label of the rules specification: R24, R6.1, K2, S3, N4, E_NOT_EMPTY, §5.2."""
NOTATION = re.compile(r"\w=|<\w+>|@|->|\bS\d\b|\b[a-i][1-9][hv]\b")
"""The input notation: push=, <field>, B@5, -> S2, a seat label, a Quoridor wall (a3h)."""
TEXT_EDITING = ("The position text", "The layout cannot be used")
"""Sentences for whoever edits the position text or a layout file: they may quote notation."""
SCAN = scan_games()
GAME_IDS = sorted(GAMES)


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)", text))


def refused(match: Match, line: str) -> IllegalInput:
    before = match.position()
    with pytest.raises(IllegalInput) as caught:
        match.play(line)
    assert match.position() == before
    return caught.value


# -- the tables are complete --------------------------------------------------------------------


def test_the_scan_reads_every_template_of_every_game() -> None:
    assert SCAN.unreadable == []
    counts = {game: len(templates) for game, templates in SCAN.templates.items()}
    assert counts["quoridor"] >= 20 and counts["clovece"] >= 35 and counts["patamat"] >= 15
    assert counts["pacman"] >= 70 and counts["crash"] >= 65
    assert "wall {wall} would overlap wall {other}" in SCAN.templates["quoridor"]
    assert "layout: walls {wall} and {other} cross" in SCAN.templates["pacman"]  # via a name
    assert "no car may be placed on {field}: it is a semafor" in SCAN.templates["patamat"]


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_template_has_a_plain_sentence_and_none_is_left_over(game: str) -> None:
    table = plain_table(game)
    assert sorted(SCAN.templates[game] - set(table)) == []
    assert sorted(set(table) - SCAN.templates[game] - set(COMMON)) == []


def test_the_engines_own_refusals_have_plain_sentences() -> None:
    assert SCAN.templates["engine"] <= set(COMMON)
    czech = load_catalogue("app", "cs")
    assert all(czech.get(sentence) for sentence in COMMON.values())


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_plain_sentence_has_czech_with_the_parameters_it_can_fill(game: str) -> None:
    module = plain_module(game)
    assert module is not None
    derived = set(getattr(module, "DERIVED", ()))
    czech = load_catalogue(game, "cs")
    for template, sentence in module.PLAIN.items():
        allowed = placeholders(template) | derived
        assert placeholders(sentence) <= allowed, sentence
        translated = czech.get(sentence)
        assert translated, f"no Czech for {sentence!r}"
        assert translated != sentence
        assert placeholders(translated) <= allowed, translated
        assert sentence[:1].isupper() or sentence[:1] == "{", sentence
        assert sentence.endswith((".", "…", "{problem}")), sentence


@pytest.mark.parametrize("game", GAME_IDS)
def test_plain_sentences_carry_no_spec_label_and_no_notation(game: str) -> None:
    czech = load_catalogue(game, "cs")
    for sentence in plain_table(game).values():
        for text in (sentence, czech.get(sentence) or load_catalogue("app", "cs")[sentence]):
            assert not SPEC_LABEL.search(text), text
            if not text.startswith(TEXT_EDITING) and not text.startswith(
                    ("Text pozice", "Rozestavení nelze")):
                assert not NOTATION.search(text), text


# -- what a refusal looks like -------------------------------------------------------------------


def test_the_issues_wall_in_plain_words_with_the_rule_apart() -> None:
    match = open_game("quoridor", players=2, names=["Eva", "Pat"])
    match.play("e8")
    match.play("a3h")
    error = refused(match, "b3h")
    assert error.reason == "R24: wall b3h would overlap wall a3h"  # the engine's, unchanged
    assert refusal("quoridor", "en", error, match) == (
        "The wall would overlap the wall at a3. Place it elsewhere or move your pawn.",
        "rule R24")
    assert refusal("quoridor", "cs", error, match) == (
        "Překážka by se překrývala s překážkou na a3. Polož ji jinam, nebo táhni figurkou.",
        "pravidlo R24")


def test_seats_and_colours_are_named_as_the_players_see_them() -> None:
    position = ("board4 seats{S0,S1,S2} | S0 home{Y,G} goal{} | S1 home{R,Y,G} goal{} | "
                "S2 home{R,Y,G,B} goal{} | track{0:B, 3:R, 5:B} | turn S0")
    match = open_game("clovece", players=3, names=["Eva", "Pat", "Ola"], position=position)
    for line in ("roll 6", "roll 2", "enter Y", "move 3 R"):
        match.play(line)
    error = refused(match, "give B@0 -> S2")
    assert error.reason == "R12.3: S2 cannot play B, so cannot receive it"
    assert refusal("clovece", "en", error, match) == (
        "Ola cannot get the blue piece: that colour is already in their home or goal. Give it "
        "to someone else.", "rule R12.3")
    assert refusal("clovece", "cs", error, match)[0] == (
        "Ola nemůže dostat modrou halmičku: tuto barvu už má v domečku nebo v chlívečku. Dej "
        "ji někomu jinému.")
    error = refused(match, "give B@5 -> S1")
    assert refusal("clovece", "en", error, match)[0] == (
        "First choose who gets the blue piece from field 0.")


def test_a_refusal_of_each_game_in_both_languages() -> None:
    patamat = open_game("patamat", players=2, names=["Pat", "Mat"])
    error = refused(patamat, "place kart F07")
    assert refusal("patamat", "en", error, patamat) == (
        "No car may stand on F07: it is a traffic light. Put the car on a plain field.",
        "rule S3")
    assert refusal("patamat", "cs", error, patamat) == (
        "Na F07 nesmí stát auto: je to semafor. Polož auto na obyčejné pole.", "pravidlo S3")
    error = refused(patamat, "roll 2")
    assert refusal("patamat", "en", error, patamat)[0] == (
        "Not now: Pat first puts a car on a plain field.")

    pacman = open_game("pacman", players=2, names=["Eva", "Pat"])
    error = refused(pacman, "blinky:c3")
    assert refusal("pacman", "en", error, pacman) == (
        "Not yet: PAC-MAN moves first, then blinky.", "rule R35")
    assert refusal("pacman", "cs", error, pacman)[0] == (
        "Ještě ne: nejdřív táhne PAC-MAN, potom blinky.")

    crash = open_game("crash", players=2, names=["Eva", "Pat"], position=" | ".join(
        ["board all=1", "operator o1", "A: a13", "B: e5", "turn 1 A",
         "cards display=lambada,rocket,tandem"]))
    error = refused(crash, "place e5 push=E")
    assert error.reason == "R41/E_NOT_EMPTY: e5 holds a car"
    assert refusal("crash", "en", error, crash) == (
        "A car already stands on e5. Choose an empty field.", "rule R41")
    assert refusal("crash", "cs", error, crash) == (
        "Na e5 už stojí autíčko. Vyberte prázdné pole.", "pravidlo R41")
    error = refused(crash, "card fluct g9 e2")
    assert refusal("crash", "en", error, crash)[0] == (
        "Bell Shift: there is no bell on g9. Tap a bell.")


def test_the_rule_line_names_the_rule_only() -> None:
    assert rule_line("en", "R41/E_NOT_EMPTY") == "rule R41"
    assert rule_line("cs", "R6.1") == "pravidlo R6.1"
    assert rule_line("en", "§5.2") == "rule §5.2"
    assert rule_line("en", "input") == "" and rule_line("en", "fix") == ""
    assert rule_line("en", "E") == ""


def test_a_template_without_plain_words_still_shows_its_sentence() -> None:
    error = IllegalInput("R99", "something new about {field}", field="e5")
    assert refusal("quoridor", "en", error) == ("Something new about e5", "rule R99")
    assert refusal("nogame", "cs", error) == ("Something new about e5", "pravidlo R99")


# -- option labels ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAME_IDS)
def test_option_labels_are_plain_and_have_czech(game: str) -> None:
    czech = load_catalogue(game, "cs")
    for spec in GAMES[game].options:
        assert not SPEC_LABEL.search(spec.description), spec.description
        assert spec.description[:1].isupper(), spec.description
        assert czech.get(spec.description), f"no Czech for {spec.description!r}"
        assert not SPEC_LABEL.search(czech[spec.description])


def test_options_that_cannot_matter_are_marked_for_those_player_counts() -> None:
    def spec(game: str, name: str) -> object:
        return next(option for option in GAMES[game].options if option.name == name)

    track = spec("clovece", "track_length")
    assert [n for n in range(2, 7) if track.applies_to(n)] == [5, 6]  # type: ignore[attr-defined]
    play_on = spec("clovece", "play_on")
    assert not play_on.applies_to(2) and play_on.applies_to(3)  # type: ignore[attr-defined]
    sidestep = spec("quoridor", "sidestep_when_pawn_behind")
    assert not sidestep.applies_to(2) and sidestep.applies_to(4)  # type: ignore[attr-defined]
    assert spec("patamat", "target").applies_to(2)  # type: ignore[attr-defined]


# -- every catalogue the screens read -------------------------------------------------------------


@pytest.mark.parametrize("path", sorted((LOCALE_DIR / "cs" / "LC_MESSAGES").glob("*.po")),
                         ids=lambda path: path.stem)
def test_no_screen_text_in_any_catalogue_names_a_spec_label(path: object) -> None:
    """Every msgid and msgstr (the screens' texts, the games' sentences, the doctor's lines);
    the engine's reasons keep their rule apart, in ``IllegalInput.rule``."""
    domain = path.stem  # type: ignore[attr-defined]
    found = [text for msgid, msgstr in load_catalogue(domain, "cs").items()
             for text in (msgid, msgstr) if SPEC_LABEL.search(text)]
    assert found == []


# -- the table: what the screens get ---------------------------------------------------------


def test_the_table_session_tells_a_refusal_in_plain_words_and_a_refused_start_too(
    tmp_path: Path,
) -> None:
    from companion.records.store import Store
    from companion.table.session import Change, TableSession
    from companion.table.setups import Setup

    table = TableSession(Store(tmp_path / "games.sqlite3"), lang="en")
    told: list[Change] = []
    table.listeners.append(told.append)
    table.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
    assert table.send("e8") and table.send("a3h")
    assert table.send("b3h") is False
    assert (told[-1].kind, told[-1].message, told[-1].detail) == (
        "rejected", "The wall would overlap the wall at a3. Place it elsewhere or move your pawn.",
        "rule R24")
    with pytest.raises(IllegalInput) as caught:
        open_game("pacman", players=2, layout="/nowhere/maze.json")
    table.set_lang("cs")
    assert table.words.start_problem(caught.value, "pacman") == (
        "Hru nelze začít: rozestavení nelze použít: soubor /nowhere/maze.json nelze přečíst.")
