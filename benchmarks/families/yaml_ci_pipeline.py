"""YAML CI pipeline family (fresh3): a GitHub Actions workflow for a project the task describes (a
Python package, an Express app, a Rust crate, a Rails app), a kind of answer no grader was run
on while any of its rules was written. Run only as `--set fresh3`, never in `all`, `new`,
`docs`, `held`, `fresh` or `fresh2`.

An answer is one ```yaml block, after a lead-in line or none, assembled from switches: pushes to
`main` or to `master` (and pull requests) trigger it, a matrix of the versions the task names or
one swapped for another, `actions/checkout@v4` or `@v3`, the dependencies cached or not,
`timeout-minutes` on the job or on the test step, the lint step before the test step or after
it, the token from `secrets` or pasted in, and `name:` the first key or after the triggers. Every
truth is a function of the workflow's text, read with the small block-YAML reader below (what a
workflow uses; the benchmark needs no YAML library, and a test checks the reader against PyYAML).
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "yaml_ci_pipeline"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
BLOCK = re.compile(r"```ya?ml[ \t]*\n(.*?)```", re.DOTALL)
ENTRY = re.compile(r"^(\"[^\"]*\"|'[^']*'|[^\s\"'#\[\]{}-][^:]*?|-[^\s:][^:]*?)\s*:(?:[ \t]+(.*))?$")
BRANCH = "main"
WRONG_BRANCH = "master"


@dataclass(frozen=True)
class Project:
    task: str
    lead: str
    name: str
    job: str
    matrix_key: str
    versions: tuple[tuple[str, ...], tuple[str, ...]]
    """The versions the task asks for, and the same with one swapped for another (quoted in the
    YAML when they have a dot)."""
    flow: bool
    """The matrix as a flow list (`[a, b]`), or a block list."""
    what: str
    """The language, as a criterion names the versions (`Python`)."""
    timeout: int
    setup: str
    """The setup step, its lines as they sit under `steps:` (as are the steps below)."""
    cache: str
    """What caches the dependencies: `with:` entries of the setup step (indented) or a step."""
    uncached: str
    """A step an answer that does not cache adds instead, or empty."""
    install: str
    lint: str
    linter: str
    """The lint step's command, as a criterion names it and the reader finds it in `run`."""
    test: str
    tester: str
    report: str
    """The step that uses the secret, `{token}` where its value goes."""
    secret: str
    pasted: str
    """The value an answer that does not use `secrets` pastes in."""
    key: str = ""
    """The `with` or `env` key that holds the secret, when it is not the secret's name."""
    after: str = ""
    """A line after the block, or empty."""


