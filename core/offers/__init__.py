"""Queries only, never on the apply path: what a creature can do now and what a command would do."""
