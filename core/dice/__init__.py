"""Dice behind ``d20``, checks and tiers, modifiers, and every notation a GM types."""
