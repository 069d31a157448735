"""The client's address: read from the right of X-Forwarded-For, past the trusted proxies only."""

from django.test import RequestFactory

from accounts.addresses import client_address


def request(forwarded=None):
    extra = {"REMOTE_ADDR": "10.0.0.2"}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **extra)


def test_without_trusted_proxies_the_peer_is_the_client(settings):
    settings.TRUSTED_PROXIES = 0
    assert client_address(request("198.51.100.1")) == "10.0.0.2"


def test_each_trusted_proxy_hides_one_entry_from_the_right(settings):
    settings.TRUSTED_PROXIES = 1
    assert client_address(request("6.6.6.6, 198.51.100.1")) == "198.51.100.1"
    assert client_address(request("198.51.100.1")) == "198.51.100.1"
    settings.TRUSTED_PROXIES = 2  # a CDN, then nginx
    assert client_address(request("6.6.6.6, 198.51.100.1, 192.0.2.50")) == "198.51.100.1"


def test_a_request_that_did_not_come_through_every_proxy_counts_by_its_peer(settings):
    settings.TRUSTED_PROXIES = 2
    assert client_address(request("198.51.100.1")) == "10.0.0.2"
    assert client_address(request(" , ")) == "10.0.0.2"
    assert client_address(request()) == "10.0.0.2"
