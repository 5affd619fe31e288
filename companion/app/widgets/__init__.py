"""Widgets the screens share, each module with its kv file of the same name: the small ones of
every screen (:mod:`.common`: big buttons, tokens, body labels; ``kv/common.kv`` and
``kv/controls.kv``), the players as chips and cards (:mod:`.players`, New game and
Statistics; ``kv/players.kv``) and the dialog over any screen when games cannot be saved
(:mod:`.save_problem`; ``kv/save_problem.kv``)."""
