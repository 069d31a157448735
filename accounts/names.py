"""The rules for a name at the tables, shared by renaming and by sign-up usernames."""

import re

from django.core.exceptions import ValidationError

NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{1,18}[A-Za-z0-9]$")
# Names a person may not take: they would pass for a bot or for the site.
RESERVED_WORDS = ("bot", "admin", "cardsite", "system")


class NameRejected(ValueError):
    pass


def clean_display_name(display_name: str) -> str:
    """The name with its spaces tidied, or NameRejected saying which rule it breaks.

    Only the rules that need no database: whether the name is free is the caller's check.
    """
    name = " ".join(display_name.split())
    if not NAME_PATTERN.match(name):
        raise NameRejected("Names are 3 to 20 letters, digits, spaces, dots, dashes or underscores.")
    if any(word in name.lower() for word in RESERVED_WORDS):
        raise NameRejected("That name could be taken for a bot or for the site; choose another.")
    return name


def validate_username_as_name(username: str) -> None:
    """A username becomes the account's name at the tables, so it must be a valid one as typed."""
    try:
        name = clean_display_name(username)
    except NameRejected as rejected:
        raise ValidationError(str(rejected), code="invalid_name") from None
    if name != username:
        # The login must match the name exactly, so stray spaces are refused, not tidied.
        raise ValidationError("Use single spaces between words, and none at the ends.", code="invalid_name")


# allauth's ACCOUNT_USERNAME_VALIDATORS names this list; it replaces the User model's own
# validator, which would refuse the spaces that names at the tables allow.
USERNAME_VALIDATORS = [validate_username_as_name]
