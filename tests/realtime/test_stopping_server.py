"""A server stopping (SIGTERM) with a request in its after-commit step still exits.

Seen in bench/faults.py: Daphne stopped its event loop while a move's thread waited in
``async_to_sync`` to send the frames, and the process never exited (1 SIGTERM in 10, 17 in
20 with three moves in flight). The sends now wait on the server's loop with a time limit.
"""

import asyncio
import threading

from asgiref.sync import sync_to_async

from games import realtime


def test_a_send_waiting_on_a_loop_that_stops_gives_up_and_the_thread_ends(monkeypatch):
    monkeypatch.setattr(realtime, "SEND_SECONDS", 0.5)
    loop = asyncio.new_event_loop()
    server = threading.Thread(target=loop.run_forever, daemon=True)
    server.start()
    monkeypatch.setattr(realtime, "_server_loop", loop)
    ended, outcome = threading.Event(), []

    async def send_while_the_server_stops():
        asyncio.get_running_loop().stop()  # SIGTERM: the loop stops mid-send
        await asyncio.sleep(60)

    def after_commit():  # a move's thread, as Daphne runs sync views
        try:
            realtime._in_event_loop(send_while_the_server_stops)
        except Exception as error:  # noqa: BLE001 -- what it raised is the point
            outcome.append(error)
        finally:
            ended.set()

    async def request():
        await sync_to_async(after_commit, thread_sensitive=False)()

    asyncio.run_coroutine_threadsafe(request(), loop)
    assert ended.wait(timeout=10), "the move's thread still waits on a loop that will never run"
    assert isinstance(outcome[0], TimeoutError)
    server.join(timeout=5)
    # Once the loop has stopped, a later send is refused at once instead of waiting.
    try:
        realtime._in_event_loop(send_while_the_server_stops)
    except RuntimeError as error:
        assert "stopping" in str(error)
    else:
        raise AssertionError("a send to a stopped server's loop must be refused")
    pending = asyncio.all_tasks(loop)
    for task in pending:
        task.cancel()
    loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
    loop.close()
