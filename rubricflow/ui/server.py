"""The web view's routes: the threads list, a thread page, its live events (server-sent
events) and the review actions, which call the same client methods as the CLI."""

from __future__ import annotations

import argparse
import json
import socket
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any
from urllib.parse import urlencode

import uvicorn
from jinja2 import Environment, PackageLoader, select_autoescape
from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route
from temporalio.client import WorkflowQueryFailedError
from temporalio.service import RPCError

from rubricflow.cli.inputs import BadInput, extra_budget, iterations, validation_message
from rubricflow.cli.render import LIST_COLUMNS, list_cells
from rubricflow.client import (
    LIST_STATUSES,
    Rubricflow,
    RubricflowError,
    RunFailed,
    RunRefused,
    ThreadNotFound,
    ThreadStuck,
)
from rubricflow.ui.security import COOKIE, Guard
from rubricflow.ui.view import EXTEND_STATUSES, REVIEW_STATUSES, grading_runs
from rubricflow.workflows.types import ApproveInput, ExtendInput, RejectInput

LIST_LIMIT = 200
"""Threads the list page asks the server for (newest first)."""
SECURITY_HEADERS = {
    # Scripts and styles only from this server's own files: a value that slipped past the
    # escaping still could not run.
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        "img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
ASSETS = {"ui.js": "text/javascript", "ui.css": "text/css"}

templates = Environment(
    loader=PackageLoader("rubricflow.ui", "templates"),
    autoescape=select_autoescape(default=True, default_for_string=True),
)


class _WebView:
    """The pages and actions of the web view, for one client and one token."""

    def __init__(self, rf: Rubricflow, guard: Guard) -> None:
        self.rf = rf
        self.guard = guard

    def page(self, request: Request, name: str, status_code: int = 200, **context: Any) -> Response:
        html = templates.get_template(name).render(
            csrf=self.guard.csrf if self.guard.presented(request) else None, **context
        )
        response = HTMLResponse(html, status_code, headers=SECURITY_HEADERS)
        if request.query_params.get("token") and self.guard.presented(request):
            response.set_cookie(COOKIE, self.guard.token, httponly=True, samesite="strict")
        return response

    def refused(self, request: Request) -> Response | None:
        if self.guard.may_read(request):
            return None
        return PlainTextResponse(
            "this rubricflow ui needs its token: open it with ?token=TOKEN", 401, headers=SECURITY_HEADERS
        )

    async def threads(self, request: Request) -> Response:
        if (no := self.refused(request)) is not None:
            return no
        status = request.query_params.get("status") or None
        query = (request.query_params.get("q") or "").strip()
        error, rows = None, []
        try:
            rows = await self.rf.list(LIST_LIMIT, status)
        except RubricflowError as err:
            error = str(err)
        if query:
            rows = [row for row in rows if query.lower() in row.thread_id.lower()]
        return self.page(
            request,
            "threads.html",
            columns=LIST_COLUMNS,
            rows=[(r.thread_id, list_cells(r)) for r in rows],
            statuses=LIST_STATUSES,
            status=status,
            query=query,
            error=error,
        )

    async def thread_page(
        self, request: Request, thread_id: str, error: str | None = None, status_code: int = 200
    ) -> Response:
        try:
            progress = await self.rf.progress(thread_id)
        except ThreadNotFound as err:
            return self.page(request, "thread.html", 404, thread_id=thread_id, progress=None, problem=str(err))
        except (RunFailed, ThreadStuck, RunRefused) as err:
            return self.page(request, "thread.html", thread_id=thread_id, progress=None, problem=str(err))
        files = None
        if progress.files:
            try:
                files = await self.rf.files(thread_id)
            except (WorkflowQueryFailedError, RPCError, RubricflowError):
                files = None  # the list from `progress` is still shown, without content
        return self.page(
            request,
            "thread.html",
            status_code,
            thread_id=thread_id,
            progress=progress,
            problem=None,
            runs=grading_runs(progress),
            files=files,
            error=error,
            reviewable=progress.status in REVIEW_STATUSES,
            extendable=progress.status in EXTEND_STATUSES,
            known=json.dumps([f"{e.grading_run_id}:{e.iteration}" for e in progress.evaluations]),
        )

    async def thread(self, request: Request) -> Response:
        if (no := self.refused(request)) is not None:
            return no
        return await self.thread_page(request, request.query_params.get("id", ""))

    async def events(self, request: Request) -> Response:
        if (no := self.refused(request)) is not None:
            return no
        thread_id = request.query_params.get("id", "")
        last = request.headers.get("last-event-id", "")
        start = int(last) + 1 if last.isdigit() else 0

        async def stream() -> AsyncIterator[str]:
            try:
                async for event in self.rf.events(thread_id, start, follow=True):
                    yield f"id: {event.offset}\nevent: run\ndata: {event.model_dump_json(exclude_none=True)}\n\n"
            except RubricflowError as err:
                yield f"event: problem\ndata: {json.dumps(str(err))}\n\n"
            yield "event: end\ndata: {}\n\n"

        return StreamingResponse(
            stream(), media_type="text/event-stream", headers={**SECURITY_HEADERS, "Cache-Control": "no-store"}
        )

    async def act(self, request: Request) -> Response:
        form = await request.form()
        if not self.guard.may_act(request, str(form.get("csrf") or "")):
            return PlainTextResponse(
                "refused: an action needs the ui's token (open the ui with ?token=TOKEN) and the form's CSRF token",
                403,
                headers=SECURITY_HEADERS,
            )
        thread_id = str(form.get("id") or "")
        action = request.url.path.rsplit("/", 1)[1]
        text = {key: str(value).strip() for key, value in form.items()}
        reviewer = text.get("reviewer") or "web"
        try:
            if action == "approve":
                await self.rf.approve(thread_id, ApproveInput(reviewer=reviewer, note=text.get("note", "")))
            elif action == "reject":
                await self.rf.reject(thread_id, RejectInput(feedback=text.get("feedback", ""), reviewer=reviewer))
            else:
                more = extend_input(text)
                await self.rf.extend(thread_id, more)
        except ValidationError as err:
            return await self.thread_page(request, thread_id, f"{action} refused: {validation_message(err)}", 400)
        except (BadInput, RubricflowError) as err:
            return await self.thread_page(request, thread_id, f"{action} refused: {err}", 409)
        return RedirectResponse("/thread?" + urlencode({"id": thread_id}), 303)

    async def batches(self, request: Request) -> Response:
        if (no := self.refused(request)) is not None:
            return no
        return self.page(request, "batches.html")

    async def asset(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            return PlainTextResponse("not found", 404)
        body = resources.files("rubricflow.ui").joinpath("static", name).read_text(encoding="utf-8")
        return Response(body, media_type=ASSETS[name], headers=SECURITY_HEADERS)


def build_app(rf: Rubricflow, guard: Guard) -> Starlette:
    """The web app for one client and one token."""
    view = _WebView(rf, guard)
    return Starlette(
        routes=[
            Route("/", view.threads),
            Route("/thread", view.thread),
            Route("/thread/events", view.events),
            *(Route(f"/thread/{action}", view.act, methods=["POST"]) for action in ("approve", "reject", "extend")),
            Route("/batches", view.batches),
            Route("/static/{name:str}", view.asset),
        ]
    )


def extend_input(form: dict[str, str]) -> ExtendInput:
    """`extend`'s form, read by the CLI's own flag parsers (the same limits and messages)."""
    flags = argparse.Namespace(
        **{key: form.get(key) or None for key in ("iterations", "extra_tokens", "extra_cost", "extra_wall")}
    )
    extra = extra_budget(flags)
    if flags.iterations is None and not extra:
        raise BadInput("extend needs more iterations, or more budget: extra tokens, cost or wall seconds")
    count = iterations(flags.iterations, "--iterations") if flags.iterations is not None else 0
    return ExtendInput(iterations=count, **extra)


async def serve(rf: Rubricflow, guard: Guard, sock: socket.socket) -> None:
    """Serve the web view on an already bound socket until SIGINT or SIGTERM."""
    config = uvicorn.Config(build_app(rf, guard), log_level="warning", lifespan="off", timeout_graceful_shutdown=2)
    await uvicorn.Server(config).serve(sockets=[sock])
