"""What each frame costs beyond its drawing, kept low: the layouts' passes (a widget tree laid
out at once, :mod:`.laying_out`; layouts that skip a pass which changes nothing,
:mod:`.steady_layouts`), the garbage collector's passes moved to just after a frame
(:mod:`.collector`), and under a software GL (:mod:`.software_gl`) a frame sent in parts, so its
commands never sit in memory all at once (:mod:`.flush_points`). They know no screen."""
