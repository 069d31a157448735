"""Thin views: read through selectors, write through services, render."""

from asgiref.sync import sync_to_async
from django.contrib import messages
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect, push_url, reswap, retarget

from games import boards, catalogue, deals, fairness, invites, recovery, selectors, services
from games.kit.moves import whole_number
from games.models import Table


@require_GET
def home(request):
    return render(request, "games/home.html", {"games": selectors.game_catalogue()})


@require_GET
def game_page(request, game):
    return _game_page(request, game)


def _game_page(request, game, *, code_error="", status=200, chosen=None, deal=None):
    """The game's page; a refused form comes back with what the player ``chosen`` (its
    options) and the ``deal`` they typed, not the defaults."""
    descriptor = catalogue.get(game)
    engine = descriptor.engine
    return render(request, "games/game.html", {
        "game": descriptor, "engine": engine, "open_tables": selectors.open_tables(game),
        "option_fields": selectors.option_fields(engine, chosen),
        # A New table is for playing others (Play now is the table of one): 2 seats or more.
        "player_counts": range(min(max(engine.min_players, 2), engine.max_players), engine.max_players + 1),
        "table_players": max(engine.players_by_default, min(2, engine.max_players)),
        "turn_timer_choices": services.TURN_TIMER_CHOICES, "code_error": code_error,
        "deal": request.GET.get("deal", "") if deal is None else deal,
        "daily_results": selectors.daily_results(engine, day=timezone.localdate()) if engine.deal_numbers else None,
        "bot_choice": _bot_choice(request, descriptor),
    }, status=status)


def _bot_choice(request, game) -> str:
    """The bots' level Play now offers first: the one this browser chose last, else the default."""
    level = request.session.get(f"bot_level:{game.slug}")
    if level in game.bot_levels:
        return level
    return game.default_bot.level if game.default_bot else ""


def _remember_bot_choice(request, game: str, level: str | None) -> None:
    if level:
        request.session[f"bot_level:{game}"] = level  # offered first next time (_bot_choice)


@require_GET
def join_by_code(request, game):
    """The code typed on the game page: off to the table's invite link."""
    code = services.normalise_code(request.GET.get("code", ""))[:16]
    try:
        invites.check_may_try(request)
        table = selectors.table_for_invite(code) if code else None
        if code and (table is None or table.game != game):  # an empty form is no guess
            invites.count_wrong_guess(request)
    except invites.TooManyGuesses as refused:
        return _game_page(request, game, code_error=refused.message, status=429)
    if table is None or table.game != game:
        return _game_page(request, game, code_error="No table waits with that code; check it with your host.",
                         status=404)
    return redirect("join_by_link", table_id=table.pk, code=code)


@require_GET
def join_by_link(request, table_id, code):
    """An invite link lets this session take a seat; taking it is the table's button (a POST),
    so that link previews and prefetchers never sit anyone down."""
    try:
        invites.check_may_try(request)
        table = Table.objects.filter(pk=table_id, invite_code=services.normalise_code(code)[:16]).first()
        if table is None:
            invites.count_wrong_guess(request)
    except invites.TooManyGuesses as refused:
        return HttpResponse(refused.message, status=429, content_type="text/plain; charset=utf-8")
    if table is None:
        raise Http404("No table has that invite link.")
    request.session.setdefault(INVITES_KEY, {})[str(table.pk)] = table.invite_code
    request.session.modified = True
    return redirect("table", table_id=table.pk)


INVITES_KEY = "invites"  # table id -> invite code this session was given


def _form_number(text: str | None, *, empty):
    """A form's number in ASCII digits (games.kit.moves.whole_number); ``empty`` when the
    field is missing or blank, None when it is anything else."""
    return empty if not text else whole_number(text)


def _posted_options(engine, data) -> dict:
    """``option:<name>`` fields as the engine's own values: each posted text is matched
    against the option's choices (a text no choice spells is passed on, to be refused)."""
    options = {}
    for field, text in data.items():
        if field.startswith("option:"):
            name = field.removeprefix("option:")
            _, choices = engine.options.get(name, (None, ()))
            options[name] = next((choice for choice in choices if str(choice) == text), text)
    return options


