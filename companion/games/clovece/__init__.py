"""Matfyzácké Člověče nezlob se for 2–6 players (rules/clovece.md)."""
