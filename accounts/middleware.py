from django.utils.functional import SimpleLazyObject

from accounts import services


class PlayerMiddleware:
    """``request.player``: the visitor's Player, made lazily when a view first needs it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.player = SimpleLazyObject(lambda: services.player_for_session(request.session))
        return self.get_response(request)
