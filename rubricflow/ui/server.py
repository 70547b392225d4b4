"""The web app: its pages (threads, `ui/threads.py`; batches, `ui/batches.py`), the
refusal and error pages, the guards around them, and `serve`.

Every answer is a page a person can read: a refused action, an unknown thread, a bad
filter, a page that does not exist and an unexpected error each get a page that says
what happened (never a bare "Internal Server Error"), with the security headers."""

from __future__ import annotations

import socket
from importlib import resources

import uvicorn
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp

from rubricflow.client import Rubricflow
from rubricflow.ui.batches import BatchPages
from rubricflow.ui.live import Hub
from rubricflow.ui.pages import Pages
from rubricflow.ui.security import Guard, SecurityHeaders
from rubricflow.ui.threads import ThreadPages

ASSETS = {"ui.js": "text/javascript", "ui.css": "text/css"}


def asset(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in ASSETS:
        raise HTTPException(404)
    body = resources.files("rubricflow.ui").joinpath("static", name).read_text(encoding="utf-8")
    return Response(body, media_type=ASSETS[name])


def build_app(rf: Rubricflow, guard: Guard, hosts: list[str] | None = None) -> ASGIApp:
    """The web app for one client and one token, answering only to `hosts` (`["*"]`: any)."""
    threads = ThreadPages(rf, guard, Hub(rf.observe))
    batches = BatchPages(rf, guard)
    errors = Pages(rf, guard)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        message = exc.detail if exc.status_code != 404 else f"there is no page {request.url.path!r} here"
        return errors.refusal(request, exc.status_code, message)

    async def unexpected(request: Request, exc: Exception) -> Response:
        # Starlette raises the error again once this page is sent: uvicorn logs its traceback.
        return errors.refusal(
            request, 500, f"the web view hit an unexpected error ({type(exc).__name__}); its log has the details"
        )

    app = Starlette(
        routes=[*threads.routes(), *batches.routes(), Route("/static/{name:str}", asset)],
        middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=hosts or ["*"], www_redirect=False)],
        exception_handlers={HTTPException: http_error, Exception: unexpected},
    )
    return SecurityHeaders(app)


async def serve(rf: Rubricflow, guard: Guard, sock: socket.socket, hosts: list[str] | None = None) -> None:
    """Serve the web view on an already bound socket until SIGINT or SIGTERM."""
    config = uvicorn.Config(
        build_app(rf, guard, hosts), log_level="warning", lifespan="off", timeout_graceful_shutdown=2
    )
    await uvicorn.Server(config).serve(sockets=[sock])
