"""The garbage collector's passes just after a frame is drawn, not in the middle of a tap.

CPython collects when its count of new objects passes a threshold, wherever that happens: in
the middle of a tap's handling, between the input and its frame (measured on Crash by Crash:
a young pass in every other tap, ~0.1–0.7 ms; a middle one in ~1 tap of 20, ~5 ms; a full
one in ~1 of 150, 25–100 ms under load). Here the automatic threshold is set high enough that
no ordinary tap reaches it, and after each frame the app collects what is due by CPython's
own rules (:func:`due_generation`: the same counts, a lower first threshold, see
:data:`YOUNG`), while the players look at the frame. A handler that makes more objects
than :data:`AUTOMATIC_YOUNG` between two frames is still collected in its middle, as before,
so memory stays bounded.

Kivy-free: the app calls :func:`collect_due` from a callback scheduled after a frame.
"""

from __future__ import annotations

import gc

YOUNG = 200
"""New objects still alive at a frame after which a young pass is due. CPython's own first
threshold is 700, counted at every allocation: inside a tap the count passes 700 with objects
that are gone by its frame. 200 at the frame gives about as many passes as 700 did inside
the taps (Crash: 74 against 76 in ~140 taps), so the older generations are collected as
often as before."""
SPAN = 10
"""As CPython: passes of one generation before the next older one is collected too."""
AUTOMATIC_YOUNG = 25_000
"""The collector's own first threshold while the app runs: only a handler that makes more
than this many objects between two frames meets it (a Crash tap makes ~400 on average)."""


START_YOUNG = 250_000
"""The collector's first threshold from the app's start to its first frame. The start makes
~55,000 objects that live as long as the app (modules, Kivy's classes and rules, the home
screen) and almost no garbage; CPython's threshold of 700 walked them in ~85 passes (~20 ms of
CPU here, the window's Kivy included), one full. Held off until :func:`install`, right after
the first frame's ``gc.collect()``; still a bound should the first frame never come."""


def hold_until_first_frame() -> None:
    """No ordinary pass while the app starts (:data:`START_YOUNG`); :func:`install` ends it."""
    gc.set_threshold(START_YOUNG, SPAN, SPAN)


def install() -> None:
    """Leave the ordinary passes to :func:`collect_due` (called after each frame)."""
    gc.set_threshold(AUTOMATIC_YOUNG, SPAN, SPAN)


def due_generation(counts: tuple[int, int, int]) -> int | None:
    """The generation CPython's rules would collect now (first threshold :data:`YOUNG`), given
    ``gc.get_count()`` (new objects, young passes since the last middle one, middle passes
    since the last full one); None when nothing is due. (CPython also holds a full pass back
    until the objects new since the last one are a quarter of the others; that count is not
    to be had from Python: a full pass comes after 11 middle ones, ~1 in 120 young ones.)"""
    young, young_passes, middle_passes = counts
    if young <= YOUNG:
        return None
    if middle_passes > SPAN:  # CPython also waits for a quarter of the heap to be new here
        return 2
    if young_passes > SPAN:
        return 1
    return 0


_OWED: list[int] = []
"""A pass owed after a screen full of new objects (:func:`after_many_new_objects`)."""


def after_many_new_objects(generation: int = 1) -> None:
    """A game or screen was just built (tens of thousands of objects that live on): the pass
    after its first frame is a middle one, which moves them out of the young generations
    while the players look at it. Else the first middle pass of the game walks them all in
    between two taps (measured: ~110 ms at load 30, against ~10 for the usual one).

    ``generation`` 2 when what was built replaced what lived long (a new game: the last
    one's score rows and their labels are garbage now, in reference cycles as every Kivy
    widget is, and their textures with them; only a full pass frees them, which came ~100
    taps later in Pat a Mat, 55 textures held till then)."""
    _OWED[:] = [max([generation, *_OWED])]


def _due() -> int | None:
    due = due_generation(gc.get_count())
    return max(due or 0, *_OWED) if _OWED else due


def is_due() -> bool:
    return _due() is not None


def collect_due() -> int | None:
    """Collect what is due (:func:`due_generation`, or a middle pass owed); the generation
    collected, or None."""
    generation = _due()
    _OWED.clear()
    if generation is not None:
        gc.collect(generation)
    return generation


__all__ = ["AUTOMATIC_YOUNG", "START_YOUNG", "after_many_new_objects", "collect_due",
           "due_generation", "hold_until_first_frame", "install", "is_due"]
