"""The web table's server: the HTTP API, the websocket protocol, robustness against illegal and
malformed messages, resuming a table, privacy of every message of a full deal, the label
catalogues, and 50 concurrent tables on loopback."""

from __future__ import annotations

import asyncio
import json
import random
import re
import subprocess
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # starlette suggests another HTTP client; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

import cardavia  # noqa: E402
from cardavia.web.app import create_app  # noqa: E402
from cardavia.web.tables import ServerConfig, Table  # noqa: E402

WEB = Path(cardavia.__file__).parent / "web"
CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][cdhs]|SJ|BJ)(?![A-Za-z0-9])")
CONFIG = ServerConfig(agent="random", agent_seconds=0.02, hint_seconds=0.05, pace=0.0)


def catalogue(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((WEB / "i18n" / f"{lang}.json").read_text("utf-8"))
    return data


# ---- catalogues ------------------------------------------------------------------------


def test_catalogues_have_the_same_keys_and_no_empty_text() -> None:
    en, ko = catalogue("en"), catalogue("ko")
    assert set(en) == set(ko)
    assert all(v.strip() for v in en.values()) and all(v.strip() for v in ko.values())
    for key in en:  # the same placeholders in both languages
        assert set(re.findall(r"\{(\w+)\}", en[key])) == set(re.findall(r"\{(\w+)\}", ko[key])), key


def test_front_end_uses_no_missing_key() -> None:
    en = catalogue("en")
    used: set[str] = set()
    templated: set[str] = set()
    for path in (WEB / "static").rglob("*"):
        if path.suffix not in (".js", ".html"):
            continue
        text = path.read_text("utf-8")
        used |= set(re.findall(r'data-i18n="([^"]+)"', text))
        used |= set(re.findall(r'\bt\("([^"]+)"', text))
        used |= set(re.findall(r'key: "([a-z_]+\.[a-z_.]+)"', text))
        templated |= set(re.findall(r"\bt\(`([^`]+)`", text))
    assert used and templated
    missing = sorted(k for k in used if k not in en)
    assert not missing, missing
    # every templated key, expanded over the values the code fills in
    options = {o.name for g in cardavia.games() for o in cardavia.load(g).OPTIONS}
    expansions = {
        "game.${g.id}": cardavia.games(),
        "game.${data.table.game}": cardavia.games(),
        "option.${option.name}": sorted(options),
        'seat.bridge.${"NESW"[seat]}': list("NESW"),
        "ui.do_${sel.kind}": ["play", "bury", "discard", "lock", "return"],
        "ui.do_${list.kind}": ["call", "bid", "declare", "reveal"],
        "ui.select_${sel.mode}": ["combo", "steps", "single"],
        "act.${range.kind}": ["bet", "raise"],
        "phase.${view.phase}": [],  # phases: covered by the view tests' key check
    }
    for template in templated:
        assert template in expansions, f"unchecked templated key {template}"
        prefix = template.split("${")[0]
        for value in expansions[template]:
            assert prefix + value in en, prefix + value


# ---- HTTP --------------------------------------------------------------------------------


@pytest.fixture()
def client() -> Any:
    with TestClient(create_app(CONFIG, workers=2)) as c:
        yield c


def test_lobby_lists_every_game_with_its_summary(client: Any) -> None:
    games = client.get("/api/games?lang=ko").json()["games"]
    assert sorted(g["id"] for g in games) == cardavia.games()
    assert games[0]["id"] == "doudizhu"
    for g in games:
        try:
            expected = cardavia.rules.summary(g["id"], "ko")
        except cardavia.InvalidArgumentError:
            expected = None  # that game's rules document is not in this build yet
        assert g["summary"] == expected
    rules = client.get("/api/rules/doudizhu?lang=ko").json()
    assert rules["text"] == cardavia.rules.rules_text("doudizhu", "ko")
    assert client.get("/api/rules/chess").status_code == 404
    page = client.get("/")
    assert page.status_code == 200 and 'src="/static/js/main.js"' in page.text
    for asset in ("js/main.js", "js/table.js", "js/cards.js", "js/i18n.js", "style.css"):
        assert client.get(f"/static/{asset}").status_code == 200


def test_new_table_refuses_bad_requests(client: Any) -> None:
    assert client.post("/api/tables", content=b"{nope").status_code == 400
    assert client.post("/api/tables", json=[1]).status_code == 400
    bad = client.post("/api/tables", json={"game": "chess", "seat": 0})
    assert bad.status_code == 400 and "unknown game" in bad.json()["error"]
    assert client.post("/api/tables", json={"game": "doudizhu", "seat": 3}).status_code == 400
    assert (
        client.post("/api/tables", json={"game": "smear", "options": {"players": 9}}).status_code
        == 400
    )
    ok = client.post("/api/tables", json={"game": "smear", "seat": 4, "options": {"players": 5}})
    assert ok.status_code == 200 and ok.json()["seat"] == 4


# ---- the websocket protocol ----------------------------------------------------------------


def receive_state(ws: Any, want: Any = None) -> dict[str, Any]:
    """The next state message (optionally the first one for which ``want(msg)`` holds)."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == "state" and (want is None or want(msg)):
            return msg


def test_illegal_and_malformed_messages_change_nothing(client: Any) -> None:
    tid = client.post("/api/tables", json={"game": "doudizhu", "seat": 0, "seed": 11}).json()["id"]
    table: Table = client.app.state.tables.get(tid)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        first = receive_state(ws, lambda m: m["actions"] is not None)
        record = table.state.to_json()
        version = table.version
        bad_messages: list[Any] = [
            "not json",
            json.dumps([1, 2]),
            json.dumps({"no": "type"}),
            json.dumps({"type": "fly"}),
            json.dumps({"type": "act"}),
            json.dumps({"type": "act", "text": "bid 9"}),
            json.dumps({"type": "act", "text": "3c 3c"}),
            json.dumps({"type": "play", "kind": "play", "cards": "3c"}),
            json.dumps({"type": "play", "kind": "dance", "cards": ["3c"]}),
            json.dumps({"type": "play", "kind": "play", "cards": ["Zz"]}),
            json.dumps({"type": "hint_play", "index": 0}),
            json.dumps({"type": "next_deal"}),
            json.dumps({"type": "restart", "seed": -4}),
            "x" * 70_000,
        ]
        for text in bad_messages:
            ws.send_text(text)
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["message"], text[:40]
            assert table.state.to_json() == record and table.version == version
        # an illegal action names its rule and the rule's text
        ws.send_json({"type": "act", "text": "3c"})
        refused = ws.receive_json()
        assert refused["rule"] == "DDZ-3.4"
        assert refused["rule_text"] == cardavia.rules.rule("doudizhu", "DDZ-3.4", "en")
        first_text = first["actions"]["buttons"][0]["text"]
        ws.send_json({"type": "act", "text": first_text})
        after = receive_state(ws)
        assert after["version"] > version


def test_illegal_selection_is_explained_by_rule_id_and_text(client: Any) -> None:
    tid = client.post("/api/tables", json={"game": "doudizhu", "seat": 0, "seed": 3}).json()["id"]
    table: Table = client.app.state.tables.get(tid)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        msg = receive_state(ws, lambda m: m["actions"] is not None)
        while not msg["actions"]["select"]:  # bid until card play
            ws.send_json({"type": "act", "text": msg["actions"]["buttons"][-1]["text"]})
            seen = msg["version"]
            msg = receive_state(ws, lambda m, v=seen: m["actions"] is not None and m["version"] > v)
        hand = msg["view"]["seats"][0]["cards"]
        pair = next(
            (a, b) for a, b in zip(hand, hand[1:], strict=False) if a[0] != b[0]
        )  # two ranks: no combination
        ws.send_json({"type": "preview", "kind": "play", "cards": list(pair)})
        preview = ws.receive_json()
        assert preview["type"] == "preview" and not preview["ok"]
        assert preview["rule"] == "DDZ-4.1"
        assert preview["rule_text"] == cardavia.rules.rule("doudizhu", "DDZ-4.1", "en")
        ws.send_json({"type": "preview", "kind": "play", "cards": [hand[0]], "lang": "ko"})
        ok = ws.receive_json()
        assert ok["ok"] and ok["combo"] == {"key": "combo.single", "params": {}}
        version = table.version
        ws.send_json({"type": "play", "kind": "play", "cards": list(pair), "lang": "ko"})
        err = ws.receive_json()
        assert err["rule"] == "DDZ-4.1"
        assert err["rule_text"] == cardavia.rules.rule("doudizhu", "DDZ-4.1", "ko")
        assert table.version == version


def test_a_reload_resumes_the_table(client: Any) -> None:
    tid = client.post("/api/tables", json={"game": "red_ten", "seat": 1, "seed": 5}).json()["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        msg = receive_state(ws, lambda m: m["actions"] is not None)
        ws.send_json({"type": "act", "text": msg["actions"]["buttons"][0]["text"]})
        before = receive_state(ws, lambda m: m["version"] > msg["version"])
    table: Table = client.app.state.tables.get(tid)
    played = table.state.actions_taken
    with client.websocket_connect(f"/ws/{tid}") as ws:
        again = receive_state(ws)
        assert again["table"]["id"] == tid and again["table"]["seed"] == 5
        assert again["version"] >= before["version"]
        assert table.state.actions_taken >= played  # the same deal, going on
        hand = table.state.observation(1)["hand"].split()
        assert sorted(again["view"]["seats"][1]["cards"]) == sorted(hand)
    with client.websocket_connect("/ws/nope") as ws:
        gone = ws.receive_json()
        assert gone["type"] == "error" and gone["code"] == "no_table"


def test_next_deal_and_restart_follow_the_match(client: Any) -> None:
    tid = client.post("/api/tables", json={"game": "one_poker", "seat": 0, "seed": 2}).json()["id"]
    table: Table = client.app.state.tables.get(tid)
    rng = random.Random(0)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        msg = receive_state(ws)
        deals = 0
        while deals < 2 and not msg["match"]["over"]:
            if msg["view"]["over"]:
                assert msg["can_next_deal"]
                ws.send_json({"type": "next_deal"})
                deals += 1
            elif msg["actions"]:
                ws.send_json(random_move(msg["actions"], rng))
            msg = receive_state(ws, lambda m, v=msg["version"]: m["version"] > v)
        assert msg["match"]["deals"] >= 2
        ws.send_json({"type": "restart", "seed": 9})
        fresh = receive_state(ws, lambda m: m["table"]["seed"] == 9)
        assert fresh["match"]["deals"] == 1 and table.seed == 9


def random_move(actions: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal move chosen from the actions the server sent."""
    moves: list[dict[str, Any]] = [{"type": "act", "text": b["text"]} for b in actions["buttons"]]
    for pick in actions["lists"]:
        moves += [{"type": "act", "text": rng.choice(pick["items"])["text"]}]
    for r in actions["ranges"]:
        moves.append({"type": "act", "text": f"{r['kind']} to {rng.randint(r['min'], r['max'])}"})
    for sel in actions["select"]:
        if sel.get("plays"):  # whole plays (climbing games; Tractor's card-by-card plays)
            moves += [{"type": "play", "kind": sel["kind"], "cards": p} for p in sel["plays"][:30]]
        else:
            moves.append({"type": "play", "kind": sel["kind"], "cards": [rng.choice(sel["cards"])]})
    return rng.choice(moves)


# ---- privacy: every message of a full deal --------------------------------------------------


def card_tokens(value: Any, key: str = "") -> set[str]:
    """Card texts under the card-carrying keys of a message."""
    out: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            out |= card_tokens(v, k)
    elif isinstance(value, list):
        for v in value:
            out |= card_tokens(v, key)
    elif isinstance(value, str) and key in (
        "cards",
        "card",
        "action",
        "line",
        "text",
        "hand",
        "bid",
    ):
        out |= set(CARD.findall(value))
    return out


def exposed(obs: dict[str, Any], seat: int) -> list[str] | None:
    """The cards of another seat that ``obs`` shows (dummy, shown holdings, final hands)."""
    if obs.get("dummy") == seat and obs.get("dummy_hand") is not None:
        return sorted(obs["dummy_hand"].split())
    shown = obs.get("shown")
    if isinstance(shown, dict) and str(seat) in shown:
        return sorted(shown[str(seat)].split())
    if obs.get("final_hands"):
        return sorted(obs["final_hands"][seat].split())
    return None


@pytest.mark.parametrize("game_id", cardavia.games())
def test_no_message_shows_a_hidden_card(game_id: str) -> None:
    """Every message a browser gets during a full deal holds only cards that
    ``observation(you)`` (or the seat's own legal actions) contains at that moment."""

    async def play() -> int:
        table = Table("t", game_id, 1, CONFIG, None, seed=21)
        rng = random.Random(4)
        checked = 0

        def check(msg: dict[str, Any]) -> None:
            nonlocal checked
            obs = table.state.observation(table.seat)
            allowed = set(CARD.findall(json.dumps(obs)))
            if game_id == "smear" and obs.get("trump"):  # the jick is named by the rules (SM-2.3)
                allowed.add({"h": "Jd", "d": "Jh", "s": "Jc", "c": "Js"}[obs["trump"]])
            if table.your_turn:
                allowed |= {c for a in table.state.legal_actions() for c in CARD.findall(str(a))}
            leaked = card_tokens(msg) - allowed
            assert not leaked, (game_id, msg["type"], leaked)
            if msg["type"] == "state":
                for seat in msg["view"]["seats"]:
                    if seat["seat"] != table.seat:
                        shown = seat["cards"]
                        assert (sorted(shown) if shown is not None else None) == exposed(
                            obs, seat["seat"]
                        )
            checked += 1

        async def broadcast() -> bool:
            check(table.snapshot())
            return True

        check(table.snapshot())
        await table.drive(broadcast)
        hinted = False
        while not table.state.is_terminal():
            snap = table.snapshot()
            check(snap)
            if not hinted:
                check(await table.hints())
                hinted = True
            move = random_move(snap["actions"], rng)
            if move["type"] == "play":
                for reply in table.handle({**move, "type": "preview"}):
                    check(reply)
            for reply in table.handle(move):
                check(reply)
            await table.drive(broadcast)
        check(table.snapshot())
        return checked

    assert asyncio.run(play()) > 3


# ---- 50 concurrent tables ----------------------------------------------------------------


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def test_fifty_concurrent_tables_on_loopback() -> None:
    websockets = pytest.importorskip("websockets")
    import httpx
    from web_helpers import running_server

    config = ServerConfig(
        agent="random", agent_seconds=0.02, hint_seconds=0.02, pace=0.0, max_tables=60
    )
    games = cardavia.games()

    async def one(url: str, k: int) -> int:
        game = games[k % len(games)]
        async with httpx.AsyncClient() as http:
            r = await http.post(f"{url}/api/tables", json={"game": game, "seat": k % 2, "seed": k})
            assert r.status_code == 200, r.text
            tid = r.json()["id"]
        rng = random.Random(k)
        moves = 0
        async with websockets.connect(
            url.replace("http", "ws") + f"/ws/{tid}", max_size=None
        ) as ws:
            await ws.send(json.dumps({"type": "hello"}))
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=40))
                assert msg["type"] != "error" or "not your turn" in msg["message"], msg
                if msg["type"] != "state":
                    continue
                if msg["view"]["over"]:
                    return moves
                if msg["actions"]:
                    await ws.send(json.dumps(random_move(msg["actions"], rng)))
                    moves += 1

    with running_server(config, workers=4) as server:
        before = rss_mb()
        started = time.monotonic()

        async def all_tables() -> list[int]:
            return await asyncio.gather(*(one(server.url, k) for k in range(50)))

        moves = asyncio.run(all_tables())
        elapsed = time.monotonic() - started
        grown = rss_mb() - before
        assert len(moves) == 50 and sum(moves) > 50
        assert len(server.tables.tables) <= config.max_tables
        assert grown < 400, f"the server grew by {grown:.0f} MB for 50 tables"
        assert elapsed < 120


