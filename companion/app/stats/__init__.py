"""The statistics screen's parts: figures kept ahead, values to show, charts."""
