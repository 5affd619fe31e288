"""Who wins what, on the screen: a small store of real games (played through the engine and
recorded by the store as the app would), then the statistics screen from Home: its tabs, its
charts, its filters, a player's card (rename, merge); the new-game screen's player chips; the
statistics from the result screen. Played by ``driver.py`` like those of ``play.py``
(``__init__.py`` gathers them).

The store (finishing order; G1 finished in 2023, the others today):

    G1 Quoridor  Eva–Pat   Eva wins in 8 moves
    G2 Quoridor  Pat–Eva   Eva wins
    G3 Quoridor  Eva–Jan   Jan wins
    G4 Quoridor  Eva–Pat   Eva wins in 9 moves (a wall first)
    G5 PAC-MAN   Pat–Eva   Pat (PAC-MAN) eats the last dot and wins, 4 dots
    G6 Quoridor  Eve–Jan   Eve wins ("Eve" is Eva mistyped: merged into Eva on the screen)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from driver import Driver, see_result, until

from companion.engine import open_game
from companion.records.store import Store

P = 0.25
SCROLLED = 0.4
"""After a tap on a chip in a scrolling row: the row passes the tap on after 0.2 s."""
Scenario = Callable[[Driver], Iterator[float]]

EVA_WINS = "e8 d1 e7 d2 e6 d1 e5 d2 e4 d1 e3 d2 e2 d1 e1"
"""Seat 0 walks to row 1 in 8 moves while seat 1 steps aside."""
SEAT_1_WINS = "d9 e2 d8 e3 d9 e4 d8 e5 d9 e6 d8 e7 d9 e8 d8 e9"
"""Seat 1 walks to row 9 in 8 moves while seat 0 steps aside."""
WALL_THEN_WIN = "a5h d1 e8 d2 e7 d1 e6 d2 e5 d1 e4 d2 e3 d1 e2 d2 e1"
"""Seat 0 places a wall, then walks to row 1: 9 moves."""
OLD_GAME = datetime(2023, 5, 10, 18, 30, tzinfo=UTC)


def play_game(store: Store, game: str, names: Sequence[str], lines: Sequence[str],
              finished: datetime | None = None, minutes: int = 20) -> int:
    """A real game: opened by the engine, every input played and recorded as the app does,
    the store's clock set to ``minutes`` before ``finished`` (default now) at its start and to
    ``finished`` at its end."""
    end = finished or datetime.now(UTC).replace(microsecond=0)
    own_clock = store.clock
    store.clock = lambda: (end - timedelta(minutes=minutes)).isoformat()
    try:
        match = open_game(game, players=len(names), names=list(names))
        game_id = store.start(match, {"colours": ["red", "blue"]})
        for number, line in enumerate(lines, start=1):
            match.play(line)
            if number == len(lines):
                store.clock = lambda: end.isoformat()
            store.record(game_id, match)
    finally:
        store.clock = own_clock
    assert match.is_over, f"{game} game {lines} did not end"
    return game_id


def pacman_lines() -> list[str]:
    """PAC-MAN one step from the last dot (the position fixed), then the step."""
    start = open_game("pacman", players=2, names=["a", "b"]).position()
    fixed = start.replace("pacman e7", "pacman h1").replace("dots a1 i1 a9 i9", "dots i1")
    return [f"fix {fixed}", "P:h1-i1"]


def small_store(store: Store) -> None:
    """G1–G6; those of today all end in one second (however long a loaded machine takes)."""
    today = datetime.now(UTC).replace(microsecond=0)
    play_game(store, "quoridor", ["Eva", "Pat"], EVA_WINS.split(), OLD_GAME, minutes=14)
    play_game(store, "quoridor", ["Pat", "Eva"], SEAT_1_WINS.split(), today)
    play_game(store, "quoridor", ["Eva", "Jan"], SEAT_1_WINS.split(), today)
    play_game(store, "quoridor", ["Eva", "Pat"], WALL_THEN_WIN.split(), today, minutes=75)
    play_game(store, "pacman", ["Pat", "Eva"], pacman_lines(), today)
    play_game(store, "quoridor", ["Eve", "Jan"], EVA_WINS.split(), today)


def stats_screen(d: Driver) -> Any:
    return d.app.root.get_screen("stats")


def player_table(d: Driver) -> list[list[str]]:
    """The players tab as the rows show it: name, games, wins, win rate, streak, best."""
    panel = stats_screen(d).panels["players"]
    return [[row["name"], row["games"], row["wins"], row["rate"], row["streak"], row["best"]]
            for row in panel.ids.rows.data]


def shown_rows(d: Driver) -> list[str]:
    """The names on the player rows actually on screen (the RecycleView's widgets)."""
    layout = stats_screen(d).panels["players"].ids.rows.children[0]
    return sorted(row.name for row in layout.children)


def modal(d: Driver) -> Any:
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    return next(w for w in Window.children if isinstance(w, ModalView))


def pick(d: Driver, *texts: str) -> Iterator[float]:
    """Tap these chips in the open picker (a player's name or a choice's text)."""
    top = modal(d)
    for text in texts:
        d.tap(d.find(text, top))
        yield P


def stats_tour(d: Driver) -> Iterator[float]:
    lang = d.app.table.lang
    seen = d.results
    small_store(d.app.store)
    d.app.go("home")
    yield 0.3
    d.tap(d.widget("home", "stats_button"))
    yield 0.5
    screen = stats_screen(d)
    seen["screen"] = d.screen.name
    seen["players"] = player_table(d)
    seen["players_on_screen"] = shown_rows(d)
    seen["tab_texts"] = [screen.ids[f"tab_{t}"].text for t in
                         ("players", "charts", "head", "records", "timeline")]
    d.shot(f"stats_players_{lang}")

    d.tap(screen.ids.tab_charts)
    yield P
    bars = screen.bar_chart
    seen["chart_groups"] = list(bars.groups)
    seen["chart_series"] = [s.name for s in bars.series]
    seen["bars"] = [[b.group, b.series, b.value, round(b.height)] for b in bars.bars]
    seen["bar_chart_shown"] = bars.get_root_window() is not None
    d.shot(f"stats_chart_wins_{lang}")
    d.tap(screen.panels["charts"].ids.time_chart_button)
    yield P
    time = screen.time_chart
    seen["time_chart_shown"] = time.get_root_window() is not None
    seen["time_chips"] = [chip.name for chip in
                          reversed(screen.panels["charts"].ids.chart_players.children)]
    seen["time_eva"] = [list(time.groups), [list(s.values) for s in time.series]]
    seen["time_bars"] = len(time.bars)
    seen["wins_button_lit"] = screen.panels["charts"].ids.wins_chart_button.is_chosen
    d.shot(f"stats_chart_time_{lang}")
    pat = next(chip for chip in screen.panels["charts"].ids.chart_players.children
               if chip.name == "Pat")
    d.tap(pat)
    yield SCROLLED
    seen["time_pat"] = [list(time.groups), [list(s.values) for s in time.series]]

    d.tap(screen.ids.tab_head)
    yield P
    head = screen.panels["head"]
    seen["head"] = [screen.looks[screen.head_a].name, head.ids.a_wins.text,
                    head.ids.b_wins.text, screen.looks[screen.head_b].name]
    seen["head_together"] = head.ids.together.text
    seen["head_neither"] = head.ids.neither.text
    seen["head_parts"] = [round(width) for _x, width in head.ids.share.parts]
    d.shot(f"stats_head_{lang}")
    d.tap(head.ids.side_b.children[0])                   # the other side: Jan instead of Pat
    yield P
    yield from pick(d, "Jan")
    seen["head_eva_jan"] = [head.ids.a_wins.text, head.ids.b_wins.text, head.ids.together.text]

    d.tap(screen.ids.tab_records)
    yield P
    records = screen.panels["records"].ids.rows.data
    seen["records"] = [[r["game"], r["kind"], r["value"], r["name"]] for r in records]
    d.shot(f"stats_records_{lang}")

    d.tap(screen.ids.tab_timeline)
    yield P
    timeline = screen.panels["timeline"].ids.rows.data
    seen["timeline"] = [[r["head"], r["detail"]] for r in timeline]
    d.shot(f"stats_timeline_{lang}")

    # the filters: a game, a period, players
    d.tap(screen.ids.tab_players)
    yield P
    d.tap(screen.ids.game_filter)
    yield P
    d.shot(f"stats_pick_game_{lang}")
    yield from pick(d, "Quoridor")
    seen["quoridor_players"] = player_table(d)
    seen["game_filter_text"] = screen.game_text
    d.tap(screen.ids.game_filter)
    yield P
    yield from pick(d, {"en": "All games", "cs": "Všechny hry"}[lang])
    d.tap(screen.ids.period_filter)
    yield P
    yield from pick(d, {"en": "This year", "cs": "Letos"}[lang])
    seen["this_year_players"] = player_table(d)
    d.tap(screen.ids.period_filter)
    yield P
    yield from pick(d, {"en": "All time", "cs": "Celou dobu"}[lang])
    d.tap(screen.ids.players_filter)
    yield P
    yield from pick(d, "Eva", "Pat")
    d.shot(f"stats_pick_players_{lang}")
    d.tap(modal(d).ids.done_button)
    yield P
    seen["eva_pat_players"] = player_table(d)
    seen["players_filter_text"] = screen.players_text
    d.tap(screen.ids.tab_charts)
    yield P
    d.tap(screen.panels["charts"].ids.wins_chart_button)
    yield P
    seen["eva_pat_series"] = [s.name for s in screen.bar_chart.series]
    d.shot(f"stats_chart_eva_pat_{lang}")
    d.tap(screen.ids.players_filter)
    yield P
    d.tap(modal(d).ids.everyone_button)
    yield P
    d.tap(screen.ids.tab_players)
    yield P

    # a player's card: each game's figures, then Eve's games become Eva's, Jan is renamed
    eva = next(row for row in screen.panels["players"].ids.rows.children[0].children
               if row.name == "Eva")
    d.tap(eva)
    yield P
    card = modal(d)
    seen["card_rows"] = [list(row.cells) for row in reversed(card.ids.per_game.children)]
    d.shot(f"stats_card_{lang}")
    d.tap(card.ids.merge_button)
    yield P
    yield from pick(d, "Eve")
    card = modal(d)
    seen["merge_text"] = card.merge_text
    d.shot(f"stats_card_merge_{lang}")
    d.tap(card.ids.merge_button)                          # the second tap merges
    yield P
    card = modal(d)
    seen["card_after_merge"] = [list(row.cells) for row in reversed(card.ids.per_game.children)]
    d.tap(card.ids.close_button)
    yield P
    seen["players_after_merge"] = player_table(d)
    jan = next(row for row in screen.panels["players"].ids.rows.children[0].children
               if row.name == "Jan")
    d.tap(jan)
    yield P
    card = modal(d)
    card.ids.new_name.text = "Johan"
    d.tap(card.ids.rename_button)
    yield P
    d.tap(card.ids.close_button)
    yield P
    seen["players_after_rename"] = player_table(d)
    seen["store_names"] = sorted(p.name for p in d.app.store.players())
    d.tap(screen.ids.back_button)
    yield P
    seen["back_to"] = d.screen.name


def stats_empty(d: Driver) -> Iterator[float]:
    lang = d.app.table.lang
    d.app.go("home")
    yield 0.3
    d.tap(d.widget("home", "stats_button"))
    yield 0.4
    screen = stats_screen(d)
    d.results["message"] = screen.message
    d.results["holder"] = [type(w).__name__ for w in screen.ids.holder.children]
    d.shot(f"stats_empty_{lang}")
    d.tap(screen.ids.tab_charts)
    yield P
    d.results["message_charts"] = screen.message


def newgame_chips(d: Driver) -> Iterator[float]:
    """Known players as chips (the small store and, a second later, G7 Quoridor Pat–Jan, Pat
    wins): a tap seats one, a tap on a seated one frees the seat; the game started is stored
    with those players; the result screen opens the statistics."""
    lang = d.app.table.lang
    seen = d.results
    store = d.app.store
    small_store(store)
    # G7 a second later, on the store's clock (not Kivy's: a frame as long as the small store
    # took to play makes the next scheduled step fire at once, in the same second)
    later = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=1)
    play_game(store, "quoridor", ["Pat", "Jan"], EVA_WINS.split(), later)   # G7: Pat wins
    store.set_setting("setup.quoridor", {"players": 2, "names": ["Eva", "Pat"],
                                         "colours": ["red", "blue"], "options": {}})
    store.set_setting("last_game", "quoridor")
    d.app.go("home")
    yield 0.3
    d.tap(d.widget("home", "new_game_button"))
    yield 0.4
    newgame = d.app.root.get_screen("newgame")
    chips = list(reversed(newgame.ids.known_players.children))
    seen["chips"] = [chip.name for chip in chips]
    seen["lit"] = [chip.name for chip in chips if chip.is_chosen]
    d.shot(f"newgame_chips_{lang}")
    pat = next(chip for chip in chips if chip.name == "Pat")
    newgame.ids.known_scroll.scroll_to(pat, animate=False)   # swiped into view
    yield P
    d.tap(pat)                                            # Pat leaves: his seat is free
    yield SCROLLED
    seen["names_after_pat"] = list(newgame.names)
    jan = next(chip for chip in chips if chip.name == "Jan")
    newgame.ids.known_scroll.scroll_to(jan, animate=False)
    yield P
    d.tap(jan)                                            # Jan takes the free seat
    yield SCROLLED
    seen["names_after_jan"] = list(newgame.names)
    seen["colours_after_jan"] = list(newgame.colours)
    seen["seated"] = {str(k): v for k, v in newgame.seated.items()}
    seen["jan_id"] = jan.player_id
    seen["lit_after"] = [chip.name for chip in chips if chip.is_chosen]
    eve = next(chip for chip in chips if chip.name == "Eve")
    newgame.ids.known_scroll.scroll_to(eve, animate=False)
    yield P
    d.tap(eve)                                            # no free seat: said so
    yield SCROLLED
    seen["problem_full"] = newgame.problem
    d.shot(f"newgame_chip_seated_{lang}")
    d.tap(d.widget("newgame", "start_button"))
    yield 0.5
    table = d.app.table
    seen["stored_players"] = store.seat_player_ids(table.saving.stored_id)
    for line in EVA_WINS.split():                         # Eva wins against Jan
        table.send(line)
    yield from see_result(d)
    yield 0.3                                             # laid out
    seen["result_screen"] = d.screen.name
    d.tap(d.widget("result", "stats_button"))
    yield 0.5
    seen["screen_after_stats_button"] = d.screen.name
    seen["after_result"] = player_table(d)
    d.shot(f"stats_from_result_{lang}")
    d.tap(stats_screen(d).ids.back_button)
    yield P
    seen["back_to"] = d.screen.name


