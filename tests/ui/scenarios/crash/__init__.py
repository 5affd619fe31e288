"""Crash by Crash on the touchscreen: whole games (``game.py``) and the shuffled board layout
with its build guide (``layout.py``), each its own script."""
