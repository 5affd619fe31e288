"""Crash by Crash scenarios, played in a real window by taps (one per subprocess).

    python tests/ui/scenarios/crash/game.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]

Fields are tapped where the board draws them, arrows where the board shows them, and the
strip's and picker's buttons by their text.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # a script: tests/ui on the path, not this package's folder
    sys.path[0] = str(Path(__file__).resolve().parents[2])

from driver import (  # noqa: E402  (configures Kivy before it is imported)
    Driver,
    count_made,
    from_menu,
    open_new_game,
    run_from_command_line,
    see_result,
    until,
    until_quiet,
)
from kivy.uix.boxlayout import BoxLayout  # noqa: E402
from kivy.uix.label import Label  # noqa: E402

from companion.app.boards.crash.panels import STRIP_FONT, CrashCardButton  # noqa: E402
from companion.app.labels.widths import text_width  # noqa: E402
from companion.app.screens.play.panels import ChoiceButton  # noqa: E402
from companion.app.screens.play.table_lines import InstructionLine, InstructionLines  # noqa: E402
from companion.engine import open_game  # noqa: E402
from companion.table.session import Setup  # noqa: E402
from scenarios.crash.probes import (  # noqa: E402
    count_events_painted,
    count_layouts,
    count_moving_worked_out,
    count_redraws,
    count_renders,
    record_line_renders,
    record_static_layers,
)

P = 0.15
Scenario = Callable[[Driver], Iterator[float]]

INITIAL = ("e5", "e6", "g7", "i4", "k9", "c3", "m10", "h8")
"""Eva (A) and Pat (B) place their starting cars alternately, one per tile."""

NEAR_END = (
    "board reference | holes Ht12 Ht21 Ht23 Ht32 Ht41 Ht43 | bells b10 e11 g10 l11 | "
    "operator n4 | A: a1 g9 i10 m10 | B: c3 d8 h8 i6 j9 | score A=33 B=29 | "
    "batteries A=2 B=1 | evals 6 | turn 20 A | first A | "
    "cards display=lambada,rocket,tandem hands=3,3 pile=30"
)
"""Six evaluations done; Eva's car on g9 stands next to the bell on g10."""

TEAM = (
    "board reference | bells a5 b10 e11 f2 f6 g4 g10 k3 l7 l11 | operator n4 | "
    "A: e5 g7 k9 m10 | B: c3 e6 h8 i4 | score A=10 B=10 | batteries A=4 B=4 | evals 0 | "
    "turn 1 B1 | first A1 | cards hands=3,3,3,3 pile=27"
)
"""The team game after its set-up: team B (Pat & Ota) starts."""


def play_screen(d: Driver) -> Any:
    return d.app.root.get_screen("play")


def board(d: Driver) -> Any:
    return play_screen(d).board


def tap_field(d: Driver, name: str) -> None:
    b = board(d)
    d.tap_at(*b.to_window(*b.field_centre(name)))


def tap_arrow(d: Driver, direction: str) -> None:
    b = board(d)
    d.tap_at(*b.to_window(*b.arrow_centres()[direction]))


def tap_strip(d: Driver, text: str) -> None:
    d.tap_text(text, board(d).strip)


def tap_pick(d: Driver, kind: str) -> None:
    d.tap(board(d).picker.button(kind))


def tap_ok(d: Driver) -> None:
    d.tap(play_screen(d).ids.action_area.children[0].ids.ok_button)


def seen(d: Driver) -> dict[str, Any]:
    """What the screen shows now: status, hint strip, action area text, banner."""
    play = play_screen(d)
    area = play.ids.action_area.children
    texts = [w.text for w in area[0].walk() if hasattr(w, "text") and w.text] if area else []
    buttons = list(reversed(board(d).strip.ids.buttons.children))
    return {"status": play.status, "strip": board(d).strip.text, "action": play.action_kind,
            "area": texts, "banner": play.banner, "history": d.history,
            "preview": board(d).preview, "targets": sorted(board(d).tap_state.targets),
            "strip_buttons": [b.text for b in buttons],
            # labels that do not fit their button whole (they would show "…")
            "strip_cut": [b.text for b in buttons
                          if text_width(b.text, STRIP_FONT) > b.width - 8 or b.width < 60]}


