"""Whole games with the table's own die: every roll is a tap on one of six faces, the roll-off
shows each player's roll beside their name, and refused inputs show why (Člověče's long middle
skipped by a corrected position, see ``NEAR_THE_END``). Played by
``driver.py`` like those of ``play.py`` (``__init__.py`` gathers them)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from driver import Driver, open_new_game, see_result, until, until_still

from companion.engine import IllegalInput, choose_input
from companion.table.rolloff import rolloff_rolls

Scenario = Callable[[Driver], Iterator[float]]
MAX_INPUTS = 600
REFUSALS = {
    "clovece": ("move 5 R", "enter Q", "goal-move 9", "place kart F01", "move 30 B"),
    "patamat": ("go", "place kart CIL", "place kart F99", "choose rusty", "place car F02"),
}
"""Inputs to try at the first decision: the first three the game refuses are shown."""
NEAR_THE_END = {
    "clovece": ("board4 seats{S0,S2} | S0 home{} goal{1:R,2:Y,3:G} | S2 home{} goal{1:R,2:Y,3:G} "
                "| track{16:B, 36:B} | turn S0"),
}
"""A position corrected in mid-game (``fix``) once the roll-off, the refusals and a dozen faces
are behind: each player's last piece a few fields before their goal. A two-player Člověče
played out from the start takes a few hundred faces; from here, a handful."""
FACES_BEFORE_THE_FIX = 12


def table_die_game(game: str, options: dict[str, Any]) -> Scenario:
    def scenario(d: Driver) -> Iterator[float]:
        lang = d.app.table.lang
        seen = d.results
        yield from open_new_game(d, ["Eva", "Pat"], ["red", "blue"], game=game, options=options)
        d.tap(d.widget("newgame", "start_button"))
        yield 0.5
        play = d.app.root.get_screen("play")
        table = d.app.table
        match = table.match
        faces_rng = random.Random(7)
        tapped: list[int] = []
        seen.update(face_sizes=[], roll_buttons_shown=0, rolloff_rows=[], refusals=[])
        refused = False
        near_the_end = NEAR_THE_END.get(game)
        while not match.is_over and len(match.history) < MAX_INPUTS:
            if (near_the_end and refused and len(tapped) >= FACES_BEFORE_THE_FIX
                    and match.awaiting == "roll" and rolloff_rolls(match) is None):
                if not table.fix(near_the_end):
                    raise AssertionError(f"the position was not taken: {near_the_end}")
                near_the_end = None
                seen["fixed_after_faces"] = len(tapped)
                yield 0.02  # the board and the faces as the position has them
                continue
            if match.awaiting == "roll":
                panel = play.ids.action_area.children[0]
                faces = list(reversed(panel.ids.faces.children))
                if not tapped:
                    seen["face_sizes"] = [list(face.size) for face in faces]
                    seen["faces_title"] = panel.faces_title
                    d.shot(f"{game}_table_faces_{lang}")
                seen["roll_buttons_shown"] += int(panel.roll_row.parent is not None)
                face = faces_rng.randint(1, 6)
                before = len(match.history)
                d.tap(faces[face - 1])  # played at once: the tap is dispatched here
                tapped.append(face)
                if len(match.history) != before + 1:
                    raise AssertionError(f"the face {face} was not played")
                if rolloff_rolls(match) is not None or len(tapped) == 1:
                    yield 0.02  # the roll-off's rows as drawn
                    rows = play.ids.scoreboard.children
                    seen["rolloff_rows"].append([row.counters for row in reversed(rows)])
                    if len(seen["rolloff_rows"]) == 1:
                        d.shot(f"{game}_table_rolloff_{lang}")
                elif match.awaiting == "roll":
                    yield 0.02  # a frame: the next face is tapped where the screen shows it
                continue  # a move next: chosen on the screen as it is, no frame between
            if not refused and match.awaiting in ("move", "setup"):
                refused = True
                yield from show_refusals(d, game, lang)
            play.choose(choose_input(match, "easy", seed=len(match.history)))
            yield 0.02
        seen["over"] = match.is_over
        rolls = [int(line.split()[1]) for line in match.history if line.startswith("roll ")]
        seen["rolls_equal_taps"] = rolls == tapped
        seen["table_counts"] = table.store.face_counts("table")
        seen["software_counts"] = table.store.face_counts("software")
        yield from see_result(d)  # the final board, then the result screen on a tap
        seen["screen_after"] = d.app.root.current
        seen["taps"] = len(tapped)  # the faces tapped (the driver counts every tap here)

    return scenario


def show_refusals(d: Driver, game: str, lang: str) -> Iterator[float]:
    """Three inputs the game refuses now, each tapped in as a choice: the banner says why."""
    play = d.app.root.get_screen("play")
    match = d.app.table.match
    shown = 0
    for line in REFUSALS[game]:
        try:
            match.rules.apply(match.state, line)
            continue  # accepted here: not a refusal
        except IllegalInput:
            pass
        before = len(match.history)
        play.choose(line)
        yield 0.3
        shown += 1
        d.results["refusals"].append({"line": line, "banner": play.banner,
                                      "rule": play.banner_rule,
                                      "history_unchanged": len(match.history) == before})
        d.shot(f"{game}_table_refused{shown}_{lang}")
        play.hide_banner()
        if shown == 3:
            return


def roll_held_opens_the_faces(d: Driver) -> Iterator[float]:
    """The software die, but the table's die was rolled anyway: Roll held opens the faces."""
    from touch import Touch

    seen = d.results
    yield from open_new_game(d, ["Eva", "Pat"], ["red", "blue"], game="clovece")
    d.tap(d.widget("newgame", "start_button"))
    yield 0.5
    play = d.app.root.get_screen("play")
    button = play.ids.action_area.children[0].ids.roll_button
    touch = Touch(*button.to_window(*button.center))
    touch.touch_down()
    yield from until(d, lambda: play._modal is not None, seconds=5.0)  # held: the faces open
    touch.touch_up()
    yield 0.1
    seen["history_after_hold"] = d.history
    dialog = play._modal
    seen["dialog_title"] = getattr(dialog, "title", None)
    d.shot(f"faces_dialog_{d.app.table.lang}")
    d.tap(list(reversed(dialog.ids.faces.children))[3])  # the face 4
    yield from until(d, lambda: len(d.history) == 1 and play._modal is None, seconds=5.0)
    yield 0.2
    seen["history_after_face"] = d.history
    seen["table_counts"] = d.app.table.store.face_counts("table")
    d.tap(button)                                        # a plain tap rolls the software die
    yield from until(d, lambda: len(d.history) == 2, seconds=5.0)
    seen["history_after_tap"] = d.history
    seen["software_counts"] = d.app.table.store.face_counts("software")