PROJECTS = (
    Project(
        "Write a GitHub Actions workflow for our Python package. Run it on pushes to main and on pull requests, "
        "test on Python 3.11 and 3.12 with a matrix, check out with actions/checkout@v4, cache pip, run ruff "
        "before pytest, give the test job a 15-minute timeout, upload coverage to Codecov with the CODECOV_TOKEN "
        "secret, and name the workflow CI.",
        "Here's a workflow for `.github/workflows/ci.yml`:",
        "CI",
        "test",
        "python-version",
        (("3.11", "3.12"), ("3.10", "3.11")),
        True,
        "Python",
        15,
        "- name: Set up Python ${{ matrix.python-version }}\n  uses: actions/setup-python@v5\n  with:\n"
        "    python-version: ${{ matrix.python-version }}",
        "    cache: pip",
        "",
        '- name: Install dependencies\n  run: pip install -e ".[dev]"',
        "- name: Lint\n  run: ruff check .",
        "ruff",
        "- name: Test\n  run: pytest --cov --cov-report=xml",
        "pytest",
        "- name: Upload coverage\n  uses: codecov/codecov-action@v4\n  with:\n    token: {token}",
        "CODECOV_TOKEN",
        "8c2f4e1a-93b7-4d0c-a6f5-2e7b91d3c4a8",
        "token",
    ),
    Project(
        "Set up a GitHub Actions workflow for our Express app: trigger it on pushes to main and on pull requests, "
        "run the build job on Node 18 and 20, use actions/checkout@v4, cache npm, lint before testing, put a "
        "10-minute timeout on the job, and post the result to Slack with the SLACK_WEBHOOK_URL secret. Call the "
        "workflow Node CI.",
        "Save this as .github/workflows/node.yml:",
        "Node CI",
        "build",
        "node-version",
        (("18", "20"), ("18", "22")),
        False,
        "Node",
        10,
        "- name: Use Node.js ${{ matrix.node-version }}\n  uses: actions/setup-node@v4\n  with:\n"
        "    node-version: ${{ matrix.node-version }}",
        "    cache: npm",
        "",
        "- run: npm ci",
        "- name: Lint\n  run: npm run lint",
        "npm run lint",
        "- name: Test\n  run: npm test",
        "npm test",
        "- name: Notify Slack\n  if: always()\n  uses: slackapi/slack-github-action@v1.26.0\n  with:\n"
        '    payload: \'{{"text": "Build ${{{{ job.status }}}} on ${{{{ github.ref_name }}}}"}}\'\n  env:\n'
        "    SLACK_WEBHOOK_URL: {token}\n    SLACK_WEBHOOK_TYPE: INCOMING_WEBHOOK",
        "SLACK_WEBHOOK_URL",
        "https://hooks.slack.com/services/T04F7G2QK/B06H1J9LM/fq8ZpW3xR2vT7yN1",
    ),
    Project(
        "Write a GitHub Actions workflow for our Rust crate: on pushes to main and on pull requests, a check job "
        "on the stable and beta toolchains (as a matrix), actions/checkout@v4, cache the build with "
        "Swatinem/rust-cache, run clippy before the tests, a 20-minute timeout on the job, upload coverage to "
        "Codecov with the CODECOV_TOKEN secret, and call the workflow Rust.",
        "",
        "Rust",
        "check",
        "toolchain",
        (("stable", "beta"), ("stable", "nightly")),
        True,
        "Rust",
        20,
        "- uses: dtolnay/rust-toolchain@master\n  with:\n    toolchain: ${{ matrix.toolchain }}\n"
        "    components: clippy, llvm-tools-preview",
        "- uses: Swatinem/rust-cache@v2",
        "",
        "- name: Install cargo-llvm-cov\n  run: cargo install cargo-llvm-cov --locked",
        "- name: Clippy\n  run: cargo clippy --all-targets -- -D warnings",
        "cargo clippy",
        "- name: Tests\n  run: cargo llvm-cov --lcov --output-path lcov.info -- --test-threads=2",
        "cargo llvm-cov",
        "- name: Upload coverage\n  uses: codecov/codecov-action@v4\n  with:\n    files: lcov.info\n  env:\n"
        "    CODECOV_TOKEN: {token}",
        "CODECOV_TOKEN",
        "d41f7a2c-5b09-4e83-9c6a-0f3b8e7d2a15",
        after="`cargo llvm-cov` runs the tests and writes the coverage report in one go.",
    ),
    Project(
        "Write a GitHub Actions workflow for the tests of our Rails app: run on pushes to main and on pull "
        "requests, Ruby 3.2 and 3.3 in a matrix, actions/checkout@v4, cache the gems (bundler-cache), run RuboCop "
        "before RSpec, a 15-minute timeout on the job, report coverage to Code Climate with the "
        "CC_TEST_REPORTER_ID secret, and call it Tests.",
        "Sure! Here is the workflow:",
        "Tests",
        "rspec",
        "ruby-version",
        (("3.2", "3.3"), ("3.1", "3.2")),
        False,
        "Ruby",
        15,
        "- name: Set up Ruby\n  uses: ruby/setup-ruby@v1\n  with:\n    ruby-version: ${{ matrix.ruby-version }}",
        "    bundler-cache: true",
        "- name: Install gems\n  run: bundle install --jobs 4",
        "",
        "- name: RuboCop\n  run: bundle exec rubocop --parallel",
        "rubocop",
        "- name: RSpec\n  run: |\n    bin/rails db:schema:load\n    bundle exec rspec",
        "rspec",
        "- name: Report coverage\n  uses: paambaati/codeclimate-action@v5.0.0\n  env:\n    CC_TEST_REPORTER_ID: {token}"
        "\n  with:\n    coverageLocations: ${{{{ github.workspace }}}}/coverage/coverage.json:simplecov",
        "CC_TEST_REPORTER_ID",
        "4f9e1b7c2d8a3e6f0b5c9d2e7a1f4b8c6d3e0a9f2b7c5e1d8a4f6b3c9e2d7a0f",
    ),
)


def steps(project: Project, on: dict[str, bool]) -> list[str]:
    """The job's steps, each line as it sits under `steps:` (at no indent)."""
    cache = project.cache if on["cache"] else project.uncached
    setup = f"{project.setup}\n{cache}" if on["cache"] and cache.startswith(" ") else project.setup
    extra = "" if on["cache"] and cache.startswith(" ") else cache
    test = project.test.splitlines()
    if not on["timeout"]:
        test.insert(1, f"  timeout-minutes: {project.timeout}")
    token = f"${{{{ secrets.{project.secret} }}}}" if on["no_secret"] else project.pasted
    checks = [project.lint, *test] if on["order"] else [*test, project.lint]
    checkout = f"- uses: actions/checkout@{'v4' if on['checkout'] else 'v3'}"
    parts = [checkout, setup, extra, project.install, "\n".join(checks), project.report.format(token=token)]
    return [line for part in parts for line in part.splitlines()]


