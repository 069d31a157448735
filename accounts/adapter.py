"""allauth's hooks where sign-up meets names at the tables."""

from allauth.account.adapter import DefaultAccountAdapter
from django.core.exceptions import ValidationError

from accounts import selectors, services


class AccountAdapter(DefaultAccountAdapter):
    def clean_username(self, username: str, shallow: bool = False) -> str:
        # The name rules themselves run as ACCOUNT_USERNAME_VALIDATORS (accounts.names); here,
        # a username someone else already plays under is refused, so the username can become
        # the new account's name. The visitor's own guest name is theirs to keep.
        username = super().clean_username(username, shallow=shallow)
        if not shallow:
            own_player_id = services.session_player_id(self.request.session) if self.request else None
            if selectors.name_taken(name=username, except_player_id=own_player_id):
                raise ValidationError("Someone already plays under that name; choose another.")
        return username