@require_POST
def play_now(request, game):
    """You and bots at once; for numbered deals (solitaire) the deal typed, today's, a
    proven-winnable one or a random one."""
    descriptor = catalogue.get(game)
    engine = descriptor.engine
    deal = None
    level = request.POST.get("bot_level") or None
    try:
        options = engine.resolve_options(_posted_options(engine, request.POST))
        if engine.deal_numbers:
            deal = deals.pick(engine, options, typed=request.POST.get("deal", ""),
                              daily="daily" in request.POST, today=timezone.localdate())
        table = services.play_now(game=game, player=request.player, options=options, bot_level=level,
                                  deal_number=deal and deal.number, seed=deal and deal.seed,
                                  daily=deal and deal.daily)
    except (ValueError, services.TableError) as error:
        page = _game_page(request, game, code_error=getattr(error, "message", str(error)), status=400,
                          chosen=_posted_options(engine, request.POST), deal=request.POST.get("deal", ""))
        if request.htmx:  # a finished board's "Play again": the game page, with the reason, as the page
            page = push_url(reswap(retarget(page, "body"), "innerHTML"), reverse("game", args=[game]))
        return page
    _remember_bot_choice(request, game, level)
    if request.htmx:  # an XHR would follow a redirect and swap the table's page into the button
        return HttpResponseClientRedirect(reverse("table", args=[table.pk]))
    return redirect("table", table_id=table.pk)


@require_POST
def new_table(request, game):
    """A waiting room: private (invite link and code) unless listed among open tables."""
    engine = catalogue.get(game).engine
    turn_seconds = _form_number(request.POST.get("turn_seconds"), empty=0)
    players = _form_number(request.POST.get("players"), empty=engine.players_by_default)
    if turn_seconds is None or players is None:
        return HttpResponseBadRequest("turn_seconds and players must be whole numbers")
    try:
        table = services.create_table(game=game, host=request.player, private=request.POST.get("listed") != "on",
                                      turn_seconds=turn_seconds, players=players,
                                      options=_posted_options(engine, request.POST),
                                      rated=request.POST.get("rated") == "on",
                                      empty_seat_level=request.POST.get("bot_level", ""))
    except services.TableError as error:
        return _game_page(request, game, code_error=error.message, status=400,
                          chosen=_posted_options(engine, request.POST))
    _remember_bot_choice(request, game, request.POST.get("bot_level"))
    return redirect("table", table_id=table.pk)


@require_GET
def table_page(request, table_id):
    recovery.resume_table(table_id=table_id)
    table = get_object_or_404(Table, pk=table_id)
    seats = selectors.table_seats(table)
    viewer = selectors.viewer_among(seats, request.player.pk)
    game = catalogue.get(table.game)
    return render(request, "games/table.html", {
        "table": table, "game": game, "engine": game.engine, "commitment": fairness.commitment(table.seed),
        "board": boards.board(table, seats, viewer, csrf_token=get_token(request)),
    })


@require_POST
def move(request, table_id):
    """A move from the table: ``move``, a whole move string (one the board listed in ``data-legal``,
    or on a patience table the move between two piles the player picked); never assembled here."""
    text = request.POST.get("move", "")
    seq = whole_number(request.POST.get("seq", ""))
    if seq is None:
        return HttpResponseBadRequest("seq must be the table's move number")
    # The session's Player is read here, before the service locks the table row.
    player_id = request.player.pk
    try:
        services.play_move(table_id=table_id, player_id=player_id, seq=seq, move=text.strip())
    except services.TableError as error:
        return _board_response(request, table_id, message=error.message, status=error.status)
    # The new board reaches every seat over its socket; answering with it again would render
    # the same frame twice.
    return _done(request, table_id)


def _seat_action(service):
    """A waiting-room action: run the service; a refusal is answered with the board and its reason."""

    @require_POST
    def view(request, table_id):
        try:
            service(request, table_id)
        except services.TableError as error:
            return _board_response(request, table_id, message=error.message, status=error.status)
        return _done(request, table_id)

    return view


def _done(request, table_id):
    """A write that went through. htmx gets no board: every seat's new board, the requester's
    included, comes over its socket after the commit (as for a move). A board answered here
    could also be dropped: a frame that arrives first replaces the button that asked, and htmx
    2.0.10 then looks for the answer's #board inside that detached button's own tree (its
    issue 3959: 'htmx:oobErrorNoTarget, #board' in the console). A plain form post goes back
    to the table."""
    if request.htmx:
        return HttpResponse(status=204)
    return redirect("table", table_id=table_id)


