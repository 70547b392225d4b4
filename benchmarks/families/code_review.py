"""Code review family (fresh8): review comments on a short diff the task shows (a Python cart
total, an Express search route, a Go withdrawal, a shell deploy script), each comment naming the
line or function it is about, with a severity and a suggested fix, most severe first, and an
overall verdict, a kind of answer no grader was run on while any of its rules was written. Run
only as `--set fresh8`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the review in Markdown, after a lead-in line, its comments as bold numbered headers,
headings or list items, written right and then changed by switches: the number of comments the
task asks for or one more, every comment naming a line or a function or one naming neither,
every comment with a severity or one without, every comment with a suggested fix or one without,
the comments most severe first or the last moved to the front, a verdict that requests changes
when a comment is major or a blocker or one that approves, the diff's real bug caught or its line
commented on for something else, and no dismissive word or one "obviously". Every truth is a
function of the answer's text: the comments are read off block by block, and their locations,
severities, fixes and the verdict found by pattern (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "code_review"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
HEAD = re.compile(r"^(?:#{2,4}\s*)?(?:\*\*)?\s*(?:\d+[.)]|comment\s+\d+|[-*]\s)", re.IGNORECASE)
LOCATION = re.compile(r"\blines?\s+\d+|\bL\d+\b|`[\w.]+\(\)`", re.IGNORECASE)
SEVERITY = re.compile(r"\b(blocker|critical|major|minor|nit)\b", re.IGNORECASE)
RANKS = {"blocker": 4, "critical": 4, "major": 3, "minor": 2, "nit": 1}
FIX = re.compile(r"\b(?:suggested (?:fix|change)|suggestion|fix)\s*\**\s*:", re.IGNORECASE)
REQUEST = re.compile(r"request(?:s|ing)? changes|changes requested", re.IGNORECASE)
APPROVE = re.compile(r"\bapprov", re.IGNORECASE)
DISMISSIVE = re.compile(r"\b(?:obviously|just|simply)\b", re.IGNORECASE)

Comment = tuple[str, str, str, str]
"""(location, severity, body, suggested fix)."""


@dataclass(frozen=True)
class Review:
    task: str
    lead: str
    head: str
    """A comment's first line, with `{n}` and `{what}` (its location and severity joined)."""
    joiner: str
    severity: str
    """How a severity is written, with `{s}` (or `{S}`, capitalised)."""
    fix: str
    """The label of a suggested fix."""
    comments: tuple[Comment, Comment, Comment]
    """Written right, most severe first; the first is about the diff's bug."""
    extra: Comment
    """The comment an answer with one too many adds at the end."""
    verdict: tuple[str, str]
    """(the verdict requesting changes, the one approving)."""
    bug: tuple[str, Comment, tuple[str, str]]
    """(a pattern a comment catching the bug matches, the comment that misses it, two wordings)."""
    targets: tuple[int, int, int]
    """The comment that loses its severity, its location, its fix (by position, written right)."""
    slip: tuple[str, str]
    """(old, new): the words a review with a dismissive word writes instead."""


