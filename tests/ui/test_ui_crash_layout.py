"""Crash by Crash: "Shuffled layout" on the new-game screen, and the build guide that shows on
the board how to lay the physical tiles (issue #8), by real taps in English and Czech."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import run_scenario_script

from companion.games.crash.board import parse_tiles
from companion.table.crash_setup import guide_label

SCRIPT = Path(__file__).parent / "scenarios" / "crash" / "layout.py"
ROOT = Path(__file__).resolve().parents[2]
GUIDE = {"en": "Build guide", "cs": "Jak postavit"}
TITLES = {"en": ("Which tile lies on t33?", "X07 on t33: turned clockwise by"),
          "cs": ("Který dílek leží na t33?", "X07 na t33: otočený po směru hodin o")}


def run_layout(display: str, tmp_path: Path, scenario: str, lang: str) -> dict[str, Any]:
    return run_scenario_script(SCRIPT, scenario, display, tmp_path, lang,
                               store=tmp_path / f"{scenario}.sqlite3")


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_shuffled_layout_shows_the_build_guide(display: str, tmp_path: Path, lang: str) -> None:
    seen = run_layout(display, tmp_path, "shuffled_guide", lang)
    assert seen["layout_before"] == "reference" and seen["layout_after"] == "shuffled"
    # the app shuffled: a full tiles= option, and the guide shows exactly that layout
    placement = parse_tiles(seen["tiles"])
    assert seen["labels"] == {position: guide_label(position, entry)
                              for position, entry in placement.items()}
    assert seen["labels"]["t11"].split()[0] == placement["t11"][0]
    assert len(seen["stars"]) == 10                  # 10 of the 12 flowers carry a star (R10)
    guide = GUIDE[lang]
    # at the start of the set-up the guide is shown, its strip button chosen
    assert seen["start"]["shown"] and seen["start"]["history"] == []
    assert [guide, "chosen"] in seen["start"]["buttons"]
    assert [text for text, _tone in seen["start"]["buttons"]] == ["Eva", "Pat", guide]
    assert not seen["hidden"]["shown"] and [guide, "normal"] in seen["hidden"]["buttons"]
    assert seen["again"]["shown"]
    # the tile editor: t33 (tapped on h7) gets X07 turned 180°, recorded as one fix, undoable
    assert seen["picker_title"] == TITLES[lang][0]
    assert seen["turn_title"] == TITLES[lang][1]
    assert len(seen["edited"]["history"]) == 1
    assert seen["fix_line"].startswith("fix board tiles t11=")
    assert "t33=X07:1" in seen["fix_line"]
    assert seen["edited"]["shown"]
    assert seen["edited_labels"]["t33"] == "X07 \u21bb180\u00b0"
    if seen["old_x07"] != ["t33"]:   # X07 lay elsewhere: that position now has t33's old tile
        [elsewhere] = seen["old_x07"]
        assert seen["edited_labels"][elsewhere].split()[0] == seen["old_t33"].split()[0]
    assert seen["undone"]["history"] == [] and seen["undone"]["shown"]
    assert seen["undone_labels"] == seen["labels"]
    # the first placer chosen: the set-up goes on, the guide stays available in the strip
    assert seen["operator_stage"]["history"] == ["first A"]
    assert not seen["operator_stage"]["shown"]
    assert [guide, "normal"] in seen["operator_stage"]["buttons"]
    # started again on the same store: Crash's new game offers the shuffled layout again
    again = run_scenario_script(SCRIPT, "new_game_layout", display, tmp_path, lang,
                                store=tmp_path / "shuffled_guide.sqlite3")
    assert again["game"] == "crash" and again["layout"] == "shuffled"
