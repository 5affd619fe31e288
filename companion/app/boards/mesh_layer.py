"""A layer of batched meshes that a redraw changes in place.

A ``Shapes`` batch is drawn as a ``Color`` and a ``Mesh`` for each colour (``Shapes.draw``).
A board's layer that is drawn again at every move with new shapes of the same colours (the
covers of the values under the pieces, the targets) keeps its instructions and gives each mesh
its new vertices: no instruction is made, let go of (each vertex buffer is handed back to the
GL through the clock) or added to the canvas again. The pixels are those of new instructions
with the same colours, vertices and triangles.
"""

from __future__ import annotations

from typing import Any

from kivy.graphics import Canvas, Color, Mesh

from companion.app.boards.batch import Colour, Indices, Vertices


class MeshLayer:
    """The meshes shown in one layer (its canvas holds nothing else)."""

    def __init__(self, layer: Canvas) -> None:
        self.layer = layer
        self._shown: list[tuple[Colour, Any]] = []
        self.meshes_made = 0
        """How many meshes were made for the layer (not those given new vertices)."""

    def show(self, meshes: list[tuple[Colour, Vertices, Indices]]) -> None:
        """Show ``meshes`` (``Shapes.meshes()``): in the meshes shown, when the colours come in
        the same order and the layer still holds them; else made anew, as ``Shapes.draw``
        makes them."""
        shown = self._shown
        layer = self.layer
        is_held = layer.children[-1:] == [shown[-1][1]] if shown else not layer.children
        if not is_held or [colour for colour, _v, _i in meshes] != [
                colour for colour, _mesh in shown]:
            layer.clear()
            self._shown = []
            with layer:
                for colour, vertices, indices in meshes:
                    Color(*colour)
                    self._shown.append(
                        (colour, Mesh(vertices=vertices, indices=indices, mode="triangles")))
            self.meshes_made += len(meshes)
            return
        for (_colour, vertices, indices), (_shown_colour, mesh) in zip(meshes, shown,
                                                                       strict=True):
            if mesh.vertices != vertices or mesh.indices != indices:
                mesh.vertices, mesh.indices = vertices, indices

    def clear(self) -> None:
        self.layer.clear()
        self._shown = []


__all__ = ["MeshLayer"]
