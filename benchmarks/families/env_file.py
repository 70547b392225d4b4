"""Env file family (fresh17): the `.env` (dotenv) file a task asks for (a Django site's production settings, a
Node API's staging settings, a Flask app's settings as `export` lines, a Go service's settings), with the port
the app listens on, a PostgreSQL `DATABASE_URL`, a timeout the task gives in hours or minutes to be written in
seconds, public URLs, a value with spaces in it and secrets left for the deploy to fill in, a kind of answer no
grader was run on while any of its rules was written. Run only as `--set fresh17`, never in `all`, `new`,
`docs`, `held` or an earlier fresh set.

An answer is the file, in a fenced block with words, bullets or a table around it, or on its own, written right
and then changed by switches: every key in upper snake case or one in lower case, every value with a space in
it quoted or one left bare, every secret blank or a placeholder or one given a real-looking value, `PORT` the
task's or another, the database URL the task's scheme, host, port and database or one of them changed, every
URL https or one plain http, no key set twice or one repeated with another value, every variable the task asks
for or one dropped, and the timeout in seconds or in the task's own unit. Every truth is read from the text: the
file is the first fenced block (the whole answer when there is none); a variable is a line `KEY=value`
(`export ` before it allowed, a line starting `#` a comment); a value in quotes runs to its closing quote, any
other value up to ` #`, where an inline comment starts; a secret is a key naming a secret, password, token or
API key, and a placeholder is empty, `<...>` or `changeme`; for a key set twice the last value counts.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from benchmarks.labelled import Criterion, JudgeCase, fenced_or_whole, pick_wording, slipped, switched_cases

FAMILY = "env_file"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
ASSIGNMENT = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$")
SECRET = re.compile(r"SECRET|PASSWORD|TOKEN|API_KEY|PRIVATE_KEY")
PLACEHOLDER = re.compile(r"|<[^>]*>|change-?me|replace-?me", re.I)
UPPER = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*")


@dataclass(frozen=True)
class Entry:
    key: str
    value: str
    quoted: bool


@dataclass(frozen=True)
class Service:
    task: str
    text: str
    """The answer written right."""
    name: str
    port: int
    database: tuple[str, str]
    """(host, database name) of the PostgreSQL server, on port 5432."""
    timeout: tuple[str, int, str]
    """(key, seconds, the timeout as the task says it)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


TIDEPOOL = """Here's a production `.env` for tidepool. Secrets are left blank for ops to fill in from the vault.

```dotenv
# tidepool: production settings
DJANGO_SETTINGS_MODULE=tidepool.settings.production
DJANGO_DEBUG=false
PORT=8000
ALLOWED_HOSTS=tidepool.example.com
PUBLIC_URL=https://tidepool.example.com
CSRF_TRUSTED_ORIGINS=https://tidepool.example.com

# Database (the password is interpolated from the environment)
DATABASE_URL=postgres://tidepool:${POSTGRES_PASSWORD}@db:5432/tidepool
REDIS_URL=redis://redis:6379/0

# Secrets: fill in at deploy time, never commit them
SECRET_KEY=
EMAIL_HOST_PASSWORD=

# Email
EMAIL_HOST=smtp.mailgun.org
EMAIL_PORT=587
DEFAULT_FROM_EMAIL="Tidepool Support <support@tidepool.example.com>"

SESSION_COOKIE_AGE=28800
LOG_LEVEL=info
```

- `SESSION_COOKIE_AGE` is counted in seconds, as Django expects.
- `DATABASE_URL` takes its password from `POSTGRES_PASSWORD`, so no credential sits in the file."""

LEDGERLY = """# ledgerly-api: staging environment
# Copy to .env and fill in the blanks; never commit real keys.

NODE_ENV=production
PORT=3000
APP_NAME="Ledgerly API (staging)"
BASE_URL=https://staging.ledgerly.io
CORS_ORIGIN=https://app.staging.ledgerly.io

DATABASE_URL=postgresql://ledgerly@pg.internal:5432/ledgerly_staging
DB_POOL_MAX=10                # connections per instance

JWT_SECRET=<set-in-vault>
JWT_EXPIRES_IN=900            # 15 minutes
STRIPE_SECRET_KEY=<set-in-vault>
STRIPE_WEBHOOK_URL=https://staging.ledgerly.io/webhooks/stripe

LOG_FORMAT=json
RATE_LIMIT_PER_MINUTE=120"""

