"""PAC-MAN's move: R35–R42, R50, R54 and Q4, Q6, on the small 'table' layout.

Table layout: walls d4v (d4|e4, d5|e5) and f6h (f6|f7, g6|g7); dots a1 i1 a9 i9;
PAC-MAN starts on e2, blinky a8, pinky c8, inky g8, clyde i8.
"""

from __future__ import annotations

from itertools import product

from games.pacman.positions import TABLE, at, board, rejected

from companion.engine import open_game
from companion.games.pacman.paths import walk
from companion.games.quoridor.board import SIZE, square_name


def test_pacman_moves_first_exactly_two_steps_turning_and_reversing_r35_r37() -> None:
    match = open_game("pacman", players=2, layout=TABLE)
    assert match.to_move == 0
    legal = match.legal()
    assert len(legal) == 15  # 4 first steps × 4 second steps, less e1-e0 off the board
    assert "P:e2-e3-e2" in legal and "P:e2-e3-f3" in legal and "P:e2-e3-e4" in legal
    assert legal == sorted(legal)
    assert match.play("P:e2-e3-e2") == ["pacman e2-e3-e2"]  # A10: back to the start square
    assert match.snapshot()["state"]["phase"] == "ghosts"


def test_pacman_step_errors_r36() -> None:
    match = at(board(pacman="e5"))
    assert rejected(match, "P:e5-d5-d6").reason == "R36: a wall stands between e5 and d5"
    error = rejected(match, "P:e5-f6-f7")
    assert error.reason == "R36: e5 and f6 are not neighbouring squares"
    assert error.params["code"] == "NOT_ADJACENT"
    assert rejected(match, "P:e5-e6-e8").reason == "R36: e6 and e8 are not neighbouring squares"
    # R36 with f6h: f6|f7 is closed
    assert rejected(at(board(pacman="f5")), "P:f5-f6-f7").params["code"] == "WALL"


def test_pacman_wrong_start_and_length_r41_r54() -> None:
    match = at(board())
    error = rejected(match, "P:e3-e4-e5")
    assert error.reason == "R54: PAC-MAN stands on e2, not on e3"
    assert error.params["code"] == "WRONG_START_SQUARE"
    error = rejected(match, "P:e2-e3-e4-e5")
    assert error.reason == "R41: the path is too long: PAC-MAN's move ends on e4 after 2 step(s)"
    error = rejected(match, "P:e2-e3")
    assert error.reason == (
        "R41: the path is too short: PAC-MAN still has 1 step(s) to make after e3"
    )
    assert error.params["code"] == "WRONG_LENGTH"
    assert rejected(match, "P:e2").params["code"] == "WRONG_LENGTH"


def test_pacman_may_not_enter_a_ghost_in_normal_steps_r38() -> None:
    match = at(board(pinky="e3"))
    error = rejected(match, "P:e2-e3-e4")
    assert error.reason == (
        "R38: PAC-MAN may not enter pinky's square e3: he eats ghosts only during a bonus"
    )
    assert error.params["code"] == "PAC_ENTERS_GHOST"
    assert not any("e3" in line for line in match.legal())


def test_pacman_stops_on_a_dot_eats_it_and_gets_three_bonus_steps_r39() -> None:
    match = at(board(pacman="b9", blinky="c7"))
    events = match.play("P:b9-a9-a8-a7-b7")
    assert events == ["pacman b9-a9-a8-a7-b7", "dot a9"]
    assert match.counters()[0] == {"lives": 3, "dots": 1}
    assert "phase ghosts | pacman b7 lives 3 | dots a1 i1 i9 |" in match.position()