REVIEWS = (
    Review(
        "Review this diff to `shop/cart.py` as a teammate would. Give three review comments, each naming the line "
        "or function it is about, with a severity (blocker, major, minor or nit) and a suggested fix, most severe "
        "first, then an overall verdict: approve or request changes. Keep it constructive: no 'obviously', 'just' "
        "or 'simply'.\n\n```diff\n--- a/shop/cart.py\n+++ b/shop/cart.py\n@@ -8,3 +8,14 @@ from decimal import "
        'Decimal\n TAX_RATE = Decimal("0.2")\n \n \n+def total_price(items, discount=0):\n+    total = 0\n'
        "+    for i in range(len(items) - 1):\n+        total += items[i].price * items[i].qty\n+    if discount:\n"
        "+        total = total - total * discount / 100\n+    return round(total * (1 + TAX_RATE), 2)\n+\n+\n"
        '+def apply_coupon(cart, code):\n+    if code == "SAVE10": cart.discount = 10\n```',
        "Here's my review of the change to `shop/cart.py`.",
        "**{n}. {what}**",
        " — ",
        "{S}",
        "Suggested fix:",
        (
            (
                "`total_price()`, line 13",
                "major",
                "`range(len(items) - 1)` stops one index short, so the last item in the cart is never added to the "
                "total.",
                "loop over the items themselves: `for item in items: total += item.price * item.qty`.",
            ),
            (
                "Line 16",
                "minor",
                "If `discount` is ever a float, `total * discount / 100` multiplies a `Decimal` by a float and raises "
                "`TypeError`.",
                "convert it first with `Decimal(str(discount))`.",
            ),
            (
                "`apply_coupon()`, line 21",
                "nit",
                "The coupon code is hard-coded, and the assignment sits on the same line as the `if`.",
                "keep the codes in a `COUPONS` dict and put the assignment on its own line.",
            ),
        ),
        ("Line 11", "nit", "The name `discount` does not say that it is a percentage.", "rename it `discount_pct`."),
        (
            "**Verdict: Request changes.** The major issue needs fixing before this can merge.",
            "**Verdict: Approve.** Nice work; the comments above can go in a follow-up.",
        ),
        (
            r"last item|one index short|off[- ]by[- ]one",
            (
                "`total_price()`, line 13",
                "major",
                "Looping over `range(len(items) - 1)` and indexing into `items` is harder to read than iterating "
                "over the list.",
                "use `enumerate(items)` if you need the index.",
            ),
            (
                "Points out that the loop skips the last item",
                "Catches the off-by-one that leaves the last item out of the total",
            ),
        ),
        (1, 2, 2),
        ("If `discount` is ever", "Obviously, if `discount` is ever"),
    ),
    Review(
        "Please review this Express change. I want three comments, each pointing at a line or function, each with "
        "a severity (blocker/major/minor/nit) and a fix, ordered from most to least severe, and a final verdict "
        "(approve or request changes). Be kind - don't use words like 'obviously', 'just' or 'simply'.\n\n"
        '```diff\n@@ -18,3 +18,11 @@ const router = express.Router();\n router.get("/users/:id", getUser);\n \n'
        '+router.get("/search", async (req, res) => {\n+  const q = req.query.q;\n+  const rows = await db.query(\n'
        '+    "SELECT * FROM users WHERE name LIKE \'%" + q + "%\'"\n+  );\n+  res.json(rows);\n+});\n+\n'
        " module.exports = router;\n```",
        "Thanks for the PR! A few comments on the new search route:",
        "### Comment {n}: {what}",
        " · ",
        "severity: {s}",
        "**Suggestion:**",
        (
            (
                "line 23, the `/search` handler",
                "blocker",
                "`q` comes straight from the query string and is concatenated into the SQL, so a request such as "
                "`?q=' OR '1'='1` can read any row: this is SQL injection.",
                "use a parameterised query (`WHERE name LIKE $1`) and pass `'%' + q + '%'` as the parameter.",
            ),
            (
                "line 23",
                "major",
                "`SELECT *` returns every column, including `password_hash`, to anyone who calls the endpoint.",
                "select only the columns the page needs, such as `id` and `name`.",
            ),
            (
                "line 21",
                "nit",
                "`q` is a short name next to the `searchTerm` that the other routes use.",
                "rename it `searchTerm`.",
            ),
        ),
        (
            "line 25",
            "nit",
            "The new route has no test.",
            "add a case to `users.test.js` with a quote in the search term.",
        ),
        (
            "### Verdict: request changes\nThe blocker has to be fixed before this can merge.",
            "### Verdict: approve\nLooks good to me; the comments above can be follow-ups.",
        ),
        (
            r"injection",
            (
                "line 23, the `/search` handler",
                "blocker",
                "Building the SQL by string concatenation is hard to read and easy to break with a missing quote.",
                "build the string with a template literal instead.",
            ),
            ("Flags the SQL injection in the search query", "Points out that the query is open to SQL injection"),
        ),
        (1, 2, 1),
        ("calls the endpoint.", "calls the endpoint, which is obviously not what we want."),
    ),
    Review(
        "Review this Go diff for our banking service: three comments, each on a named line or function, each with "
        "a severity (blocker, major, minor, nit) and a suggested fix, worst first, and end with an overall verdict "
        "of approve or request changes. No 'obviously', 'just' or 'simply', please.\n\n```diff\n"
        "@@ -35,4 +35,14 @@ type Account struct {\n \tmu      sync.Mutex\n \tbalance int\n }\n \n"
        "+// Withdraw takes amount from the account.\n+func Withdraw(acct *Account, amount int) error {\n"
        '+\tif acct.balance < amount {\n+\t\treturn errors.New("insufficient")\n+\t}\n+\tacct.balance -= amount\n'
        "+\treturn nil\n+}\n+\n+func Deposit(acct *Account, amt int) { acct.mu.Lock(); acct.balance += amt; "
        "acct.mu.Unlock() }\n```",
        "Review of the `Withdraw`/`Deposit` change:",
        "{n}. **{what}**",
        " | ",
        "Severity: {s}",
        "Fix:",
        (
            (
                "`Withdraw()`, lines 41-44",
                "blocker",
                "The balance check and the subtraction run without holding `acct.mu`, so two concurrent withdrawals "
                "can both pass the check and overdraw the account.",
                "take the lock first, with `acct.mu.Lock()` and `defer acct.mu.Unlock()` at the top of the function.",
            ),
            (
                "line 42",
                "minor",
                "The error text `insufficient` does not say which account or how much was asked for.",
                'wrap the details in, e.g. `fmt.Errorf("account %d: insufficient funds for %d", acct.ID, amount)`.',
            ),
            (
                "`Deposit()`, line 48",
                "nit",
                "The parameter is called `amt` here and `amount` in the function above it.",
                "use `amount` in both.",
            ),
        ),
        (
            "line 39",
            "nit",
            "The doc comment does not say what happens when the balance is too low.",
            "add that it returns an error and leaves the balance unchanged.",
        ),
        (
            "**Verdict:** request changes. The blocker must be fixed before merging.",
            "**Verdict:** approve. Good to go once the comments are looked at.",
        ),
        (
            r"concurren|\brace\b|\block\b|acct\.mu|mutex",
            (
                "`Withdraw()`, lines 41-44",
                "blocker",
                "`Withdraw` accepts a negative `amount`, which would add money to the account.",
                "return an error when `amount <= 0`.",
            ),
            (
                "Points out that `Withdraw` changes the balance without holding the mutex",
                "Catches the race between concurrent withdrawals",
            ),
        ),
        (1, 2, 2),
        ("does not say which account", "obviously does not say which account"),
    ),
    Review(
        "Can you review this change to our deploy script? Three review comments, each naming the line it refers "
        "to, with a severity (blocker / major / minor / nit) and a suggested change, the most severe first, then "
        "an overall verdict (approve or request changes). Please avoid 'obviously', 'just' and 'simply'.\n\n"
        '```diff\n@@ -1,5 +1,11 @@\n-#!/bin/bash\n+#!/bin/sh\n set -u\n BUILD_DIR="$1"\n \n'
        '+echo "Cleaning $BUILD_DIR"\n+rm -rf $BUILD_DIR/*\n+cd "$BUILD_DIR"\n+tar -xzf /tmp/release.tgz\n'
        "+if [[ -f VERSION ]]; then cat VERSION; fi\n+\n exec ./start.sh\n```",
        "Here are my review comments on `deploy.sh`:",
        "- **{what}**",
        " — ",
        "{s}",
        "Suggested change:",
        (
            (
                "Line 6",
                "blocker",
                "`$BUILD_DIR` is unquoted and never checked, so if it is empty this runs `rm -rf /*` and wipes the "
                "machine.",
                'quote it and refuse an empty value: `rm -rf "${BUILD_DIR:?}"/*`.',
            ),
            (
                "Line 7",
                "major",
                "`cd` is not checked, so if it fails the `tar` on the next line unpacks into the wrong directory.",
                'use `cd "$BUILD_DIR" || exit 1`, or `set -e` at the top.',
            ),
            (
                "Line 9",
                "minor",
                "`[[ ]]` is a bash feature, but the shebang now says `#!/bin/sh`.",
                "keep `#!/bin/bash`, or use `[ -f VERSION ]`.",
            ),
        ),
        (
            "Line 5",
            "nit",
            "The echo goes to stdout with the rest of the output.",
            "send it to stderr with `>&2` so it stands out in the logs.",
        ),
        (
            "Overall verdict: **request changes**, the blocker has to be fixed first.",
            "Overall verdict: **approve**, fine to merge once you have looked at the comments.",
        ),
        (
            r"empty|rm -rf /\*",
            (
                "Line 6",
                "blocker",
                "`rm -rf` runs without printing what it deletes, so the log gives no trace of it.",
                "add `-v` so each removed file is logged.",
            ),
            (
                "Points out that an empty BUILD_DIR would delete everything under /",
                "Flags that `rm -rf` with an empty variable would wipe the root directory",
            ),
        ),
        (1, 2, 1),
        ("`[[ ]]` is a bash feature", "`[[ ]]` is obviously a bash feature"),
    ),
)


