"""Pictures of the site to look at: the home page and every game's table, seated with bots.

Each at 1280x800 and 360x740, light and dark (the browser's colour scheme; the page follows
it), written as PNGs to ``SCREENSHOTS_DIR`` (default /tmp/cardsite-screenshots), each path
printed as it is written. A whole page each, so what lies below the first screen shows too.

The script starts its own Daphne on a free loopback port, with its own SQLite database in a
temporary folder outside the repository, and stops only that server when it is done. It
needs Debian's Chromium at /usr/bin/chromium (never ``playwright install``).

    .venv/bin/python scripts/screenshots.py        # or: make screenshots
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games import catalogue  # noqa: E402  (pure Python: no Django needed to list the games)

CHROMIUM = "/usr/bin/chromium"
SIZES = {"desktop": (1280, 800), "phone": (360, 740)}
SCHEMES = ("light", "dark")
DEAL = "5"  # numbered deals (patience) are drawn from a fixed number, so pictures compare
START_SECONDS = 60
TIMEOUT_MS = 15_000
SETTINGS = """\
from cardsite.settings import *  # noqa: F403
DATABASES["default"]["NAME"] = {database!r}  # noqa: F405
BOT_MOVE_DELAY = 0.0  # the table settles before its picture is taken
"""
# Counts the table socket's frames: a table's picture waits for the live board.
FRAME_COUNTER = """
window.__frames = 0;
document.addEventListener("htmx:wsAfterMessage", function () { window.__frames += 1; });
"""


def serve(folder: Path) -> tuple[subprocess.Popen, str]:
    """Migrate a fresh database in ``folder`` and start Daphne on it; its process and URL."""
    (folder / "screenshot_settings.py").write_text(SETTINGS.format(database=str(folder / "db.sqlite3")))
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="screenshot_settings", DEBUG="1", PYTHONUNBUFFERED="1",
               PYTHONPATH=os.pathsep.join([str(folder), str(ROOT)]),
               DEAL_SECRET="screenshots-only")  # never writes the repository's own .deal-secret
    for name in ("DATABASE_URL", "REDIS_URL"):  # the embedded defaults, whatever the shell has
        env.pop(name, None)
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))  # a free port, bound here and handed over: no race for it
    listener.listen(128)
    port = listener.getsockname()[1]
    log = (folder / "daphne.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "daphne", "--fd", str(listener.fileno()), "cardsite.asgi:application"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, pass_fds=[listener.fileno()])
    listener.close()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=5):
                return process, url
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            if process.poll() is not None or time.monotonic() > deadline:
                stop(process)
                raise SystemExit(f"Daphne did not come up; its log: {folder / 'daphne.log'}") from None
            time.sleep(0.1)


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def open_table(page, slug: str) -> None:
    """From the game's page, the form that seats this guest with bots at once ("Play now", or
    "New game" for a game played alone), a numbered deal where the game has them."""
    page.goto(f"/{slug}/")
    deal = page.locator("input[name=deal]")
    if deal.count():
        deal.fill(DEAL)
    page.locator(".game-actions form button.button--primary").first.click()
    page.wait_for_url("**/t/*/")
    page.wait_for_function("window.__frames > 0")
    page.wait_for_load_state("networkidle")


def take(browser, out: Path, url: str) -> None:
    for size, (width, height) in SIZES.items():
        for scheme in SCHEMES:
            context = browser.new_context(base_url=url, viewport={"width": width, "height": height},
                                          color_scheme=scheme)
            context.set_default_timeout(TIMEOUT_MS)
            context.add_init_script(FRAME_COUNTER)
            page = context.new_page()
            try:
                page.goto("/")
                shoot(page, out / f"home-{size}-{scheme}.png")
                for game in catalogue.all():
                    open_table(page, game.engine.slug)
                    shoot(page, out / f"{game.engine.slug}-{size}-{scheme}.png")
            finally:
                context.close()


def shoot(page, path: Path) -> None:
    page.screenshot(path=str(path), full_page=True)
    print(path, flush=True)


def main() -> None:
    from playwright.sync_api import sync_playwright

    out = Path(os.environ.get("SCREENSHOTS_DIR") or "/tmp/cardsite-screenshots").resolve()
    if out == ROOT or ROOT in out.parents:
        raise SystemExit(f"SCREENSHOTS_DIR must be outside the repository, not {out}")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cardsite-screenshots-") as folder:
        process, url = serve(Path(folder))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
                try:
                    take(browser, out, url)
                finally:
                    browser.close()
        finally:
            stop(process)


if __name__ == "__main__":
    main()
