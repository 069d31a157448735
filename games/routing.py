"""WebSocket routes. Table sockets arrive with the live tables (issue 3)."""

websocket_urlpatterns: list = []