def open_position(d: Driver, names: list[str], colours: list[str], position: str) -> None:
    """Open a match at ``position`` as the app would resume it (stored, then shown)."""
    table = d.app.table
    match = open_game("crash", players=len(names), names=names, position=position)
    stored = d.app.store.start(match, {"colours": colours})
    table.setup = Setup("crash", names, colours, {})
    table._open(match, stored)
    d.app.go("play")


def two_players(d: Driver) -> Iterator[float]:
    """New game → set-up by taps → a placement with batteries → a refused tap → undo →
    a near-end position → the seventh evaluation → result screen."""
    lang = d.app.table.lang
    yield from open_new_game(d, ["Eva", "Pat"], ["red", "blue"], "crash")
    d.shot(f"crash_newgame_{lang}")
    d.tap(d.widget("newgame", "start_button"))
    yield 0.5
    play = play_screen(d)
    d.results["board"] = type(play.board).__name__
    d.results["start"] = seen(d)
    d.shot(f"crash_setup_first_{lang}")
    tap_strip(d, "Eva")                                   # Eva was last on the bumper cars
    yield P
    d.results["operator_stage"] = seen(d)
    card_names = count_renders(CrashCardButton)
    tap_field(d, "n4")                                     # the operator's start
    yield P
    d.results["display_stage"] = seen(d)
    d.results["card_names_rendered_at_display"] = card_names[0]
    d.shot(f"crash_setup_display_{lang}")
    for kind in ("lambada", "rocket", "tandem"):
        tap_pick(d, kind)
        yield 0.05
    yield P
    painter = board(d).painter
    made = {name: layer.meshes_made for name, layer in painter.mesh_layers.items()}
    for name in INITIAL:
        tap_field(d, name)
        yield 0.05
    yield 0.2
    d.results["meshes_made_by_the_cars_set_up"] = {
        name: layer.meshes_made - made.get(name, 0) for name, layer in painter.mesh_layers.items()}
    d.results["after_setup"] = seen(d)
    d.results["board_draw_calls"] = d.draw_calls(board(d))
    d.shot(f"crash_setup_done_{lang}")
    # Pat (B) starts: a car on e4 pushing his own car e6? No: e5 is Eva's, the push goes east.
    painted = count_events_painted(board(d).painter)
    tap_field(d, "e4")
    yield P
    d.results["events_painted_by_a_selection"] = painted[0]
    d.results["arrows"] = sorted(board(d).arrow_centres())
    d.results["after_field"] = seen(d)
    d.shot(f"crash_place_arrows_{lang}")
    tap_arrow(d, "E")
    yield P
    d.results["after_arrow"] = seen(d)
    tap_strip(d, "1 bat." if lang == "en" else "1 bat.")
    yield P
    d.results["preview"] = seen(d)
    d.shot(f"crash_place_preview_{lang}")
    painted = count_events_painted(board(d).painter)
    tap_ok(d)
    yield 0.2
    d.results["animating"] = board(d).move_progress < len(board(d).chains)
    d.shot(f"crash_push_moving_{lang}")
    d.results["moving_worked_out_in_a_redraw"] = count_moving_worked_out(board(d))
    yield 0.5
    d.results["events_painted_by_a_push"] = painted[0]
    d.results["after_place"] = seen(d)
    d.shot(f"crash_after_push_{lang}")
    tap_field(d, "c3")                                     # a car stands there: refused
    yield 0.3
    d.results["refused"] = seen(d)
    d.shot(f"crash_refused_{lang}")
    d.tap(play.ids.banner)
    yield P
    d.tap(play.ids.undo_button)
    yield 0.3
    d.results["after_undo"] = seen(d)
    # near the end: six evaluations done, Eva's car g9 beside the bell g10
    layers = record_static_layers(board(d).painter)
    open_position(d, ["Eva", "Pat"], ["red", "blue"], NEAR_END)
    yield 0.5
    for _frame in range(40):  # frames go by while the players look at the board
        if not board(d).painter._static_due and len(layers) > 1:
            break
        board(d).canvas.ask_update()
        yield 0.05
    d.results["near_end"] = seen(d)
    d.results["static_layers_near_end"] = list(layers)
    del layers[:]
    tap_field(d, "g8")
    yield P
    tap_arrow(d, "E")
    yield P
    d.results["end_preview"] = seen(d)
    d.shot(f"crash_end_preview_{lang}")
    tap_arrow(d, "E")                                      # a second tap on the arrow places it
    yield 0.6
    d.results["after_end"] = seen(d)
    d.results["static_layers_after_end"] = list(layers)
    d.shot(f"crash_evaluation_{lang}")
    # a whole game played and stored, finished (its key a SHA-256), with a new game's identity
    # and the set-up's draws: none of OpenSSL's digests, secrets or uuid was loaded for it (the
    # result screen's QR code maker loads hashlib: segno, with urllib)
    d.results["modules_not_needed"] = sorted(
        name for name in ("hashlib", "_hashlib", "secrets", "hmac", "uuid", "_uuid", "platform")
        if name in sys.modules)
    yield from see_result(d)
    d.results["screen_after_end"] = d.screen.name
    d.results["headline"] = d.app.table.words.result_headline()
    d.shot(f"crash_result_{lang}")
    # the same board in history replay only shows: no targets, no buttons, taps ignored
    replay = type(board(d))(is_interactive=False)
    replay.host = d.app.table
    replay.size = (480, 480)
    replay.refresh(["place A g8", "move g9>g10"])
    d.results["replay"] = {"targets": sorted(replay.tap_state.targets), "strip": replay.strip.text,
                           "buttons": len(replay.strip.ids.buttons.children),
                           "chains": replay.chains}


