"""SQL migration family (fresh7): the up and down migration for a schema change the task
describes (order notes in Postgres, invoices in SQLite, user sessions, project members), each
creating a table with a foreign key, adding a NOT NULL column to an existing table and indexing a
column, a kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh7`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the SQL, in one fenced block with dbmate or goose markers, in two fenced blocks under
labels, or bare with `-- Up` and `-- Down` comments, after a lead-in line, written right and then
changed by switches: the column the task types with its type or a neighbouring one, the added
column NOT NULL with a DEFAULT or NOT NULL alone, the index on the column the task names or on
another, a down part that drops everything the up part creates or leaves the added column, the up
part wrapped in BEGIN and COMMIT or its COMMIT missing, the table created IF NOT EXISTS or plainly,
the foreign key a named constraint or an unnamed one, and no DROP TABLE in the up part or one
before the CREATE. Every truth is a function of the answer's text: the up and down parts are read
off by their markers, their comments stripped, their statements split at semicolons and matched
one by one (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "sql_migration"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
MARKER = re.compile(r"\b(up|down)\b", re.IGNORECASE)
CREATE_TABLE = re.compile(r"^CREATE TABLE (IF NOT EXISTS )?(\w+) ?\((.*)\)$", re.IGNORECASE | re.DOTALL)
ADD_COLUMN = re.compile(r"^ALTER TABLE (\w+) ADD (?:COLUMN )?(?:IF NOT EXISTS )?(\w+) (.*)$", re.IGNORECASE)
INDEX = re.compile(
    r"^CREATE (?:UNIQUE )?INDEX (?:CONCURRENTLY )?(?:IF NOT EXISTS )?\w+ ON (\w+) ?(?:USING \w+ ?)?\((.*?)\)",
    re.IGNORECASE,
)
CONSTRAINT = re.compile(r"^(?:NOT|NULL|DEFAULT|PRIMARY|REFERENCES|UNIQUE|CHECK|CONSTRAINT|COLLATE)$", re.IGNORECASE)


@dataclass(frozen=True)
class Change:
    task: str
    text: str
    """The answer written right."""
    created: tuple[str, str, str, str]
    """(the table created, its column the task types, the type, the table the foreign key points to)."""
    added: tuple[str, str]
    """(the table a NOT NULL column is added to, the column)."""
    indexed: str
    """The column of the created table the task wants indexed."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead (every occurrence)."""


