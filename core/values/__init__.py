"""Plain frozen values of the encounter: combatants, conditions, kinds, limits, sizes, phases, time, trackers."""
