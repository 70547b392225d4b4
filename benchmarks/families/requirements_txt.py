"""Requirements file family (fresh16): the pinned `requirements.txt` a task asks for (a Django web app, a
data-science notebook environment, a FastAPI service, a command-line tool), with a comment naming the
project at the top, every package pinned with `==`, the names in alphabetical order, one package that must
stay on a given release series, one installed with an extra and one limited to a platform by an
environment marker, a kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh16`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the file, in a fenced block with words around it or on its own, written right and then
changed by switches: every package pinned or one given a range or left bare, the names sorted or two
swapped, the packages asked for or one forgotten, no test or lint tool or one in place of a runtime
package, the package asked to stay on a series on it or moved off it, the extra asked for kept or dropped,
the environment marker kept or dropped, a first line that is a comment naming the project or none, and
no package written twice or one repeated at another version. Every truth is read from the text: the file
is the first fenced block (the whole answer when there is none); a requirement is a line that is not blank,
not a comment and not an option (`-r`, `--index-url`), an inline comment dropped; its name is normalised
as pip does (lower case, runs of `-`, `_`, `.` made one `-`), its extras are in `[...]`, its version
specifier runs up to `;`, after which comes its environment marker.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    comment_first_names,
    fenced_or_whole,
    pick_wording,
    slipped,
    switched_cases,
)

FAMILY = "requirements_txt"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
REQUIREMENT = re.compile(r"([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[([^\]]*)\])?\s*([^;]*?)\s*(?:;\s*(.*))?$")
EXACT = re.compile(r"==\s*\d+(?:\.\d+)*")
DEV_TOOLS = {"black", "coverage", "flake8", "isort", "mypy", "pre-commit", "pylint", "ruff", "tox"}


@dataclass(frozen=True)
class Requirement:
    name: str
    extras: frozenset[str]
    spec: str
    marker: str


@dataclass(frozen=True)
class Project:
    task: str
    text: str
    """The answer written right."""
    name: str
    """The project's name, which the file's first comment gives."""
    packages: int
    """How many packages the task asks for."""
    series: tuple[str, str, str]
    """(package, the version prefix it must keep, the series as the task says it)."""
    extra: tuple[str, str]
    """(package, the extra it is installed with)."""
    marked: tuple[str, str, str]
    """(package, what its marker must name, where it installs in words)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


BOOKNOOK = """Here is a pinned `requirements.txt` for booknook. Test and lint tools are left out on purpose.

```text
# requirements.txt for booknook (Django 4.2 LTS, Python 3.11)
# Runtime dependencies only; test and lint tools live in requirements-dev.txt.

celery[redis]==5.4.0
django==4.2.13
django-environ==0.11.2
gunicorn==22.0.0
pillow==10.3.0
psycopg[binary]==3.1.19
redis==5.0.4
requests==2.32.3
sentry-sdk==2.5.1
tzdata==2024.1; sys_platform == "win32"
whitenoise==6.6.0
```

Install with `pip install -r requirements.txt`. When you upgrade, bump the pins deliberately and re-run the
test suite; Django stays on 4.2 until the LTS ends."""

CHURN = """# churn-analysis notebook environment (Python 3.10), pinned 2024-06-03
jupyterlab==4.2.1
matplotlib==3.8.4
numpy==1.26.4
pandas[parquet]==2.2.2
pywin32==306; sys_platform == "win32"
scikit-learn==1.5.0
scipy==1.13.1
seaborn==0.13.2
statsmodels==0.14.2
xgboost==2.0.3
"""

QUOTAGUARD = """### `requirements.txt`

```
# quotaguard API: runtime requirements (Python 3.12)
alembic==1.13.1
asyncpg==0.29.0
fastapi==0.111.0
httpx==0.27.0
orjson==3.10.3
pydantic==2.7.4
pydantic-settings==2.3.1
redis==5.0.4
sqlalchemy==2.0.30
structlog==24.2.0
uvicorn[standard]==0.30.1
uvloop==0.19.0; sys_platform != "win32"  # no Windows wheels
```

Notes:
- `uvicorn[standard]` brings in httptools and websockets, so they are not listed separately.
- uvloop is skipped on Windows by its marker; uvicorn falls back to asyncio there."""

LOGSHIP = """Sure, here's the file, everything pinned to exact versions:

```txt
# Requirements for the logship CLI (pip install -r requirements.txt)
boto3==1.34.120
click==8.1.7
colorama==0.4.6; platform_system == "Windows"
jinja2==3.1.4
platformdirs==4.2.2
pyyaml==6.0.1
requests[socks]==2.32.3
rich==13.7.1
tenacity==8.3.0
tomli==2.0.1; python_version < "3.11"
```"""

