"""The battle map and what it says: terrain, distance, sight, cover, movement.

- ``grid``: the map: cells of one terrain each, distance
- ``map_text``: an encounter written as a map file
- ``geometry/``: areas, line of sight and cover, flanking, area templates
- ``movement/``: the movement model interface, reach and the cheapest path, falling
- ``battlefield``: what the map says about an attack
- ``look``: the look readout of a cell
- ``senses``: senses and the attack situation (TAC-POS-4, TAC-POS-6)
- ``vision``: light and weather (EQ-VIS-1, EQ-VIS-2)
"""
