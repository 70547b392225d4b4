"""Who may read and who may act: the UI's token, the cookie that carries it, the CSRF
token every action's form carries, the names the UI answers to, and the headers every
response carries.

Rules: reading needs the token unless the UI listens on a loopback address; every action
(a POST) needs the token and the CSRF token derived from it, whatever the address; a
request whose `Host` is not a name the UI was bound to is refused (a page on another
site that rebinds its name to this address reads nothing); every response, a 404, a
refusal and an error page included, carries the security headers."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
import socket
from collections.abc import Iterable

from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

COOKIE = "rubricflow_ui"
TOKEN_ENV = "RUBRICFLOW_UI_TOKEN"
MIN_TOKEN_CHARS = 16
MIN_TOKEN_DISTINCT = 8
"""A token is at least 16 characters, of at least 8 different ones: `x`, `password` or
`aaaaaaaaaaaaaaaa` guard nothing."""

SECURITY_HEADERS = {
    # Scripts and styles only from this server's own files: a value that slipped past the
    # escaping still could not run.
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        "img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def new_token() -> str:
    return secrets.token_urlsafe(24)


def check_token(token: str, where: str = "--token") -> str:
    """The token, if it is strong enough to guard the UI; else `ValueError` saying how
    to make one."""
    if len(token) < MIN_TOKEN_CHARS or len(set(token)) < MIN_TOKEN_DISTINCT:
        raise ValueError(
            f"{where} is too weak to guard the web view: use at least {MIN_TOKEN_CHARS} characters, "
            f"{MIN_TOKEN_DISTINCT} of them different (one way: "
            "python -c 'import secrets; print(secrets.token_urlsafe(24))'), or leave it out for a new one"
        )
    return token


def allowed_hosts(bound: str, extra: Iterable[str] = ()) -> list[str]:
    """The names a request's `Host` may carry: the bound address, its loopback names on
    loopback, the machine's names on another address (a wildcard address: any name, the
    token guards it), and `extra` (`--allowed-host`, e.g. a reverse proxy's name)."""
    names = {bound.strip("[]").lower(), *(name.lower() for name in extra)}
    if is_loopback(bound):
        names |= {"localhost", "127.0.0.1", "::1"}
    elif bound in ("0.0.0.0", "::", ""):
        return ["*"]
    else:
        names |= {socket.gethostname().lower(), socket.getfqdn().lower()}
    return sorted(names)


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


class SecurityHeaders:
    """ASGI middleware, outermost: every response gets `SECURITY_HEADERS` (those a route
    set itself stay), whichever layer made it, the server's own 500 page included."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    if name not in headers:
                        headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)