def companion_waits_for_the_table_die(d: Driver) -> Iterator[float]:
    """A companion seat with the table's die: a person rolls for it and taps the face; then
    the companion decides by itself."""
    seen = d.results
    d.app.store.set_setting("companion_pause", 0.1)
    yield from open_new_game(d, ["Eva", "Pat"], ["red", "blue"], game="clovece")
    newgame = d.app.root.get_screen("newgame")
    rows = list(reversed(newgame.ids.players.children))
    d.tap(rows[1].ids.kind_button)                       # Pat's seat: the companion
    yield 0.3
    d.tap(d.widget("newgame", "start_button"))
    yield 0.5
    play = d.app.root.get_screen("play")
    faces = list(reversed(play.ids.action_area.children[0].ids.faces.children))
    d.tap(faces[2])                                      # Eva's roll-off: 3
    yield 1.0                                            # the companion would have rolled
    seen["history_while_waiting"] = d.history
    seen["faces_title"] = play.ids.action_area.children[0].faces_title
    d.shot(f"table_die_companion_{d.app.table.lang}")
    d.tap(faces[5])                                      # a person rolls 6 for the companion
    yield 0.3
    seen["history_after_face"] = d.history


def settings_choose_the_table_die(d: Driver) -> Iterator[float]:
    """Settings: the table's die is one tap; the fairness figures are kept per die."""
    seen = d.results
    for face in (1, 2, 2, 6):
        d.app.store.count_face("software", face)
    d.app.store.count_face("gpio", 5)
    d.app.go("settings")
    yield from until_still(d, d.widget("settings", "die_table"))
    d.tap(d.widget("settings", "die_table"))
    # in a ScrollView a quick tap is released 0.2 s later (more on a busy machine)
    yield from until(d, lambda: d.app.table.die.source == "table", seconds=5.0)
    yield 0.2
    seen["die_source"] = d.app.table.die.source
    seen["remembered"] = d.app.store.setting("die")
    seen["fairness"] = d.app.root.get_screen("settings").fairness
    d.shot(f"settings_table_die_{d.app.table.lang}")


def the_table_die(scenario: Scenario) -> Scenario:
    scenario.die_spec = lambda: "table"  # type: ignore[attr-defined]
    return scenario


SCENARIOS: dict[str, Scenario] = {
    "table_die_clovece": the_table_die(table_die_game("clovece", {"play_on": False})),
    "table_die_patamat": the_table_die(table_die_game("patamat", {"target": 1})),
    "roll_held_opens_the_faces": roll_held_opens_the_faces,
    "settings_choose_the_table_die": settings_choose_the_table_die,
    "companion_waits_for_the_table_die": the_table_die(companion_waits_for_the_table_die),
}