def comment(review: Review, n: int, found: Comment, shown: tuple[bool, bool, bool]) -> str:
    """A comment written out, with its severity, location and fix each shown or not."""
    location, severity, body, fix = found
    marked = review.severity.format(s=severity, S=severity.capitalize())
    what = review.joiner.join(part for part in (location if shown[1] else "", marked if shown[0] else "") if part)
    lines = [review.head.format(n=n, what=what), body, *([f"{review.fix} {fix}"] if shown[2] else [])]
    return "\n".join(lines)


def build(review: Review, on: dict[str, bool]) -> str:
    comments = list(review.comments)
    if not on["bug"]:
        comments[0] = review.bug[1]
    keys = ("severity", "locate", "fix")
    shown = [
        tuple(on[key] or at != target for key, target in zip(keys, review.targets, strict=True)) for at in (0, 1, 2)
    ]
    order = [0, 1, 2] if on["order"] else [2, 0, 1]
    written = [(comments[at], shown[at]) for at in order]
    if not on["count"]:
        written.append((review.extra, (True, True, True)))
    blocks = [comment(review, n, found, seen) for n, (found, seen) in enumerate(written, start=1)]
    text = "\n\n".join([review.lead, *blocks, review.verdict[0 if on["verdict"] else 1]])
    if not on["tone"]:
        old, new = review.slip
        if old not in text:
            raise ValueError(f"{review.lead}: tone finds no {old!r}")
        text = text.replace(old, new, 1)
    return text