@require_POST
def join(request, table_id):
    """Take a seat; a private table wants its code (typed, or remembered from the invite link)."""
    typed = request.POST.get("code", "")
    chosen = request.POST.get("seat", "")
    seat_index = whole_number(chosen) if chosen else None
    if chosen and seat_index is None:
        return HttpResponseBadRequest("seat must be a seat number")
    try:
        if typed:
            invites.check_may_try(request)
        services.join_table(table_id=table_id, player=request.player, seat_index=seat_index,
                            code=typed or request.session.get(INVITES_KEY, {}).get(str(table_id), ""))
    except invites.TooManyGuesses as refused:
        return _board_response(request, table_id, message=refused.message, status=429)
    except services.WrongInviteCode as error:
        if typed:
            try:
                invites.count_wrong_guess(request)
            except invites.TooManyGuesses as refused:
                return _board_response(request, table_id, message=refused.message, status=429)
        return _board_response(request, table_id, message=error.message, status=error.status)
    except services.TableError as error:
        return _board_response(request, table_id, message=error.message, status=error.status)
    return _done(request, table_id)


start = _seat_action(lambda request, table_id: services.start_table(table_id=table_id, host=request.player))
give_up = _seat_action(lambda request, table_id: services.give_up(table_id=table_id, player=request.player))
come_back = _seat_action(lambda request, table_id: services.come_back(table_id=table_id, player=request.player))


@require_POST
def leave(request, table_id):
    """Leave a waiting room (the seat is freed) or a game (a bot plays until you come back)."""
    try:
        services.leave_table(table_id=table_id, player=request.player)
    except services.TableError as error:
        return _board_response(request, table_id, message=error.message, status=error.status)
    table = get_object_or_404(Table, pk=table_id)
    if table.status == Table.Status.WAITING:
        return _done(request, table_id)
    destination = reverse("game", kwargs={"game": table.game})
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = destination
        return response
    messages.info(request, "A bot plays your seat until you come back to the table.")
    return redirect(destination)


@require_POST
def set_bot(request, table_id):
    seat_index = whole_number(request.POST.get("seat", ""))
    if seat_index is None:
        return HttpResponseBadRequest("seat must be a seat number")
    try:
        services.set_bot(table_id=table_id, host=request.player, seat_index=seat_index,
                         level=request.POST.get("level", ""))
    except services.TableError as error:
        return _board_response(request, table_id, message=error.message, status=error.status)
    return _done(request, table_id)


@require_POST
def play_again(request, table_id):
    try:
        table = services.play_again(table_id=table_id, player=request.player)
    except services.TableError as error:
        return _board_response(request, table_id, message=error.message, status=error.status)
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = reverse("table", kwargs={"table_id": table.pk})
        return response
    return redirect("table", table_id=table.pk)


@require_POST
async def hint(request, table_id):
    """A solver's next move for the person playing this (patience) table; changes nothing.
    A POST: it costs up to two seconds of search, which no prefetch should spend. The search
    runs on a thread of its own: under ASGI every sync view of a process shares one thread,
    and two seconds there would hold up every move the process serves."""
    table, seats, seated = await sync_to_async(_table_for_player)(request, table_id)
    if not seated:
        return await sync_to_async(_board_response)(
            request, table_id, message="Only the player may ask for hints.", status=403)
    words, move = await sync_to_async(selectors.hint, thread_sensitive=False)(table, players=len(seats))
    return await sync_to_async(_board_response)(request, table_id, message=words, hint_move=move)


def _table_for_player(request, table_id):
    table = get_object_or_404(Table, pk=table_id)
    seats = selectors.table_seats(table)
    return table, seats, selectors.viewer_among(seats, request.player.pk) is not None


@require_GET
def board(request, table_id):
    return _board_response(request, table_id)


def _board_response(request, table_id, *, message="", status=200, hint_move=""):
    """htmx gets the requester's fresh board; a plain form post goes back to the table."""
    table = get_object_or_404(Table, pk=table_id)
    if not request.htmx:
        if message:
            messages.error(request, message)
        return redirect("table", table_id=table_id)
    seats = selectors.table_seats(table)
    viewer = selectors.viewer_among(seats, request.player.pk)
    return HttpResponse(boards.board(table, seats, viewer, message=message, hint_move=hint_move),
                        status=status)
