from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts and players"

    def ready(self):
        # Connects the login, sign-up and logout receivers that carry a guest into an account.
        from accounts import receivers  # noqa: F401
