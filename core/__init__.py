"""The rules engine of encounter: pure Python, no UI, no storage.

Layers import in one direction only: ``tui -> saves -> core``. Nothing in
this package imports textual, rich or tinydb (``tests/core/test_purity.py``
proves it); randomness always comes in as a ``random.Random``.
"""
