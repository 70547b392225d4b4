"""Secrets that never reach a log: the values of the `${VAR}`s in the MCP servers' URLs.

httpx logs every request's URL at INFO and the MCP client logs the endpoint it connects
to, so a key in a server's URL (`https://mcp.example/mcp?key=${SEARCH_KEY}`) would be in
every worker-log line of its calls. `redact_in_logs` puts one filter on the loggers that
see those URLs (httpx, httpcore, the MCP client and its LangChain adapters, rubricflow's
own): each value, raw or URL-encoded, is replaced by its variable's `${NAME}` in the
record's message and its traceback.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from urllib.parse import quote, quote_plus

LOGGERS = ("httpx", "httpcore", "mcp", "langchain_mcp_adapters", "rubricflow")
"""The loggers (and every logger below them) whose records may carry a server's URL."""


class _Redact(logging.Filter):
    def __init__(self) -> None:
        super().__init__()
        self.replacements: dict[str, str] = {}

    def add(self, secrets: Mapping[str, str]) -> None:
        for name, value in secrets.items():
            for form in {value, quote(value), quote(value, safe=""), quote_plus(value)}:
                if form:
                    self.replacements[form] = f"${{{name}}}"

    def redact(self, text: str) -> str:
        for form in sorted(self.replacements, key=len, reverse=True):
            text = text.replace(form, self.replacements[form])
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.replacements:
            return True
        message = record.getMessage()
        redacted = self.redact(message)
        if redacted != message:
            record.msg, record.args = redacted, None
        if record.exc_info and not record.exc_text:
            record.exc_text = self.redact(logging.Formatter().formatException(record.exc_info))
        return True


_FILTER = _Redact()


def redact_in_logs(secrets: Mapping[str, str]) -> None:
    """From now on, each of `secrets` (variable name: value) is shown as `${NAME}` in the
    records of `LOGGERS`, of the loggers that exist below them now (the MCP client's are
    made when its modules are imported, before a worker serves its servers' tools)."""
    if not secrets:
        return
    _FILTER.add(secrets)
    below = tuple(f"{name}." for name in LOGGERS)
    for name in [*LOGGERS, *(n for n in logging.root.manager.loggerDict if n.startswith(below))]:
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
