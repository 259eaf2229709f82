"""The ASGI application of ``cardavia serve`` (Starlette, websockets).

Routes:

* ``GET /`` — the page (lobby and table; a table's id travels in the URL as ``?table=ID``);
* ``GET /static/...`` — the front end (HTML, CSS, JavaScript modules, no build step);
* ``GET /i18n/{lang}.json`` — the labels and messages of a language;
* ``GET /api/games?lang=`` — the ten games with their one-line summary and options;
* ``GET /api/rules/{game}?lang=`` — a game's rules text;
* ``POST /api/tables`` — a new table ``{"game", "seat", "seed"?, "options"?}`` -> ``{"id"}``;
* ``WS /ws/{table_id}`` — the table: the browser sends ``hello``, ``act``, ``play``,
  ``preview``, ``hint``, ``hint_play``, ``next_deal``, ``restart``; the server answers with
  ``state`` (the seat's view and legal actions), ``preview``, ``hints`` and ``error``.

The server holds every game; a browser receives only its own seat's view
(:func:`cardavia.view.table_view`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import cardavia
from cardavia import rules as rules_docs
from cardavia.errors import CardaviaError
from cardavia.web.tables import ServerConfig, Table, Tables, has_strategy

__all__ = ["create_app"]

LOBBY_ORDER = (
    "doudizhu",
    "zhengshangyou",
    "guandan",
    "five_ten_king",
    "red_ten",
    "tractor",
    "bridge",
    "smear",
    "holdem",
    "one_poker",
)
"""The lobby lists the climbing games, the trick-taking games, then poker."""

MAX_MESSAGE = 64 * 1024
"""Longest websocket message accepted from a browser, in characters."""


def _package_dir(name: str) -> str:
    return str(resources.files("cardavia.web").joinpath(name))


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang", "en")
    return lang if lang in rules_docs.LANGUAGES else "en"


def create_app(config: ServerConfig | None = None, workers: int = 4) -> Starlette:
    """The web table's ASGI app. ``config`` sets the computer players' and hints' budgets;
    searches run in a pool of ``workers`` threads."""
    config = config or ServerConfig()
    executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="cardavia-search")
    tables = Tables(config, executor)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        executor.shutdown(wait=False, cancel_futures=True)

    async def index(request: Request) -> Response:
        return FileResponse(_package_dir("static") + "/index.html", media_type="text/html")

    async def catalogue(request: Request) -> Response:
        lang = request.path_params["lang"]
        if lang not in rules_docs.LANGUAGES:
            return JSONResponse({"error": f"unknown language {lang!r}"}, status_code=404)
        return FileResponse(_package_dir("i18n") + f"/{lang}.json", media_type="application/json")

    async def games(request: Request) -> Response:
        lang = _lang(request)
        out = []
        known = cardavia.games()
        order = [g for g in LOBBY_ORDER if g in known] + [g for g in known if g not in LOBBY_ORDER]
        for game_id in order:
            game = cardavia.load(game_id)
            try:
                summary: str | None = rules_docs.summary(game_id, lang)
            except CardaviaError:
                summary = None
            out.append(
                {
                    "id": game_id,
                    "players": game.num_players,
                    "summary": summary,
                    "strategy": has_strategy(game_id),
                    "options": [
                        {
                            "name": o.name,
                            "type": o.type.__name__,
                            "default": o.default,
                            "choices": list(o.choices) if o.choices else None,
                            "minimum": o.minimum,
                            "maximum": o.maximum,
                            "doc": o.doc,
                        }
                        for o in game.OPTIONS
                    ],
                }
            )
        return JSONResponse({"games": out})

    async def rules(request: Request) -> Response:
        game_id = request.path_params["game"]
        lang = _lang(request)
        try:
            text = rules_docs.rules_text(game_id, lang)
        except CardaviaError as e:
            return JSONResponse({"error": str(e)}, status_code=404)
        return JSONResponse({"game": game_id, "lang": lang, "text": text})

    async def new_table(request: Request) -> Response:
        try:
            body = await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            return JSONResponse({"error": "the body must be JSON"}, status_code=400)
        if not isinstance(body, dict):
            return JSONResponse({"error": "the body must be a JSON object"}, status_code=400)
        options = body.get("options") or {}
        if not isinstance(options, dict):
            return JSONResponse({"error": "options must be an object"}, status_code=400)
        try:
            table = tables.create(
                str(body.get("game")), body.get("seat", 0), body.get("seed"), options
            )
        except CardaviaError as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        return JSONResponse({"id": table.id, "game": table.game_id, "seat": table.seat})

    async def table_socket(ws: WebSocket) -> None:
        await ws.accept()
        table = tables.get(ws.path_params["table_id"])
        if table is None:
            await ws.send_json({"type": "error", "code": "no_table", "message": "no such table"})
            await ws.close()
            return
        await _serve_socket(ws, table)

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/i18n/{lang}.json", catalogue),
            Route("/api/games", games),
            Route("/api/rules/{game}", rules),
            Route("/api/tables", new_table, methods=["POST"]),
            WebSocketRoute("/ws/{table_id}", table_socket),
            Mount("/static", StaticFiles(directory=_package_dir("static")), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.tables = tables
    app.state.config = config
    return app


async def _serve_socket(ws: WebSocket, table: Table) -> None:
    key = id(ws)
    lock = asyncio.Lock()
    last_by_client = table.last_sent

    async def send_text(text: str) -> None:
        async with lock:
            await ws.send_text(text)

    async def send(message: dict[str, Any]) -> None:
        await send_text(_dumps(message))

    async def send_state(client_send: Any, client_key: int, snap: dict[str, Any]) -> bool:
        text = _dumps(snap)
        if last_by_client.get(client_key) == text:
            return False
        last_by_client[client_key] = text
        await client_send(text)
        return True

    async def broadcast() -> bool:
        sent = False
        snap = table.snapshot()
        for client_key, client_send in list(table.clients.items()):
            try:
                sent = await send_state(client_send, client_key, snap) or sent
            except (WebSocketDisconnect, RuntimeError, OSError):  # a closed socket: forget it
                table.clients.pop(client_key, None)
        return sent

    table.clients[key] = send_text
    hint_tasks: set[asyncio.Task[None]] = set()
    try:
        await send_state(send_text, key, table.snapshot())
        table.start_driving(broadcast)
        while True:
            try:
                text = await ws.receive_text()
            except (WebSocketDisconnect, RuntimeError):  # closed (RuntimeError: already gone)
                break
            if len(text) > MAX_MESSAGE:
                await send(table.error(f"message too long (over {MAX_MESSAGE} characters)"))
                continue
            try:
                message = json.loads(text)
            except json.JSONDecodeError as e:
                await send(table.error(f"malformed message: not JSON ({e.msg})"))
                continue
            if isinstance(message, dict) and message.get("type") == "hint":

                async def answer_hint() -> None:
                    await send(await table.hints())

                task = asyncio.ensure_future(answer_hint())
                hint_tasks.add(task)
                task.add_done_callback(hint_tasks.discard)
                continue
            before = table.version
            replies = table.handle(message)
            for reply in replies:
                if reply.get("type") == "state":
                    await send_state(send_text, key, reply)  # only if it is news to this browser
                else:
                    await send(reply)
            if table.version != before:
                await broadcast()
                table.start_driving(broadcast)
    finally:
        table.clients.pop(key, None)
        last_by_client.pop(key, None)
        for task in hint_tasks:
            task.cancel()


def _dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