# Reading a review ------------------------------------------------------------------------------


def blocks(answer: str) -> list[str]:
    return [block.strip() for block in re.split(r"\n\s*\n", answer.strip()) if block.strip()]


def is_verdict(block: str) -> bool:
    return re.search(r"verdict|overall", block.splitlines()[0], re.IGNORECASE) is not None


def comments(answer: str) -> list[str]:
    """Every block that opens like a review comment (a number, a heading or a bullet), the verdict
    left out."""
    return [block for block in blocks(answer) if HEAD.match(block) and not is_verdict(block)]


def verdict(answer: str) -> str | None:
    """`request` or `approve`, from the last block giving the verdict (or the last block)."""
    found = [block for block in blocks(answer) if is_verdict(block)] or blocks(answer)[-1:]
    if not found:
        return None
    if REQUEST.search(found[-1]):
        return "request"
    return "approve" if APPROVE.search(found[-1]) else None


def rank(text: str) -> int | None:
    match = SEVERITY.search(text)
    return RANKS[match.group(1).lower()] if match else None


def in_order(found: list[str]) -> bool:
    ranks = [r for r in (rank(text) for text in found) if r is not None]
    return len(ranks) > 1 and ranks == sorted(ranks, reverse=True)


def candidates(rng: random.Random, review: Review, answer: str) -> list[Criterion]:
    found = comments(answer)
    worst = max((r for r in (rank(text) for text in found) if r is not None), default=0)
    pattern, _, caught = review.bug
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        ("count", len(found) == 3, ("Gives exactly 3 review comments", "Has three comments, no more and no fewer")),
        (
            "locate",
            bool(found) and all(LOCATION.search(text) for text in found),
            (
                "Every comment names the line or function it is about",
                "Each comment says which line or function it means",
            ),
        ),
        (
            "severity",
            bool(found) and all(rank(text) for text in found),
            ("Every comment states a severity", "Each comment is labelled blocker, major, minor or nit"),
        ),
        (
            "fix",
            bool(found) and all(FIX.search(text) for text in found),
            ("Every comment suggests a fix", "Each comment comes with a concrete suggested fix"),
        ),
        (
            "order",
            in_order(found),
            ("The comments are ordered from most to least severe", "Puts the most severe comment first"),
        ),
        (
            "verdict",
            verdict(answer) == ("request" if worst >= RANKS["major"] else "approve"),
            (
                "The overall verdict fits the comments (request changes when any is major or a blocker)",
                "Ends with a verdict consistent with the severities: request changes, given a major issue or worse",
            ),
        ),
        ("bug", any(re.search(pattern, text, re.IGNORECASE) for text in found), caught),
        (
            "tone",
            DISMISSIVE.search(answer) is None,
            (
                "Does not use the words 'obviously', 'just' or 'simply'",
                "Avoids dismissive words such as obviously, just or simply",
            ),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("count", "locate", "severity", "fix", "order", "verdict", "bug", "tone")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, REVIEWS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