def settings_usb(d: Driver) -> Iterator[float]:
    """A USB stick mounted (the test mounts a small tmpfs where the desktop mounts sticks,
    ``COMPANION_TEST_STICK``): Settings offers the copy, makes it off the UI thread and says
    where it wrote; the stick pulled, the row goes. And the daily backup made at start."""
    import os
    from pathlib import Path

    from card import unmount_card

    lang = d.app.table.lang
    seen = d.results
    stick = Path(os.environ["COMPANION_TEST_STICK"])
    small_store(d.app.store)
    d.app.go("settings")
    settings = d.app.root.get_screen("settings")
    usb = settings.ids.usb_copy
    yield from until(d, lambda: bool(usb.stick), seconds=3.0)
    yield P
    seen["stick"] = usb.stick
    seen["row_height"] = usb.height
    settings.ids.settings_scroll.scroll_to(usb, animate=False)
    yield P
    d.shot(f"settings_usb_{lang}")
    d.tap(usb.ids.usb_copy_button)
    seen["message_while_copying"] = usb.message
    yield from until(d, lambda: not usb.is_copying, seconds=10.0)
    yield P
    seen["message"] = usb.message
    folder = stick / "companion-records"
    seen["written"] = sorted(path.suffix for path in folder.iterdir()) if folder.is_dir() else []
    d.shot(f"settings_usb_copied_{lang}")
    backups = Path(d.app.store.path).parent / "backups"
    seen["daily_backups"] = sorted(path.name for path in backups.iterdir()) \
        if backups.is_dir() else []
    unmount_card(stick)                                   # the stick is pulled
    yield from until(d, lambda: not usb.stick, seconds=4.0)
    yield P
    seen["stick_after_unmount"] = usb.stick
    seen["row_height_after_unmount"] = usb.height


SCENARIOS: dict[str, Scenario] = {
    "settings_usb": settings_usb,
    "stats_tour": stats_tour,
    "stats_empty": stats_empty,
    "newgame_chips": newgame_chips,
}
