"""Plain frozen values of an encounter, read by every other wing.

- ``combatant``: who fights: side, stats, hit points, budget, position, inventory
- ``conditions``: named effects with a level and a duration, and the catalogue
- ``kinds``: the closed vocabularies of commands, as enums
- ``limits``: every size limit of the program
- ``mobility``: size, layer and movement type
- ``phases``: phases of a scene (EQ-SIT-1..3)
- ``clock``: in-game time in seconds
- ``last_roll``: the last check or attack roll (EQ-CHK-6)
- ``trackers``: the GM's reminders and limited uses as values
- ``attacks``: the saved attacks on a creature's sheet
- ``damage_types``: the damage types (TAC-DMG-1)
"""
