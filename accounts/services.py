"""Writes for player identity: guests, names, and a guest's move into an account.

Which Player a session acts as is decided here, on every request and every socket:
- a session with a logged-in user (its auth hash still valid) acts as that user's Player;
- otherwise as the guest whose id it holds, but only a guest: a registered Player's id in
  a session without its user's login is ignored, and the visitor gets a new guest;
- a guest merged into an account and kept for rows it could not hand over (``merged_into``
  set) is reachable from no session at all.
"""

import secrets

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib import auth
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.crypto import constant_time_compare

from accounts import selectors
from accounts.models import Player
from accounts.names import NAME_PATTERN, RESERVED_WORDS, NameRejected, clean_display_name
from accounts.signals import player_merging

__all__ = ["NAME_PATTERN", "RESERVED_WORDS", "NameRejected", "SESSION_KEY"]

SESSION_KEY = "player_id"


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


def session_player_id(session) -> int | None:
    """The id of the Player this session may act as, or None; creates nothing, writes nothing."""
    return _session_players(session).values_list("pk", flat=True).first()


def player_for_session(session) -> Player:
    """The session's Player: the logged-in user's (made if they have none) or a guest."""
    player = _session_players(session).first()
    if player is None:
        user = _session_user(session)
        player = player_for_user(user=user) if user is not None else create_guest()
    if session.get(SESSION_KEY) != player.pk:
        session[SESSION_KEY] = player.pk
    return player


def _session_players(session):
    """The Players (none or one) the session may act as; see the module docstring."""
    user = _session_user(session)
    if user is not None:
        return Player.objects.filter(user=user)
    player_id = session.get(SESSION_KEY)
    if player_id is None:
        return Player.objects.none()
    return Player.objects.filter(pk=player_id, user__isnull=True, merged_into__isnull=True)


def _session_user(session):
    """The session's logged-in user, checked as django.contrib.auth.get_user does, without its flush.

    A session whose auth hash no longer matches (the password changed elsewhere) or whose
    user is gone or inactive counts as logged out; Django logs it out on its next page.
    """
    user_id = session.get(auth.SESSION_KEY)
    if user_id is None:
        return None
    user = get_user_model()._default_manager.filter(pk=user_id, is_active=True).first()
    if user is None:
        return None
    session_hash = session.get(auth.HASH_SESSION_KEY) or ""
    if constant_time_compare(session_hash, user.get_session_auth_hash()):
        return user
    # The same fallback Django allows while SECRET_KEY is being rotated.
    for secret in settings.SECRET_KEY_FALLBACKS:
        if constant_time_compare(session_hash, user._get_session_auth_hash(secret=secret)):
            return user
    return None


def player_for_user(*, user) -> Player:
    """The user's Player, made now for a user who has none (one made with createsuperuser)."""
    player = Player.objects.filter(user=user).first()
    if player is not None:
        return player
    player = create_guest()
    try:
        with transaction.atomic():
            player.user = user
            player.save(update_fields=["user"])
    except IntegrityError:
        # Another request made theirs first: use that one, drop ours.
        player.delete()
        return Player.objects.get(user=user)
    take_username_as_name(player=player, username=user.get_username())
    return player


def take_username_as_name(*, player: Player, username: str) -> Player:
    """A new account plays under its username when that is a valid, free name; else keeps its name."""
    try:
        return rename_player(player=player, display_name=username)
    except NameRejected:
        return player


def rename_player(*, player: Player, display_name: str) -> Player:
    name = clean_display_name(display_name)
    if selectors.name_taken(name=name, except_player_id=player.pk):
        raise NameRejected("That name is taken.")
    player.display_name = name
    try:
        with transaction.atomic():
            player.save(update_fields=["display_name"])
    except IntegrityError:
        raise NameRejected("That name is taken.") from None
    return player


def sign_in_player(*, session, user) -> Player:
    """After a login or sign-up: the session's guest becomes, or merges into, the user's Player.

    - no guest in the session: the user's Player (made if they have none);
    - a guest and a user without a Player: the guest becomes theirs, history and all;
    - a guest and a user with a Player: the guest's history merges into it (merge_players).
    The session then holds the account's Player. Calling it again is harmless: the session's
    Player is registered by then, so there is no guest left to move.
    """
    guest_id = session.get(SESSION_KEY)
    guest = None
    if guest_id is not None:
        guest = Player.objects.filter(pk=guest_id, user__isnull=True, merged_into__isnull=True).first()
    account_player = Player.objects.filter(user=user).first()
    if guest is None:
        player = account_player or player_for_user(user=user)
    elif account_player is None:
        player = _claim_guest(guest=guest, user=user)
    else:
        player = merge_players(from_player=guest, to_player=account_player)
    session[SESSION_KEY] = player.pk
    return player


def _claim_guest(*, guest: Player, user) -> Player:
    try:
        with transaction.atomic():
            claimed = Player.objects.filter(pk=guest.pk, user__isnull=True).update(user=user)
    except IntegrityError:
        claimed = 0  # the user got a Player meanwhile (a login in another tab)
    if not claimed:
        account_player = Player.objects.filter(user=user).first()
        if account_player is None:
            return player_for_user(user=user)
        return merge_players(from_player=guest, to_player=account_player)
    guest.refresh_from_db()
    return guest


@transaction.atomic
def merge_players(*, from_player: Player, to_player: Player) -> Player:
    """Move a guest's history into an account's Player, in one transaction; returns ``to_player``.

    Each app moves its own rows in answer to ``player_merging`` (games: seats, hosted tables,
    results). Rows a receiver must leave behind (the guest sat at a table the account also
    sat at, and a table has one seat per Player) stay with the guest, which is then kept but
    detached (``merged_into`` set: no session reaches it again). Otherwise the guest is deleted.
    """
    if from_player.pk == to_player.pk:
        return to_player
    # Both rows locked, in id order, so two merges touching the same Players queue up.
    locked = {p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[from_player.pk, to_player.pk])
              .order_by("pk")}
    guest = locked.get(from_player.pk)
    if guest is None or guest.user_id is not None or guest.merged_into_id is not None:
        return to_player  # merged or claimed already by a concurrent login
    player_merging.send(sender=Player, from_player=from_player, to_player=to_player)
    if _still_referenced(from_player):
        Player.objects.filter(pk=from_player.pk).update(merged_into=to_player)
        from_player.merged_into = to_player
    else:
        from_player.delete()
    return to_player


def _still_referenced(player: Player) -> bool:
    """Whether any row of any app still points at ``player`` (found from the model, naming no app)."""
    for relation in Player._meta.related_objects:
        if relation.many_to_many or relation.related_model is Player:
            continue
        rows = relation.related_model._base_manager.filter(**{relation.field.name: player})
        if rows.exists():
            return True
    return False


def tell_player_sockets_after_logout(*, player_id: int) -> None:
    """Once committed, tell every socket of the Player that its session changed (it logged out).

    The group name is the one games.realtime.player_group gives; the consumer re-reads its
    session on this event, so a logged-out tab stops acting for the account.
    """

    def send():
        async_to_sync(get_channel_layer().group_send)(
            f"player.{player_id}", {"type": "seat.changed", "table_id": None}
        )

    # A channel layer that is down must not fail the logout itself: the error is logged.
    transaction.on_commit(send, robust=True)
