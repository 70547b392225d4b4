"""The threads' pages: the list, a thread's page and its live parts, its events (server-
sent, fanned out by `ui/live.py`) and the review actions, which call the client's
methods with its typed inputs (`ui/forms.py`)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response, StreamingResponse
from starlette.routing import Route
from temporalio.client import WorkflowQueryFailedError
from temporalio.service import RPCError

from rubricflow.client import (
    LIST_STATUSES,
    Rubricflow,
    RubricflowError,
    RunFailed,
    RunRefused,
    ThreadNotFound,
    ThreadStuck,
    check_id,
)
from rubricflow.listing import LIST_COLUMNS, list_cells
from rubricflow.prices import PriceTableError, price_table
from rubricflow.ui.forms import FormError, approve_input, extend_input, reject_input
from rubricflow.ui.live import Hub, Problem
from rubricflow.ui.pages import Pages
from rubricflow.ui.security import Guard
from rubricflow.ui.view import FOLD_CHARS, grading_runs, offered_actions, the_task
from rubricflow.workflows.types import RunInput

LIST_LIMIT = 200
"""Threads the list page asks the server for (newest first)."""
QUERY_WAIT_S = 10.0
"""How long a page waits for a worker to answer the thread's progress query."""
ACTIONS = ("approve", "reject", "extend")


class ThreadPages(Pages):
    def __init__(self, rf: Rubricflow, guard: Guard, hub: Hub) -> None:
        super().__init__(rf, guard)
        self.hub = hub

    def routes(self) -> list[Route]:
        return [
            Route("/", self.threads),
            Route("/thread", self.thread),
            Route("/thread/live", self.live),
            Route("/thread/events", self.events),
            *(Route(f"/thread/{action}", self.act, methods=["POST"]) for action in ACTIONS),
        ]

    async def threads(self, request: Request) -> Response:
        if (no := self.unreadable(request)) is not None:
            return no
        status = request.query_params.get("status") or None
        query = (request.query_params.get("q") or "").strip()
        error, rows, code = None, [], 200
        if status is not None and status not in LIST_STATUSES:
            error, code = f"unknown status {status!r}: choose one of the list's statuses", 400
        else:
            try:
                rows = await self.rf.list(LIST_LIMIT, status)
            except (RubricflowError, RunRefused) as err:
                error = str(err)
        if query:
            rows = [row for row in rows if query.lower() in row.thread_id.lower()]
        return self.page(
            request,
            "threads.html",
            code,
            columns=LIST_COLUMNS,
            rows=[(r.thread_id, list_cells(r)) for r in rows],
            statuses=LIST_STATUSES,
            status=status,
            query=query,
            error=error,
        )

    async def context(self, thread_id: str) -> tuple[int, dict[str, Any]]:
        """(HTTP status, what the thread's page shows): its progress and what follows from it,
        or the problem that stands in for them."""
        try:
            check_id("thread id", thread_id)
            async with asyncio.timeout(QUERY_WAIT_S):
                progress = await self.rf.progress(thread_id)
        except (TimeoutError, RPCError, WorkflowQueryFailedError) as err:
            why = f"none answered within {QUERY_WAIT_S:g} s" if isinstance(err, TimeoutError) else str(err)
            problem = (
                f"the thread's state could not be read: its progress query needs a worker on the thread's "
                f"task queue, and {why}; the run goes on once one is there (`rubricflow worker` starts one)"
            )
            return 503, {"thread_id": thread_id, "problem": problem}
        except RunRefused as err:
            return 400, {"thread_id": thread_id, "problem": f"{err} (the page is /thread?id=THREAD)"}
        except ThreadNotFound as err:
            return 404, {"thread_id": thread_id, "problem": str(err)}
        except (RunFailed, ThreadStuck, RubricflowError) as err:
            return 200, {"thread_id": thread_id, "problem": str(err)}
        files = None
        if progress.files:
            try:
                files = await self.rf.files(thread_id)
            except (WorkflowQueryFailedError, RPCError, RubricflowError):
                files = None  # the list from `progress` is still shown, without content
        actions = offered_actions(progress)
        return 200, {
            "thread_id": thread_id,
            "problem": None,
            "progress": progress,
            "runs": grading_runs(progress, await self._started(thread_id), _prices()),
            "files": files,
            "task": the_task(progress),
            "actions": actions,
            "actions_key": f"{','.join(actions)}|{progress.review}|{progress.status}",
            "fold": FOLD_CHARS,
        }

    async def _started(self, thread_id: str) -> RunInput | None:
        try:
            return await self.rf.started_with(thread_id)
        except (RubricflowError, RPCError, ValueError):
            return None  # the page shows no cost per pass

    async def thread(self, request: Request) -> Response:
        if (no := self.unreadable(request)) is not None:
            return no
        status, context = await self.context(request.query_params.get("id", ""))
        return self.page(request, "thread.html", status, error=None, **context)

    async def live(self, request: Request) -> Response:
        """The thread page's live parts alone (summary, actions, matrix, answer), which the
        page fetches and swaps in as events arrive."""
        if (no := self.unreadable(request)) is not None:
            return no
        status, context = await self.context(request.query_params.get("id", ""))
        if context["problem"] is not None:
            return self.refusal(request, status if status != 200 else 409, context["problem"])
        return self.page(request, "thread_live.html", **context)

    async def events(self, request: Request) -> Response:
        if (no := self.unreadable(request)) is not None:
            return no
        thread_id = request.query_params.get("id", "")
        try:
            check_id("thread id", thread_id)
        except RunRefused as err:
            return self.refusal(request, 400, f"{err}: the events are at /thread/events?id=THREAD")
        last = request.headers.get("last-event-id", "")
        start = int(last) + 1 if last.isdigit() else 0

        async def stream() -> AsyncIterator[str]:
            async for item in self.hub.follow(thread_id, start):
                if isinstance(item, Problem):
                    yield f"event: problem\ndata: {json.dumps(item.message)}\n\n"
                else:
                    yield f"id: {item.offset}\nevent: run\ndata: {item.model_dump_json(exclude_none=True)}\n\n"
            yield "event: end\ndata: {}\n\n"

        return StreamingResponse(stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})

    async def act(self, request: Request) -> Response:
        form, refused = await self.form(request)
        if refused is not None:
            return refused
        thread_id = form.get("id", "")
        action = request.url.path.rsplit("/", 1)[1]
        try:
            check_id("thread id", thread_id)
            if action == "approve":
                await self.rf.approve(thread_id, approve_input(form))
            elif action == "reject":
                await self.rf.reject(thread_id, reject_input(form))
            else:
                await self.rf.extend(thread_id, extend_input(form))
        except FormError as err:
            return await self.after_refusal(request, thread_id, f"{action} refused: {err}", 400)
        except (RunRefused, RubricflowError) as err:
            return await self.after_refusal(request, thread_id, f"{action} refused: {err}", 409)
        return RedirectResponse("/thread?" + urlencode({"id": thread_id}), 303)

    async def after_refusal(self, request: Request, thread_id: str, error: str, code: int) -> Response:
        """The thread's page again, saying why the action was refused."""
        status, context = await self.context(thread_id)
        return self.page(request, "thread.html", code if status == 200 else status, error=error, **context)


def _prices() -> dict[str, Any]:
    try:
        return price_table()
    except PriceTableError:
        return {}  # the price table is the operator's to fix; the page shows no cost then
