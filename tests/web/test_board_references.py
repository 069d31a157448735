"""Every game's board, drawn over seeded random games, is the markup its reference holds
(tests/web/board_scenes.py): a faster renderer cannot drift from what players see."""

import os

import pytest

from games import catalogue
from tests.web import board_scenes

pytestmark = pytest.mark.django_db


def test_every_scene_draws_its_reference_markup():
    if os.environ.get("BOARD_REFERENCES") == "write":
        board_scenes.write()
    references = board_scenes.stored()
    drawn = {scene: board_scenes.normal(markup) for scene, markup in board_scenes.scenes()}
    assert drawn.keys() == references.keys(), "scenes were added or dropped: write the references again"
    differing = [scene for scene in drawn if drawn[scene] != references[scene]]
    assert not differing, f"{len(differing)} of {len(drawn)} scenes differ, first {differing[0]}:\n" + _first_difference(
        drawn[differing[0]], references[differing[0]])


def test_the_scenes_cover_every_game_every_audience_and_the_end():
    references = board_scenes.stored()
    for slug in [game.slug for game in catalogue.all()]:
        names = [scene for scene in references if scene.startswith(slug + "/")]
        assert any(scene.endswith("/None") for scene in names) and any(scene.endswith("/0") for scene in names)
        assert any(scene.endswith("/replay") for scene in names) and any("/waiting/" in scene for scene in names)
        # A hand played to its end shows up somewhere in every game with hands.
        assert any('data-hand-over' in references[scene] or 'class="final"' in references[scene] for scene in names), slug


def _first_difference(drawn: str, reference: str) -> str:
    at = next((i for i, (a, b) in enumerate(zip(drawn, reference, strict=False)) if a != b), min(len(drawn), len(reference)))
    return f"drawn:     ...{drawn[max(0, at - 120):at + 120]}\nreference: ...{reference[max(0, at - 120):at + 120]}"