def test_pacman_unused_normal_step_is_forfeited_and_bonus_is_exact_r39_a13() -> None:
    match = at(board(pacman="b9", blinky="c7"))
    # the dot at a9 ends the normal segment: a9-b9 is the bonus' first step, 2 more are due
    error = rejected(match, "P:b9-a9-b9")
    assert error.reason == (
        "R41: the path is too short: PAC-MAN still has 2 step(s) to make after b9"
    )
    error = rejected(match, "P:b9-a9-a8-a7-a6-a5")
    assert error.reason == "R41: the path is too long: PAC-MAN's move ends on a6 after 4 step(s)"
    # R40: the bonus may re-enter the eaten dot's square
    assert match.play("P:b9-a9-b9-a9-a8") == ["pacman b9-a9-b9-a9-a8", "dot a9"]


def test_pacman_bonus_eats_every_ghost_it_enters_r40_a12() -> None:
    match = at(board(pacman="b9", blinky="a8", pinky="a7"))
    events = match.play("P:b9-a9-a8-a7-b7")
    assert events == ["pacman b9-a9-a8-a7-b7", "dot a9", "eat blinky a8", "eat pinky a7"]
    assert "| blinky - | pinky - | inky g8 | clyde i8 |" in match.position()
    assert match.counters()[1] == {"ghosts": 2}
    assert match.snapshot()["state"]["last_event"] == [
        "dot_eaten", "ghost_eaten:[blinky,pinky]"
    ]
    # R47: eaten ghosts do not move in this ghost phase
    assert match.snapshot()["state"]["ghosts_to_move"] == ["inky", "clyde"]


def test_pacman_a_second_dot_in_a_bonus_starts_a_fresh_bonus_a14() -> None:
    layout = {**TABLE, "dots": ["a1", "a6", "a9", "i9"]}
    match = open_game(
        "pacman", players=2, layout=layout,
        position="pacman | layout table | phase pacman | pacman b9 lives 3 | dots a1 a6 a9 i9 | "
        "blinky a8 | pinky c8 | inky g8 | clyde i8 | moved - | walls d4v f6h",
    )
    events = match.play("P:b9-a9-a8-a7-a6-a5-a4-a3")
    assert events == [
        "pacman b9-a9-a8-a7-a6-a5-a4-a3", "dot a9", "eat blinky a8", "dot a6",
    ]
    assert match.counters()[0]["dots"] == 2


def test_pacman_wins_the_moment_he_eats_the_fourth_dot_r50_a15() -> None:
    match = at(board(pacman="b9", dots="a9", blinky="a7"))
    assert rejected(match, "P:b9-a9-a8").params["code"] == "WRONG_LENGTH"
    assert "P:b9-a9" in match.legal()
    events = match.play("P:b9-a9")
    assert events == ["pacman b9-a9", "dot a9", "win pacman", "rank expert"]
    assert match.outcome is not None
    assert match.outcome.ranking == ((0,), (1,))
    assert match.outcome.reason == "dots"
    assert match.to_move is None and match.awaiting == "over" and match.legal() == []
    assert match.position().endswith("| winner pacman")
    assert rejected(match, "P:a9-a8-a7").reason == "R50: the game is over"
    assert rejected(match, "blinky:a6").params["code"] == "GAME_OVER"


def test_pacman_passes_only_when_no_first_step_exists_r42_a24() -> None:
    match = at(board(pacman="e1", blinky="d1", pinky="f1", inky="e2"))
    assert match.legal() == ["P:pass"]
    assert match.play("p:PASS") == ["pass pacman"]
    assert match.snapshot()["state"]["phase"] == "ghosts"
    error = rejected(at(board()), "P:pass")
    assert error.reason == "R42: PAC-MAN can move, so he may not pass"
    assert error.params["code"] == "PASS_NOT_ALLOWED"


def test_pacman_shorthand_from_to_when_every_path_gives_the_same_result_r54() -> None:
    match = at(board())
    assert match.play("P:e2-e4") == ["pacman e2-e3-e4"]
    match = at(board())
    assert match.play("P:e2-e2") == ["pacman e2-d2-e2"]  # the first listed path
    match = at(board())
    assert match.play("P:e2-f3") == ["pacman e2-e3-f3"]


