"""docs/architecture.md stays true to the code: every file or folder it names exists."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "architecture.md"


def named_paths(text: str) -> set[str]:
    # `games/boards.py`, `static/js/solitaire.js`, `games/catalogue/` ... but not `<slug>` patterns.
    return {path.rstrip("/") for path in re.findall(r"`((?:games|stats|accounts|cardsite|static|templates|boards|tests|bench|docs)"
                                                     r"/[\w./-]*)`", text) if "<" not in path}


def test_every_path_the_architecture_page_names_exists():
    paths = named_paths(PAGE.read_text())
    assert len(paths) > 20
    assert [path for path in sorted(paths) if not (ROOT / path).exists()] == []


def test_the_check_sees_a_path_that_is_gone():
    assert named_paths("see `games/engines/base.py` and `games/catalogue/<slug>/`") == {"games/engines/base.py"}


def test_the_readme_points_at_the_page_not_at_a_file_a_clone_lacks():
    readme = (ROOT / "README.md").read_text()
    assert "docs/architecture.md" in readme and "../shared/" not in readme
