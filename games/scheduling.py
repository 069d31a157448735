"""Running a task later, with or without a worker.

With a broker, a task is queued with a countdown. In the embedded default tasks run
eagerly in-process; a timer thread stands in for the countdown, so that the request
that scheduled it returns at once and the table still sees things happen in time. A task
due now runs in its caller, unless the caller says ``elsewhere``: a page or a socket that
must answer at once (an expert bot's turn thinks for up to a second). A chore (any task not
on the "play" queue, games.chores) always runs on a thread of its own: it may take minutes,
and its caller may be the thread that plays bot turns.
"""

import threading

from celery import current_app
from django import db

from games import chores


def schedule(task_name: str, *, countdown: float, elsewhere: bool = False, **kwargs) -> None:
    # By registered name, so that services may schedule tasks that import services.
    task = current_app.tasks[task_name]
    if current_app.conf.task_always_eager and (countdown > 0 or elsewhere or chores.is_chore(task_name)):
        _run_later(countdown, task.apply, kwargs=kwargs)
    else:
        task.apply_async(kwargs=kwargs, countdown=countdown)


def _run_later(delay: float, function, **kwargs) -> None:
    def run():
        try:
            function(**kwargs)
        finally:
            db.close_old_connections()

    timer = threading.Timer(delay, run)
    timer.daemon = True
    timer.start()
