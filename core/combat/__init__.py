"""The fight: the encounter state and ``Encounter.apply``, commands and events by family, and their handlers."""
