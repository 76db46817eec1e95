"""Dialogs and screens."""
