"""Where each board puts its fields and pieces, Kivy-free: the touchscreen's painters read it,
and so can any other painter (an SVG for the phones)."""
