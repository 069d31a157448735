"""Signals other apps answer without accounts importing them (games imports accounts)."""

from django.dispatch import Signal

# Sent inside the merge transaction, before the guest is deleted or detached, with
# ``from_player`` (the guest) and ``to_player`` (the account's Player). A receiver moves
# the rows of its app that point at ``from_player``; raising rolls the whole merge back.
# Rows it must leave (a unique constraint would break) keep the guest alive, detached.
player_merging = Signal()
