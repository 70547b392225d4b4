"""OpenTelemetry: the span tree of a needs_revision -> satisfied run compared whole,
no spans on replay, metrics read back from an in-memory reader, console export from a
worker process configured only by `OTEL_*`."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest
import pytest_asyncio
from opentelemetry import metrics, trace
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from temporalio.client import Client
from temporalio.contrib.opentelemetry import (
    OpenTelemetryPlugin,
    ReplaySafeMeterProvider,
    create_tracer_provider,
)
from temporalio.contrib.pydantic import pydantic_data_converter
from temporalio.runtime import BUFFERED_METRIC_KIND_COUNTER, MetricBuffer, Runtime, TelemetryConfig
from temporalio.worker import Replayer

from rubricflow import telemetry
from rubricflow.activities.hooks import parse_hooks
from rubricflow.client import Rubricflow
from rubricflow.sdk_metrics import SdkMetricsExporter
from rubricflow.worker import build_worker
from rubricflow.workflows.rubric_run import RubricRunWorkflow
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput
from tests.helpers import thread_id, until, verdict

SPANS = InMemorySpanExporter()
READER = InMemoryMetricReader()
_PROVIDERS: list[Any] = []


def install_in_memory_providers() -> MeterProvider:
    """The process's global providers (OpenTelemetry allows one each), installed once."""
    if not _PROVIDERS:
        tracer_provider = create_tracer_provider()
        tracer_provider.add_span_processor(SimpleSpanProcessor(SPANS))
        trace.set_tracer_provider(tracer_provider)
        meter_provider = MeterProvider(metric_readers=[READER])
        metrics.set_meter_provider(ReplaySafeMeterProvider(meter_provider))
        _PROVIDERS.append(meter_provider)
    return _PROVIDERS[0]


class TeeBuffer(MetricBuffer):
    """A metric buffer that also keeps, per counter, the sum of what Core recorded under
    each attribute set: what an exporter must reproduce."""

    def __init__(self) -> None:
        super().__init__(10_000)
        self.recorded: dict[tuple[str, frozenset[tuple[str, Any]]], float] = {}

    def retrieve_updates(self):  # type: ignore[no-untyped-def]
        updates = super().retrieve_updates()
        for update in updates:
            if update.metric.kind == BUFFERED_METRIC_KIND_COUNTER:
                key = (update.metric.name, frozenset(dict(update.attributes).items()))
                self.recorded[key] = self.recorded.get(key, 0) + update.value
        return updates


async def traced_client(env: Any, buffer: MetricBuffer) -> Client:
    return await Client.connect(
        env.client.service_client.config.target_host,
        namespace=env.client.namespace,
        plugins=[OpenTelemetryPlugin(add_temporal_spans=True)],
        data_converter=pydantic_data_converter,
        runtime=Runtime(telemetry=TelemetryConfig(metrics=buffer)),
    )


@pytest_asyncio.fixture
async def traced(env, task_queue) -> AsyncIterator[Client]:
    """A client and worker with the tracing plugin and SDK metrics in memory."""
    meter_provider = install_in_memory_providers()
    buffer = MetricBuffer(10_000)
    client = await traced_client(env, buffer)
    hooks = parse_hooks("tests.hook_sink:explode")
    async with SdkMetricsExporter(buffer, meter_provider, poll_interval=timedelta(milliseconds=50)):
        async with build_worker(client, queue=task_queue, hooks=hooks):
            yield client


def usage(inp: int, out: int) -> dict[str, int]:
    return {"input_tokens": inp, "output_tokens": out}


async def finished_trace(workflow_id: str, deadline_s: float = 60) -> list[ReadableSpan]:
    """The run's trace, once its workflow span has ended (it ends after the result)."""

    def trace() -> list[ReadableSpan] | None:
        spans = SPANS.get_finished_spans()
        root = [
            s
            for s in spans
            if s.name == "RunWorkflow:RubricRunWorkflow" and s.attributes.get("temporalWorkflowID") == workflow_id
        ]
        if root:
            trace_id = root[0].context.trace_id
            return [s for s in spans if s.context.trace_id == trace_id]
        return None

    return await until(trace, f"a finished workflow span for {workflow_id}", deadline_s, every_s=0.05)


