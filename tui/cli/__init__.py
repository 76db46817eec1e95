"""The ``encounter`` command line: the game, maps and creatures in and out, the players' views."""
