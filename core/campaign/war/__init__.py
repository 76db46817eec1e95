"""Mass combat (seed 001, EQ-WAR-1..4): the battle, its rounds, commands, events and exact forecast."""