PROJECTS = (
    Project(
        "Write a pinned requirements.txt for booknook, our Django site. It must stay on the Django 4.2 LTS. We use "
        "celery with redis, django-environ, gunicorn, Pillow, psycopg 3 with the binary extra, redis, requests, "
        "sentry-sdk, whitenoise, and tzdata, which is only needed on the Windows dev machines. Pin everything "
        "exactly, keep it alphabetical, and no test tools (they go in requirements-dev.txt).",
        BOOKNOOK,
        "booknook",
        11,
        ("django", "4.2.", "4.2"),
        ("psycopg", "binary"),
        ("tzdata", "win32", "on Windows"),
        (
            ("sorted", "gunicorn==22.0.0\npillow==10.3.0\n", "pillow==10.3.0\ngunicorn==22.0.0\n"),
            ("pinned", "requests==2.32.3", "requests>=2.31"),
            ("count", "django-environ==0.11.2\n", ""),
            ("no_dev", "sentry-sdk==2.5.1", "ruff==0.4.8"),
            ("series", "django==4.2.13", "django==5.0.6"),
            ("extra", "psycopg[binary]==3.1.19", "psycopg==3.1.19"),
            ("marker", 'tzdata==2024.1; sys_platform == "win32"', "tzdata==2024.1"),
            ("header", "# requirements.txt for booknook (Django 4.2 LTS, Python 3.11)\n", ""),
            ("no_dupe", "redis==5.0.4\n", "redis==5.0.4\nredis==4.6.0\n"),
        ),
    ),
    Project(
        "Give me just the requirements.txt for the churn-analysis notebooks, pinned exactly, sorted by name: "
        "jupyterlab, matplotlib, numpy (it has to stay below 2.0, a compiled extension breaks on 2.x), pandas with "
        "its parquet extra, scikit-learn, scipy, seaborn, statsmodels, xgboost, and pywin32 for the two analysts "
        "on Windows (only there). Start with a comment naming the project. Nothing for testing or linting.",
        CHURN,
        "churn-analysis",
        10,
        ("numpy", "1.", "1.x"),
        ("pandas", "parquet"),
        ("pywin32", "win32", "on Windows"),
        (
            ("sorted", "scikit-learn==1.5.0\nscipy==1.13.1\n", "scipy==1.13.1\nscikit-learn==1.5.0\n"),
            ("pinned", "xgboost==2.0.3", "xgboost~=2.0"),
            ("count", "jupyterlab==4.2.1\n", ""),
            ("no_dev", "statsmodels==0.14.2", "tox==4.15.0"),
            ("series", "numpy==1.26.4", "numpy==2.0.0"),
            ("extra", "pandas[parquet]==2.2.2", "pandas==2.2.2"),
            ("marker", 'pywin32==306; sys_platform == "win32"', "pywin32==306"),
            ("header", "# churn-analysis notebook environment (Python 3.10), pinned 2024-06-03\n", ""),
            ("no_dupe", "matplotlib==3.8.4\n", "matplotlib==3.8.4\nmatplotlib==3.7.5\n"),
        ),
    ),
    Project(
        "requirements.txt for the quotaguard FastAPI service please: alembic, asyncpg, fastapi, httpx, orjson, "
        "pydantic (we're on v2, don't drop back to 1.x), pydantic-settings, redis, sqlalchemy, structlog, uvicorn "
        "with the standard extra, and uvloop, which has no Windows wheels so it must be skipped there. Exact pins, "
        "alphabetical, a comment at the top saying what the file is for, and keep pytest and friends out of it.",
        QUOTAGUARD,
        "quotaguard",
        12,
        ("pydantic", "2.", "2.x"),
        ("uvicorn", "standard"),
        ("uvloop", "win32", "outside Windows"),
        (
            ("sorted", "alembic==1.13.1\nasyncpg==0.29.0\n", "asyncpg==0.29.0\nalembic==1.13.1\n"),
            ("pinned", "httpx==0.27.0", "httpx"),
            ("count", "structlog==24.2.0\n", ""),
            ("no_dev", "redis==5.0.4", "pytest-asyncio==0.23.7"),
            ("series", "pydantic==2.7.4", "pydantic==1.10.15"),
            ("extra", "uvicorn[standard]==0.30.1", "uvicorn==0.30.1"),
            ("marker", 'uvloop==0.19.0; sys_platform != "win32"  # no Windows wheels', "uvloop==0.19.0"),
            ("header", "# quotaguard API: runtime requirements (Python 3.12)\n", ""),
            ("no_dupe", "orjson==3.10.3\n", "orjson==3.10.3\norjson==3.9.15\n"),
        ),
    ),
    Project(
        "Can you write the requirements.txt for logship, our log-shipping CLI? Packages: boto3, click (keep it on "
        "8.1, we rely on its 8.1 behaviour), colorama (Windows only), jinja2, platformdirs, pyyaml, requests with "
        "SOCKS proxy support, rich, tenacity, and tomli for Pythons older than 3.11. Pin each one exactly, sort "
        "them, put a comment first naming logship, and no dev tooling.",
        LOGSHIP,
        "logship",
        10,
        ("click", "8.1.", "8.1"),
        ("requests", "socks"),
        ("colorama", "windows", "on Windows"),
        (
            ("sorted", "jinja2==3.1.4\nplatformdirs==4.2.2\n", "platformdirs==4.2.2\njinja2==3.1.4\n"),
            ("pinned", "tenacity==8.3.0", "tenacity>=8"),
            ("count", "boto3==1.34.120\n", ""),
            ("no_dev", "pyyaml==6.0.1", "pytest==8.2.2"),
            ("series", "click==8.1.7", "click==7.1.2"),
            ("extra", "requests[socks]==2.32.3", "requests==2.32.3"),
            ("marker", 'colorama==0.4.6; platform_system == "Windows"', "colorama==0.4.6"),
            ("header", "# Requirements for the logship CLI (pip install -r requirements.txt)\n", ""),
            ("no_dupe", "rich==13.7.1\n", "rich==13.7.1\nrich==13.3.5\n"),
        ),
    ),
)


