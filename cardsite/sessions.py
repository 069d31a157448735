"""The session store: Django's database sessions, reading only keys that Django could have made.

A cookie can carry anything, and Django's quoted cookies decode octal escapes, so a NUL
reached the store and PostgreSQL refused it: a 500 on every page and socket for that browser.
Django makes keys of lowercase letters and digits; any other key is no session at all, and
the visitor is served as a new one (HTTP and table sockets both load sessions through here,
by SESSION_ENGINE)."""

from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore


class SessionStore(DatabaseSessionStore):
    def _validate_session_key(self, key):
        return bool(super()._validate_session_key(key)) and key.isascii() and key.isalnum()
