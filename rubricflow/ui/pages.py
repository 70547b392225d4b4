"""What every page of the web view shares: the templates (Jinja2, autoescaped: every value
a run holds is untrusted text), the client, the token guard, and how a page, a refusal and
a form are answered."""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response

from rubricflow.client import Rubricflow
from rubricflow.ui.security import COOKIE, Guard

STATUS_TITLES = {400: "bad request", 403: "refused", 404: "not found", 405: "method not allowed", 409: "refused"}

templates = Environment(
    loader=PackageLoader("rubricflow.ui", "templates"),
    autoescape=select_autoescape(default=True, default_for_string=True),
)


class Pages:
    """What every page of the view shares: its client, its guard and how it answers."""

    def __init__(self, rf: Rubricflow, guard: Guard) -> None:
        self.rf = rf
        self.guard = guard

    def page(self, request: Request, template: str, status_code: int = 200, **context: Any) -> Response:
        html = templates.get_template(template).render(
            csrf=self.guard.csrf if self.guard.presented(request) else None, **context
        )
        response = HTMLResponse(html, status_code, headers={"Cache-Control": "no-store"})
        if request.query_params.get("token") and self.guard.presented(request):
            response.set_cookie(COOKIE, self.guard.token, httponly=True, samesite="strict")
        return response

    def refusal(self, request: Request, status_code: int, message: str, back: str = "/") -> Response:
        """A page that says why: a refused action, a bad address, an unknown name."""
        title = STATUS_TITLES.get(status_code, "error")
        return self.page(request, "refusal.html", status_code, title=title, message=message, back=back)

    def unreadable(self, request: Request) -> Response | None:
        """None when the request may read; else the answer that says how to get in."""
        if self.guard.may_read(request):
            return None
        return PlainTextResponse("this rubricflow ui needs its token: open it with ?token=TOKEN", 401)

    async def form(self, request: Request) -> tuple[dict[str, str], Response | None]:
        """The POSTed form as text, and the refusal when it lacks the token or the CSRF token."""
        form = {key: str(value) for key, value in (await request.form()).items()}
        if self.guard.may_act(request, form.get("csrf")):
            return form, None
        return form, self.refusal(
            request,
            403,
            "an action needs the ui's token (open the ui with ?token=TOKEN) and the form's CSRF token",
        )
