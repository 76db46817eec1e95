"""Text for the GM: log lines of every event, the recap, map glyphs, user text made safe."""
