"""Quoridor for 2 and 4 players (rules/quoridor.md, Part A)."""
