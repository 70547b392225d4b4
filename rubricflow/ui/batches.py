"""The batches' pages: the list, a batch's page (its counts, pass rate per criterion, cost
and ETA, live; its items, filtered by status; pause, resume and cancel), its report's
plot, and two batches side by side. Every number comes from the client
(`rubricflow.batch_client.Batches`) and the report (`rubricflow.batch_report`), the same
as `rubricflow batch status` and `rubricflow batch report` print."""

from __future__ import annotations

import asyncio
import importlib.util
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from rubricflow.batch_client import Batches, BatchRow, check_name
from rubricflow.batch_report import compare, item_row, plot, summarize
from rubricflow.client import Rubricflow, RubricflowError, RunRefused, ThreadNotFound
from rubricflow.ui.pages import Pages
from rubricflow.ui.security import Guard
from rubricflow.workflows.batch_types import BatchStatus

CONTROLS = ("pause", "resume", "cancel")
FINAL_PHASES = ("done", "cancelled")
LIST_LIMIT = 50
_plotting = asyncio.Lock()
"""matplotlib's pyplot is not thread-safe: one plot at a time."""


def controls_for(status: BatchStatus) -> tuple[str, ...]:
    """The controls the batch accepts now (its update validators' rules)."""
    if status.phase in FINAL_PHASES:
        return ()
    return ("resume", "cancel") if status.phase == "paused" else ("pause", "cancel")


def counts_view(status: BatchStatus) -> dict[str, Any]:
    """What the batch's counts show: progress, pass rates, cost, ETA."""
    eta = status.eta_s(datetime.now(UTC)) if status.phase not in FINAL_PHASES else None
    return {
        "status": status,
        "progress": status.finished / status.total if status.total else 0.0,
        "criteria": {
            name: (t.passed, t.total, t.passed / t.total if t.total else None)
            for name, t in sorted(status.criteria.items())
        },
        "eta_s": eta,
        "final": status.phase in FINAL_PHASES,
        "seen": f"{status.phase}|{status.done}|{status.failed}|{status.running}|{status.started}",
        "controls": controls_for(status),
    }


def _wanted(request: Request) -> tuple[str, str | None]:
    """The batch's name and the item status to filter on, from the address."""
    return request.query_params.get("name", ""), request.query_params.get("status") or None


def plot_available() -> bool:
    return importlib.util.find_spec("matplotlib") is not None


def _plot_png(name: str, summary: dict[str, Any], other: tuple[str, dict[str, Any]] | None) -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "plot.png"
        plot(name, summary, path, other)
        return path.read_bytes()


class BatchPages(Pages):
    def __init__(self, rf: Rubricflow, guard: Guard) -> None:
        super().__init__(rf, guard)
        self.batches = Batches(rf)

    def routes(self) -> list[Route]:
        return [
            Route("/batches", self.listing),
            Route("/batches/compare", self.compare),
            Route("/batch", self.batch),
            Route("/batch/part", self.part),
            Route("/batch/plot.png", self.plot),
            *(Route(f"/batch/{control}", self.control, methods=["POST"]) for control in CONTROLS),
        ]

    async def _status(self, row: BatchRow, slots: asyncio.Semaphore) -> BatchStatus | None:
        async with slots:
            try:
                return await self.batches.status(row.name)
            except (RubricflowError, RunRefused):
                return None  # failed or terminated: the row says how it closed

    async def listing(self, request: Request) -> Response:
        if (no := self.unreadable(request)) is not None:
            return no
        error, rows = None, []
        try:
            rows = await self.batches.list(LIST_LIMIT)
        except (RubricflowError, RunRefused) as err:
            error = str(err)
        slots = asyncio.Semaphore(8)
        statuses = await asyncio.gather(*(self._status(row, slots) for row in rows))
        shown = [(row, counts_view(s) if s is not None else None) for row, s in zip(rows, statuses, strict=True)]
        return self.page(request, "batches.html", rows=shown, error=error)

    async def _context(self, name: str, wanted: str | None, items: bool) -> tuple[int, dict[str, Any]]:
        """(HTTP status, what the batch's page shows), or the problem that stands in for it."""
        context: dict[str, Any] = {"name": name, "wanted": wanted, "problem": None, "plot": plot_available()}
        try:
            check_name(name)
            context.update(counts_view(await self.batches.status(name)))
        except ThreadNotFound:
            return 404, {**context, "problem": f"no batch {name!r} on this server (see the batches page)"}
        except (RubricflowError, RunRefused) as err:
            return (400 if not name else 409), {**context, "problem": str(err)}
        if items:
            rows = sorted((item_row(r) for r in await self.batches.threads(name)), key=lambda r: r["id"])
            context["item_statuses"] = sorted({r["status"] for r in rows})
            context["items"] = [r for r in rows if wanted is None or r["status"] == wanted]
        return 200, context

    async def batch(self, request: Request) -> Response:
        if (no := self.unreadable(request)) is not None:
            return no
        code, context = await self._context(*_wanted(request), items=True)
        return self.page(request, "batch.html", code, error=None, **context)

    async def part(self, request: Request) -> Response:
        """The batch page's live parts (its counts; with `items=1` its items too)."""
        if (no := self.unreadable(request)) is not None:
            return no
        code, context = await self._context(*_wanted(request), items=request.query_params.get("items") == "1")
        if context["problem"] is not None:
            return self.refusal(request, code, context["problem"], back="/batches")
        return self.page(request, "batch_parts.html", **context)

    async def control(self, request: Request) -> Response:
        form, refused = await self.form(request)
        if refused is not None:
            return refused
        name, what = form.get("name", ""), request.url.path.rsplit("/", 1)[1]
        try:
            check_name(name)
            await self.batches.control(name, what)
        except (RubricflowError, RunRefused) as err:
            code, context = await self._context(name, None, items=True)
            error = f"{what} refused: {err}"
            return self.page(request, "batch.html", 409 if code == 200 else code, error=error, **context)
        return RedirectResponse("/batch?" + urlencode({"name": name}), 303)

    async def _summary(self, name: str) -> dict[str, Any]:
        check_name(name)
        rows = [item_row(r) for r in await self.batches.threads(name)]
        if not rows:
            raise RunRefused(f"batch {name!r} has no item threads on this server")
        return summarize(rows)

    async def compare(self, request: Request) -> Response:
        if (no := self.unreadable(request)) is not None:
            return no
        a, b = request.query_params.get("a", ""), request.query_params.get("b", "")
        try:
            left, right = await self._summary(a), await self._summary(b)
        except (RubricflowError, RunRefused) as err:
            return self.refusal(request, 400, f"cannot compare {a!r} with {b!r}: {err}", back="/batches")
        names = sorted(set(left["criteria"]) | set(right["criteria"]))
        return self.page(
            request,
            "compare.html",
            a=a,
            b=b,
            left=left,
            right=right,
            diff=compare(left, right),
            names=names,
            plot=plot_available(),
        )

    async def plot(self, request: Request) -> Response:
        if (no := self.unreadable(request)) is not None:
            return no
        name, other = request.query_params.get("name", ""), request.query_params.get("compare") or None
        if not plot_available():
            return self.refusal(request, 404, "the report's plot needs matplotlib: pip install 'rubricflow[bench]'")
        try:
            summary = await self._summary(name)
            theirs = (other, await self._summary(other)) if other else None
        except (RubricflowError, RunRefused) as err:
            return self.refusal(request, 404, str(err), back="/batches")
        async with _plotting:
            png = await asyncio.to_thread(_plot_png, name, summary, theirs)
        return Response(png, media_type="image/png", headers={"Cache-Control": "no-store"})
