"""Writes for player identity."""

import re
import secrets

from django.db import IntegrityError, transaction

from accounts.models import Player

SESSION_KEY = "player_id"
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{1,18}[A-Za-z0-9]$")
# Names a person may not take: they would pass for a bot or for the site.
RESERVED_WORDS = ("bot", "admin", "cardsite", "system")


class NameRejected(ValueError):
    pass


def create_guest() -> Player:
    """A new guest with a free name like "Guest 4821"."""
    for _ in range(50):
        name = f"Guest {secrets.randbelow(9000) + 1000}"
        try:
            with transaction.atomic():
                return Player.objects.create(display_name=name)
        except IntegrityError:
            continue
    # Ten thousand guests crowd four digits; fall back to a longer number.
    return Player.objects.create(display_name=f"Guest {secrets.token_hex(4)}")


def player_for_session(session) -> Player:
    """The session's Player, made on the first visit."""
    player_id = session.get(SESSION_KEY)
    if player_id is not None:
        player = Player.objects.filter(pk=player_id).first()
        if player is not None:
            return player
    player = create_guest()
    session[SESSION_KEY] = player.pk
    return player


def rename_player(*, player: Player, display_name: str) -> Player:
    name = " ".join(display_name.split())
    if not NAME_PATTERN.match(name):
        raise NameRejected("Names are 3 to 20 letters, digits, spaces, dots, dashes or underscores.")
    if any(word in name.lower() for word in RESERVED_WORDS):
        raise NameRejected("That name could be taken for a bot or for the site; choose another.")
    if Player.objects.filter(display_name__iexact=name).exclude(pk=player.pk).exists():
        raise NameRejected("That name is taken.")
    player.display_name = name
    try:
        with transaction.atomic():
            player.save(update_fields=["display_name"])
    except IntegrityError:
        raise NameRejected("That name is taken.") from None
    return player
