"""No screen speaks the specification's language: every label on every screen, in Czech and in
English, is free of spec labels (R24, K2, E_NOT_EMPTY, §18 …) except the small rule line of a
refusal; refusals say in plain words what is wrong, big, with the rule apart."""

from __future__ import annotations

import re

import pytest
from conftest import RunScenario

from companion.engine import GAMES

SPEC_LABEL = re.compile(r"\b(R\d+[a-z]?(\.\d+)*|K\d+|E_[A-Z_]+)\b|§|\b[SNQ]\d+(\.\d+)*: ")
"""A rule or code of the specification, or an engine reason's "S3: " prefix."""
RULE_LINE = {"en": re.compile(r"^rule (§?[A-Z]{0,2}\d[\w.]*)$"),
             "cs": re.compile(r"^pravidlo (§?[A-Z]{0,2}\d[\w.]*)$")}
BANNER_MIN_FONT = 20


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_no_screen_shows_a_spec_label_outside_the_rule_line(
    run_scenario: RunScenario, lang: str
) -> None:
    seen = run_scenario("screen_words", lang=lang)
    texts: dict[str, list[str]] = seen["texts"]
    # every screen was visited, new game for every game and number of players
    expected = {"home", "result", "history", "replay", "settings", "play_menu", "move_log",
                "fix_text_refused", "crash_fix_text_refused"}
    expected |= {f"newgame_{game}_{count}" for game, description in GAMES.items()
                 for count in description.player_counts}
    expected |= {f"play_{game}" for game in GAMES}
    expected |= {f"play_{game}_refused{number}" for game in GAMES for number in (1, 2, 3)}
    assert expected <= set(texts)
    assert all(texts[key] for key in expected)
    assert seen["result_screen"] == "result"
    # no label anywhere names a rule, a spec clarification or an error code
    found = {key: [text for text in shown if SPEC_LABEL.search(text)]
             for key, shown in texts.items()}
    assert {key: hits for key, hits in found.items() if hits} == {}
    # the rule of each refusal is there, small and apart, in the screen's language
    assert len(seen["rule_lines"]) >= 3 * len(GAMES)
    assert all(RULE_LINE[lang].match(line) for line in seen["rule_lines"])
    for key, (banner, rule, height) in seen["banners"].items():
        assert banner and not SPEC_LABEL.search(banner), key
        assert banner in texts[f"play_{key.replace('_', '_refused', 1)}"], key
        assert RULE_LINE[lang].match(rule), (key, rule)
        assert height <= 440, key
    # big enough to read at arm's length, the rule smaller, nothing cut off
    text_size, rule_size = seen["banner_fonts"]
    assert text_size >= BANNER_MIN_FONT and 16 <= rule_size <= 18 and rule_size < text_size
    assert seen["banner_cut"] == []
    # options that cannot matter for the number of players are not offered
    options = seen["options_shown"]
    assert options["clovece_2"] == [] and options["clovece_4"] == ["play_on"]
    assert options["clovece_5"] == ["play_on", "track_length"]
    assert options["quoridor_2"] == [] and options["quoridor_4"] == [
        "sidestep_when_pawn_behind"]
    # a corrected position refused while its text is edited: said in the editor itself
    problem, rule = seen["fix_problem"]
    assert problem.startswith({"en": "In the corrected position", "cs": "V opravené pozici"}[lang])
    assert rule == ""  # a notation error names no rule
    # Crash's typed short form, refused: whole in the screen's language, the rule small
    problem, rule = seen["crash_fix_problem"]
    assert problem == {
        "en": "A car already stands on e5. Choose an empty field, or first take that car away.",
        "cs": "Na e5 už stojí autíčko. Vyberte prázdné pole, nebo to autíčko nejdřív odeberte.",
    }[lang]
    assert RULE_LINE[lang].match(rule), rule