CHANGES = (
    Change(
        "Write a migration (up and down) for our Postgres DB: create an `order_notes` table (id, order_id pointing "
        "at orders.id, body as TEXT, created_at) with a named foreign key constraint, add a `status` column to "
        "`orders` that is NOT NULL with a default of 'pending', and index order_notes.order_id. Wrap it in a "
        "transaction, use IF NOT EXISTS on the CREATE TABLE, don't drop any tables in the up migration, and make "
        "the down migration undo everything.",
        "Here's the migration in dbmate format:\n\n```sql\n-- migrate:up\nBEGIN;\n\n"
        "CREATE TABLE IF NOT EXISTS order_notes (\n    id BIGSERIAL PRIMARY KEY,\n    order_id BIGINT NOT NULL,\n"
        "    body TEXT NOT NULL,\n    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),\n"
        "    CONSTRAINT fk_order_notes_order FOREIGN KEY (order_id) REFERENCES orders (id)\n);\n\n"
        "CREATE INDEX idx_order_notes_order_id ON order_notes (order_id);\n\n"
        "ALTER TABLE orders ADD COLUMN status VARCHAR(20) NOT NULL DEFAULT 'pending';\n\nCOMMIT;\n\n"
        "-- migrate:down\nBEGIN;\n\nDROP INDEX IF EXISTS idx_order_notes_order_id;\n"
        "DROP TABLE IF EXISTS order_notes;\nALTER TABLE orders DROP COLUMN status;\n\nCOMMIT;\n```",
        ("order_notes", "body", "TEXT", "orders"),
        ("orders", "status"),
        "order_id",
        (
            ("column_type", "body TEXT NOT NULL", "body VARCHAR(255) NOT NULL"),
            ("not_null_default", "NOT NULL DEFAULT 'pending'", "NOT NULL"),
            ("index", "order_notes_order_id", "order_notes_created_at"),
            ("index", "ON order_notes (order_id)", "ON order_notes (created_at)"),
            ("down", "\nALTER TABLE orders DROP COLUMN status;", ""),
            ("transaction", ";\n\nCOMMIT;\n\n-- migrate:down", ";\n\n-- migrate:down"),
            ("if_not_exists", "CREATE TABLE IF NOT EXISTS", "CREATE TABLE"),
            ("fk", "CONSTRAINT fk_order_notes_order FOREIGN KEY", "FOREIGN KEY"),
            ("no_drop", "BEGIN;\n\nCREATE TABLE", "BEGIN;\n\nDROP TABLE IF EXISTS order_notes;\n\nCREATE TABLE"),
        ),
    ),
    Change(
        "I need up and down migrations for our SQLite app database. Create an `invoices` table with id, "
        "customer_id (foreign key to customers, give the constraint a name), amount_cents as INTEGER and "
        "issued_on; add a `credit_limit` column to `customers`, NOT NULL with a DEFAULT; and add an index on "
        "invoices.customer_id. Both parts in a transaction, CREATE TABLE IF NOT EXISTS, no DROP TABLE in the up "
        "part, and the down part should reverse all of it.",
        "Two files, one for each direction.\n\n**Up** (`0007_invoices.up.sql`)\n\n```sql\nBEGIN TRANSACTION;\n\n"
        "CREATE TABLE IF NOT EXISTS invoices (\n    id INTEGER PRIMARY KEY,\n    customer_id INTEGER NOT NULL,\n"
        "    amount_cents INTEGER NOT NULL,\n    issued_on TEXT NOT NULL,\n"
        "    CONSTRAINT fk_invoices_customer FOREIGN KEY (customer_id) REFERENCES customers (id)\n);\n\n"
        "CREATE INDEX ix_invoices_customer_id ON invoices (customer_id);\n\n"
        "ALTER TABLE customers ADD COLUMN credit_limit INTEGER NOT NULL DEFAULT 0;\n\nCOMMIT;\n```\n\n"
        "**Down** (`0007_invoices.down.sql`)\n\n```sql\nBEGIN TRANSACTION;\n\n"
        "ALTER TABLE customers DROP COLUMN credit_limit;\nDROP INDEX IF EXISTS ix_invoices_customer_id;\n"
        "DROP TABLE IF EXISTS invoices;\n\nCOMMIT;\n```",
        ("invoices", "amount_cents", "INTEGER", "customers"),
        ("customers", "credit_limit"),
        "customer_id",
        (
            ("column_type", "amount_cents INTEGER", "amount_cents REAL"),
            ("not_null_default", "INTEGER NOT NULL DEFAULT 0;", "INTEGER NOT NULL;"),
            ("index", "invoices_customer_id", "invoices_issued_on"),
            ("index", "ON invoices (customer_id)", "ON invoices (issued_on)"),
            ("down", "ALTER TABLE customers DROP COLUMN credit_limit;\n", ""),
            ("transaction", ";\n\nCOMMIT;\n```\n\n**Down**", ";\n```\n\n**Down**"),
            ("if_not_exists", "CREATE TABLE IF NOT EXISTS", "CREATE TABLE"),
            ("fk", "CONSTRAINT fk_invoices_customer FOREIGN KEY", "FOREIGN KEY"),
            ("no_drop", "TRANSACTION;\n\nCREATE", "TRANSACTION;\n\nDROP TABLE IF EXISTS invoices;\nCREATE"),
        ),
    ),
    Change(
        "Please write the SQL migration for user sessions (Postgres), up and down. New table `sessions`: id, "
        "user_id referencing users with a named FK constraint, token, and expires_at as TIMESTAMPTZ. Also add "
        "`is_active` to `users` - NOT NULL, default true - and index sessions.user_id. Use a transaction, IF NOT "
        "EXISTS for the table, no DROP TABLE in the up part, and a down migration that removes everything the "
        "up one adds.",
        "Here is the migration:\n\n-- Up\nBEGIN;\n\nCREATE TABLE IF NOT EXISTS sessions (\n"
        "    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),\n    user_id BIGINT NOT NULL,\n"
        "    token TEXT NOT NULL UNIQUE,\n    expires_at TIMESTAMPTZ NOT NULL,\n"
        "    CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE\n);\n\n"
        "CREATE INDEX sessions_user_id_idx ON sessions (user_id);\n\n"
        "ALTER TABLE users ADD COLUMN is_active BOOLEAN NOT NULL DEFAULT true;\n\nCOMMIT;\n\n"
        "-- Down\nBEGIN;\n\nALTER TABLE users DROP COLUMN IF EXISTS is_active;\nDROP TABLE IF EXISTS sessions;\n\n"
        "COMMIT;",
        ("sessions", "expires_at", "TIMESTAMPTZ", "users"),
        ("users", "is_active"),
        "user_id",
        (
            ("column_type", "expires_at TIMESTAMPTZ", "expires_at TIMESTAMP"),
            ("not_null_default", "BOOLEAN NOT NULL DEFAULT true", "BOOLEAN NOT NULL"),
            ("index", "sessions_user_id_idx ON sessions (user_id)", "sessions_expires_at_idx ON sessions (expires_at)"),
            ("down", "ALTER TABLE users DROP COLUMN IF EXISTS is_active;\n", ""),
            ("transaction", ";\n\nCOMMIT;\n\n-- Down", ";\n\n-- Down"),
            ("if_not_exists", "CREATE TABLE IF NOT EXISTS", "CREATE TABLE"),
            ("fk", "CONSTRAINT sessions_user_id_fkey FOREIGN KEY", "FOREIGN KEY"),
            ("no_drop", "BEGIN;\n\nCREATE TABLE", "BEGIN;\n\nDROP TABLE IF EXISTS sessions CASCADE;\nCREATE TABLE"),
        ),
    ),
    Change(
        "Write a goose migration for Postgres: create `project_members` (id, project_id referencing projects via "
        "a named foreign key, user_id, role as VARCHAR(32), added_at), add `visibility` to `projects` as NOT NULL "
        "with DEFAULT 'private', and add an index on project_members.project_id. Up and Down sections, each in "
        "BEGIN/COMMIT, CREATE TABLE IF NOT EXISTS, no DROP TABLE in Up, and Down must undo all of Up.",
        "Sure - save this as `migrations/20261102_project_members.sql`:\n\n```sql\n-- +goose Up\nBEGIN;\n\n"
        "CREATE TABLE IF NOT EXISTS project_members (\n    id SERIAL PRIMARY KEY,\n    project_id INTEGER NOT NULL,\n"
        "    user_id INTEGER NOT NULL,\n    role VARCHAR(32) NOT NULL DEFAULT 'viewer',\n"
        "    added_at TIMESTAMPTZ NOT NULL DEFAULT now(),\n"
        "    CONSTRAINT fk_project_members_project FOREIGN KEY (project_id) REFERENCES projects (id)\n);\n\n"
        "ALTER TABLE projects\n    ADD COLUMN visibility TEXT NOT NULL DEFAULT 'private';\n\n"
        "CREATE INDEX idx_project_members_project_id ON project_members (project_id);\n\nCOMMIT;\n\n"
        "-- +goose Down\nBEGIN;\n\nDROP INDEX IF EXISTS idx_project_members_project_id;\n"
        "DROP TABLE IF EXISTS project_members;\nALTER TABLE projects DROP COLUMN visibility;\n\nCOMMIT;\n```",
        ("project_members", "role", "VARCHAR(32)", "projects"),
        ("projects", "visibility"),
        "project_id",
        (
            ("column_type", "role VARCHAR(32)", "role VARCHAR(64)"),
            ("not_null_default", "TEXT NOT NULL DEFAULT 'private'", "TEXT NOT NULL"),
            ("index", "project_members_project_id", "project_members_user_id"),
            ("index", "ON project_members (project_id)", "ON project_members (user_id)"),
            ("down", "\nALTER TABLE projects DROP COLUMN visibility;", ""),
            ("transaction", ";\n\nCOMMIT;\n\n-- +goose Down", ";\n\n-- +goose Down"),
            ("if_not_exists", "CREATE TABLE IF NOT EXISTS", "CREATE TABLE"),
            ("fk", "CONSTRAINT fk_project_members_project FOREIGN KEY", "FOREIGN KEY"),
            ("no_drop", "BEGIN;\n\nCREATE TABLE", "BEGIN;\n\nDROP TABLE IF EXISTS project_members;\n\nCREATE TABLE"),
        ),
    ),
)


