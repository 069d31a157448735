from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from accounts import services


@require_http_methods(["GET", "POST"])
def me(request):
    """Your name at the tables; guests may change it too."""
    error = ""
    if request.method == "POST":
        try:
            services.rename_player(player=request.player, display_name=request.POST.get("display_name", ""))
        except services.NameRejected as rejected:
            error = str(rejected)
        else:
            messages.success(request, "Your name is changed.")
            return redirect("me")
    return render(request, "accounts/me.html", {"error": error}, status=400 if error else 200)
