"""SQL family (held out): how a SQL answer is written, in a form no prompt, example or rule of
the grader was written for. Run only as `--set held`, never in `all` or `new`.

An answer is one query in a fenced ```sql block after a lead-in line, assembled from
switches: named columns or `SELECT *`, a join or none, a filter or none, an order newest
first, oldest first or none, a row limit or none, a closing semicolon or none, keywords in
upper or lower case. Every truth is a function of the query's text (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "sql"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
KEYWORDS = ("select", "from", "join", "on", "where", "order by", "desc", "asc", "limit")


@dataclass(frozen=True)
class Query:
    task: str
    table: str
    alias: str
    columns: tuple[str, ...]
    other: str
    """The joined table."""
    other_alias: str
    join_on: str
    other_column: str
    filter: str
    """The condition of the filter, and the words a criterion says it with."""
    filter_words: str
    time_column: str


QUERIES = (
    Query(
        "Write a SQL query that lists recent orders with their customer's name.",
        "orders",
        "o",
        ("o.id", "o.total", "o.created_at"),
        "customers",
        "c",
        "c.id = o.customer_id",
        "c.name",
        "o.status = 'shipped'",
        "Returns only shipped orders",
        "o.created_at",
    ),
    Query(
        "Write a SQL query that lists support tickets with the agent assigned to each.",
        "tickets",
        "t",
        ("t.id", "t.subject", "t.opened_at"),
        "agents",
        "a",
        "a.id = t.agent_id",
        "a.email",
        "t.priority = 'high'",
        "Returns only high-priority tickets",
        "t.opened_at",
    ),
    Query(
        "Write a SQL query that lists blog posts with their author.",
        "posts",
        "p",
        ("p.id", "p.title", "p.published_at"),
        "authors",
        "au",
        "au.id = p.author_id",
        "au.display_name",
        "p.draft = false",
        "Leaves out draft posts",
        "p.published_at",
    ),
    Query(
        "Write a SQL query that lists invoices with the client each was sent to.",
        "invoices",
        "i",
        ("i.number", "i.amount", "i.issued_on"),
        "clients",
        "cl",
        "cl.id = i.client_id",
        "cl.company",
        "i.paid = false",
        "Returns only unpaid invoices",
        "i.issued_on",
    ),
)


def build(query: Query, on: dict[str, bool]) -> str:
    columns = "*" if on["star"] else ", ".join([*query.columns, *([query.other_column] if on["join"] else [])])
    lines = [f"SELECT {columns}", f"FROM {query.table} {query.alias}"]
    if on["join"]:
        lines.append(f"JOIN {query.other} {query.other_alias} ON {query.join_on}")
    if on["filter"]:
        lines.append(f"WHERE {query.filter}")
    if on["order"]:
        lines.append(f"ORDER BY {query.time_column} {'DESC' if on['desc'] else 'ASC'}")
    if on["limit"]:
        lines.append("LIMIT 10")
    sql = "\n".join(lines) + (";" if on["semicolon"] else "")
    if not on["upper"]:
        for keyword in KEYWORDS:
            sql = re.sub(rf"\b{keyword.upper()}\b", keyword, sql)
    return f"Here is the query:\n\n```sql\n{sql}\n```"


def sql_of(answer: str) -> str:
    match = re.search(r"```sql\n(.*?)```", answer, re.DOTALL)
    assert match is not None, answer
    return match.group(1).strip()


def selects_star(sql: str) -> bool:
    return re.match(r"select\s+\*", sql, re.IGNORECASE) is not None


def joins(sql: str, table: str) -> bool:
    return re.search(rf"\bjoin\s+{table}\b", sql, re.IGNORECASE) is not None


def newest_first(sql: str, column: str) -> bool:
    return re.search(rf"\border by\s+{re.escape(column)}\s+desc\b", sql, re.IGNORECASE) is not None


def limit_of(sql: str) -> int | None:
    match = re.search(r"\blimit\s+(\d+)", sql, re.IGNORECASE)
    return int(match.group(1)) if match else None


def keywords_upper(sql: str) -> bool:
    found = re.findall(r"\b(?:select|from|join|on|where|order by|desc|asc|limit)\b", sql, re.IGNORECASE)
    return bool(found) and all(k == k.upper() for k in found)


def candidates(rng: random.Random, query: Query, answer: str) -> list[Criterion]:
    sql = sql_of(answer)
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        ("no_star", not selects_star(sql), ("Selects named columns, not SELECT *", "Does not use SELECT *")),
        (
            "join",
            joins(sql, query.other),
            (f"Joins the {query.other} table", f"Gets the {query.other_column.split('.')[1]} with a join"),
        ),
        ("filter", query.filter in sql or query.filter.lower() in sql.lower(), (query.filter_words,)),
        (
            "newest_first",
            newest_first(sql, query.time_column),
            ("Orders the results newest first", "Sorts by date, most recent first"),
        ),
        ("limit", limit_of(sql) == 10, ("Returns at most 10 rows", "Limits the result to 10 rows")),
        ("semicolon", sql.endswith(";"), ("Ends the statement with a semicolon", "Terminates the query with ;")),
        (
            "upper",
            keywords_upper(sql),
            ("Writes SQL keywords in upper case", "Uses uppercase for keywords like SELECT and FROM"),
        ),
    ]
    return [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in kinds]


def cases() -> list[JudgeCase]:
    switches = ("star", "join", "filter", "order", "desc", "limit", "semicolon", "upper")
    return switched_cases(FAMILY, QUERIES, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
