"""Temporal's own SDK metrics, drained from the runtime's `MetricBuffer` into an
OpenTelemetry meter provider, each update with its own attributes.

The SDK's `temporalio.contrib.opentelemetry.MetricsExporter` caches instruments and
attribute sets by `id()` of the buffer's objects without holding them: once Core drops an
attribute set (a poller's, a finished activity's) a new one can take its address, and its
updates are exported under the old labels (`ShutdownWorker` counted as
`PollWorkflowTaskQueue`, a workflow's completion under another queue). Here instruments are
keyed by name and kind, and attributes are read from every update.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Iterable, Mapping
from datetime import timedelta
from typing import Any

from temporalio.runtime import (
    BUFFERED_METRIC_KIND_COUNTER,
    BUFFERED_METRIC_KIND_GAUGE,
    BUFFERED_METRIC_KIND_HISTOGRAM,
    BufferedMetric,
    BufferedMetricUpdate,
    MetricBuffer,
)

logger = logging.getLogger(__name__)

_Labels = tuple[tuple[str, Any], ...]


class _Gauge:
    """Latest value per attribute set, observed by OpenTelemetry's collection thread."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.last: dict[_Labels, tuple[dict[str, Any], int | float]] = {}

    def set(self, attributes: dict[str, Any], value: int | float) -> None:
        with self.lock:
            self.last[tuple(sorted(attributes.items()))] = (attributes, value)

    def observe(self, _options: Any) -> Iterable[Any]:
        from opentelemetry.metrics import Observation

        with self.lock:
            return [Observation(value, attributes=attributes) for attributes, value in self.last.values()]


class SdkMetricsExporter:
    """Drains `buffer` every `poll_interval` (and once more on exit) into `meter_provider`.

    Use as `async with exporter:` around the worker; `drain()` exports what is buffered now.
    """

    def __init__(
        self,
        buffer: MetricBuffer,
        meter_provider: Any,
        *,
        poll_interval: timedelta = timedelta(seconds=1),
        meter_name: str = "temporalio",
    ) -> None:
        self._buffer = buffer
        self._meter = meter_provider.get_meter(meter_name)
        self._interval = poll_interval.total_seconds()
        self._instruments: dict[tuple[str, int], Any] = {}
        self._stop = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> SdkMetricsExporter:
        self._stop.clear()
        self._task = asyncio.create_task(self._run())
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        self._stop.set()
        if self._task is not None:
            await self._task
            self._task = None

    async def _run(self) -> None:
        while not self._stop.is_set():
            self.drain()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), timeout=self._interval)
        self.drain()

    def drain(self) -> int:
        """Export every update in the buffer now; returns how many there were. One bad
        update is logged and skipped, never stops the rest."""
        updates = self._buffer.retrieve_updates()
        for update in updates:
            try:
                self._apply(update)
            except Exception:
                logger.exception("could not export Temporal SDK metric %s", update.metric.name)
        return len(updates)

    def _apply(self, update: BufferedMetricUpdate) -> None:
        instrument = self._instrument(update.metric)
        attributes = dict(update.attributes)
        kind = update.metric.kind
        if kind == BUFFERED_METRIC_KIND_COUNTER:
            instrument.add(update.value, attributes=attributes)
        elif kind == BUFFERED_METRIC_KIND_HISTOGRAM:
            instrument.record(update.value, attributes=attributes)
        else:
            instrument.set(attributes, update.value)

    def _instrument(self, metric: BufferedMetric) -> Any:
        key = (metric.name, metric.kind)
        instrument = self._instruments.get(key)
        if instrument is not None:
            return instrument
        options: Mapping[str, str] = {"unit": metric.unit or "", "description": metric.description or ""}
        if metric.kind == BUFFERED_METRIC_KIND_COUNTER:
            instrument = self._meter.create_counter(metric.name, **options)
        elif metric.kind == BUFFERED_METRIC_KIND_HISTOGRAM:
            instrument = self._meter.create_histogram(metric.name, **options)
        elif metric.kind == BUFFERED_METRIC_KIND_GAUGE:
            instrument = _Gauge()
            self._meter.create_observable_gauge(metric.name, callbacks=[instrument.observe], **options)
        else:
            raise ValueError(f"unknown buffered metric kind {metric.kind} for {metric.name}")
        self._instruments[key] = instrument
        return instrument
