"""``companion doctor``: what is in place and what is not."""
