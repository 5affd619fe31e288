"""Every screen's words, collected as a player sees them: home, new game for every game and
player count, play in every game with three refused inputs each (the banner and its rule line),
the menu, the move log and a refused corrected position, the result, the history, the replay and
the settings. Every visible label's text is gathered from the widget tree; the texts of the
rule line (``RuleLine``, the only place a rule may show) are kept apart. Played by ``driver.py``
like those of ``play.py`` (``__init__.py`` gathers them)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from driver import Driver, see_result, seed_players, until, until_still
from kivy.core.window import Window
from kivy.uix.label import Label

from companion.engine import GAMES
from companion.table.session import Setup

P = 0.15
Scenario = Callable[[Driver], Iterator[float]]

COLOURS = ["red", "blue", "green", "yellow", "purple", "orange"]
CLOVECE_CAPTURE = ("board4 seats{S0,S1,S2} | S0 home{Y,G} goal{} | S1 home{R,Y,G} goal{} | "
                   "S2 home{R,Y,G,B} goal{} | track{0:B, 3:R, 5:B} | turn S0")
CRASH_TURN = " | ".join(["board all=1", "operator o1", "A: a13", "B: e5", "turn 1 A",
                         "cards display=lambada,rocket,tandem"])
PLAYS: dict[str, tuple[list[str], str, list[str], list[str]]] = {
    # game: (names, a corrected position to start from, inputs before, three refused inputs)
    "quoridor": (["Eva", "Pat"], "", ["e8", "a3h"], ["b3h", "a3v", "e6"]),
    "clovece": (["Eva", "Pat", "Ola"], CLOVECE_CAPTURE, ["roll 6", "roll 2", "enter Y", "move 3 R"],
                ["give B@0 -> S2", "give B@5 -> S1", "roll 4"]),
    "patamat": (["Pat", "Mat"], "", [], ["place kart F07", "roll 2", "place kart START"]),
    "pacman": (["Eva", "Pat"], "", [], ["blinky:c3", "P:e7-e6", "P:e7-a1"]),
    "crash": (["Eva", "Pat"], CRASH_TURN, [],
              ["place e5 push=E", "card fluct g9 e2", "place e4 push=E bat=7"]),
}
QUORIDOR_WIN = ["e8", "a3h", "e7", "d1", "e6", "g5v", "e5", "b6h", "e4", "h3h", "e3", "c7v",
                "e2", "c1", "e1"]


def _is_shown(widget: Any) -> bool:
    """On screen: in the window, with a size, and neither it nor a parent made invisible."""
    if widget.get_root_window() is None or widget.width < 1 or widget.height < 1:
        return False
    while widget is not None and widget is not Window:
        if getattr(widget, "opacity", 1) <= 0:
            return False
        widget = widget.parent
    return True


def visible_texts() -> tuple[list[str], list[str]]:
    """(the texts of every visible label, the texts of the visible rule lines)."""
    texts: list[str] = []
    rules: list[str] = []
    for top in list(Window.children):
        for widget in top.walk(restrict=True):
            if isinstance(widget, Label) and widget.text and _is_shown(widget):
                is_rule = type(widget).__name__ == "RuleLine"
                (rules if is_rule else texts).append(str(widget.text))
    return texts, rules


def _refused_fix_text(
    d: Driver, text: str, key: str, look: Callable[[str], None]
) -> Iterator[float]:
    """A corrected position typed and refused: the editor's words kept as ``{key}_problem``
    (the problem and its rule line), the screen as ``{key}_text_refused``."""
    play = d.app.root.get_screen("play")
    play.begin_fix_text()
    yield 0.3
    play.send_fix_text(text)
    yield 0.3
    look(f"{key}_text_refused")
    d.results[f"{key}_problem"] = [play._modal.problem, play._modal.problem_rule]
    d.shot(f"words_{key}_text_refused_{d.app.table.lang}")
    play.close_modal()
    yield P


def screen_words(d: Driver) -> Iterator[float]:
    lang = d.app.table.lang
    seen = d.results
    seen["texts"] = {}
    seen["rule_lines"] = []
    seen["banners"] = {}

    def look(key: str) -> None:
        texts, rules = visible_texts()
        seen["texts"][key] = texts
        seen["rule_lines"].extend(rules)

    seed_players(d, ["Eva", "Pat"], ["red", "blue"])
    d.app.go("home")
    yield 0.3
    look("home")
    d.shot(f"words_home_{lang}")

    # new game: every game, every number of players
    d.tap(d.widget("home", "new_game_button"))
    yield 0.3
    new = d.app.root.get_screen("newgame")
    for game, description in GAMES.items():
        d.tap_text(d.app.table.words.game_name(game), new.ids.games)
        yield P
        for count in description.player_counts:
            d.tap_text(str(count), new.ids.counts)
            yield P
            look(f"newgame_{game}_{count}")
            seen.setdefault("options_shown", {})[f"{game}_{count}"] = sorted(
                row.option for row in new.ids.options.children if hasattr(row, "option"))
        d.shot(f"words_newgame_{game}_{lang}")

    # play: every game, three refusals each, the banner with its rule line
    table = d.app.table
    play = d.app.root.get_screen("play")
    for game, (names, position, before, refused) in PLAYS.items():
        table.new_game(Setup(game, names, COLOURS[: len(names)]))
        if position:
            assert table.fix(position), position
        for line in before:
            assert table.send(line), line
        d.app.go("play")
        yield 0.6
        look(f"play_{game}")
        d.shot(f"words_play_{game}_{lang}")
        for number, line in enumerate(refused, start=1):
            count = len(table.match.history)
            play.choose(line)
            yield from until(d, lambda: play.ids.banner.height > 0, seconds=3.0)
            yield from until_still(d, play.ids.banner, seconds=3.0)  # its height follows its text
            assert len(table.match.history) == count, line  # refused: nothing changed
            seen["banners"][f"{game}_{number}"] = [play.banner, play.banner_rule,
                                                   play.ids.banner.height]
            seen["banner_fonts"] = [play.ids.banner_text.font_size,
                                    play.ids.banner_rule.font_size]
            seen.setdefault("banner_cut", []).extend(
                [key for key, label in (("text", play.ids.banner_text),
                                        ("rule", play.ids.banner_rule))
                 if label.texture_size[1] > label.height + 1])
            look(f"play_{game}_refused{number}")
            d.shot(f"words_{game}_refused{number}_{lang}")
            play.hide_banner()
            yield P
        if game == "crash":  # a typed correction refused (Pat's car stands on e5)
            yield from _refused_fix_text(d, "put A e5", "crash_fix", look)

    # a new game: the menu, the move log, a corrected position refused while its text is
    # edited; then the game to its result, the history and the replay
    table.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
    d.app.go("play")
    yield 0.4
    play.open_menu()
    yield 0.3
    look("play_menu")
    play.open_log()
    yield 0.3
    look("move_log")
    play.close_modal()
    yield from _refused_fix_text(
        d, "quoridor 2 | turn e9 | e9 e5 10 | e1 e5 10 | walls -", "fix", look)
    for line in QUORIDOR_WIN:
        assert table.send(line), line
    yield from see_result(d)
    seen["result_screen"] = d.screen.name
    look("result")
    d.shot(f"words_result_{lang}")
    d.tap(d.widget("result", "home_button"))
    yield P
    d.tap(d.widget("home", "history_button"))
    yield 0.3
    look("history")
    history = d.app.root.get_screen("history")
    d.tap(history.ids.list.children[0].children[-1])
    yield 0.3
    replay = d.app.root.get_screen("replay")
    for _ in range(3):
        d.tap(replay.ids.forward_button)
        yield P
    yield 0.3
    look("replay")
    d.shot(f"words_replay_{lang}")
    d.app.go("settings")
    yield 0.4
    look("settings")
    d.shot(f"words_settings_{lang}")


SCENARIOS: dict[str, Scenario] = {"screen_words": screen_words}
