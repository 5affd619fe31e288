"""The app's labels, made cheaper to lay out, render and keep: the rendering options no label
changes held by the class (:mod:`.lean`), a label's last looks kept and taken back without a
render (:mod:`.remembered`), a text's width measured without a texture (:mod:`.widths`) and
Kivy's text provider remembering its measurements (:mod:`.extents`). They know no screen."""