def build(change: Change, on: dict[str, bool]) -> str:
    text = change.text
    for switch, old, new in change.slips:
        if not on[switch]:
            if old not in text:
                raise ValueError(f"{change.created[0]}: {switch} finds no {old!r}")
            text = text.replace(old, new)
    return text


# Reading a migration ----------------------------------------------------------------------------


def marker(line: str, sql: bool) -> str | None:
    """`up` or `down` for a line that starts a part: a comment in the SQL, or a label outside it
    naming one direction only."""
    stripped = line.strip()
    if sql and not stripped.startswith("--"):
        return None
    found = {word.lower() for word in MARKER.findall(stripped)}
    return found.pop() if len(found) == 1 else None


def parts(answer: str) -> dict[str, str]:
    """The SQL of the up and down parts: the lines in fenced blocks (or every line, when there
    are none) after each part's marker."""
    fenced_answer = "```" in answer
    out: dict[str, list[str]] = {"up": [], "down": []}
    part, fenced = None, False
    for line in answer.splitlines():
        if line.strip().startswith("```"):
            fenced = not fenced
            continue
        sql = fenced or not fenced_answer
        if found := marker(line, sql):
            part = found
        elif sql and part:
            out[part].append(line)
    return {name: "\n".join(lines) for name, lines in out.items()}


