"""The table session: one game at the table, Kivy-free; every face drives it."""
