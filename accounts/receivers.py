"""Answers to login, sign-up and logout: the session's guest follows the person into the account."""

from allauth.account.signals import user_signed_up
from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.dispatch import receiver

from accounts import services


@receiver(user_signed_up, dispatch_uid="accounts.guest_becomes_new_account")
def guest_becomes_new_account(sender, request, user, **kwargs):
    # allauth sends this before it logs the new user in; the login that follows finds the
    # Player already the account's and has nothing left to move.
    player = services.sign_in_player(session=request.session, user=user)
    services.take_username_as_name(player=player, username=user.get_username())


@receiver(user_logged_in, dispatch_uid="accounts.guest_follows_login")
def guest_follows_login(sender, request, user, **kwargs):
    # Django's login() has already rotated the session key (keeping its data), so the old
    # cookie reaches nothing: the guest's history now belongs to the account alone.
    if request is not None and hasattr(request, "session"):
        services.sign_in_player(session=request.session, user=user)


@receiver(user_logged_out, dispatch_uid="accounts.sockets_follow_logout")
def sockets_follow_logout(sender, request, user, **kwargs):
    # Sent before the session is flushed, so it still names the account's Player.
    if request is None or not hasattr(request, "session"):
        return
    player_id = services.session_player_id(request.session)
    if player_id is not None:
        services.tell_player_sockets_after_logout(player_id=player_id)