def team_game(d: Driver) -> Iterator[float]:
    """The 4-player team game: open it, place one car by taps."""
    lang = d.app.table.lang
    open_position(d, ["Eva", "Pat", "Ida", "Ota"], ["red", "blue", "green", "yellow"], TEAM)
    yield 0.5
    d.results["start"] = seen(d)
    tap_field(d, "f5")
    yield P
    d.results["arrows"] = sorted(board(d).arrow_centres())
    d.shot(f"crash_team_arrows_{lang}")
    tap_arrow(d, "NE")
    yield P
    tap_ok(d)
    yield 0.6
    d.results["after"] = seen(d)
    d.shot(f"crash_team_{lang}")
    tap_strip(d, board(d).tr("Card"))                      # action 2: Dead Battery
    yield P
    tap_pick(d, "deadbat")
    yield P
    tap_ok(d)
    yield 0.3
    d.results["draw4"] = seen(d)
    d.results["draw4_picker"] = board(d).picker_purpose
    d.shot(f"crash_team_draw4_{lang}")
    tap_pick(d, "rocket")                                  # Pat drew 2, put Rocket Drive down
    yield 0.3
    d.results["next_turn"] = seen(d)


AFTER_SETUP = (
    "board reference | bells a5 b10 e11 f2 f6 g4 g10 k3 l7 l11 | operator n4 | "
    "A: e5 g7 k9 m10 | B: c3 e6 h8 i4 | score A=10 B=10 | batteries A=4 B=4 | evals 0 | "
    "turn 1 B | first A | cards display=lambada,rocket,tandem hands=3,3 pile=30"
)
"""The 2-player game right after its set-up (as ``two_players`` sets it up): Pat starts."""


def tap_choice(d: Driver, text: str) -> None:
    d.tap_text(text, play_screen(d).ids.action_area)


