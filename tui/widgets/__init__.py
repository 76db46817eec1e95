"""The four panes of the encounter screen."""
