"""The fight: its state, the one place it changes, and the command families.

- ``state``: ``EncounterState``, the value every handler reads
- ``encounter``: ``Encounter.apply``: the dispatcher and its after-apply hooks
- ``registry``: the generic command families, as dotted paths
- ``commands, events, event_base, turn_events``: the core's commands and events (``events`` names them all; the turn order's are in ``turn_events``; families keep theirs)
- ``turns, economy, resolution, scene, moving, sheet, mapedit, secrecy``: the generic families' handlers
- ``attacks, damage, initiative, durations, groups, boundary, limbs, everyday``: the rules those handlers use
- ``add_group, several_targets, reactions``: families of groups, several targets and reactions
- ``tactics``: how the forecast plays a creature (``SetTactics``)
- ``maneuvers/, mounted/, trackers/``: jumps and falls; mounted combat; the GM's reminders and uses
- ``visibility``: what a side may know
- ``consistency``: what a state read from a file must satisfy
- ``demo``: the built-in demo
"""
