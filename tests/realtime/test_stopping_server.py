"""A server stopping (SIGTERM) with requests half-way still exits.

Seen in bench/faults.py: Daphne stopped its event loop while a move's thread waited on it
(to send the frames after commit, or between Django's sync layers), and the process never
exited (1 SIGTERM in 10 right after a move; 13 in 15 with three moves in flight). The sends
after commit are now handed to the server's loop and not waited for, and a stopped Daphne
exits SHUTDOWN_GRACE_SECONDS after its reactor shut down, whatever threads still wait.
"""

import asyncio
import os
import subprocess
import sys
import threading
import types
from pathlib import Path

import pytest
from asgiref.sync import sync_to_async

from cardsite import shutdown
from games import realtime

ROOT = Path(__file__).resolve().parents[2]
# No table here; the folder's fixture closes the sync threads' connections after each test.
pytestmark = pytest.mark.django_db


@pytest.fixture
def server_loop(monkeypatch):
    """An event loop running in a thread of its own, as Daphne's, told to games.realtime."""
    loop = asyncio.new_event_loop()
    server = threading.Thread(target=loop.run_forever, daemon=True)
    server.start()
    monkeypatch.setattr(realtime, "_server_loop", loop)
    yield loop
    if loop.is_running():
        loop.call_soon_threadsafe(loop.stop)
    server.join(timeout=5)
    pending = asyncio.all_tasks(loop)
    for task in pending:
        task.cancel()
    if pending:
        loop.run_until_complete(asyncio.wait(pending))
    loop.close()


def after_commit_in_a_thread(loop, send) -> tuple[threading.Event, list]:
    """``_in_event_loop(send)`` from a thread the loop started, as Daphne runs a move's sync
    work; the event is set when that thread is done, the list holds what it raised."""
    ended, outcome = threading.Event(), []

    def after_commit():
        try:
            realtime._in_event_loop(send)
        except Exception as error:  # noqa: BLE001 -- what it raised is the point
            outcome.append(error)
        finally:
            ended.set()

    async def request():
        await sync_to_async(after_commit, thread_sensitive=False)()

    asyncio.run_coroutine_threadsafe(request(), loop)
    return ended, outcome


def test_a_send_to_a_loop_that_stops_mid_send_holds_no_thread_and_later_sends_are_refused(server_loop):
    async def send_while_the_server_stops():
        asyncio.get_running_loop().stop()  # SIGTERM: the loop stops mid-send
        await asyncio.sleep(60)

    ended, outcome = after_commit_in_a_thread(server_loop, send_while_the_server_stops)
    assert ended.wait(timeout=10), "the move's thread still waits on a loop that will never run"
    assert outcome == []
    for _ in range(100):  # until the loop has stopped
        if not server_loop.is_running():
            break
        threading.Event().wait(0.05)
    # Once the loop has stopped, a later send is refused at once instead of handed over.
    try:
        realtime._in_event_loop(send_while_the_server_stops)
    except RuntimeError as error:
        assert "stopping" in str(error)
    else:
        raise AssertionError("a send to a stopped server's loop must be refused")


def test_a_slow_channel_layer_holds_up_no_move_and_a_failed_send_is_logged(server_loop, caplog):
    released = threading.Event()

    async def slow_then_failing_send():
        while not released.is_set():  # Redis taking its time
            await asyncio.sleep(0.01)
        raise ConnectionError("the channel layer is down")

    ended, outcome = after_commit_in_a_thread(server_loop, slow_then_failing_send)
    # The move's thread is done while the send has not even started to finish.
    assert ended.wait(timeout=10) and outcome == []
    assert realtime._pending
    released.set()
    for _ in range(200):
        if not realtime._pending:
            break
        threading.Event().wait(0.05)
    assert not realtime._pending
    assert "a send to the channel layer failed" in caplog.text and "the channel layer is down" in caplog.text


# A process like a stopped Daphne: a request thread waits (with no time limit, as Django's
# sync-to-async hops do) on an event loop that has stopped, and the main thread is done.
STUCK_PROCESS = """
import asyncio, os, threading, django
django.setup()
from cardsite import shutdown

loop = asyncio.new_event_loop()

async def never():
    await asyncio.sleep(3600)

def request_thread():
    asyncio.run_coroutine_threadsafe(never(), loop).result()

threading.Thread(target=request_thread).start()
if os.environ["WATCHDOG"] == "1":
    shutdown._exit_after_grace()  # what Twisted calls after its reactor has shut down
print("main thread done", flush=True)
"""


def run_stuck_process(watchdog: bool):
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "cardsite.settings", "SHUTDOWN_GRACE_SECONDS": "1",
           "WATCHDOG": "1" if watchdog else "0"}
    process = subprocess.Popen([sys.executable, "-c", STUCK_PROCESS], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = process.communicate(timeout=8 if watchdog else 4)
        return process.returncode, out + err
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        return None, ""


def test_a_stopped_server_with_a_thread_stuck_on_its_loop_exits_after_the_grace_period():
    code, output = run_stuck_process(watchdog=True)
    assert code == 0, output
    assert "threads still wait on the stopped event loop" in output
    # The fault itself: without it, the process never ends.
    assert run_stuck_process(watchdog=False)[0] is None


def test_the_watchdog_is_armed_only_under_a_running_reactor(monkeypatch):
    triggers = []
    reactor = types.SimpleNamespace(running=False, addSystemEventTrigger=lambda *args: triggers.append(args))
    monkeypatch.setitem(sys.modules, "twisted.internet.reactor", reactor)
    monkeypatch.setattr(shutdown, "_armed", False)
    shutdown.arm()
    assert triggers == []  # tests, scripts: no server to stop
    reactor.running = True
    shutdown.arm()
    shutdown.arm()
    assert triggers == [("after", "shutdown", shutdown._exit_after_grace)]