FERNWOOD = """Save this as `.env` (the `export` lines also work with `source .env`):

```bash
# fernwood (Flask) production environment
export FLASK_APP=fernwood.app:create_app
export FLASK_ENV=production
export PORT=5000
export SERVER_NAME=fernwood.example.org
export PREFERRED_URL_SCHEME=https
export OAUTH_REDIRECT_URI=https://fernwood.example.org/auth/callback
export DATABASE_URL=postgres://fernwood@10.0.4.12:5432/fernwood
export CACHE_TYPE=RedisCache
export CACHE_REDIS_URL=redis://10.0.4.20:6379/1
export CACHE_DEFAULT_TIMEOUT=86400
export FLASK_SECRET_KEY=
export SMTP_PASSWORD=
export MAIL_DEFAULT_SENDER='Fernwood Garden Club <hello@fernwood.example.org>'
export MAX_CONTENT_LENGTH=16777216
```

| Variable | What it is for |
|---|---|
| `CACHE_DEFAULT_TIMEOUT` | How long a cached page lives |
| `FLASK_SECRET_KEY`, `SMTP_PASSWORD` | Left blank: set them on the server |
| `MAX_CONTENT_LENGTH` | The 16 MiB upload limit |"""

QUAYSIDE = """### `.env`

```ini
# quayside shipment tracker: production
APP_ENV=production
PORT=8080                       # behind the load balancer
PUBLIC_BASE_URL=https://track.quayside.co.uk
WEBHOOK_CALLBACK_URL=https://track.quayside.co.uk/hooks/carrier
DATABASE_URL=postgresql://quayside@db.quayside.internal:5432/tracking?sslmode=require
READ_TIMEOUT=15s
SESSION_IDLE_TIMEOUT=1800       # in seconds
CARRIER_API_TOKEN=changeme
MAPS_API_KEY=changeme
SUPPORT_EMAIL_SUBJECT="Your Quayside tracking update"
LOG_LEVEL=warn
METRICS_PORT=9090
```

`changeme` marks the two keys to fill in from the secrets manager; the database password comes from `PGPASSWORD`
in the deploy environment."""

