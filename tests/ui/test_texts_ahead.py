"""While the die panel waits for a roll, the table foresees each face once and the play
screen prepares their texts (app/screens/play/texts_ahead.py): the roll's tap renders none of
its table lines, not its status line and not the board's paragraph."""

from __future__ import annotations

from pathlib import Path

from conftest import run_scenario_script

SCRIPT = Path(__file__).parent / "scenarios" / "ahead.py"
FACES = [f"roll {face}" for face in range(1, 7)]


def test_a_rolls_table_lines_and_board_paragraph_are_ready_before_its_tap(
        display: str, tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "roll_texts_ready", display, tmp_path, "en")
    rolls = seen["rolls"]
    assert len(rolls) >= 15
    # while the panel waited, each face was foreseen once: not again and again (a still
    # screen costs nothing more)
    assert [roll["faces"] for roll in rolls if roll["faces"] != FACES] == []
    late = [(roll["lines"], text) for roll in rolls for text in roll["rendered"]
            if text in roll["lines"]]
    assert late == []  # the roll's table lines: rendered ahead, taken ready
    assert sum(len(roll["lines"]) for roll in rolls) >= len(rolls)
    # the status line after the roll: rendered ahead too, into the status label's looks
    assert [roll["status"] for roll in rolls if roll["status"] in roll["rendered"]] == []
    paragraphs = [roll for roll in rolls if roll["paragraph"] and not roll["rolloff"]]
    assert len(paragraphs) >= 10
    assert [roll["paragraph"] for roll in paragraphs
            if roll["paragraph"] in roll["rendered"]] == []