def tree(spans: list[ReadableSpan], names: dict[str, str]) -> list[tuple[str, str | None, dict[str, Any]]]:
    """(name, parent, attributes) per span, sorted; ids and script paths replaced by
    stable names so the whole tree can be compared. A parent that ran an activity is
    named with its activity id (`RunActivity:rubricflow.grade_transcript#2`)."""
    by_id = {s.context.span_id: s for s in spans}

    def stable(value: Any) -> Any:
        if isinstance(value, str):
            return names.get(value, value)
        if isinstance(value, tuple):
            return list(value)
        return value

    def label(span: ReadableSpan) -> str:
        number = span.attributes.get("temporalActivityID")
        return f"{span.name}#{number}" if number else span.name

    rows = []
    for span in spans:
        parent = label(by_id[span.parent.span_id]) if span.parent is not None else None
        attributes = {k: stable(v) for k, v in span.attributes.items() if k != "temporalRunID"}
        rows.append((span.name, parent, attributes))
    return sorted(rows, key=repr)


class TestTraces:
    async def test_a_revision_then_satisfied_run_is_one_trace_with_a_span_per_turn_and_pass(
        self, traced, task_queue, script
    ):
        agent = script({"content": "v1", "usage": usage(100, 20)}, {"content": "v2", "usage": usage(150, 30)})
        grader = script(
            {**verdict("needs_revision", "no", tests="fails", docstring=True), "usage": usage(400, 50)},
            {**verdict("satisfied", "yes", tests=True, docstring=True), "usage": usage(500, 60)},
        )
        tid = thread_id()
        run = await Rubricflow(traced, task_queue).start(
            RunInput(
                message="go",
                rubric="- tests\n- docstring",
                agent=AgentSettings(model=agent),
                grader=GraderSettings(model=grader),
            ),
            tid,
        )
        final = await run.result()
        spans = await finished_trace(tid)
        names = {tid: "THREAD", final.grading_run_id: "RUN", agent: "AGENT", grader: "GRADER"}
        wf = {"temporalWorkflowID": "THREAD"}

        def activity(number: int) -> dict[str, Any]:
            return {**wf, "temporalActivityID": str(number)}

        def turn(number: int, iteration: int, inp: int, out: int) -> list[tuple[str, str | None, dict[str, Any]]]:
            return [
                ("StartActivity:rubricflow.run_agent_turn", "RunWorkflow:RubricRunWorkflow", wf),
                ("RunActivity:rubricflow.run_agent_turn", "StartActivity:rubricflow.run_agent_turn", activity(number)),
                (
                    "agent_turn",
                    f"RunActivity:rubricflow.run_agent_turn#{number}",
                    {
                        "rubric.role": "agent",
                        "gen_ai.request.model": "AGENT",
                        "rubric.thread_id": "THREAD",
                        "rubric.turn": iteration,
                        "rubric.grading_run_id": "RUN",
                        "rubric.iteration": iteration,
                        "rubric.tool_calls": [],
                        "gen_ai.usage.input_tokens": inp,
                        "gen_ai.usage.output_tokens": out,
                    },
                ),
            ]

        def grading(
            number: int,
            iteration: int,
            result: str,
            passed: list[str],
            failed: list[str],
            inp: int,
            out: int,
            hook: int,
        ):
            return [
                ("StartActivity:rubricflow.grade_transcript", "RunWorkflow:RubricRunWorkflow", wf),
                (
                    "RunActivity:rubricflow.grade_transcript",
                    "StartActivity:rubricflow.grade_transcript",
                    activity(number),
                ),
                (
                    "grader_pass",
                    f"RunActivity:rubricflow.grade_transcript#{number}",
                    {
                        "rubric.role": "grader",
                        "gen_ai.request.model": "GRADER",
                        "rubric.thread_id": "THREAD",
                        "rubric.grading_run_id": "RUN",
                        "rubric.iteration": iteration,
                        "rubric.result": result,
                        "rubric.criteria.passed": passed,
                        "rubric.criteria.failed": failed,
                        "rubric.unverified": False,
                        "gen_ai.usage.input_tokens": inp,
                        "gen_ai.usage.output_tokens": out,
                    },
                ),
                ("StartActivity:rubricflow.deliver_evaluation", "RunWorkflow:RubricRunWorkflow", wf),
                (
                    "RunActivity:rubricflow.deliver_evaluation",
                    "StartActivity:rubricflow.deliver_evaluation",
                    activity(hook),
                ),
            ]

        expected = [
            ("StartWorkflow:RubricRunWorkflow", None, wf),
            ("RunWorkflow:RubricRunWorkflow", "StartWorkflow:RubricRunWorkflow", wf),
            # Hooks run beside the thread: the revision turn (3) is scheduled before the
            # first pass's hook delivery (4).
            *turn(1, 0, 100, 20),
            *grading(2, 0, "needs_revision", ["docstring"], ["tests"], 400, 50, hook=4),
            *turn(3, 1, 150, 30),
            *grading(5, 1, "satisfied", ["tests", "docstring"], [], 500, 60, hook=6),
        ]
        assert tree(spans, names) == sorted(expected, key=repr)

    async def test_replaying_the_history_adds_no_spans(self, traced, task_queue, script):
        agent = script("v1", "v2")
        grader = script(verdict("needs_revision", "no", tests="fails"), verdict("satisfied", "yes", tests=True))
        tid = thread_id()
        run = await Rubricflow(traced, task_queue).start(
            RunInput(
                message="go", rubric="- tests", agent=AgentSettings(model=agent), grader=GraderSettings(model=grader)
            ),
            tid,
        )
        await run.result()
        await finished_trace(tid)
        history = await run.handle.fetch_history()
        before = len(SPANS.get_finished_spans())
        runs_before = sum(p.value for p in points("rubricflow_runs"))
        passes_before = sum(p.value for p in points("rubricflow_passes"))
        replayer = Replayer(
            workflows=[RubricRunWorkflow],
            plugins=[OpenTelemetryPlugin(add_temporal_spans=True)],
            data_converter=pydantic_data_converter,
        )
        await replayer.replay_workflow(history)
        assert len(SPANS.get_finished_spans()) == before
        # Nor metrics: the workflow's own are recorded on first execution only.
        assert runs_before >= 1 and sum(p.value for p in points("rubricflow_runs")) == runs_before
        assert sum(p.value for p in points("rubricflow_passes")) == passes_before


