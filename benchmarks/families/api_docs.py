"""API docs family (held out): the Markdown reference page of one HTTP endpoint, in a form no
prompt, example or rule of the grader was written for. Run only as `--set held`, never in
`all` or `new`.

An answer is a heading with the method and path, a sentence on what the endpoint does, a
`Parameters` list, an example request in a ```bash block, an example response in a ```json
block and an `Errors` list, assembled from switches: the method asked for or another, the
parameters each marked required or optional or one left unmarked, four parameters or five,
the example request with `curl` against the public host or an internal one, the response
valid JSON or with a trailing comma, every error code the task names or one left out, the
`Authorization` header shown or not. Every truth is a function of the answer's text (below).
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "api_docs"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
PARAMETERS = 4
PUBLIC_HOST = "api.example.com"


@dataclass(frozen=True)
class Endpoint:
    task: str
    method: str
    other_method: str
    path: str
    summary: str
    parameters: tuple[tuple[str, str, bool], ...]
    """Name, description, required; five, the documented page has the first four or all."""
    internal_host: str
    body: str
    """The example request's JSON body."""
    response: dict[str, object]
    errors: tuple[tuple[int, str], ...]


ENDPOINTS = (
    Endpoint(
        "Document the endpoint that creates an order (POST /v1/orders) for our API reference. It needs a "
        "bearer token and can fail with 400, 401 and 409.",
        "POST",
        "PUT",
        "/v1/orders",
        "Creates an order for the authenticated customer.",
        (
            ("customer_id", "the customer placing the order", True),
            ("items", "the products and quantities", True),
            ("currency", "a three-letter ISO 4217 code", False),
            ("note", "free text shown on the packing slip", False),
            ("coupon", "a discount code", False),
        ),
        "orders.internal:8443",
        '{"customer_id": "c_81", "items": [{"sku": "TEA-1", "quantity": 2}]}',
        {"id": "o_5521", "status": "pending", "total": 18.5, "currency": "EUR"},
        ((400, "a field is missing or malformed"), (401, "no valid bearer token"), (409, "the order exists")),
    ),
    Endpoint(
        "Document the endpoint that lists a customer's invoices (GET /v1/customers/{id}/invoices) for our "
        "API reference. It needs a bearer token and can fail with 401, 404 and 429.",
        "GET",
        "POST",
        "/v1/customers/{id}/invoices",
        "Lists the invoices of one customer, newest first.",
        (
            ("id", "the customer's id, in the path", True),
            ("status", "only invoices in this state (paid, open, void)", False),
            ("limit", "how many to return, 1 to 100", False),
            ("cursor", "where the previous page ended", False),
            ("expand", "related objects to include", False),
        ),
        "billing-api.svc.local:9000",
        "",
        {"data": [{"id": "in_301", "status": "paid", "amount": 120}], "next_cursor": None},
        ((401, "no valid bearer token"), (404, "no such customer"), (429, "too many requests")),
    ),
)


def build(endpoint: Endpoint, on: dict[str, bool]) -> str:
    method = endpoint.method if on["method"] else endpoint.other_method
    lines = [f"## {method} {endpoint.path}", "", endpoint.summary, "", "### Parameters", ""]
    parameters = endpoint.parameters if on["five"] else endpoint.parameters[:PARAMETERS]
    for index, (name, text, required) in enumerate(parameters):
        mark = "" if on["unmarked"] and index == 1 else (" (required)" if required else " (optional)")
        lines.append(f"- `{name}`{mark}: {text}")
    host = PUBLIC_HOST if on["public"] else endpoint.internal_host
    path = endpoint.path.replace("{id}", "c_81")
    request = [f"curl -X {method} https://{host}{path}"]
    if on["auth"]:
        request.append('  -H "Authorization: Bearer $TOKEN"')
    if endpoint.body:
        request.append(f"  -d '{endpoint.body}'")
    lines += ["", "### Example request", "", "```bash", " \\\n".join(request), "```"]
    response = json.dumps(endpoint.response, indent=2)
    if not on["valid_json"]:
        response = response[: response.rindex("\n")] + ",\n}"
    lines += ["", "### Example response", "", "```json", response, "```", "", "### Errors", ""]
    errors = endpoint.errors if on["all_errors"] else endpoint.errors[:-1]
    lines += [f"- `{code}`: {text}" for code, text in errors]
    return "\n".join(lines)


def fenced(answer: str, language: str) -> str | None:
    match = re.search(rf"```{language}\n(.*?)```", answer, re.DOTALL)
    return match.group(1) if match else None


def section(answer: str, name: str) -> list[str]:
    """The bullets under the `### name` heading."""
    after = answer.split(f"### {name}\n", 1)
    if len(after) == 1:
        return []
    bullets = []
    for line in after[1].splitlines():
        if line.startswith("### "):
            break
        if line.startswith("- "):
            bullets.append(line[2:])
    return bullets


def parses(text: str | None) -> bool:
    try:
        json.loads(text or "")
    except ValueError:
        return False
    return True


def candidates(rng: random.Random, endpoint: Endpoint, answer: str) -> list[Criterion]:
    parameters = section(answer, "Parameters")
    request = fenced(answer, "bash") or ""
    codes = {int(c) for c in re.findall(r"`(\d{3})`", "\n".join(section(answer, "Errors")))}
    named = ", ".join(str(code) for code, _ in endpoint.errors)
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "method",
            answer.splitlines()[0] == f"## {endpoint.method} {endpoint.path}",
            (
                f"The heading gives the method and path, {endpoint.method} {endpoint.path}",
                f"Titles the page {endpoint.method} {endpoint.path}",
            ),
        ),
        (
            "marked",
            all(re.search(r"\((required|optional)\)", p) for p in parameters),
            ("Marks every parameter as required or optional", "Says for each parameter whether it is required"),
        ),
        (
            "four",
            len(parameters) == PARAMETERS,
            ("Documents exactly four parameters", "Lists four parameters, no more"),
        ),
        (
            "public",
            PUBLIC_HOST in request and endpoint.internal_host not in answer,
            (f"The example request uses the public host {PUBLIC_HOST}", "Does not expose an internal hostname"),
        ),
        (
            "valid_json",
            parses(fenced(answer, "json")),
            ("The example response is valid JSON", "Gives an example response that parses as JSON"),
        ),
        (
            "all_errors",
            codes >= {code for code, _ in endpoint.errors},
            (f"Lists the error codes {named}", "Documents every error code the task names"),
        ),
        (
            "auth",
            "Authorization:" in request,
            ("Shows the Authorization header in the example request", "The example request sends the bearer token"),
        ),
        (
            "curl",
            request.startswith("curl "),
            ("Gives the example request as a curl command", "The example request is a curl command"),
        ),
    ]
    return [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in kinds]


def cases() -> list[JudgeCase]:
    switches = ("method", "five", "unmarked", "public", "auth", "valid_json", "all_errors")
    return switched_cases(
        FAMILY, ENDPOINTS, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
