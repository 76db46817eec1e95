"""Outside one fight: the campaign's tools, each a command family.

- ``timekeeping, time_events``: the in-game clock in play
- ``travel``: travel over days (EQ-TRV-1, EQ-TRV-2)
- ``training, training_commands``: animal training and ruses (EQ-ANI, EQ-TRK)
- ``breath, breath_turns``: held breath (EQ-BRE-1)
- ``energy, energy_events``: energy (EQ-STAT-1)
- ``lighting``: light and weather set by the GM
- ``party``: the party between encounters, bestiary templates
- ``war/``: mass battle and its exact forecast (EQ-WAR-1..4)
"""