def other_actions(d: Driver) -> Iterator[float]:
    """The operator (2 steps), a card with targets, the end-of-turn draw and display refill,
    the magnetic car, a swap and a pass, all by taps."""
    lang = d.app.table.lang
    open_position(d, ["Eva", "Pat"], ["red", "blue"], AFTER_SETUP)
    yield 0.5
    made = count_made(ChoiceButton)  # the choice list's buttons made from here on
    lines_made = count_made(InstructionLine)  # and the table lines' labels
    labels_made = count_made(Label)  # any label (a line height measured by a probe label)
    tap_field(d, "n4")                                     # Pat taps the operator
    yield P
    d.results["operator_targets"] = seen(d)["targets"]
    tap_field(d, "m5")
    yield P
    tap_field(d, "l5")
    yield P
    d.results["operator_preview"] = seen(d)
    d.shot(f"crash_operator_{lang}")
    tap_field(d, "l5")                                     # the last step again: moved
    yield 0.6
    d.results["after_operator"] = seen(d)
    yield 0.3
    tap_strip(d, board(d).tr("Card"))
    yield P
    d.results["playable"] = sorted(
        child.kind for child in board(d).picker.ids.grid.children if not child.disabled)
    d.shot(f"crash_cards_{lang}")
    tap_pick(d, "lambada")
    yield P
    d.results["lambada_targets"] = seen(d)["targets"]
    tap_field(d, "e5")
    yield P
    tap_field(d, "e6")
    yield P
    d.results["card_preview"] = seen(d)
    redraws = count_redraws(board(d))
    tap_ok(d)  # (the operator's moves were shown moving before: their animation is over)
    d.results["redraws_in_tap"] = redraws[0]  # the touch's own work, before the frames
    yield 0.3
    d.results["draw"] = seen(d)
    d.results["draw_choice_buttons"] = [
        w.text for w in play_screen(d).ids.action_area.walk(restrict=True)
        if type(w).__name__ == "ChoiceButton" and w.parent is not None]
    d.results["choice_buttons_made_in_taps"] = made[0]
    d.results["labels_made_in_taps"] = labels_made[0]
    d.shot(f"crash_draw_{lang}")
    tap_choice(d, board(d).card_label("rocket"))           # Pat takes Rocket Drive
    yield 0.3
    d.results["refill"] = seen(d)
    d.shot(f"crash_refill_{lang}")
    row = board(d).strip.ids.buttons.__self__  # (kv ids are weak proxies)
    passes = count_layouts()
    tap_pick(d, "saboteur")                                # the new display card
    yield 0.3
    # the five actions back in the strip: their row laid out once, at the strip's width
    d.results["strip_row_passes_at_new_turn"] = [len(row.children), passes.get(id(row), 0)]
    d.results["eva_turn"] = seen(d)
    tap_strip(d, board(d).tr("Magnet"))
    yield P
    d.results["magnet_targets"] = seen(d)["targets"]
    tap_field(d, d.results["magnet_targets"][0])
    yield P
    d.results["magnet_preview"] = seen(d)
    tap_field(d, d.results["magnet_targets"][0])           # the same field again: placed
    yield 0.3
    tap_strip(d, board(d).tr("Swap"))
    yield P
    for kind in ("fluct", "ticket", "blind", "blind"):
        tap_pick(d, kind)
        yield 0.05
    yield P
    d.results["swap_preview"] = seen(d)
    passes.clear()
    asked = record_line_renders()
    tap_ok(d)                                              # the swap tells five lines
    yield 0.3
    shown = [lines for lines in play_screen(d).walk(restrict=True)
             if isinstance(lines, InstructionLines) and lines.children]
    d.results["line_passes_at_swap"] = [[len(lines.children), passes.get(id(lines), 0)]
                                        for lines in shown]
    widths = {(id(label), label.text): label.text_size[0] for lines in shown
              for label in lines.children}
    d.results["lines_asked_at_other_widths"] = [
        [text, width] for label, text, width in asked
        if (label, text) in widths and width != widths[(label, text)]]
    del asked[:]
    d.results["pat_again"] = seen(d)
    tap_strip(d, board(d).tr("Pass"))
    yield P
    tap_ok(d)
    yield 0.3
    d.results["after_pass"] = seen(d)
    d.results["instruction_lines_made_in_taps"] = lines_made[0]
    tap_strip(d, board(d).tr("Card"))                      # Eva: Double Hit, then its car
    yield P
    tap_pick(d, "double")
    yield P
    tap_ok(d)
    yield 0.3
    tap_field(d, "g8")
    yield P
    d.results["double_first"] = sorted(board(d).arrow_centres())
    tap_arrow(d, "W")
    yield P
    d.results["double_second"] = sorted(board(d).arrow_centres())
    tap_arrow(d, "SE")
    yield P
    d.results["double_preview"] = seen(d)
    d.shot(f"crash_double_{lang}")
    tap_arrow(d, "SE")                                     # the same arrow again: placed
    yield 0.6
    d.results["after_double"] = seen(d)