def statements(sql: str) -> list[str]:
    """The statements of `sql`, comments stripped and whitespace made single."""
    code = re.sub(r"--[^\n]*", "", sql)
    spaced = (re.sub(r"\s+", " ", piece).strip() for piece in code.split(";"))
    return [re.sub(r" ?([(),]) ?", r"\1 ", s).replace("( ", "(").replace(" )", ")").strip() for s in spaced if s]


def columns(body: str) -> list[str]:
    """A CREATE TABLE body split at its top-level commas."""
    out, depth, current = [], 0, ""
    for char in body:
        depth += (char == "(") - (char == ")")
        if char == "," and depth == 0:
            out.append(current.strip())
            current = ""
        else:
            current += char
    return [*out, current.strip()] if current.strip() else out


def type_of(definition: str) -> str:
    """The type of a column definition: its words after the name up to the first constraint."""
    words = definition.split()[1:]
    kept = []
    for word in words:
        if CONSTRAINT.match(word):
            break
        kept.append(word)
    return re.sub(r"\s+", "", " ".join(kept)).upper()


def wrapped(stmts: list[str]) -> bool:
    opens = ("BEGIN", "BEGIN TRANSACTION", "START TRANSACTION")
    return bool(stmts) and stmts[0].upper() in opens and stmts[-1].upper() in ("COMMIT", "END")


