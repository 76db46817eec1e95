"""How the rest of a fight is likely to go, from the real rules.

- ``skirmish``: one fight played out to its end by ``Encounter.apply`` on a
  copy of the state, each creature by its tactics (``core.values.tactics``)
- ``odds``: many played-out fights summed up: each side's chance to win, each
  party member's chance to go down, the expected rounds, with 95% intervals
"""