SERVICES = (
    Service(
        "Write the production .env for tidepool, our Django app. It needs DJANGO_SETTINGS_MODULE "
        "(tidepool.settings.production), DJANGO_DEBUG off, PORT 8000, ALLOWED_HOSTS and PUBLIC_URL and "
        "CSRF_TRUSTED_ORIGINS for tidepool.example.com, DATABASE_URL for Postgres on host db (database tidepool, "
        "user tidepool, password from POSTGRES_PASSWORD), REDIS_URL (redis:6379, db 0), SECRET_KEY and "
        "EMAIL_HOST_PASSWORD (don't put real values in), EMAIL_HOST smtp.mailgun.org on EMAIL_PORT 587, "
        "DEFAULT_FROM_EMAIL as Tidepool Support <support@tidepool.example.com>, SESSION_COOKIE_AGE for 8-hour "
        "sessions, and LOG_LEVEL info.",
        TIDEPOOL,
        "tidepool",
        8000,
        ("db", "tidepool"),
        ("SESSION_COOKIE_AGE", 28800, "8 hours"),
        (
            ("upper_keys", "REDIS_URL=redis", "redis_url=redis"),
            (
                "quoted",
                '"Tidepool Support <support@tidepool.example.com>"',
                "Tidepool Support <support@tidepool.example.com>",
            ),
            ("no_secrets", "SECRET_KEY=\n", "SECRET_KEY=k3v9x2q8m1z7w4r6t0y5u8i2o3p9a1s7\n"),
            ("port", "PORT=8000", "PORT=8080"),
            ("db_url", "@db:5432/tidepool", "@db:5433/tidepool"),
            ("https", "PUBLIC_URL=https://", "PUBLIC_URL=http://"),
            ("no_dupe", "LOG_LEVEL=info\n", "LOG_LEVEL=info\nLOG_LEVEL=debug\n"),
            ("count", "ALLOWED_HOSTS=tidepool.example.com\n", ""),
            ("timeout", "SESSION_COOKIE_AGE=28800", "SESSION_COOKIE_AGE=480"),
        ),
    ),
    Service(
        "I need the .env for ledgerly-api on staging, just the file. NODE_ENV production, PORT 3000, APP_NAME "
        "Ledgerly API (staging), BASE_URL https://staging.ledgerly.io, CORS_ORIGIN for the app at "
        "app.staging.ledgerly.io, DATABASE_URL to Postgres on pg.internal (database ledgerly_staging, user "
        "ledgerly), DB_POOL_MAX 10, JWT_SECRET and STRIPE_SECRET_KEY as placeholders (they live in the vault), "
        "JWT_EXPIRES_IN for tokens that last 15 minutes (the library wants seconds), STRIPE_WEBHOOK_URL under the "
        "base URL, LOG_FORMAT json and RATE_LIMIT_PER_MINUTE 120.",
        LEDGERLY,
        "ledgerly",
        3000,
        ("pg.internal", "ledgerly_staging"),
        ("JWT_EXPIRES_IN", 900, "15 minutes"),
        (
            ("upper_keys", "LOG_FORMAT=json", "log_format=json"),
            ("quoted", 'APP_NAME="Ledgerly API (staging)"', "APP_NAME=Ledgerly API (staging)"),
            ("no_secrets", "STRIPE_SECRET_KEY=<set-in-vault>", "STRIPE_SECRET_KEY=sk_live_51NzQk2LpX9vR7tYw3mB8cD4e"),
            ("port", "PORT=3000", "PORT=8000"),
            ("db_url", "@pg.internal:5432", "@localhost:5432"),
            ("https", "CORS_ORIGIN=https://", "CORS_ORIGIN=http://"),
            ("no_dupe", "RATE_LIMIT_PER_MINUTE=120", "RATE_LIMIT_PER_MINUTE=120\nRATE_LIMIT_PER_MINUTE=60"),
            ("count", "DB_POOL_MAX=10                # connections per instance\n", ""),
            ("timeout", "JWT_EXPIRES_IN=900 ", "JWT_EXPIRES_IN=15  "),
        ),
    ),
    Service(
        "Give me a .env for fernwood (Flask, production) using export lines: FLASK_APP fernwood.app:create_app, "
        "FLASK_ENV production, PORT 5000, SERVER_NAME fernwood.example.org, PREFERRED_URL_SCHEME https, "
        "OAUTH_REDIRECT_URI at /auth/callback on that host, DATABASE_URL for the fernwood database on the "
        "Postgres box at 10.0.4.12 (user fernwood), CACHE_TYPE RedisCache with CACHE_REDIS_URL on 10.0.4.20 db 1, "
        "CACHE_DEFAULT_TIMEOUT of 24 hours (Flask-Caching takes seconds), FLASK_SECRET_KEY and SMTP_PASSWORD "
        "left for the server, MAIL_DEFAULT_SENDER Fernwood Garden Club <hello@fernwood.example.org>, and "
        "MAX_CONTENT_LENGTH for 16 MiB.",
        FERNWOOD,
        "fernwood",
        5000,
        ("10.0.4.12", "fernwood"),
        ("CACHE_DEFAULT_TIMEOUT", 86400, "24 hours"),
        (
            ("upper_keys", "export CACHE_TYPE=", "export cache_type="),
            (
                "quoted",
                "'Fernwood Garden Club <hello@fernwood.example.org>'",
                "Fernwood Garden Club <hello@fernwood.example.org>",
            ),
            ("no_secrets", "export SMTP_PASSWORD=\n", "export SMTP_PASSWORD=Fernw00d-smtp-2024\n"),
            ("port", "export PORT=5000", "export PORT=5050"),
            ("db_url", "10.0.4.12:5432/fernwood\n", "10.0.4.12:5432/fernwood_test\n"),
            ("https", "OAUTH_REDIRECT_URI=https://", "OAUTH_REDIRECT_URI=http://"),
            ("no_dupe", "export FLASK_ENV=production\n", "export FLASK_ENV=production\nexport FLASK_ENV=development\n"),
            ("count", "export SERVER_NAME=fernwood.example.org\n", ""),
            ("timeout", "CACHE_DEFAULT_TIMEOUT=86400", "CACHE_DEFAULT_TIMEOUT=1440"),
        ),
    ),
    Service(
        "Write the production .env for quayside, our Go shipment tracker: APP_ENV production, PORT 8080, "
        "PUBLIC_BASE_URL https://track.quayside.co.uk, WEBHOOK_CALLBACK_URL at /hooks/carrier on it, DATABASE_URL "
        "for Postgres at db.quayside.internal (database tracking, user quayside, sslmode require), READ_TIMEOUT "
        "15s, SESSION_IDLE_TIMEOUT of 30 minutes in seconds, CARRIER_API_TOKEN and MAPS_API_KEY (placeholders "
        "only), SUPPORT_EMAIL_SUBJECT Your Quayside tracking update, LOG_LEVEL warn and METRICS_PORT 9090.",
        QUAYSIDE,
        "quayside",
        8080,
        ("db.quayside.internal", "tracking"),
        ("SESSION_IDLE_TIMEOUT", 1800, "30 minutes"),
        (
            ("upper_keys", "READ_TIMEOUT=15s", "read_timeout=15s"),
            ("quoted", '"Your Quayside tracking update"', "Your Quayside tracking update"),
            ("no_secrets", "CARRIER_API_TOKEN=changeme", "CARRIER_API_TOKEN=cq_prod_8f2d71c4e9b04a36"),
            ("port", "PORT=8080 ", "PORT=8008 "),
            ("db_url", "db.quayside.internal:5432", "db.quayside.internal:3306"),
            ("https", "WEBHOOK_CALLBACK_URL=https://", "WEBHOOK_CALLBACK_URL=http://"),
            ("no_dupe", "LOG_LEVEL=warn\n", "LOG_LEVEL=warn\nLOG_LEVEL=debug\n"),
            ("count", "METRICS_PORT=9090\n", ""),
            ("timeout", "SESSION_IDLE_TIMEOUT=1800 ", "SESSION_IDLE_TIMEOUT=30   "),
        ),
    ),
)


