"""A Daphne asked to stop (SIGTERM) exits, even with a request half-way through.

Django runs sync middleware and views in threads that hop back into the server's event loop
between layers. Daphne stops that loop on SIGTERM, so a request thread caught mid-way waits
for a loop that will never run again, and Python's exit waits for that thread: the process
never ends (bench/faults.py: 1 SIGTERM in 10 after a move; 14 in 15 with three moves in
flight), and a supervisor waiting for it keeps the server down. Once Twisted's reactor has
shut down, in-flight work gets SHUTDOWN_GRACE_SECONDS to finish; then the process exits.
Nothing is lost: a move either committed (the database has it, and games.recovery queues
what was due after it) or its transaction rolls back with the process, and the client's
retry or the next move sees the table as it stands.
"""

import logging
import os
import sys
import threading

from django.conf import settings

logger = logging.getLogger(__name__)
_armed = False


def arm() -> None:
    """Under a running Twisted reactor (Daphne), exit a grace period after it shuts down."""
    global _armed
    reactor = sys.modules.get("twisted.internet.reactor")
    if _armed or reactor is None or not getattr(reactor, "running", False):
        return
    _armed = True
    reactor.addSystemEventTrigger("after", "shutdown", _exit_after_grace)


def _exit_after_grace() -> None:
    def exit_now():
        stuck = [thread for thread in threading.enumerate()
                 if thread is not threading.main_thread() and not thread.daemon and thread.is_alive()]
        logger.warning("shutdown: %d threads still wait on the stopped event loop; exiting", len(stuck))
        for handler in logging.getLogger().handlers:
            handler.flush()
        os._exit(0)

    timer = threading.Timer(settings.SHUTDOWN_GRACE_SECONDS, exit_now)
    timer.daemon = True  # it must not be one more thread that exit waits for
    timer.start()
