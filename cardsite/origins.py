"""WebSocket handshakes only from this site's own pages.

A page's Origin must be the very scheme, host and port the socket was opened on (the test
Django's CSRF check makes of a form's Origin), or one of CSRF_TRUSTED_ORIGINS. Channels'
AllowedHostsOriginValidator compares host names only, so a page on http://localhost:9999
could open sockets to a site on https://localhost. The host itself must be one of
ALLOWED_HOSTS; behind a TLS-ending proxy the scheme comes from SECURE_PROXY_SSL_HEADER,
as for every HTTP request.
"""

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": "80", "https": "443"}


def _origin(scheme: str, netloc: str) -> str:
    """``scheme://host[:port]`` in lower case, without the scheme's default port."""
    host, port = split_domain_port(netloc.lower()) if netloc else ("", "")
    if not host:
        return ""
    return f"{scheme}://{host}" + (f":{port}" if port and port != DEFAULT_PORTS.get(scheme) else "")


def _secure(scope, headers: dict[bytes, bytes]) -> bool:
    if scope.get("scheme") in ("wss", "https"):
        return True
    proxy_header = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy_header:
        name, value = proxy_header
        sent = headers.get(name.removeprefix("HTTP_").lower().replace("_", "-").encode(), b"")
        return sent.decode("latin-1").split(",")[0].strip() == value
    return False


def same_origin(scope) -> bool:
    headers = dict(scope.get("headers", []))
    origin_header, host_header = headers.get(b"origin"), headers.get(b"host")
    if origin_header is None or host_header is None:
        return False
    try:
        origin_text, host = origin_header.decode("ascii"), host_header.decode("ascii")
    except UnicodeDecodeError:
        return False
    domain, _ = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return False
    parts = urlsplit(origin_text)
    origin = _origin(parts.scheme.lower(), parts.netloc)
    trusted = {_origin(urlsplit(item).scheme.lower(), urlsplit(item).netloc) for item in settings.CSRF_TRUSTED_ORIGINS}
    return bool(origin) and (origin == _origin("https" if _secure(scope, headers) else "http", host)
                             or origin in trusted)


class SameOriginOnly:
    """ASGI middleware for the WebSocket router: refuse a handshake from any other origin."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not same_origin(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
