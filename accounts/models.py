from django.conf import settings
from django.db import models


class Player(models.Model):
    """Who sits at tables: a guest tied to a session, or a registered user.

    Every seat, move and result points at a Player, never at a session key, so a guest
    who signs up later keeps everything.
    """

    display_name = models.CharField(max_length=20, unique=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="player"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Set on a guest merged into an account whose history it could not all hand over (it sat
    # at a table the account also sat at): it keeps those rows, and no session reaches it.
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, editable=False, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return self.display_name

    @property
    def is_guest(self) -> bool:
        return self.user_id is None
