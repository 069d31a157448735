"""The perfect bot's table on disk: loaded only when whole and of the right shape; never built
where building is off (as here), so a missing table leaves the bot on basic."""

import numpy as np

from games.catalogue.yahtzee import strategy, table


def test_a_table_loads_from_its_file_and_a_wrong_one_is_ignored(tmp_path, monkeypatch):
    good, bad = tmp_path / "good.npy", tmp_path / "bad.npy"
    np.save(good, np.ones((strategy.FULL + 1, strategy.CAP + 1, 2), dtype=np.float32))
    np.save(bad, np.ones((3, 3)))
    assert table.load(good).dtype == np.float64 and table.load(bad) is None
    assert table.load(tmp_path / "missing.npy") is None
    monkeypatch.setenv("YAHTZEE_STRATEGY_FILE", str(good))
    assert table.path() == good


def test_without_a_file_and_with_building_off_the_table_never_arrives(tmp_path, monkeypatch):
    monkeypatch.setenv("YAHTZEE_STRATEGY_FILE", str(tmp_path / "none.npy"))
    monkeypatch.setenv("YAHTZEE_STRATEGY_BUILD", "off")
    monkeypatch.setitem(table._state, "values", None)
    monkeypatch.setitem(table._state, "worker", None)
    assert table.ready() is None
    table._state["worker"].join(timeout=10)
    assert table.ready() is None and not (tmp_path / "none.npy").exists()


def test_the_table_is_built_once_whoever_asks_for_it(tmp_path, monkeypatch):
    monkeypatch.setenv("YAHTZEE_STRATEGY_FILE", str(tmp_path / "table.npy"))
    built = []

    def build(*, to):
        built.append(to)
        np.save(to, np.zeros((strategy.FULL + 1, strategy.CAP + 1, 2), dtype=np.float32))

    monkeypatch.setattr(table, "build", build)
    table.build_once()
    table.build_once()  # the second process, once the first let go of the lock, finds the file
    assert built == [tmp_path / "table.npy"] and table.load() is not None
