"""Service config family (held out): a YAML configuration file for a web service, in a form no
prompt, example or rule of the grader was written for. Run only as `--set held`, never in
`all` or `new`.

An answer is a lead-in line and one ```yaml block, assembled from switches: the port asked
for or another, the log level `info` or `debug`, the database password from an environment
variable or written inline, TLS enabled or disabled, a health check path or none, a comment
on the timeout or none, indentation by two spaces or four. Every truth is a function of the
YAML text (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "service_config"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3


@dataclass(frozen=True)
class Service:
    task: str
    name: str
    port: int
    other_port: int
    database: str
    password: str
    """The password an answer that writes it inline gives."""
    secret_variable: str
    health: str


SERVICES = (
    Service(
        "Write the YAML config for the orders service: port 8080, log level info, its Postgres database, "
        "TLS on, a health check, and the request timeout.",
        "orders",
        8080,
        8000,
        "postgres://orders@db.internal:5432/orders",
        "s3cr3t-orders",
        "ORDERS_DB_PASSWORD",
        "/healthz",
    ),
    Service(
        "Write the YAML config for the billing service: port 9090, log level info, its Postgres database, "
        "TLS on, a health check, and the request timeout.",
        "billing",
        9090,
        9000,
        "postgres://billing@db.internal:5432/billing",
        "hunter2-billing",
        "BILLING_DB_PASSWORD",
        "/health",
    ),
    Service(
        "Write the YAML config for the search service: port 7700, log level info, its Postgres database, "
        "TLS on, a health check, and the request timeout.",
        "search",
        7700,
        7000,
        "postgres://search@db.internal:5432/search",
        "pa55-search",
        "SEARCH_DB_PASSWORD",
        "/ready",
    ),
)


def build(service: Service, on: dict[str, bool]) -> str:
    pad = "  " if on["two_spaces"] else "    "
    lines = [f"service: {service.name}", "server:", f"{pad}port: {service.port if on['port'] else service.other_port}"]
    if on["timeout_comment"]:
        lines.append(f"{pad}# Requests slower than this are cut off so one slow client cannot hold a worker.")
    lines.append(f"{pad}timeout_seconds: 30")
    lines += ["tls:", f"{pad}enabled: {'true' if on['tls'] else 'false'}"]
    password = f"${{{service.secret_variable}}}" if on["env_secret"] else service.password
    lines += ["database:", f"{pad}url: {service.database}", f"{pad}password: {password}"]
    lines += ["logging:", f"{pad}level: {'info' if on['info'] else 'debug'}"]
    if on["health"]:
        lines += ["health_check:", f"{pad}path: {service.health}"]
    return f"Here is the config for the {service.name} service:\n\n```yaml\n" + "\n".join(lines) + "\n```"


def yaml_of(answer: str) -> str:
    match = re.search(r"```yaml\n(.*?)```", answer, re.DOTALL)
    assert match is not None, answer
    return match.group(1)


def value_of(yaml: str, key: str) -> str | None:
    """The value of the first line `key: value` (at any indentation)."""
    match = re.search(rf"^\s*{re.escape(key)}:\s*(\S.*)$", yaml, re.MULTILINE)
    return match.group(1).strip() if match else None


def indents(yaml: str) -> set[int]:
    return {len(line) - len(line.lstrip(" ")) for line in yaml.splitlines() if line.startswith(" ")}


def candidates(rng: random.Random, service: Service, answer: str) -> list[Criterion]:
    yaml = yaml_of(answer)
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "port",
            value_of(yaml, "port") == str(service.port),
            (f"Sets the port to {service.port}", f"The server listens on port {service.port}"),
        ),
        (
            "info",
            value_of(yaml, "level") == "info",
            ("Sets the log level to info", "Logs at info level, not debug"),
        ),
        (
            "env_secret",
            service.password not in yaml,
            ("Does not write the database password into the file", "Keeps the password out of the config"),
        ),
        ("tls", value_of(yaml, "enabled") == "true", ("Turns TLS on", "Enables TLS")),
        (
            "health",
            value_of(yaml, "path") is not None,
            ("Defines a health check path", "Configures a health check endpoint"),
        ),
        (
            "timeout_comment",
            "# Requests slower" in yaml,
            ("Explains the timeout in a comment", "Has a comment saying why the timeout is set"),
        ),
        (
            "two_spaces",
            indents(yaml) == {2},
            ("Indents with two spaces", "Uses 2-space indentation"),
        ),
    ]
    return [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in kinds]


def cases() -> list[JudgeCase]:
    switches = ("port", "info", "env_secret", "tls", "health", "timeout_comment", "two_spaces")
    return switched_cases(
        FAMILY, SERVICES, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
