"""The web table in a real browser (Debian's chromium driven by Playwright): one full deal
of every game played by clicking, a hint used, the language switched, a screenshot saved in
``target/screenshots/<game>.png`` (and ``<game>-ko.png`` in Korean)."""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from web_helpers import Server, on_loop, running_server, wait_until

import cardavia
import cardavia.view
from cardavia.web.tables import RANGE_KINDS, SELECT_KINDS, Table, _action_cards

CHROMIUM = os.environ.get("CARDAVIA_CHROMIUM", "/usr/bin/chromium")
playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
    pytest.skip(f"no chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

SHOTS = Path(__file__).resolve().parent.parent / "target" / "screenshots"
GAMES = cardavia.games()


@pytest.fixture(scope="module")
def server() -> Any:
    with running_server() as s:
        yield s


@pytest.fixture(scope="module")
def browser() -> Any:
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


def table_of(server: Server) -> Table:
    (table,) = server.tables.tables.values()
    return table


def turn_info(server: Server, table: Table) -> tuple[int, bool, bool, list[Any], int]:
    def read() -> tuple[int, bool, bool, list[Any], int]:
        state = table.state
        n = state.actions_taken
        return n, state.is_terminal(), table.your_turn, state.legal_actions(), table.version

    result: tuple[int, bool, bool, list[Any], int] = on_loop(server, read)
    return result


def page_shows(page: Any, version: int) -> None:
    """Wait until the page has drawn the table's state ``version``."""
    page.wait_for_function(f"window.cardavia.tableVersion >= {version}", timeout=20000)


def choose(table: Table, legal: list[Any], rng: random.Random) -> Any:
    """A random legal action, preferring ones that finish a deal quickly."""
    game = table.game_id
    if game == "holdem":
        calm = [a for a in legal if a.kind in ("call", "check", "fold")]
        return rng.choice(calm or legal)
    if game == "one_poker":
        calm = [a for a in legal if a.kind in ("call", "check", "lock")]
        return rng.choice(calm or legal)
    if game == "bridge" and legal[0].kind in ("bid", "pass", "double", "redouble"):
        passes = [a for a in legal if a.kind == "pass"]
        return rng.choice(legal) if rng.random() < 0.3 or not passes else passes[0]
    return rng.choice(legal)


def click_action(page: Any, table: Table, action: Any) -> None:
    kind = action.kind
    if kind in RANGE_KINDS and action.amount is not None:
        page.fill(f'.range[data-kind="{kind}"] input.exact', str(action.amount))
        page.click(f'[data-role="range-{kind}"]')
        return
    if kind in SELECT_KINDS and action.cards is not None:
        click_cards(page, _action_cards(action), str(action))
        return
    button = page.locator(f'#controls [data-action="{str(action)}"]')
    if button.count():
        button.first.click()
        return
    select = page.locator(f'#controls select[data-kind="{kind}"]')
    select.select_option(str(action))
    page.click(f'[data-role="pick-{kind}"]')


def click_cards(page: Any, cards: list[str], text: str = "") -> None:
    for card in cards:
        # Cards of a hand are fanned, each overlapping the one before: click the visible strip
        # at its left edge, as a person would, not its centre (which the next card covers).
        page.locator(f'svg.card.playable[data-card="{card}"]:not(.selected)').first.click(
            position={"x": 6, "y": 30}
        )
    # the page names the selection (or lists its readings) before it is played
    page.wait_for_selector("#selection .ok, #selection .bad", timeout=10000)
    choice = page.locator(f'#selection [data-choice="{text}"]')
    if text and choice.count():
        choice.click()
    else:
        page.click("#btn-play")


def set_language(page: Any, lang: str) -> None:
    page.click("#btn-settings")
    page.select_option("#set-lang", lang)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    page.click('#settings button[value="close"]')


def switch_language_and_back(page: Any, game_id: str) -> None:
    set_language(page, "ko")
    assert page.inner_text("#btn-hint") == "힌트"
    assert page.inner_text("#title").startswith(cardavia.view.catalogue("ko")[f"game.{game_id}"])
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{game_id}-ko.png"))
    set_language(page, "en")
    assert page.inner_text("#btn-hint") == "Hint"


@pytest.mark.parametrize("game_id", GAMES)
def test_full_deal_by_clicking(server: Server, browser: Any, game_id: str) -> None:
    server.tables.tables.clear()
    page = browser.new_page(viewport={"width": 1440, "height": 960})
    try:
        play_one_deal(server, page, game_id)
    except BaseException:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{game_id}-failed.png"))
        raise
    finally:
        page.close()


def play_one_deal(server: Server, page: Any, game_id: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.locator(f'.game[data-game="{game_id}"] button.play').click()
    page.wait_for_selector("#you .seat")
    table = table_of(server)
    rng = random.Random(7)
    hint_used = False
    switched = False
    moves = 0
    while True:
        wait_until(
            lambda: turn_info(server, table)[1] or turn_info(server, table)[2],
            what="the person's turn or the end of the deal",
        )
        count, over, mine, legal, version = turn_info(server, table)
        if over:
            break
        page_shows(page, version)
        if not hint_used:
            page.click("#btn-hint")
            page.wait_for_selector("#hints li:not(.pending)", timeout=20000)
            hint = page.locator("#hints button.hint")
            # Every game has an agent now: the hint list must offer a play to click.
            assert hint.count(), f"no hint offered in {game_id}"
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{game_id}-hint.png"))
            hint.first.click()
            hint_used = True
            wait_until(lambda n=count: turn_info(server, table)[0] > n, what="the hint's play")
            continue
        if moves == 2 and not switched:
            switch_language_and_back(page, game_id)
            switched = True
        if game_id == "tractor" and any(a.kind in ("play", "bury") for a in legal):
            # a whole play or burial, selected card by card on the page
            sel = on_loop(server, table.actions)["select"][0]
            click_cards(page, rng.choice(sel["plays"]))
        else:
            click_action(page, table, choose(table, legal, rng))
        wait_until(lambda n=count: turn_info(server, table)[0] > n, what="the move to be played")
        moves += 1
    page_shows(page, turn_info(server, table)[4])
    page.wait_for_selector("#box-result:not([hidden])", timeout=15000)
    if not switched:
        switch_language_and_back(page, game_id)
    page.wait_for_timeout(200)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{game_id}.png"))
    assert hint_used
    assert not errors, errors