def build(project: Project, on: dict[str, bool]) -> str:
    name = [f"name: {project.name}", ""]
    branch = BRANCH if on["triggers"] else WRONG_BRANCH
    triggers = ["on:", "  push:", f"    branches: [{branch}]", "  pull_request:", ""]
    versions = project.versions[0 if on["matrix"] else 1]
    shown = [f'"{v}"' if "." in v else v for v in versions]
    if project.flow:
        matrix = [f"        {project.matrix_key}: [{', '.join(shown)}]"]
    else:
        matrix = [f"        {project.matrix_key}:", *(f"          - {v}" for v in shown)]
    job = [f"  {project.job}:", "    runs-on: ubuntu-latest"]
    if on["timeout"]:
        job.append(f"    timeout-minutes: {project.timeout}")
    job += ["    strategy:", "      matrix:", *matrix, "    steps:"]
    job += [f"      {line}" for line in steps(project, on)]
    top = [*name, *triggers] if on["name_first"] else [*triggers, *name]
    workflow = "\n".join([*top, "jobs:", *job])
    lead = f"{project.lead}\n\n" if project.lead else ""
    after = f"\n\n{project.after}" if project.after else ""
    fence = "yml" if ".yml" in project.lead else "yaml"
    return f"{lead}```{fence}\n{workflow}\n```{after}"


# Reading a workflow ----------------------------------------------------------------------------


@dataclass
class Line:
    """A line of YAML that holds something, and the text of the block scalar it starts, if any."""

    indent: int
    text: str
    block: str | None = None


def without_comment(line: str) -> str:
    """The line up to a `#` that starts a comment (outside quotes, at the start or after a space)."""
    quote = ""
    for at, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'" and (at == 0 or line[at - 1] in " :[,-"):
            quote = char
        elif char == "#" and (at == 0 or line[at - 1] in " \t"):
            return line[:at]
    return line


def lines_of(text: str) -> list[Line]:
    """The lines that hold something, each with its indent; a block scalar's lines (`|` kept as
    they are, `>` folded into one) are joined onto the line that starts it, with one newline at
    the end (`-` none)."""
    raw = text.splitlines()
    out: list[Line] = []
    at = 0
    while at < len(raw):
        line = without_comment(raw[at]).rstrip()
        at += 1
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        found = Line(indent, line.strip())
        if style := re.search(r":\s*([|>])([-+]?)$", line):
            body = []
            while at < len(raw) and (not raw[at].strip() or len(raw[at]) - len(raw[at].lstrip(" ")) > indent):
                body.append(raw[at].rstrip())
                at += 1
            cut = min((len(b) - len(b.lstrip(" ")) for b in body if b), default=0)
            kept = [b[cut:] for b in body]
            joined = "\n".join(kept).strip("\n") if style.group(1) == "|" else " ".join(b for b in kept if b)
            end = "" if style.group(2) == "-" else "\n"
            found = Line(indent, line[: style.start()].strip() + ":", joined + end)
        out.append(found)
    return out


def scalar(text: str) -> object:
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        inner = text[1:-1].strip()
        return [scalar(part) for part in inner.split(",")] if inner else []
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return json.loads(text)
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1].replace("''", "'")
    return text or None


def is_item(line: Line) -> bool:
    return line.text == "-" or line.text.startswith("- ")


def node(lines: list[Line], at: int) -> tuple[object, int]:
    return (sequence if is_item(lines[at]) else mapping)(lines, at, lines[at].indent)


def mapping(lines: list[Line], at: int, indent: int) -> tuple[dict[str, object], int]:
    out: dict[str, object] = {}
    while at < len(lines) and lines[at].indent == indent and not is_item(lines[at]):
        entry = ENTRY.match(lines[at].text)
        if entry is None:
            raise ValueError(f"not a mapping entry: {lines[at].text!r}")
        key, rest, block = str(scalar(entry.group(1))), entry.group(2), lines[at].block
        at += 1
        if block is not None:
            out[key] = block
        elif rest:
            out[key] = scalar(rest)
        elif at < len(lines) and (lines[at].indent > indent or (lines[at].indent == indent and is_item(lines[at]))):
            out[key], at = node(lines, at)
        else:
            out[key] = None
    return out, at


