"""Queries only, never on the apply path: what a creature can do now and what a command would do.

- ``base``: the public API: ``offers``, ``preview``, ``would_do``, ``dry_run``
- ``offer``: the values: ``Offer``, ``OfferContext``, ``Group``, ``Need``
- ``common``: the offers every ruleset has, and preview details
- ``attacks``: an attack from typed text, and its odds
- ``maneuvers, maneuver_previews, mounted, trackers, breath, ruses``: offers and previews by family
- ``odds_map``: the chance to hit from every reachable cell
"""
