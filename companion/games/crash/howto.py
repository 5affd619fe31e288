"""How to play Crash by Crash: the essentials, with the board's own diagram."""

from __future__ import annotations

from companion.games.howto import Diagram, Page

BELLS = "bells a5 b10 e11 f2 f6 g4 g10 k3 l7 l11"
EVALUATION = (f"board reference | {BELLS} | operator n9 | A: f5 g7 h4 | B: e5 g6 f8 "
              "| score A=14 B=9 | batteries A=4 B=4 | evals 0 | turn 7 A action=1 | first A "
              "| cards display=fluct,lambada,lambada hands=3,3 pile=30")

PAGES = (
    Page(
        "Two actions a turn",
        ("Place a car, play a card, move the operator or swap two cards; twice a turn.",
         "A placed car must touch another car and bumps it one field on. Each battery: one "
         "field further.",
         "The magnetic car pulls cars two fields away towards it, for the whole game.",
         "An opponent's car bumped off the board or into a hole: +2 points.",
         "A second car in one turn costs 4 points. No score may drop to 0."),
    ),
    Page(
        "Evaluations",
        ("A car bumped or pulled onto a bell rings it: an evaluation.",
         "Everyone scores the fields under all their cars: white 0, light blue 1, blue 2, "
         "dark blue 3.",
         "The bell's tile is then removed; the cars on it go back to their owners.",
         "One evaluation a turn at most, the first from turn 6 on."),
        Diagram(EVALUATION, 2, caption="{0}: 3 + 3 + 2 = 8 points, {1}: 1 + 0 + 0 = 1"),
    ),
    Page(
        "Operator, cards, the end",
        ("Operator: 2 fields free, 4 fields for 2 points, never back where he was. He pushes "
         "cars in his way.",
         "Blue card, then place a car; yellow card, then the evaluation it changes; grey "
         "card: at once.",
         "After your turn draw back up to 3 cards.",
         "After the 7th evaluation, or when someone has no car left on the board, the higher "
         "score wins."),
    ),
    Page(
        "Four players",
        ("Two teams of two; team mates do not sit side by side.",
         "A team shares its cars, batteries and score; each player has own cards.",
         "Team mates may talk, but never tell their cards."),
        players=(4,),
    ),
)
