"""Persistence of campaigns: TinyDB files written atomically.

Imports ``core`` and ``tinydb``; never ``textual``.
"""