def undone(up: list[str], down: list[str]) -> bool:
    """Every table the up part creates is dropped in the down part, and every column it adds."""
    tables = [m.group(2) for s in up if (m := CREATE_TABLE.match(s))]
    added = [(m.group(1), m.group(2)) for s in up if (m := ADD_COLUMN.match(s))]
    text = "\n".join(down)
    drops = [rf"^DROP TABLE (?:IF EXISTS )?{t}\b" for t in tables]
    drops += [rf"^ALTER TABLE {t} DROP (?:COLUMN )?(?:IF EXISTS )?{c}\b" for t, c in added]
    return bool(tables) and all(re.search(d, text, re.IGNORECASE | re.MULTILINE) for d in drops)


def read_up(change: Change, up: list[str]) -> tuple[re.Match[str] | None, str | None, list[str], list[str]]:
    """(the created table's statement, its typed column's type, the added column's definitions,
    the first columns of the created table's indexes) in the up part."""
    table, column, _, _ = change.created
    made = next((m for s in up if (m := CREATE_TABLE.match(s)) and m.group(2) == table), None)
    body = columns(made.group(3)) if made else []
    typed = next((type_of(d) for d in body if d.split()[:1] == [column]), None)
    adds = [m.group(3).upper() for s in up if (m := ADD_COLUMN.match(s)) and m.groups()[:2] == change.added]
    indexed = [m.group(2).split(",")[0].strip() for s in up if (m := INDEX.match(s)) and m.group(1) == table]
    return made, typed, adds, indexed


def candidates(rng: random.Random, change: Change, answer: str) -> list[Criterion]:
    found = parts(answer)
    up, down = statements(found["up"]), statements(found["down"])
    table, column, kind, target = change.created
    altered, added = change.added
    made, typed, adds, indexed = read_up(change, up)
    named = rf"\bCONSTRAINT \w+ FOREIGN KEY ?\( ?\w+ ?\) ?REFERENCES {target}\b"
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "column_type",
            typed == re.sub(r"\s+", "", kind).upper(),
            (f"Creates {table} with a {column} column of type {kind}", f"{table}.{column} is declared as {kind}"),
        ),
        (
            "not_null_default",
            bool(adds) and all("NOT NULL" in a and "DEFAULT" in a for a in adds),
            (
                f"The new {altered}.{added} column is NOT NULL and has a DEFAULT",
                f"Adds {added} to {altered} as NOT NULL with a default value",
            ),
        ),
        (
            "index",
            change.indexed in indexed,
            (f"Creates an index on {table}.{change.indexed}", f"Indexes the {change.indexed} column of {table}"),
        ),
        (
            "down",
            undone(up, down),
            (
                "The down migration drops everything the up migration creates",
                "Down fully reverses up: the new table and the added column are both removed",
            ),
        ),
        (
            "transaction",
            wrapped(up) and wrapped(down),
            ("Wraps the migration in a transaction (BEGIN ... COMMIT)", "Each part runs inside BEGIN/COMMIT"),
        ),
        (
            "if_not_exists",
            made is not None and made.group(1) is not None,
            (f"Uses CREATE TABLE IF NOT EXISTS for {table}", f"Creates {table} only if it does not already exist"),
        ),
        (
            "fk",
            any(re.search(named, s, re.IGNORECASE) for s in up),
            (
                f"The foreign key to {target} is a named constraint",
                f"Gives the foreign key referencing {target} an explicit constraint name",
            ),
        ),
        (
            "no_drop",
            bool(up) and not any(re.match(r"DROP TABLE\b", s, re.IGNORECASE) for s in up),
            ("The up migration contains no DROP TABLE", "Never drops a table in the up part"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("column_type", "not_null_default", "index", "down", "transaction", "if_not_exists", "fk", "no_drop")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, CHANGES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
