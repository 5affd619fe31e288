"""How to play Quoridor (2 and 4 players): the essentials, with the board's own diagrams."""

from __future__ import annotations

from companion.games.howto import Diagram, Page

START_2 = "quoridor 2 | turn e9 | e9 e9 10 | e1 e1 10 | walls -"
START_4 = "quoridor 4 | turn e9 | e9 e9 5 | a5 a5 5 | e1 e1 5 | i5 i5 5 | walls -"

PAGES = (
    Page(
        "Reach the other side first",
        ("Your pawn starts in the middle of your edge. Be the first to reach any square of "
         "the opposite edge.",
         "On your turn: move your pawn one square, or place one wall.",
         "Steps go forward, back or sideways, never diagonally.",
         "Each of you has 10 walls. With none left you must move."),
        Diagram(START_2, 2, caption="The dots: where the pawn may step", shows_moves=True),
        players=(2,),
    ),
    Page(
        "Reach the other side first",
        ("Each pawn starts in the middle of one edge. Be the first to reach any square of "
         "the opposite edge.",
         "On your turn: move your pawn one square, or place one wall.",
         "Steps go forward, back or sideways, never diagonally.",
         "Each of you has 5 walls. With none left you must move."),
        Diagram(START_4, 4, caption="The coloured strips: each player's goal edge",
                shows_moves=True),
        players=(4,),
    ),
    Page(
        "A wall blocks two squares",
        ("A wall lies in the groove between squares and is two squares long.",
         "Pawns go round walls, never over them.",
         "Walls may not overlap or cross; once placed they stay."),
        Diagram("quoridor 2 | turn e9 | e9 e5 9 | e1 e2 10 | walls d4h", 2,
                caption="The pawn cannot step up: the wall blocks it", shows_moves=True),
    ),
    Page(
        "Jumping",
        ("A pawn right next to yours, with no wall between: jump over it.",
         "A wall or the edge behind it: step beside it instead, left or right."),
        Diagram("quoridor 2 | turn e9 | e9 e5 10 | e1 e4 10 | walls -", 2,
                caption="The dot beyond the other pawn: the jump", shows_moves=True),
        players=(2,),
    ),
    Page(
        "Jumping",
        ("A pawn right next to yours, with no wall between: jump over it.",
         "A wall, the edge or another pawn behind it: step beside it instead.",
         "Never jump over two pawns at once."),
        Diagram("quoridor 4 | turn e9 | e9 e6 5 | a5 e5 5 | e1 e4 5 | i5 i5 5 | walls -", 4,
                caption="Two pawns in a row: only the steps beside them", shows_moves=True),
        players=(4,),
    ),
    Page(
        "Never close the way",
        ("You may block the others and make your own way easier.",
         "But every pawn, yours too, must always keep a way to its goal edge.",
         "A wall that would close anyone in completely may not be placed."),
        Diagram("quoridor 2 | turn e1 | e9 a9 10 | e1 e1 9 | walls a7h", 2,
                caption="The red wall would shut the pawn in: not allowed", mark="b8v"),
    ),
)
