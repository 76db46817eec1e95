"""Dice behind ``d20``, checks and tiers, modifiers, and every notation a GM types.

- ``rolls``: dice expressions rolled within limits (``DiceError``)
- ``checks``: a check read as a tier, and its exact odds
- ``modifiers``: an attack's situational modifiers with their reasons
- ``notation``: checks, amounts, damage and weapons as typed (``NotationError``)
- ``setting_notation``: a house-rule value as typed
- ``time_notation, travel_notation, vision_notation, war_notation``: the campaign tools' forms
- ``roster``: who the tokens of a text map are
- ``creature_import``: bestiary creatures from roster lines or d20 SRD stat blocks
"""
