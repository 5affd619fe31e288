"""A person's own input: the table is told every consequence on the board (issue #25).

What a person's own hand does on the table (their pawn's move, the wall they placed, the piece
or car they moved or put down) is theirs; everything else the input brings (a capture sending a
piece home, a push, a bell rung, a tile removed, an eaten dot, a piece given to another player,
everyone back to START) must be said by a line the session shows.

The test over every game plays seeded games at the smallest and largest player count, with
people only and with people and companion seats, taking back and putting back now and then, and
at every input of a person diffs the board before and after it: every changed board thing that
is not the person's own is covered by a shown line, in English and in Czech, and so is every
thing the person's hand left otherwise than it must stand now.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from companion.engine import GAMES, open_game
from companion.games.table_lines import board_difference, hand_board, own_hand, own_part
from companion.records.store import Store
from companion.table.session import Setup, TableSession

SIZES = [(game, count) for game in sorted(GAMES)
         for count in sorted({GAMES[game].player_counts[0], GAMES[game].player_counts[-1]})]
STEPS = 160
"""Inputs and takebacks of people per game (the companion's rounds come on top)."""
MOST_IN_ONE_HAND = {"quoridor": 1, "pacman": 1, "clovece": 2, "patamat": 3, "crash": 3}
"""The most board things one person's hand changes in one input: a pawn or a wall; a figure;
a piece's place before and after; a pawn and the car it rides from one field to another; a car
and the batteries it spends, or two cars, or a bell's two fields."""


def table_with(tmp_path: Path, game: str, players: int, seating: str) -> TableSession:
    """People in seat 0 and (``people``) every seat, or (``companions``) every other seat,
    the companion (easy: fast) in the rest."""
    table = TableSession(Store(tmp_path / "games.sqlite3"), lang="en")
    names = ["Eva", "Jan", "Ida", "Olga", "Petr", "Zdeněk"][:players]
    colours = ["red", "blue", "green", "yellow", "purple", "orange"][:players]
    companions = ({seat: "easy" for seat in range(1, players, 2)}
                  if seating == "companions" else {})
    table.new_game(Setup(game, names, colours, {}, companions))
    return table


def covered(table: TableSession) -> frozenset[str]:
    return frozenset().union(*(line.covers for line in table.table_todo()))


@pytest.mark.parametrize("seating", ["people", "companions"])
@pytest.mark.parametrize(("game", "players"), SIZES)
def test_every_consequence_of_a_persons_input_is_said(
        tmp_path: Path, game: str, players: int, seating: str) -> None:
    table = table_with(tmp_path, game, players, seating)
    match = table.match
    assert match is not None
    dice = random.Random(f"own-{game}-{players}-{seating}")
    inputs = with_consequences = 0
    for step in range(STEPS):
        if match.is_over:
            break
        if table.companion_is_due():
            assert table.answer_now(roll=lambda: dice.randint(1, 6)) is not None
            continue
        if step % 11 == 10:  # a person takes back, then puts back
            table.undo()
            table.redo()
            continue
        line = (f"roll {dice.randint(1, 6)}" if match.awaiting == "roll"
                else dice.choice(match.legal()))
        before = match.snapshot()
        assert table.send(line), line
        after = match.snapshot()
        events = table.last_events
        changed = board_difference(game, before, after)
        own = own_part(game, before, after, line, events)
        assert own <= changed, (line, own, changed)
        assert len(own_hand(game, before, line, events)) <= MOST_IN_ONE_HAND[game], line
        # what the person's hand left on the table and a consequence moved on (a ghost moved
        # onto PAC-MAN goes back to its start square, maybe the one it came from)
        untouched = copy.deepcopy(before)
        undone = board_difference(game, hand_board(game, before, line, events), after)
        assert before == untouched  # the hand's board is a copy: the position is not changed
        for lang in ("en", "cs"):
            table.set_lang(lang)
            said = covered(table)
            assert changed - own <= said, (
                lang, line, events, sorted(changed - own), table.table_lines)
            assert undone <= said, (lang, line, events, sorted(undone - said), table.table_lines)
        table.set_lang("en")
        inputs += 1
        with_consequences += bool(changed - own)
    assert inputs >= 5
    if game == "quoridor":
        assert with_consequences == 0  # a Quoridor input moves nothing but its own
    else:
        assert with_consequences > 0  # captures, pushes, eaten dots, bells: there were some


PACMAN_DOT_NEAR = ("pacman | layout Default symmetric maze (proposal, not the printed leaflet "
                   "layout) | phase pacman | pacman b8 lives 3 | dots a1 i1 a9 i9 | blinky d5 | "
                   "pinky f5 | inky c5 | clyde g5 | moved - | walls b1h g1h c2v f2v d2v e2v a3h "
                   "h3h c4h f4h c5h f5h a6h h6h c7v f7v d7v e7v b8h g8h")
CLOVECE_CAPTURE = ("board6 seats{S0,S1,S2,S3,S4,S5} | S0 home{R,Y,G,B} goal{} | S1 home{Y,G,B} "
                   "goal{} | S2 home{G,B} goal{} | S3 home{R,Y,B} goal{} | S4 home{G} goal{} | "
                   "S5 home{R,Y,G,B} goal{} | track{16:R, 22:R, 27:G, 31:Y, 37:R, 41:Y, 46:B} | "
                   "turn S2 | rolls{5:pending}")
PATAMAT_BUMP = """\
board = "standin-v1"
board_sha = "5a027cd8f802a272"
players = ["Eva", "Jan"]
target = 3
turn = "Eva"
flags = { Eva = 0, Jan = 0 }
cars = { kart1 = "F40", kart2 = "A3", kart3 = "F14", car1 = "F44", car2 = "F31", car3 = "F29", \
car4 = "F11", tractor1 = "B2", tractor2 = "F09", rusty1 = "F20", rusty2 = "F24", \
rusty3 = "F01", garbage1 = "F43", garbage2 = "F40", garbage3 = "F44" }
[pawns]
Eva = { field = "F02" }
Jan = { field = "F06" }
"""
CRASH_PUSH_CHAIN = (
    "board reference | holes Ht54 | bells a5 b10 e11 f2 f6 g4 l2 l7 l11 | operator f11 | "
    "A: f7 g7 n4 | B: c13 i13 k10 k13 | score A=9 B=8 | batteries A=4 B=3 | evals 1 | "
    "turn 13 B action=2 placed=1 evaluated | first A | cards display=tandem,heartless,ticket "
    "hands=3,3 known=A:reaction,rocket known=B:deadbat,expansion,bright discard=heartless,"
    "heartless,ticket,flying,flying,rocket,expansion,fluct,reaction,flying,double,tandem,bright,"
    "bright,lambada,lambada,lambada,saboteur,fluct,ticket,tandem,saboteur,deadbat,expansion,"
    "fluct,saboteur,double pile=3")
NAMES = ["Eva", "Jan", "Ida", "Olga", "Petr", "Zdeněk"]


def lines_after(tmp_path: Path, game: str, players: int, position: str, line: str,
                lang: str) -> tuple[str, ...]:
    table = TableSession(Store(tmp_path / "games.sqlite3"), lang=lang)
    table.open_match(open_game(game, players=players, names=NAMES[:players],
                               position=position), None)
    assert table.send(line), line
    return table.table_lines


@pytest.mark.parametrize(("game", "players", "position", "line", "said"), [
    # PAC-MAN eats the dot at a9 on Eva's path: she moved him, the dot must come off; said
    # before as "PAC-MAN eats the dot at a9: three bonus steps" after her own move
    ("pacman", 2, PACMAN_DOT_NEAR, "P:b8-a8-a9-b9-c9-d9",
     {"en": ["Take the dot off a9"], "cs": ["Odstraň TEČKU z a9"]}),
    # Ida's red piece from 22 lands on the green one at 27, which goes to Olga's home
    ("clovece", 6, CLOVECE_CAPTURE, "move 22 R",
     {"en": ["Take the green piece from field 27 to the home of Olga"],  # whose turn: the
      "cs": ["Vezmi zelenou halmičku z pole 27 a dej ji do domečku hráče Olga"]}),  # status
    # Eva walks onto Jan's field: his pawn goes back one field, said with his colour
    ("patamat", 2, PATAMAT_BUMP, "roll 4",
     {"en": ["Eva rolled 4", "Move Jan's blue pawn from field F06 to field F05"],
      "cs": ["Eva: padla 4", "Posuň modrou figurku hráče Jan z pole F06 na pole F05"]}),
    # Jan's car at h6 pushes with two batteries: Eva's car goes from f7 three fields on,
    # said as one move, not step by step; his own car and batteries are his
    ("crash", 2, CRASH_PUSH_CHAIN, "place h6 push=NE bat=2",
     {"en": ["Jan pays 4 points for a second car", "Move the car of Eva from f7 to c9",
             "Turn 14: Eva"],
      "cs": ["Jan platí 4 body za druhé autíčko", "Přesuňte autíčko hráče Eva z f7 na c9",
             "Tah 14: Eva"]}),
])
@pytest.mark.parametrize("lang", ["en", "cs"])
def test_what_a_persons_input_brings_is_said_and_not_the_move_itself(
        tmp_path: Path, game: str, players: int, position: str, line: str,
        said: dict[str, list[str]], lang: str) -> None:
    assert list(lines_after(tmp_path, game, players, position, line, lang)) == said[lang]


@pytest.mark.parametrize("line", ["e8", "e3h"])
def test_a_quoridor_move_of_ones_own_leaves_nothing_else_to_do(tmp_path: Path,
                                                               line: str) -> None:
    table = table_with(tmp_path, "quoridor", 2, "people")
    assert table.send(line)
    assert table.table_lines == ()


def test_a_ghost_moved_onto_pac_man_goes_back_from_where_the_hand_left_it(tmp_path: Path) -> None:
    """Jan moves blinky from d5 onto PAC-MAN at e5: caught, everyone back to the start squares.
    Blinky starts on d5, so the board before and after agree about him; the table does not:
    the person's hand left him on e5."""
    table = TableSession(Store(tmp_path / "games.sqlite3"), lang="en")
    position = (PACMAN_DOT_NEAR.replace("phase pacman", "phase ghosts")
                .replace("pacman b8", "pacman e5"))
    table.open_match(open_game("pacman", players=2, names=NAMES[:2], position=position), None)
    assert table.send("blinky:e5")
    assert "Move Jan's ghost blinky from e5 to d5" in table.table_lines
    assert "Move Eva's PAC-MAN from e5 to e7" in table.table_lines


@pytest.mark.parametrize("game", ["patamat", "clovece"])
@pytest.mark.parametrize(("lang", "jans_roll"), [("en", "Jan rolled 5"), ("cs", "Jan: padla 5")])
def test_a_roll_off_roll_is_said_once(tmp_path: Path, game: str, lang: str,
                                      jans_roll: str) -> None:
    """Who starts is rolled for: Pat a Mat's own words for that roll ("Jan rolled 5") came
    after the table's ("Jan rolled 5" again, in Czech "Jan: padla 5", "Jan: padlo 5")."""
    table = table_with(tmp_path, game, 2, "people")
    table.set_lang(lang)
    match = table.match
    assert match is not None
    while match.awaiting == "setup":
        assert table.send(match.legal()[0])
    assert table.send("roll 2")  # Eva
    assert table.send("roll 5")  # Jan: he starts
    lines = table.table_lines
    assert lines[0] == jans_roll
    assert not any(line.startswith("Jan") and "5" in line for line in lines[1:]), lines
