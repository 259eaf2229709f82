"""A web table server on a free loopback port, run in a thread for the web tests."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import uvicorn

from cardavia.web.app import create_app
from cardavia.web.tables import ServerConfig, Tables

FAST = ServerConfig(agent="search", agent_seconds=0.02, hint_seconds=0.05, pace=0.0)
"""Small budgets: the tests check behaviour, not strength."""


@dataclass
class Server:
    url: str
    port: int
    tables: Tables
    loop: asyncio.AbstractEventLoop


@contextmanager
def running_server(config: ServerConfig = FAST, workers: int = 2) -> Iterator[Server]:
    app = create_app(config, workers=workers)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(app, log_level="warning", ws="websockets-sansio", lifespan="on")
    )
    loops: list[asyncio.AbstractEventLoop] = []

    def run() -> None:
        loop = asyncio.new_event_loop()
        loops.append(loop)
        asyncio.set_event_loop(loop)
        loop.run_until_complete(server.serve(sockets=[sock]))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield Server(f"http://127.0.0.1:{port}", port, app.state.tables, loops[0])
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def wait_until(predicate: Any, timeout: float = 20.0, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


def on_loop(server: Server, fn: Any) -> Any:
    """Run ``fn()`` on the server's event loop (where the tables change) and return its value."""

    async def call() -> Any:
        return fn()

    return asyncio.run_coroutine_threadsafe(call(), server.loop).result(timeout=30)
