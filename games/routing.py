from django.urls import path, re_path

from games import consumers

websocket_urlpatterns = [
    path("ws/t/<int:table_id>/", consumers.TableConsumer.as_asgi()),
    # Any other socket path is refused, not an error in the server's log.
    re_path(r"", consumers.NoSuchSocket.as_asgi()),
]