def test_serve_prints_its_address_as_json() -> None:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from cardavia.cli import main; main()",
            "serve",
            "--no-browser",
            "--json",
            "--agent",
            "random",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        address = json.loads(line)
        assert address["host"] == "127.0.0.1" and address["port"] > 0
        import httpx

        deadline = time.monotonic() + 20
        while True:
            try:
                games = httpx.get(address["url"] + "api/games", timeout=2).json()["games"]
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        assert len(games) == len(cardavia.games())
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_tribute_return_is_chosen_by_selecting_a_card() -> None:
    """GD-8: after a deal, the recipient of a tribute returns a card of his choice; the page
    offers it as a one-card selection and the server applies it."""

    async def run() -> None:
        table = Table("t", "guandan", 0, CONFIG, None, seed=0)
        rng = random.Random(0)

        async def broadcast() -> bool:
            return True

        await table.drive(broadcast)
        while not table.state.is_terminal():
            table.state.apply(rng.choice(table.state.legal_actions()))
            table._changed()
            await table.drive(broadcast)
        assert table.handle({"type": "next_deal"}) == []
        await table.drive(broadcast)
        assert table.state.phase == "return" and table.your_turn
        (choice,) = table.actions()["select"]
        assert choice["kind"] == "return" and choice["mode"] == "single"
        hand = table.state.observation(0)["hand"].split()
        refused = table.handle({"type": "play", "kind": "return", "cards": choice["cards"][:2]})
        assert refused[0]["type"] == "error"
        card = choice["cards"][0]
        assert table.handle({"type": "play", "kind": "return", "cards": [card]}) == []
        after = table.state.observation(0)["hand"].split()
        assert len(after) == len(hand) - 1 and after.count(card) == hand.count(card) - 1
        history = table.state.history
        log = [e for e in history if e.get("event") == "return" and e.get("player") == 0]
        assert log and log[-1]["card"] == card

    asyncio.run(run())
