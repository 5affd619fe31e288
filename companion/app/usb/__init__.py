"""Settings' USB rows, shown while a stick is mounted: the records' copy and the boards'
copy and load (the work itself is Kivy-free, in :mod:`companion.records`)."""