def test_pacman_shorthand_is_ambiguous_when_results_differ_r54() -> None:
    # a8 to a6: a8-a7-a6 eats nothing; a8-a9-a8-a7-a6 eats the dot a9
    match = at(board(pacman="a8", blinky="b5"))
    error = rejected(match, "P:a8-a6")
    assert error.reason == (
        "R54: paths from a8 to a6 eat different things: give the whole path"
    )
    assert error.params["code"] == "AMBIGUOUS"
    assert match.play("P:a8-a9-a8-a7-a6") == ["pacman a8-a9-a8-a7-a6", "dot a9"]


def test_pacman_shorthand_with_no_path_names_the_problem_r54() -> None:
    match = at(board())
    assert rejected(match, "P:e2-e9").reason == "R54: no legal move of PAC-MAN leads from e2 to e9"
    assert rejected(match, "P:e3-e5").params["code"] == "WRONG_START_SQUARE"


def test_pacman_all_ghosts_eaten_skips_the_ghost_phase_q6() -> None:
    match = at(board(pacman="b9", blinky="a8", pinky="-", inky="-", clyde="-"))
    round_before = match.snapshot()["state"]["round"]
    events = match.play("P:b9-a9-a8-a7-a6")
    assert events == ["pacman b9-a9-a8-a7-a6", "dot a9", "eat blinky a8", "ghosts none"]
    assert match.to_move == 0
    assert match.snapshot()["state"]["phase"] == "pacman"
    assert match.snapshot()["state"]["round"] == round_before + 1
    assert match.play("P:a6-a5-a4") == ["pacman a6-a5-a4", "ghosts none"]


def test_pacman_input_is_case_insensitive() -> None:
    match = at(board())
    assert match.play("p:E2-e3-E4") == ["pacman e2-e3-e4"]
    assert match.history == ["p:E2-e3-E4"]


def _brute_force_paths(match_body: str, longest: int) -> set[str]:
    """Every square sequence up to ``longest`` steps that walk() accepts."""
    match = at(match_body)
    state = match.state
    start = state.pacman
    found: set[str] = set()
    for length in range(1, longest + 1):
        for directions in product((SIZE, -SIZE, 1, -1), repeat=length):
            squares = [start]
            for delta in directions:
                here = squares[-1]
                there = here + delta
                if not 0 <= there < SIZE * SIZE or (
                    abs(delta) == 1 and there // SIZE != here // SIZE
                ):
                    break
                squares.append(there)
            else:
                try:
                    path = walk(state, squares)
                except ValueError:
                    continue
                found.add(path.text)
    return found


def test_pacman_legal_lists_every_full_path_and_nothing_else_q4() -> None:
    # a dot two steps away (5-step moves) and ghosts a bonus can eat
    body = board(pacman="b8", blinky="a7", pinky="b6", inky="c9", clyde="i8")
    brute = _brute_force_paths(body, 6)
    legal = at(body).legal()
    assert set(legal) == brute
    assert len(legal) == len(set(legal))
    assert any(line.startswith("P:b8-a8-a9") for line in legal)
    assert "P:b8-b9-a9-a8-a7-a6" in legal  # eats the dot a9, then blinky on a7


def test_pacman_every_listed_path_is_accepted_and_every_destination_grouped() -> None:
    from companion.games.pacman.rules import legal_pacman_destinations

    body = board(pacman="b8", blinky="a7", pinky="b6", inky="c9")
    destinations = legal_pacman_destinations(at(body).state)
    listed = at(body).legal()
    grouped = [path for results in destinations.values() for r in results for path in r["paths"]]
    assert sorted(grouped) == sorted(listed)
    for line in listed:
        match = at(body)
        match.play(line)
        assert square_name(match.state.pacman) == line.split("-")[-1]
    # a6 is reached only through the dot a9 and blinky on a7
    assert destinations["a6"] == [{
        "square": "a6", "dots_eaten": ["a9"], "ghosts_eaten": ["blinky"], "wins": False,
        "paths": ["P:b8-a8-a9-a8-a7-a6", "P:b8-b9-a9-a8-a7-a6"],
    }]
