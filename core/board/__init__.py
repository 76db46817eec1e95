"""The battle map: grid and map files, geometry and areas, movement, sight and vision."""