def build(service: Service, on: dict[str, bool]) -> str:
    return slipped(service.text, service.slips, on, service.name)


# Reading a dotenv file ----------------------------------------------------------------------------


def entries(text: str) -> list[Entry]:
    """Each `KEY=value` line in order, a quoted value unquoted, an inline comment dropped."""
    out = []
    for line in text.splitlines():
        found = ASSIGNMENT.match(line)
        if found is None or line.lstrip().startswith("#"):
            continue
        raw = found.group(2).strip()
        if raw[:1] in ("'", '"') and raw.find(raw[0], 1) > 0:
            out.append(Entry(found.group(1), raw[1 : raw.index(raw[0], 1)], True))
        else:
            out.append(Entry(found.group(1), re.split(r"\s+#", raw, maxsplit=1)[0].strip(), False))
    return out


def values(found: list[Entry]) -> dict[str, str]:
    """Each key's value, the last one for a key set twice."""
    return {e.key: e.value for e in found}


def placeholder(value: str) -> bool:
    return PLACEHOLDER.fullmatch(value.strip()) is not None


def database_right(url: str, host: str, name: str) -> bool:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return False
    return (
        parts.scheme in ("postgres", "postgresql")
        and parts.hostname == host
        and port == 5432
        and (parts.path.lstrip("/") == name)
    )


WORDINGS = {
    "upper_keys": (
        "Every variable name is upper case, with underscores between words",
        "All keys are written in UPPER_SNAKE_CASE",
    ),
    "quoted": ("Values that contain spaces are wrapped in quotes", "Any value with a space in it is quoted"),
    "no_secrets": (
        "No real secret is committed: every password, token and secret key is blank or a placeholder",
        "Leaves secret values empty or as placeholders instead of real credentials",
    ),
    "port": ("The app is set to listen on port {port}", "PORT is {port}"),
    "db_url": (
        "DATABASE_URL is a PostgreSQL URL for the {db} database on {host}, port 5432",
        "The database URL uses postgres, host {host}, port 5432 and database {db}",
    ),
    "https": (
        "Every website or callback URL uses https, not http",
        "No URL in the file starts with http:// (all web addresses use https)",
    ),
    "no_dupe": ("No variable is defined twice", "Each key appears only once"),
    "count": ("Defines exactly {n} different variables", "Sets {n} distinct variables, no more and no fewer"),
    "timeout": ("{key} is {spoken} expressed in seconds", "Sets {key} to {spoken}, in seconds"),
}
"""Two wordings of each kind of criterion, filled from the service."""


def truths(service: Service, answer: str) -> dict[str, bool]:
    found = entries(fenced_or_whole(answer))
    keys = [e.key for e in found]
    given = values(found)
    urls = [e.value for e in found if "://" in e.value]
    key, seconds, _ = service.timeout
    return {
        "upper_keys": bool(found) and all(UPPER.fullmatch(k) for k in keys),
        "quoted": bool(found) and all(e.quoted for e in found if re.search(r"\s", e.value)),
        "no_secrets": bool(found) and all(placeholder(e.value) for e in found if SECRET.search(e.key.upper())),
        "port": given.get("PORT") == str(service.port),
        "db_url": database_right(given.get("DATABASE_URL", ""), *service.database),
        "https": any(u.startswith("https://") for u in urls) and not any("http://" in u.lower() for u in urls),
        "no_dupe": bool(keys) and len(set(keys)) == len(keys),
        "count": len(set(keys)) == len({e.key for e in entries(fenced_or_whole(service.text))}),
        "timeout": given.get(key) == str(seconds),
    }


def candidates(rng: random.Random, service: Service, answer: str) -> list[Criterion]:
    values = {
        "port": service.port,
        "host": service.database[0],
        "db": service.database[1],
        "n": len({e.key for e in entries(fenced_or_whole(service.text))}),
        "key": service.timeout[0],
        "spoken": service.timeout[2],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(service, answer).items()
    ]


SWITCHES = ("upper_keys", "quoted", "no_secrets", "port", "db_url", "https", "no_dupe", "count", "timeout")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, SERVICES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
