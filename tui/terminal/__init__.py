"""Terminal plumbing: the frame diff, keys in order, garbage collection, ASCII output, the served driver, quick exit."""