def fix_by_taps(d: Driver) -> Iterator[float]:
    """Menu → Fix the position: a car moved, a magnetic car added, a car taken off into a hole,
    the operator into a hole, a point more, a move onto a car refused; Done. Then one more
    correction, cancelled."""
    lang = d.app.table.lang
    open_position(d, ["Eva", "Pat"], ["red", "blue"], NEAR_END)
    yield 0.5
    play = play_screen(d)
    fields = d.app.table.snapshot()["state"]["fields"]
    empty = [f["name"] for f in fields
             if not (f["car"] or f["bell"] or f["operator"] or f["hole"])]
    hole = next(f for f in fields if f["hole"])
    d.results["empty"], d.results["hole"] = empty[:3], [hole["name"], hole["tile"]]
    yield from from_menu(d, d.app.tr("Fix the position"))
    yield 0.4
    panel = play.ids.action_area.children[0]
    d.results["fixing"] = [play.is_fixing, type(panel).__name__, board(d).strip.text]
    tap_field(d, "g9")                                     # Eva's car …
    yield P
    d.results["picked"] = [board(d).fix_message, board(d).tap_state.selected]
    tap_field(d, empty[0])                                 # … stands there
    yield 0.4
    d.tap(d.find(board(d).fix_car_text(), play.ids.action_area))  # next: A's magnetic car
    yield P
    d.results["new_car"] = board(d).fix_car_text()
    tap_field(d, empty[1])                                 # a car the screen missed
    yield 0.4
    tap_field(d, "c3")                                     # Pat's car fell into a hole
    yield P
    tap_field(d, hole["name"])
    yield 0.4
    tap_field(d, "n4")                                     # the operator stands in the hole
    yield P
    tap_field(d, hole["name"])
    yield 0.4
    panel = play.ids.action_area.children[0]
    d.tap(d.find("+", panel.children[2]))                  # Eva's score row: one point more
    yield 0.4
    tap_field(d, "d8")
    yield P
    tap_field(d, "h8")                                     # onto a car: refused, nothing sent
    yield P
    d.results["refused"] = board(d).fix_message
    d.results["during"] = [d.history, play.is_fixing]
    d.shot(f"crash_fix_{lang}")
    d.tap(play.ids.undo_button)                            # Done
    yield 0.4
    d.results["after_done"] = [d.history, play.is_fixing, board(d).is_fixing]
    yield from from_menu(d, d.app.tr("Fix the position"))
    yield 0.4
    tap_field(d, "i10")
    yield P
    tap_field(d, empty[2])
    yield 0.4
    d.results["second"] = list(d.history)
    d.tap(play.ids.redo_button)                            # Cancel: that correction is undone
    yield 0.4
    d.results["after_cancel"] = [d.history, play.is_fixing]


def choices_again(d: Driver) -> Iterator[float]:
    """Two turns end with the same display: the second time the end-of-turn choices are shown,
    their buttons are laid out and rendered as often as the first time asked for (their card
    names taken back), and the panel that gives them its place is not laid out aside."""
    from companion.app.boards.crash.panels import CrashPicker
    from companion.app.frames.steady_layouts import SteadyBoxLayout
    from companion.app.screens.play.panels import ChoiceArea, InfoArea

    renders: list[str] = []
    passes: list[str] = []
    render, lay_out = Label.texture_update, BoxLayout.do_layout

    def rendering(label: Any, *largs: Any) -> None:
        if isinstance(label.parent, ChoiceButton):
            renders.append(label.text)
        render(label, *largs)

    def laying_out(layout: Any, *largs: Any) -> None:
        if isinstance(layout, ChoiceButton):
            passes.append("choice")
        elif isinstance(layout, ChoiceArea):
            passes.append("area")
        elif isinstance(layout, InfoArea) and layout.parent is None:
            passes.append("info set aside")
        lay_out(layout, *largs)

    steady = SteadyBoxLayout.do_layout

    def steadying(layout: Any, *largs: Any) -> None:  # (a pass or one found needless)
        if isinstance(layout, CrashPicker) and layout.parent is None:
            passes.append("picker set aside")
        steady(layout, *largs)

    rendering.__name__ = "texture_update"
    laying_out.__name__ = steadying.__name__ = "do_layout"
    Label.texture_update, BoxLayout.do_layout = rendering, laying_out  # type: ignore[method-assign]
    SteadyBoxLayout.do_layout = steadying  # type: ignore[method-assign]

    def choices() -> list[str]:
        return [w.text for w in play_screen(d).ids.action_area.walk(restrict=True)
                if isinstance(w.parent, ChoiceButton)]

    def settled() -> Iterator[float]:  # every pass and render the last input asked for made
        yield from until_quiet(d, lambda: (len(renders), len(passes)))

    open_position(d, ["Eva", "Pat"], ["red", "blue"], AFTER_SETUP.replace(
        "hands=3,3 pile=30", "hands=2,2 pile=31"))  # each draws a card at a turn's end
    yield from until(d, lambda: d.screen.name == "play" and not choices())
    yield from settled()  # (on a busy machine the opening's passes come over many frames)
    shown = []
    for turn in range(2):
        del renders[:], passes[:]
        d.app.table.send("pass")                           # the turn ends: draw a card
        yield from until(d, lambda: len(choices()) == 4)
        yield from settled()
        shown.append({"choices": choices(), "renders": list(renders), "passes": list(passes)})
        if turn == 0:  # a display card taken: another laid out in its place
            d.app.table.send("draw d:lambada")
            yield from settled()
            del passes[:]
            d.app.table.send(d.app.table.match.legal()[0])  # (the board's picker closes)
            yield from settled()
            d.results["passes_at_refill"] = list(passes)
    Label.texture_update, BoxLayout.do_layout = render, lay_out  # type: ignore[method-assign]
    SteadyBoxLayout.do_layout = steady  # type: ignore[method-assign]
    d.results["shown"] = shown


