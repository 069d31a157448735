import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def fresh_rate_limits(cache_of_the_test_s_own):
    """allauth counts sign-ups and logins per address in the cache; each test starts at zero."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def quick_password_hashing(settings):
    # The real hasher is slow on purpose; what these tests check does not depend on it.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
