"""The per-socket frame limit on its own, with a clock the test moves."""

from games.socket_limits import ADMIT, CLOSE, DROP, TELL, FrameLimit


def test_the_frame_limit_refills_with_time_and_forgives_drops():
    now = [0.0]
    limit = FrameLimit(rate=2, flood_drops=3, clock=lambda: now[0])
    assert [limit.admit() for _ in range(4)] == [ADMIT, ADMIT, TELL, DROP]
    now[0] += 0.5  # one token back, and half a strike forgiven
    assert limit.admit() == ADMIT
    assert limit.admit() == TELL, "after a frame went through, the next drop is told again"
    assert limit.admit() == CLOSE, "more than three strikes standing (3.5: half of one forgiven)"
    now[0] += 10
    fresh = [limit.admit() for _ in range(3)]
    assert fresh == [ADMIT, ADMIT, TELL], "a burst is at most one second's worth"
