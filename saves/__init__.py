"""Persistence of campaigns: saves that never lose a fight.

Imports ``core``, ``tinydb`` and ``platformdirs``; never ``textual``.

Design (details in each module):

- **One campaign, one TinyDB file** (``campaign``, ``layout``): tables
  ``meta`` (schema, campaign id, name, ruleset, house rules, journal
  position, current encounter), ``party``, ``bestiary``, ``encounters``
  (planned / running / finished, current state, undo position), ``steps``
  (undo history) and ``log``. The file is only ever replaced whole and
  atomically (``storage``: temp file, fsync, rename, folder fsync).
- **Journal** (``journal``): each action appends one checksummed line to
  ``<file>.journal`` and fsyncs before the UI is told it happened. Cost per
  action: the size of the change, not of the history. When the journal
  outgrows the file (at least 1 MiB) it is compacted into the file; on
  opening it is replayed (a torn last line was never acknowledged).
- **Undo/redo** (``patch``, ``session``): every action stores the reversible
  JSON difference between the state before and after, so undo restores the
  exact previous state, unlimited and after reopening. The log is
  append-only; undo and redo add ``Undone`` / ``Redone`` lines (``records``).
- **Safety**: one writer per campaign (``lock``, ``fcntl.flock``; a second
  instance reads only); rotating backups of the last good file before each
  rewrite (``backups``); explicit schema migrations (``migrations``); every
  string read from a file or an import cleaned of control characters and
  escape sequences (``sanitize``); a broken or newer file is refused with a
  message naming it and the newest good backup, and never written
  (``errors``). Write failures keep the state in memory and are retried.
- **Library** (``library``): list, duplicate, delete, export, import;
  ``paths`` knows the folders and the recent campaigns; ``signals`` turns
  SIGTERM/SIGHUP into a clean exit.
"""
