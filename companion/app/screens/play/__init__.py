"""The play screen (:mod:`.screen`, ``kv/play.kv``): the board on the left; on the right the
status line, the action area's panels and the table lines (:mod:`.panels`), the scoreboard and
the room it leaves them (:mod:`.scoreboard`), the die's faces (:mod:`.die_faces`) and the next
roll's texts prepared while the die waits (:mod:`.texts_ahead`). The result screen shows its
score rows too."""
