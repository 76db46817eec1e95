"""Mounted combat (seed 001, EQ-MNT-1..9): seats, riding together, commands and their DEFAULTs."""