def strip_widths(d: Driver) -> Iterator[float]:
    """Pat's turn through the strip's rows (an action's steps, Cancel, the five actions back):
    every strip button's text is rendered at the width its button keeps, once, not first at
    the width the button had before the strip laid its row out (a button made ahead: 100 px)."""
    from companion.app.boards.crash.panels import CrashStripButton

    renders: list[tuple[str, float]] = []
    render = Label.texture_update  # (a look taken back is no render)

    def rendering(label: Any, *largs: Any) -> None:
        if isinstance(label, CrashStripButton):
            renders.append((label.text, label.width))
        render(label, *largs)

    rendering.__name__ = "texture_update"  # Kivy's triggers look a bound method up by its name
    Label.texture_update = rendering  # type: ignore[method-assign]
    open_position(d, ["Eva", "Pat"], ["red", "blue"], AFTER_SETUP)
    yield from until(d, lambda: d.screen.name == "play" and bool(seen(d)["strip_buttons"]))
    yield from until_quiet(d, lambda: len(renders))
    steps = []
    for text in ("Operator", "Cancel", "Operator", "Cancel"):
        del renders[:]
        tap_strip(d, board(d).tr(text))
        yield from until_quiet(d, lambda: len(renders))
        shown = list(reversed(board(d).strip.ids.buttons.children))
        steps.append({"tapped": text, "renders": list(renders),
                      "buttons": [(button.text, button.width) for button in shown]})
    Label.texture_update = render  # type: ignore[method-assign]
    d.results["steps"] = steps


def status_looks(d: Driver) -> Iterator[float]:
    """The status line through a 2-player game's sentences, twice: each seat's two actions and
    one or two cards to draw, and the new display cards (1, 2 or 3). The second time round
    every look is taken back: none is rendered again."""
    from companion.app.screens.play.status import coloured_status

    open_position(d, ["Eva", "Pat"], ["red", "blue"], AFTER_SETUP)
    yield 0.5
    screen = play_screen(d)
    status = screen.ids.status.__self__  # (kv ids are weak proxies)
    looks = d.app.table.seat_looks()
    sentences = [coloured_status(f"{name}: {what}", looks, seat)
                 for seat, name in enumerate(("Eva", "Pat"))
                 for what in ("action 1 of 2", "action 2 of 2", "draw 1 card(s)",
                              "draw 2 card(s)")]
    sentences += [f"Enter the new display cards: {count}" for count in (1, 2, 3)]
    renders: list[str] = []
    render = Label.texture_update

    def rendering(label: Any, *largs: Any) -> None:
        if label is status:
            renders.append(label.text)
        render(label, *largs)

    rendering.__name__ = "texture_update"
    Label.texture_update = rendering  # type: ignore[method-assign]
    rounds = []
    for _round in range(2):
        del renders[:]
        for markup in sentences:
            screen.status_markup = markup
            yield 0.1
        rounds.append(len(renders))
    Label.texture_update = render  # type: ignore[method-assign]
    d.results["sentences"] = len(sentences)
    d.results["renders_by_round"] = rounds


SCENARIOS: dict[str, Scenario] = {"two_players": two_players, "team_game": team_game,
                                  "other_actions": other_actions, "fix_by_taps": fix_by_taps,
                                  "choices_again": choices_again, "status_looks": status_looks,
                                  "strip_widths": strip_widths}


if __name__ == "__main__":
    run_from_command_line(SCENARIOS)