def build(project: Project, on: dict[str, bool]) -> str:
    return slipped(project.text, project.slips, on, project.name)


# Reading a requirements file --------------------------------------------------------------------


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def requirements(text: str) -> list[Requirement]:
    """Each requirement line in order, its inline comment dropped."""
    out = []
    for line in text.splitlines():
        line = re.sub(r"\s+#.*$", "", line).strip()
        if not line or line.startswith(("#", "-")):
            continue
        found = REQUIREMENT.match(line)
        if found:
            extras = frozenset(e.strip().lower() for e in (found.group(2) or "").split(",") if e.strip())
            out.append(Requirement(normal(found.group(1)), extras, found.group(3).strip(), found.group(4) or ""))
    return out


def pinned(requirement: Requirement) -> bool:
    """Exactly one specifier, and it is `==` a version."""
    return EXACT.fullmatch(requirement.spec.replace(" ", "")) is not None


def is_dev_tool(name: str) -> bool:
    return name in DEV_TOOLS or name.startswith("pytest")


def first_of(found: list[Requirement], name: str) -> Requirement | None:
    return next((r for r in found if r.name == name), None)


WORDINGS = {
    "sorted": ("The packages are listed in alphabetical order", "Requirements are sorted A to Z by package name"),
    "pinned": (
        "Every package is pinned to an exact version with ==",
        "No requirement uses a version range or is left unpinned",
    ),
    "count": ("Lists exactly {n} different packages", "Names {n} distinct packages, no more and no fewer"),
    "no_dev": (
        "Does not include development tools such as pytest, linters or type checkers",
        "Keeps test runners and lint tools out of the file",
    ),
    "series": ("Pins {package} to a {series} release", "Keeps {package} on the {series} series"),
    "extra": ("Installs {extra_of} with its [{extra}] extra", "Asks for the {extra} extra of {extra_of}"),
    "marker": (
        "{marked} is installed only {where}",
        "Uses an environment marker so that {marked} installs only {where}",
    ),
    "header": (
        "The file's first line is a comment naming {name}",
        "The requirements file opens with a comment that mentions {name}",
    ),
    "no_dupe": ("No package appears more than once", "Each package is listed only once"),
}
"""Two wordings of each kind of criterion, filled from the project."""


def truths(project: Project, answer: str) -> dict[str, bool]:
    text = fenced_or_whole(answer)
    found = requirements(text)
    names = [r.name for r in found]
    package, prefix, _ = project.series
    series = first_of(found, package)
    extra = first_of(found, project.extra[0])
    marked = first_of(found, project.marked[0])
    return {
        "sorted": bool(names) and names == sorted(names),
        "pinned": bool(found) and all(pinned(r) for r in found),
        "count": len(set(names)) == project.packages,
        "no_dev": not any(is_dev_tool(n) for n in names),
        "series": series is not None and pinned(series) and series.spec.replace(" ", "")[2:].startswith(prefix),
        "extra": extra is not None and project.extra[1] in extra.extras,
        "marker": marked is not None and project.marked[1] in marked.marker.lower(),
        "header": comment_first_names(text, project.name),
        "no_dupe": bool(names) and len(set(names)) == len(names),
    }


def candidates(rng: random.Random, project: Project, answer: str) -> list[Criterion]:
    values = {
        "n": project.packages,
        "package": project.series[0],
        "series": project.series[2],
        "extra_of": project.extra[0],
        "extra": project.extra[1],
        "marked": project.marked[0],
        "where": project.marked[2],
        "name": project.name,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(project, answer).items()
    ]


SWITCHES = ("sorted", "pinned", "count", "no_dev", "series", "extra", "marker", "header", "no_dupe")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, PROJECTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
