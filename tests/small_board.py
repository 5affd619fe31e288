"""The smallest playable Pat a Mat board, for the board file's tests (checker, words, the
terminal's commands): START, a blue sign whose arrow points to a semafor, the two ways meeting
again, CÍL."""

TINY_BOARD = """format = "patamat-board/1"
name   = "tiny"
start  = "S"
finish = "C"
fields = [
  { id = "S", kind = "start", next = ["A"] },
  { id = "A", next = ["B"] },
  { id = "B", kind = "sign", next = ["D", "E"], main = "D", forced = "E" },
  { id = "D", next = ["G"] },
  { id = "E", kind = "semafor", next = ["G"] },
  { id = "G", next = ["C"], back = "D" },
  { id = "C", kind = "finish", next = [] },
]
"""
