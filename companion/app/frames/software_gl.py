"""Whether the window's GL is a software rasteriser: its textures and frames live in our memory.

Mesa's llvmpipe (CI, this development machine, a Pi without its GPU driver) keeps every
texture's pixels and every frame's draw calls in the app's own memory; a GPU driver (the Pi's
V3D, VC4) keeps them in the GPU's. What saves that memory at some CPU cost
(:mod:`~companion.app.frames.flush_points`, :mod:`~companion.app.labels.remembered`) does it
only where the GL is software.
"""

from __future__ import annotations

from kivy.graphics.opengl import GL_RENDERER, glGetString

SOFTWARE_RENDERERS = ("llvmpipe", "softpipe", "swrast")
"""Words in the GL's renderer name of Mesa's software rasterisers."""

_is_software: list[bool] = []
"""The answer, once read (the GL must be current then: in a frame's drawing, or a tap)."""


def renderer_is_software(renderer: str) -> bool:
    """Whether a GL renderer's name is one of Mesa's software rasterisers."""
    name = renderer.lower()
    return any(word in name for word in SOFTWARE_RENDERERS)


def gl_is_software() -> bool:
    """Whether the window's GL is a software rasteriser (read once; the GL must be current)."""
    if not _is_software:
        renderer = glGetString(GL_RENDERER)
        text = renderer.decode("ascii", "replace") if isinstance(renderer, bytes) else str(
            renderer)
        _is_software.append(renderer_is_software(text))
    return _is_software[0]


__all__ = ["SOFTWARE_RENDERERS", "gl_is_software", "renderer_is_software"]
