"""R82–R84, R104, §15, C4, C9: swapping, drawing, the display and the draw pile."""

from __future__ import annotations

from games.crash.positions import game, rejected

BASE = ["board all=1", "operator o1", "A: a13", "B: e5"]


def test_after_a_card_the_player_draws_then_the_display_is_refilled() -> None:
    match = game(*BASE, "turn 1 A", "cards display=lambada,rocket,tandem")
    match.play("card deadbat")
    assert match.play("pass") == ["pass A"]
    assert match.awaiting == "choice" and match.to_move == 0
    assert match.legal() == ["draw d:lambada", "draw d:rocket", "draw d:tandem", "draw blind"]
    rejected(match, "draw d:bright", "R112/E_DISPLAY_MISSING")
    rejected(match, "draw blind,blind", "R83/E_HAND_SIZE")
    rejected(match, "place e4 push=E", "E_NOT_NOW")
    assert match.play("draw d:rocket") == ["draw A 1"]
    assert "turn 1 A action=end" in match.position() and "known=A:rocket" in match.position()
    legal = match.legal()
    assert "refill bright" in legal and "refill deadbat" in legal and len(legal) == 13
    assert match.play("refill bright") == ["refill bright", "turn 2 B"]
    assert "cards display=lambada,tandem,bright hands=3,3 known=A:rocket discard=deadbat" \
        in match.position()


def test_a_known_card_may_be_played_even_when_its_other_copies_are_in_view() -> None:
    match = game(*BASE, "turn 1 A", "cards display=tandem,tandem,lambada known=A:tandem")
    assert match.play("card tandem") == ["card A tandem"]


def test_swap_discards_two_and_takes_two() -> None:
    match = game(*BASE, "turn 1 A", "cards display=lambada,rocket,tandem")
    events = match.play("swap fluct ticket take=d:rocket,blind")
    assert events == ["swapcards A", "discard fluct", "discard ticket", "take A d:rocket",
                      "take A blind"]
    assert "hands=3,3 known=A:rocket discard=fluct,ticket pile=" in match.position()
    assert "swap fluct ticket take=d:lambada,d:tandem" in match.legal()
    assert "swap fluct ticket take=d:lambada,d:rocket" not in match.legal()
    rejected(match, "swap fluct ticket take=d:rocket,blind", "R112/E_DISPLAY_MISSING")
    short = game(*BASE, "turn 1 A", "cards display=lambada,rocket,tandem hands=1,3")
    rejected(short, "swap fluct ticket take=blind,blind", "R112/E_HAND_SIZE")


def test_an_empty_draw_pile_is_reshuffled_from_the_discards() -> None:
    match = game(*BASE, "turn 1 A action=end",
                 "cards display=lambada,rocket,tandem hands=2,3 discard=fluct,ticket pile=0")
    assert match.play("draw blind") == ["draw A 1", "reshuffle", "turn 2 B"]
    position = match.position()
    assert "pile=1:fluct,ticket" in position and "discard" not in position


def test_the_display_falls_short_when_no_cards_exist() -> None:
    match = game(*BASE, "turn 1 A action=end", "cards display=lambada hands=3,3 pile=1")
    assert match.legal() == [f"refill {kind}" for kind in (
        "fluct", "lambada", "ticket", "saboteur", "flying", "deadbat", "heartless", "bright",
        "double", "rocket", "reaction", "expansion", "tandem")]
    assert match.play("refill rocket") == ["refill rocket", "turn 2 B"]


def test_four_players_draw_two_keep_one_and_discard_one_face_up() -> None:
    match = game(*BASE, "turn 1 A1", players=4)
    match.play("card deadbat")
    match.play("pass")
    assert len(match.legal()) == 13 and "draw4 discard=rocket" in match.legal()
    assert match.play("draw4 discard=rocket") == ["draw A1 1", "discard rocket", "turn 2 B1"]
    assert "discard=deadbat,rocket" in match.position()


def test_four_players_keep_the_last_card() -> None:
    match = game(*BASE, "turn 1 A1 action=end", "cards hands=2,3,3,3 pile=1", players=4)
    assert match.legal() == ["draw4 discard=-"]
    rejected(match, "draw4 discard=rocket", "R104/E_HAND_SIZE")
    assert match.play("draw4 discard=-") == ["draw A1 1", "turn 2 B1"]
    rejected(game(*BASE, "turn 1 A1", players=4), "swap fluct ticket take=d:rocket,blind",
             "R102/E_DISPLAY_MISSING")