def sequence(lines: list[Line], at: int, indent: int) -> tuple[list[object], int]:
    out: list[object] = []
    while at < len(lines) and lines[at].indent == indent and is_item(lines[at]):
        rest = lines[at].text[1:].lstrip()
        if not rest:
            at += 1
            value, at = node(lines, at) if at < len(lines) and lines[at].indent > indent else (None, at)
        elif ENTRY.match(rest):
            inner = indent + len(lines[at].text) - len(rest)
            lines[at] = Line(inner, rest, lines[at].block)
            value, at = mapping(lines, at, inner)
        else:
            value, at = scalar(rest), at + 1
        out.append(value)
    return out, at


def parse(text: str) -> dict[str, object]:
    """A workflow's YAML as dicts, lists and strings (every scalar a string, an empty one None)."""
    lines = lines_of(text)
    value, at = node(lines, 0) if lines else ({}, 0)
    if at != len(lines) or not isinstance(value, dict):
        raise ValueError(f"not one mapping: stopped at line {at} of {len(lines)}")
    return value


def workflow_of(answer: str) -> dict[str, object]:
    match = BLOCK.search(answer)
    try:
        return parse(match.group(1)) if match else {}
    except ValueError:
        return {}


def dig(value: object, *keys: str) -> object:
    """`value[key][key]...`, or None where a step of the way is not a mapping or lacks the key."""
    for key in keys:
        value = value.get(key) if isinstance(value, dict) else None
    return value


def steps_of(job: object) -> list[dict[str, object]]:
    found = dig(job, "steps")
    return [s for s in found if isinstance(s, dict)] if isinstance(found, list) else []


def triggered(workflow: dict[str, object], branch: str) -> bool:
    """On pushes to `branch` and on pull requests."""
    branches = dig(workflow, "on", "push", "branches")
    return isinstance(dig(workflow, "on"), dict) and "pull_request" in workflow["on"] and branch in (branches or [])


def matrix_covers(job: object, project: Project) -> bool:
    values = dig(job, "strategy", "matrix", project.matrix_key)
    return isinstance(values, list) and set(project.versions[0]) <= {str(v) for v in values}


def caches(job: object) -> bool:
    """A step uses a caching action, or gives its action a cache input that is not off."""
    for step in steps_of(job):
        inputs = dig(step, "with")
        given = inputs.items() if isinstance(inputs, dict) else ()
        if "cache" in str(step.get("uses") or "").lower() or any(
            "cache" in key.lower() and str(value).lower() not in ("false", "none") for key, value in given
        ):
            return True
    return False


def step_at(job: object, command: str) -> int | None:
    return next((n for n, step in enumerate(steps_of(job)) if command in str(step.get("run") or "")), None)


def secret_values(job: object, key: str) -> list[str]:
    """The values given to `key` in the steps' `with` and `env`."""
    parts = [dig(step, part) for step in steps_of(job) for part in ("with", "env")]
    return [str(part[key]) for part in parts if isinstance(part, dict) and key in part]


def candidates(rng: random.Random, project: Project, answer: str) -> list[Criterion]:
    workflow = workflow_of(answer)
    job = dig(workflow, "jobs", project.job)
    asked = " and ".join(project.versions[0])
    lint, test = step_at(job, project.linter), step_at(job, project.tester)
    values = secret_values(job, project.key or project.secret)
    what, branch, minutes, name = project.what, BRANCH, project.timeout, project.name
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "triggers",
            triggered(workflow, branch),
            (f"Runs on pushes to {branch} and on pull requests", f"Triggers on push to the {branch} branch and on PRs"),
        ),
        (
            "matrix",
            matrix_covers(job, project),
            (f"The matrix covers {what} {asked}", f"Tests against both {what} {asked}"),
        ),
        (
            "checkout",
            any(s.get("uses") == "actions/checkout@v4" for s in steps_of(job)),
            ("Uses actions/checkout@v4", "Checks out the code with version 4 of actions/checkout"),
        ),
        ("cache", caches(job), ("Caches the dependencies between runs", "Sets up dependency caching")),
        (
            "timeout",
            str(dig(job, "timeout-minutes")) == str(minutes),
            (f"Sets timeout-minutes: {minutes} on the job", f"Gives the {project.job} job a {minutes}-minute timeout"),
        ),
        (
            "order",
            lint is not None and test is not None and lint < test,
            (f"Runs {project.linter} before the tests", "The lint step comes before the test step"),
        ),
        (
            "no_secret",
            bool(values) and all("${{ secrets." in v for v in values),
            (
                f"Takes {project.secret} from secrets instead of hard-coding it",
                f"Does not paste the {project.secret} value into the workflow",
            ),
        ),
        (
            "name_first",
            next(iter(workflow), None) == "name" and workflow.get("name") == name,
            (f'Starts the workflow with "name: {name}"', f"The first key in the file is name: {name}"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("triggers", "matrix", "checkout", "cache", "timeout", "order", "no_secret", "name_first")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, PROJECTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