def points(name: str) -> list[Any]:
    found = []
    data = READER.get_metrics_data()
    for resource in data.resource_metrics if data else []:
        for scope in resource.scope_metrics:
            for metric in scope.metrics:
                if metric.name == name:
                    found.extend(metric.data.data_points)
    return found


async def metric_points(name: str, match: dict[str, Any], deadline_s: float = 60) -> list[Any]:
    """The points of `name` whose attributes include `match`, once there are some
    (the SDK's metrics arrive through a buffer drained every 50 ms)."""
    return await until(
        lambda: [p for p in points(name) if match.items() <= dict(p.attributes).items()],
        f"a {name} point with {match}",
        deadline_s,
        every_s=0.05,
    )


class TestMetrics:
    async def test_runs_passes_tokens_latency_and_hook_failures_are_read_back(self, traced, task_queue, script):
        agent = script({"content": "v1", "usage": usage(7, 3)}, {"content": "v2", "usage": usage(11, 5)})
        grader = script(
            {**verdict("needs_revision", "no", tests="fails"), "usage": usage(13, 2)},
            {**verdict("satisfied", "yes", tests=True), "usage": usage(17, 4)},
        )
        run = await Rubricflow(traced, task_queue).start(
            RunInput(
                message="go", rubric="- tests", agent=AgentSettings(model=agent), grader=GraderSettings(model=grader)
            ),
            thread_id(),
        )
        assert (await run.result()).status == "satisfied"
        tokens = {
            (p.attributes["role"], p.attributes["direction"]): p.value
            for model in (agent, grader)
            for p in await metric_points("rubricflow_tokens", {"model": model})
        }
        assert tokens == {
            ("agent", "input"): 18,
            ("agent", "output"): 8,
            ("grader", "input"): 30,
            ("grader", "output"): 6,
        }
        latency = await metric_points("rubricflow_step_duration_seconds", {"model": agent})
        assert [p.count for p in latency] == [2]
        queue = {"task_queue": task_queue}
        runs = await metric_points("rubricflow_runs", queue)
        assert [(p.attributes["status"], p.value) for p in runs] == [("satisfied", 1)]
        passes = await metric_points("rubricflow_passes", queue)
        assert sorted((p.attributes["result"], p.value) for p in passes) == [("needs_revision", 1), ("satisfied", 1)]
        iterations = await metric_points("rubricflow_iterations_to_terminal", queue)
        assert [(p.count, p.sum) for p in iterations] == [(1, 2)]
        sdk = await metric_points("temporal_workflow_completed", queue)
        assert sum(p.value for p in sdk) == 1
        assert sum(p.value for p in points("rubricflow_hook_failures")) >= 2

    async def test_every_sdk_metric_is_exported_under_the_attributes_core_recorded_it_with(
        self, env, task_queue, script
    ):
        """Core drops attribute sets as pollers and steps end, and a new set can take a
        dropped one's address: an exporter that keys them by id() files updates under
        another set's labels. Every counter, per attribute set, must sum to exactly what
        Core recorded, through a whole run and the worker's shutdown."""
        install_in_memory_providers()  # the tracing plugin needs the replay-safe tracer
        reader = InMemoryMetricReader()
        buffer = TeeBuffer()
        client = await traced_client(env, buffer)
        exporter = SdkMetricsExporter(buffer, MeterProvider(metric_readers=[reader]), poll_interval=timedelta(0.05))
        async with exporter:
            async with build_worker(client, queue=task_queue):
                run = await Rubricflow(client, task_queue).start(
                    RunInput(
                        message="go",
                        rubric="- tests",
                        agent=AgentSettings(model=script({"content": "v1"}, {"content": "v2"})),
                        grader=GraderSettings(
                            model=script(
                                verdict("needs_revision", "no", tests="fails"), verdict("satisfied", "yes", tests=True)
                            )
                        ),
                    ),
                    thread_id(),
                )
                assert (await run.result()).status == "satisfied"
        exported: dict[tuple[str, frozenset[tuple[str, Any]]], float] = {}
        gauges = []
        for resource in reader.get_metrics_data().resource_metrics:
            for scope in resource.scope_metrics:
                for metric in scope.metrics:
                    for p in metric.data.data_points:
                        if metric.name == "temporal_worker_task_slots_available":
                            gauges.append(p)
                        elif hasattr(p, "value"):
                            key = (metric.name, frozenset(dict(p.attributes).items()))
                            exported[key] = exported.get(key, 0) + p.value
        queue = ("task_queue", task_queue)
        assert sum(v for (name, attrs), v in buffer.recorded.items() if name == "temporal_workflow_completed") == 1
        assert any(name == "temporal_request" and ("operation", "ShutdownWorker") in a for name, a in buffer.recorded)
        counters = {key: value for key, value in exported.items() if key in buffer.recorded or value}
        assert counters == buffer.recorded
        # A gauge keeps the latest value per attribute set, this queue's among them.
        assert any(queue in dict(p.attributes).items() for p in gauges)


