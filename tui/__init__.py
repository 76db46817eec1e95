"""The Textual user interface of encounter. No rule logic lives here."""
