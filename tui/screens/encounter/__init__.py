"""The GM's encounter screen and the parts it is built from, one per group of keys."""