class TestConfiguration:
    async def test_the_cli_refuses_an_unknown_exporter_before_connecting(self, client, task_queue):
        from tests.test_cli import rubricflow

        code, _, err = await rubricflow(client, task_queue, "status", "no-such-thread", OTEL_TRACES_EXPORTER="jaeger")
        assert code == 2 and "OTEL_TRACES_EXPORTER names ['jaeger']: rubricflow supports" in err, err

    def test_nothing_is_configured_without_otel_variables(self):
        assert telemetry.exporters({}, "traces") == [] and telemetry.exporters({}, "metrics") == []

    def test_an_otlp_endpoint_implies_the_otlp_exporter(self):
        env = {"OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318"}
        assert telemetry.exporters(env, "traces") == ["otlp"]
        assert telemetry.exporters({**env, "OTEL_TRACES_EXPORTER": "none"}, "traces") == []
        assert telemetry.exporters({**env, "OTEL_SDK_DISABLED": "true"}, "metrics") == []

    def test_an_unknown_exporter_is_refused_saying_what_is_supported(self):
        with pytest.raises(ValueError, match=r"OTEL_TRACES_EXPORTER names \['zipkin'\]: rubricflow supports"):
            telemetry.exporters({"OTEL_TRACES_EXPORTER": "zipkin"}, "traces")

    async def test_console_exporter_prints_spans_with_the_run_and_its_result(
        self, client, task_queue, script, tmp_path
    ):
        env = {
            **os.environ,
            "TEMPORAL_ADDRESS": client.service_client.config.target_host,
            "TEMPORAL_NAMESPACE": client.namespace,
            "RUBRICFLOW_TASK_QUEUE": task_queue,
            "RUBRICFLOW_DATA_DIR": str(tmp_path / "data"),
            "OTEL_TRACES_EXPORTER": "console",
        }
        err = tmp_path / "worker.err"
        with err.open("wb") as sink:
            worker = subprocess.Popen(
                [sys.executable, "-m", "rubricflow.worker"], env=env, stderr=sink, stdout=subprocess.DEVNULL
            )
            try:
                run = await Rubricflow(client, task_queue).start(
                    RunInput(
                        message="go",
                        rubric="- tests",
                        agent=AgentSettings(model=script("v1")),
                        grader=GraderSettings(model=script(verdict("satisfied", "yes", tests=True))),
                    ),
                    thread_id(),
                )
                final = await asyncio.wait_for(run.result(), 60)
            finally:
                worker.send_signal(signal.SIGTERM)
                worker.wait(60)
        printed = err.read_text()
        assert f'"rubric.grading_run_id": "{final.grading_run_id}"' in printed, printed[-2000:]
        assert re.search(r'"name": "grader_pass"', printed)
        assert '"rubric.result": "satisfied"' in printed

    async def test_the_worker_serves_its_metrics_for_prometheus(self, client, task_queue, script, tmp_path):
        import httpx

        from rubricflow.devserver import free_port

        port = free_port()
        env = {
            **os.environ,
            "TEMPORAL_ADDRESS": client.service_client.config.target_host,
            "TEMPORAL_NAMESPACE": client.namespace,
            "RUBRICFLOW_TASK_QUEUE": task_queue,
            "RUBRICFLOW_DATA_DIR": str(tmp_path / "data"),
            "RUBRICFLOW_PROMETHEUS_PORT": str(port),
        }
        worker = subprocess.Popen(
            [sys.executable, "-m", "rubricflow.worker"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        try:
            agent = script({"content": "v1", "usage": usage(21, 4)})
            run = await Rubricflow(client, task_queue).start(
                RunInput(
                    message="go",
                    rubric="- tests",
                    agent=AgentSettings(model=agent),
                    grader=GraderSettings(model=script(verdict("satisfied", "yes", tests=True))),
                ),
                thread_id(),
            )
            assert (await asyncio.wait_for(run.result(), 60)).status == "satisfied"
            wanted = [
                "rubricflow_runs_total{",
                'status="satisfied"',
                f'task_queue="{task_queue}"',
                "rubricflow_tokens_total{",
                "temporal_workflow_completed",
            ]
            deadline = time.monotonic() + 30
            async with httpx.AsyncClient() as http:
                while True:
                    page = (await http.get(f"http://127.0.0.1:{port}/metrics")).text
                    if all(w in page for w in wanted) or time.monotonic() > deadline:
                        break
                    await asyncio.sleep(0.2)
            assert [w for w in wanted if w not in page] == [], page[-3000:]
            tokens = [
                line for line in page.splitlines() if line.startswith("rubricflow_tokens_total{") and agent in line
            ]
            assert sorted(line.rsplit(" ", 1)[1] for line in tokens) == ["21.0", "4.0"]
        finally:
            worker.send_signal(signal.SIGTERM)
            worker.wait(60)
