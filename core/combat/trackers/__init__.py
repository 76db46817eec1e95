"""What a GM tracks on a creature beside the rules: reminders and limited uses, their handlers and events."""
