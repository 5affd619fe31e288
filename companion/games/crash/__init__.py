"""Crash by Crash (CBG 2008): the rules engine behind the common facade (rules/crash.md).

Modules: ``board`` (hex grid, tiles, the JSON data file), ``state``, ``cards``, ``notation``
(input lines), ``sim`` (movement primitives, magnets, evaluation), ``actions`` (placements,
operator, cards), ``deck`` (hands, display, piles), ``turns`` (set-up, the turn, its end),
``legal`` (enumeration, C2), ``position`` (§19), ``fixes`` (N4), ``queries`` (E2/E3 helpers for
the screen), ``snapshot``, ``rules`` (the facade object ``CRASH``) and ``text``.
"""
