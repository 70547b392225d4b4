"""OpenTelemetry for workers and clients, configured only by the standard `OTEL_*`
variables. With none of them set nothing is installed and nothing is exported.

- Traces: `OTEL_TRACES_EXPORTER` = `otlp`, `console` (to stderr) or `none`; `otlp` is
  implied when `OTEL_EXPORTER_OTLP_ENDPOINT` (or `..._TRACES_ENDPOINT`) is set.
  Temporal's `OpenTelemetryPlugin` with its replay-safe tracer provider propagates the
  client's span into the workflow and its activities, so one thread run is one trace.
- Metrics: `OTEL_METRICS_EXPORTER` = `otlp`, `console`, `prometheus` or `none`; `otlp`
  is implied by an OTLP endpoint. A worker also serves them for Prometheus when it is
  given a port (`RUBRICFLOW_PROMETHEUS_PORT`, read by worker_env.py), and routes Temporal's
  own SDK metrics through the same pipeline. The global meter provider is Temporal's
  `ReplaySafeMeterProvider`, so the workflow's own metrics are not recorded on replay.
- `OTEL_EXPORTER_OTLP_PROTOCOL` = `http/protobuf` (default) or `grpc`;
  `OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES` as usual; `OTEL_SDK_DISABLED=true`
  turns all of it off.

The providers are process-wide (OpenTelemetry allows one global provider), so the first
`setup` call installs them and later calls return the same `Telemetry`.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rubricflow.errors import ConfigError

_OTLP_ENDPOINTS = ("OTEL_EXPORTER_OTLP_ENDPOINT",)


class TelemetryConfigError(ConfigError):
    """An `OTEL_*` value rubricflow cannot honour; the message says what is supported."""


@dataclass
class Telemetry:
    """What `setup` installed: the client plugins, and for a worker with metrics the
    Temporal runtime whose SDK metrics `metrics_exporter` drains."""

    plugins: list[Any] = field(default_factory=list)
    runtime: Any = None
    metrics_exporter: Any = None
    tracer_provider: Any = None
    meter_provider: Any = None

    @property
    def enabled(self) -> bool:
        return self.tracer_provider is not None or self.meter_provider is not None

    def connect_options(self) -> dict[str, Any]:
        """Keyword arguments for `Client.connect`."""
        options: dict[str, Any] = {}
        if self.plugins:
            options["plugins"] = list(self.plugins)
        if self.runtime is not None:
            options["runtime"] = self.runtime
        return options

    def shutdown(self) -> None:
        """Flush what is buffered (a worker exits without the interpreter's teardown)."""
        for provider in (self.tracer_provider, self.meter_provider):
            if provider is not None:
                provider.shutdown()


_installed: Telemetry | None = None


def exporters(environ: Mapping[str, str], signal: str) -> list[str]:
    """The exporters named for `signal` (`traces`, `metrics`): `OTEL_<SIGNAL>_EXPORTER`,
    or `otlp` when only an OTLP endpoint is set, or none."""
    if environ.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return []
    raw = environ.get(f"OTEL_{signal.upper()}_EXPORTER", "").strip().lower()
    if not raw:
        endpoint = any(
            environ.get(name) for name in (*_OTLP_ENDPOINTS, f"OTEL_EXPORTER_OTLP_{signal.upper()}_ENDPOINT")
        )
        return ["otlp"] if endpoint else []
    names = [name.strip() for name in raw.split(",") if name.strip() and name.strip() != "none"]
    allowed = {"traces": {"otlp", "console"}, "metrics": {"otlp", "console", "prometheus"}}[signal]
    unknown = sorted(set(names) - allowed)
    if unknown:
        raise TelemetryConfigError(
            f"OTEL_{signal.upper()}_EXPORTER names {unknown}: rubricflow supports {sorted(allowed | {'none'})}"
        )
    return names


def setup(
    environ: Mapping[str, str],
    *,
    service: str,
    prometheus_port: int | None = None,
    sdk_metrics: bool = False,
) -> Telemetry:
    """Install the providers `environ` asks for (once per process) and return them.

    `service` is the default `service.name` (`OTEL_SERVICE_NAME` wins). A worker passes
    `sdk_metrics=True` to route Temporal's own metrics through OpenTelemetry, and
    its Prometheus port when it has one."""
    global _installed
    if _installed is not None:
        return _installed
    traces = exporters(environ, "traces")
    metric_names = exporters(environ, "metrics")
    if prometheus_port is not None and "prometheus" not in metric_names:
        metric_names.append("prometheus")
    if not traces and not metric_names:
        _installed = Telemetry()
        return _installed
    from opentelemetry.sdk.resources import SERVICE_NAME, Resource

    resource = Resource.create({} if environ.get("OTEL_SERVICE_NAME") else {SERVICE_NAME: service})
    telemetry = Telemetry()
    if traces:
        telemetry.tracer_provider = _tracer_provider(environ, traces, resource)
        from temporalio.contrib.opentelemetry import OpenTelemetryPlugin

        telemetry.plugins.append(OpenTelemetryPlugin(add_temporal_spans=True))
    if metric_names:
        telemetry.meter_provider = _meter_provider(environ, metric_names, resource, prometheus_port)
        if sdk_metrics:
            from temporalio.runtime import MetricBuffer, Runtime, TelemetryConfig

            from rubricflow.sdk_metrics import SdkMetricsExporter

            buffer = MetricBuffer(10_000)
            telemetry.runtime = Runtime(telemetry=TelemetryConfig(metrics=buffer))
            telemetry.metrics_exporter = SdkMetricsExporter(buffer, telemetry.meter_provider)
    _installed = telemetry
    return telemetry


def _tracer_provider(environ: Mapping[str, str], names: list[str], resource: Any) -> Any:
    from opentelemetry import trace
    from opentelemetry.sdk.trace.export import (
        BatchSpanProcessor,
        ConsoleSpanExporter,
        SimpleSpanProcessor,
    )
    from temporalio.contrib.opentelemetry import create_tracer_provider

    provider = create_tracer_provider(resource=resource)
    for name in names:
        if name == "console":
            provider.add_span_processor(SimpleSpanProcessor(ConsoleSpanExporter(out=sys.stderr)))
        else:
            provider.add_span_processor(BatchSpanProcessor(_otlp(environ, "trace")))
    trace.set_tracer_provider(provider)
    return provider


def _meter_provider(environ: Mapping[str, str], names: list[str], resource: Any, prometheus_port: int | None) -> Any:
    from opentelemetry import metrics
    from opentelemetry.sdk.metrics import MeterProvider
    from opentelemetry.sdk.metrics.export import ConsoleMetricExporter, PeriodicExportingMetricReader

    readers: list[Any] = []
    for name in names:
        if name == "console":
            readers.append(PeriodicExportingMetricReader(ConsoleMetricExporter(out=sys.stderr)))
        elif name == "otlp":
            readers.append(PeriodicExportingMetricReader(_otlp(environ, "metric")))
        elif name == "prometheus":
            if prometheus_port is None:
                raise TelemetryConfigError(
                    "OTEL_METRICS_EXPORTER=prometheus needs a port: set RUBRICFLOW_PROMETHEUS_PORT (workers only)"
                )
            from opentelemetry.exporter.prometheus import PrometheusMetricReader
            from prometheus_client import start_http_server

            start_http_server(prometheus_port)
            readers.append(PrometheusMetricReader())
    from temporalio.contrib.opentelemetry import ReplaySafeMeterProvider

    provider = MeterProvider(metric_readers=readers, resource=resource)
    # Replay-safe: what workflow code records (workflows/telemetry.py) is dropped while a
    # history replays, so a replayed run is never counted twice.
    metrics.set_meter_provider(ReplaySafeMeterProvider(provider))
    return provider


def _otlp(environ: Mapping[str, str], kind: str) -> Any:
    """An OTLP exporter; endpoint, headers and timeouts come from the `OTEL_EXPORTER_OTLP_*`
    variables, which the exporter reads itself."""
    grpc = environ.get("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf").strip() == "grpc"
    if kind == "trace":
        if grpc:
            from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter
        else:
            from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
        return OTLPSpanExporter()
    if grpc:
        from opentelemetry.exporter.otlp.proto.grpc.metric_exporter import OTLPMetricExporter
    else:
        from opentelemetry.exporter.otlp.proto.http.metric_exporter import OTLPMetricExporter
    return OTLPMetricExporter()


def flush() -> None:
    """Flush and stop what `setup` installed, if anything: call before `os._exit`."""
    if _installed is not None:
        _installed.shutdown()
