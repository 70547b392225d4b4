"""Who may read and who may act: the UI's token, the cookie that carries it, and the
CSRF token every action's form carries.

Rules: reading needs the token unless the UI listens on a loopback address; every action
(a POST) needs the token and the CSRF token derived from it, whatever the address."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets

from starlette.requests import Request

COOKIE = "rubricflow_ui"
TOKEN_ENV = "RUBRICFLOW_UI_TOKEN"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Guard:
    """The token checks, for one server."""

    def __init__(self, token: str, *, open_reads: bool) -> None:
        self.token = token
        self.open_reads = open_reads
        self.csrf = hmac.new(token.encode(), b"rubricflow-ui-csrf", hashlib.sha256).hexdigest()

    def _same(self, given: str | None, expected: str) -> bool:
        return given is not None and hmac.compare_digest(given.encode(), expected.encode())

    def presented(self, request: Request) -> bool:
        """The request carries the token: as its cookie, `Authorization: Bearer`, or `?token=`."""
        bearer = request.headers.get("authorization", "")
        candidates = (
            request.cookies.get(COOKIE),
            bearer[7:] if bearer.lower().startswith("bearer ") else None,
            request.query_params.get("token"),
        )
        return any(self._same(c, self.token) for c in candidates)

    def may_read(self, request: Request) -> bool:
        return self.open_reads or self.presented(request)

    def may_act(self, request: Request, form_csrf: str | None) -> bool:
        return self.presented(request) and self._same(form_csrf, self.csrf)
