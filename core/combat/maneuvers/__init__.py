"""Movement maneuvers: jumps, falls, altitude, squeezing, burrowing, climbing, teleports, falling objects, mishaps."""
