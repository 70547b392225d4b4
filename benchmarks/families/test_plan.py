"""Test plan family (fresh12): a QA test plan for the feature a task describes (signing in with a
password, resetting a password by email, coupon codes at checkout, uploading a profile photo), its
test cases with IDs from TC-01, a priority, steps and an expected result each, entry and exit
criteria, what is out of scope and how many cases there are, a kind of answer no grader was run on
while any of its rules was written. Run only as `--set fresh12`, never in `all`, `new`, `docs`,
`held` or an earlier fresh set.

An answer is the plan in Markdown, its cases under `TC-NN` headings (the priority in the heading or
on a line of its own) or as a table's rows, written right and then changed by switches: the IDs
consecutive from TC-01 or the last one skipping a number, every case with an expected result or one
without, a case for the error path the task names or that case replaced by another, two or more
items out of scope or fewer (or a placeholder), every P0 case with steps or one without, a stated
number of cases that is right or one off, the cases in priority order or a late one marked P0,
entry and exit criteria both with items or one of them empty or gone, and every TC-NN referred to
a case that exists or one to a case that does not. Every truth is read from the text: the cases
from their headings and the lines under them (steps as numbered items, the expected result by its
label) or from the table's rows by its headings, the error path by a pattern over the cases only,
the sections' items as the bullets under their headings (TBD and the like not counted), and the
stated count and the references by pattern (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "test_plan"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
HEADING = re.compile(r"^#{1,6}\s")
CASE = re.compile(r"^#{2,4}\s+(TC-\d+)\b")
STEP = re.compile(r"^\s*\d+[.)]\s+\S")
EXPECTED = re.compile(r"^\W*expected(?: results?)?\W*(.*)$", re.I)
PRIORITY = re.compile(r"\bP([0-3])\b")
MENTION = re.compile(r"\bTC-\d+\b")
BULLET = re.compile(r"^\s*[-*]\s+(.+)$")
PLACEHOLDER = re.compile(r"\W*(?:tbd|tba|none|n/?a|nothing|to be (?:agreed|decided|confirmed))\b", re.I)
STATED = re.compile(r"test cases\W*\((\d+)\)|(\d+)\s+test cases", re.I)
SEPARATOR = re.compile(r":?-{2,}:?")
COLUMNS = (("id", r"^id$"), ("priority", "priority"), ("steps", "step"), ("expected", "expected"))


@dataclass(frozen=True)
class Plan:
    task: str
    text: str
    """The answer written right."""
    error: str
    """The error path the task asks to be covered, as the criteria name it."""
    pattern: str
    """A pattern for a case that covers it."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


@dataclass(frozen=True)
class Case:
    id: str
    priority: int | None
    steps: bool
    expected: bool
    text: str


ENTRY = """### Entry criteria
* Reset emails are delivered to the Mailpit inbox on staging.
* The 30-minute link lifetime can be set to 1 minute for testing.

"""
EXIT = """### Exit criteria
- All P0 and P1 cases pass on Chrome and Safari.
- TC-02 re-run after any change to the pricing service.

"""
PHOTO_ENTRY = "- Feature flag `profile_photo` on in staging.\n- Sample files ready: `face.jpg`, `logo.png`, `huge.jpg` (6 MB), `notes.pdf`."
WRONG = (
    "error_path",
    """Invalid password is rejected — P0
1. Enter `qa.active@example.com` with a wrong password.
Expected result: "Email or password is incorrect" appears and the user stays signed out.""",
    """Sign in with the Enter key — P0
1. Enter `qa.active@example.com` and its password, then press Enter.
Expected result: the dashboard opens.""",
)
EXPIRED = (
    "error_path",
    """An expired link is refused
Priority: P1
1. Set the link lifetime to 1 minute and request a link.
2. Wait 2 minutes, then open the link.
**Expected:** "This link has expired" is shown with a button to request a new one.""",
    """Weak password is refused
Priority: P1
1. Open a reset link and enter `abc` as the new password.
**Expected:** the page asks for at least 12 characters.""",
)
COUPON = (
    "error_path",
    '| Expired coupon is rejected | P0 | 1. Enter `OLD2025`. | "This coupon has expired" shows; the total is unchanged. |',
    "| Coupon field accepts a pasted code | P0 | 1. Paste `SAVE10` into the field. | The code is accepted. |",
)
TOO_BIG = (
    "error_path",
    """Reject a file over 5 MB
**Priority:** P1
1. Pick `huge.jpg` (6 MB).
**Expected result:** "Photos must be 5 MB or smaller" is shown and the old photo stays.""",
    """Upload from the camera
**Priority:** P1
1. Tap **Take photo** and take a selfie.
**Expected result:** the selfie becomes the profile photo.""",
)

PLANS = (
    Plan(
        "Write a QA test plan for the new sign-in page of our customer portal (release 4.2, email and password). "
        "Number the cases TC-01, TC-02, ..., give each a priority (P0-P2), steps and an expected result, and put "
        "them in priority order. Cover the error path of a wrong password. Include entry and exit criteria, what is "
        "out of scope (at least SSO and the forgot-password flow), and say how many test cases there are.",
        f"""# Test plan: sign in with email and password

**Feature:** the new sign-in page of the customer portal (release 4.2).

## Entry criteria
- Build 4.2.0-rc1 deployed to staging.
- Test accounts `qa.active@example.com` and `qa.locked@example.com` exist.

## Exit criteria
- TC-01 to TC-03 pass.
- No open P0 or P1 defect.

## Out of scope
- Single sign-on (Google, Microsoft).
- The "forgot password" flow.

## Test cases (5)

### TC-01 · Sign in with valid credentials — P0
1. Open /signin, enter `qa.active@example.com` and its password, press **Sign in**.
Expected result: the dashboard opens and shows "Welcome back".

### TC-02 · {WRONG[1]}

### TC-03 · Locked account — P0
1. Enter `qa.locked@example.com` and its correct password.
Expected result: a message says the account is locked and links to support.

### TC-04 · Email is not case-sensitive — P1
1. Enter `QA.Active@Example.com` and the right password.
Expected result: sign-in succeeds, as in TC-01.

### TC-05 · Password field masks input — P2
1. Type any password into the password field.
Expected result: dots are shown instead of the characters.""",
        "an invalid password",
        r"(?:wrong|invalid|incorrect) password|password is (?:wrong|invalid|incorrect)",
        (
            ("ids", "### TC-05", "### TC-06"),
            ("expected", "\nExpected result: dots are shown instead of the characters.", ""),
            WRONG,
            ("out_of_scope", '- Single sign-on (Google, Microsoft).\n- The "forgot password" flow.', "- TBD"),
            ("p0_steps", "1. Enter `qa.locked@example.com` and its correct password.\n", ""),
            ("count", "## Test cases (5)", "## Test cases (4)"),
            ("order", "Password field masks input — P2", "Password field masks input — P0"),
            ("entry_exit", "- TC-01 to TC-03 pass.\n- No open P0 or P1 defect.", "To be agreed."),
            ("refs", "succeeds, as in TC-01.", "succeeds, as in TC-10."),
        ),
    ),
    Plan(
        "Test plan for password reset by email, please: cases TC-01 onwards with priority, steps and expected "
        "result, sorted by priority; it must cover an expired reset link. Entry criteria, exit criteria, at least "
        "two out-of-scope items (SMS resets are not in this release), and state the number of cases.",
        f"""# QA test plan — password reset by email

Scope: the "Forgot password?" link, the reset email and the new-password page. This plan has 5 test cases.

{ENTRY}### Exit criteria
* Every P0 case passes; TC-02 and TC-03 may not be waived.
* Defects found are logged in Jira under RESET.

### Out of scope
* Resetting by SMS.
* Admin-initiated resets.
* Rate limiting (the security review covers it).

### TC-01: Request a reset link
Priority: P0
1. On /signin, click **Forgot password?**, enter a registered email, and open Mailpit.
**Expected:** an email with a one-time link arrives within 1 minute.

### TC-02: Set a new password from the link
Priority: P0
1. Follow the link from TC-01.
2. Enter a new password twice and submit.
**Expected:** the user can sign in with the new password only.

### TC-03: {EXPIRED[1]}

### TC-04: Unknown email gives the same message
Priority: P1
1. Request a reset for an address with no account.
**Expected:** the same confirmation text as in TC-01, and no email is sent.

### TC-05: Link works only once
Priority: P2
1. Use a link to set a password, then open the same link again.
**Expected:** the page says the link was already used.""",
        "an expired reset link",
        r"expir",
        (
            ("ids", "### TC-05:", "### TC-06:"),
            ("expected", "\n**Expected:** the page says the link was already used.", ""),
            EXPIRED,
            ("out_of_scope", "\n* Admin-initiated resets.\n* Rate limiting (the security review covers it).", ""),
            ("p0_steps", "1. Follow the link from TC-01.\n2. Enter a new password twice and submit.\n", ""),
            ("count", "This plan has 5 test cases.", "This plan has 6 test cases."),
            ("order", "Priority: P2", "Priority: P0"),
            ("entry_exit", ENTRY, ""),
            ("refs", "text as in TC-01,", "text as in TC-11,"),
        ),
    ),
    Plan(
        "QA test plan for coupon codes at checkout (ticket SHOP-1182), as a table of test cases: ID (TC-01...), "
        "scenario, priority, steps, expected result, highest priority first. Include the error path of an expired "
        "coupon, entry and exit criteria, two or more out-of-scope items, and the number of test cases.",
        f"""## Test plan: coupon codes at checkout

Covers the coupon field on the payment step (SHOP-1182). 6 test cases, listed by priority.

### Entry criteria
- Coupons `SAVE10` (10% off), `FREESHIP` and `OLD2025` (expired) set up in staging.

{EXIT}### Out of scope
- Gift cards.
- Stacking two coupons (not supported in this release).

### Test cases

| ID | Scenario | Priority | Steps | Expected result |
|----|----------|----------|-------|-----------------|
| TC-01 | Valid percentage coupon | P0 | 1. Add a $50 item. 2. Enter `SAVE10`. | Total drops to $45.00. |
| TC-02 | Coupon recalculates after cart change | P0 | 1. Apply `SAVE10` to a $50 cart. 2. Add a $20 item. | Discount becomes $7.00. |
| TC-03 {COUPON[1]}
| TC-04 | Free shipping coupon | P1 | 1. Choose standard shipping. 2. Enter `FREESHIP`. | Shipping shows $0.00. |
| TC-05 | Code is not case-sensitive | P1 | 1. Enter `save10`. | Same discount as TC-01. |
| TC-06 | Remove an applied coupon | P2 | 1. Apply `SAVE10`, then click **Remove**. | Total returns to the full price. |""",
        "an expired coupon",
        r"expired",
        (
            ("ids", "| TC-06 |", "| TC-07 |"),
            ("expected", "| Shipping shows $0.00. |", "|  |"),
            COUPON,
            ("out_of_scope", "- Gift cards.\n- Stacking two coupons (not supported in this release).", "- None."),
            ("p0_steps", "| 1. Apply `SAVE10` to a $50 cart. 2. Add a $20 item. |", "|  |"),
            ("count", "6 test cases, listed", "7 test cases, listed"),
            ("order", "| Remove an applied coupon | P2 |", "| Remove an applied coupon | P0 |"),
            ("entry_exit", EXIT, ""),
            ("refs", "Same discount as TC-01.", "Same discount as TC-12."),
        ),
    ),
    Plan(
        "Please write the test plan for profile photo upload (JPEG or PNG up to 5 MB, cropped square) in the member "
        "app: test cases TC-01.. with **Priority**, steps and **Expected result**, P0 first; it must test a file "
        "over the 5 MB limit. Add entry and exit criteria, out-of-scope items (GIFs at least) and the case count.",
        f"""# Test plan: profile photo upload

Feature: members can upload a profile photo (JPEG or PNG, up to 5 MB), cropped to a square.

## Entry criteria
{PHOTO_ENTRY}

## Exit criteria
- TC-01 and TC-02 pass on iOS, Android and web.

## Out of scope
- Animated GIFs.
- Photo moderation (handled by the trust team).

## Test cases (5)

### TC-01 Upload a JPEG
**Priority:** P0
1. Open Profile → Edit and tap **Change photo**.
2. Pick `face.jpg` and confirm the crop.
**Expected result:** the new photo appears on the profile and in the header.

### TC-02 Upload a PNG
**Priority:** P0
1. Repeat TC-01 with `logo.png`.
**Expected result:** the PNG is shown, transparent areas on white.

### TC-03 {TOO_BIG[1]}

### TC-04 Reject a PDF
**Priority:** P1
1. Pick `notes.pdf`.
**Expected result:** "Unsupported file type" is shown.

### TC-05 Remove the photo
**Priority:** P2
1. Tap **Remove photo** and confirm.
**Expected result:** the default avatar comes back.""",
        "a photo over 5 MB",
        r"over 5 ?MB|too (?:large|big)|\b(?:[6-9]|\d{2,}) ?MB\b",
        (
            ("ids", "### TC-05", "### TC-06"),
            ("expected", '\n**Expected result:** "Unsupported file type" is shown.', ""),
            TOO_BIG,
            ("out_of_scope", "- Animated GIFs.\n- Photo moderation (handled by the trust team).", "- Animated GIFs."),
            ("p0_steps", "1. Repeat TC-01 with `logo.png`.\n", ""),
            ("count", "## Test cases (5)", "## Test cases (4)"),
            ("order", "Remove the photo\n**Priority:** P2", "Remove the photo\n**Priority:** P0"),
            ("entry_exit", PHOTO_ENTRY, "- TBD"),
            ("refs", "TC-01 and TC-02 pass", "TC-01 and TC-09 pass"),
        ),
    ),
)


def build(plan: Plan, on: dict[str, bool]) -> str:
    return slipped(plan.text, plan.slips, on, plan.error)


# Reading a test plan ----------------------------------------------------------------------------


def case_of(ident: str, block: list[str]) -> Case:
    """A case from its heading and the lines under it."""
    text = "\n".join(block)
    found = PRIORITY.search(text)
    expected = any((m := EXPECTED.match(line)) and m.group(1).strip() for line in block[1:])
    steps = any(STEP.match(line) for line in block[1:])
    return Case(ident, int(found.group(1)) if found else None, steps, expected, text)


def heading_cases(answer: str) -> list[Case]:
    """Every case under a `TC-NN` heading, down to the next heading."""
    out: list[Case] = []
    ident, block = "", [""]
    for line in [*answer.splitlines(), "# end"]:
        if HEADING.match(line):
            if ident:
                out.append(case_of(ident, block))
            ident, block = (match.group(1) if (match := CASE.match(line)) else ""), [line]
        else:
            block.append(line)
    return out


def cells_of(line: str) -> list[str] | None:
    return [c.strip() for c in line.strip().strip("|").split("|")] if line.strip().startswith("|") else None


def table_cases(answer: str) -> list[Case]:
    """Every row of a Markdown table whose ID column holds a `TC-NN`."""
    out: list[Case] = []
    fields: dict[str, int] = {}
    previous: list[str] | None = None
    for line in answer.splitlines():
        if (cells := cells_of(line)) is None:
            fields, previous = {}, None
            continue
        if previous and all(SEPARATOR.fullmatch(c) for c in cells):
            fields = {f: at for f, words in COLUMNS for at, h in enumerate(previous) if re.search(words, h, re.I)}
        elif {"id", "priority", "steps", "expected"} <= set(fields) and len(cells) > max(fields.values()):
            cell = {field: cells[at].strip(" -—") for field, at in fields.items()}
            found = PRIORITY.search(cell["priority"])
            priority = int(found.group(1)) if found else None
            if MENTION.fullmatch(cell["id"]):
                out.append(Case(cell["id"], priority, bool(cell["steps"]), bool(cell["expected"]), " | ".join(cells)))
        previous = cells
    return out


def items_under(answer: str, title: str) -> list[str]:
    """The bullets under the heading that names `title`, placeholders (TBD, none) left out."""
    out: list[str] = []
    inside = False
    for line in answer.splitlines():
        if HEADING.match(line):
            inside = title in line.lower()
        elif inside and (match := BULLET.match(line)) and not PLACEHOLDER.match(match.group(1)):
            out.append(match.group(1))
    return out


def stated_count(answer: str) -> int | None:
    match = STATED.search(answer)
    return int(match.group(1) or match.group(2)) if match else None


WORDINGS = {
    "ids": ("Test case IDs are consecutive from TC-01", "The test cases are numbered TC-01, TC-02, ... without gaps"),
    "expected": ("Every test case has an expected result", "No test case is missing its expected result"),
    "error_path": ("Covers the error path of {error}", "Has a test case for {error}"),
    "out_of_scope": ("Lists at least two items out of scope", "Names two or more things that are out of scope"),
    "p0_steps": ("No test case is marked P0 without steps", "Every P0 test case has steps"),
    "count": (
        "States how many test cases there are, and the count is right",
        "The number of test cases it gives matches the cases listed",
    ),
    "order": ("Test cases are ordered by priority, P0 first", "Higher-priority cases come before lower ones"),
    "entry_exit": ("Gives both entry and exit criteria", "Has entry and exit criteria, each with at least one item"),
    "refs": (
        "Every test case ID it refers to exists in the plan",
        "Its references to other test cases point at cases that exist",
    ),
}
"""Two wordings of each kind of criterion, filled from the plan."""


def truths(plan: Plan, answer: str) -> dict[str, bool]:
    found = heading_cases(answer) or table_cases(answer)
    ids = [case.id for case in found]
    ranks = [case.priority for case in found if case.priority is not None]
    mentions = MENTION.findall(answer)
    return {
        "ids": bool(found) and ids == [f"TC-{n:02d}" for n in range(1, len(found) + 1)],
        "expected": bool(found) and all(case.expected for case in found),
        "error_path": any(re.search(plan.pattern, case.text, re.I) for case in found),
        "out_of_scope": len(items_under(answer, "out of scope")) >= 2,
        "p0_steps": 0 in ranks and all(case.steps for case in found if case.priority == 0),
        "count": bool(found) and stated_count(answer) == len(found),
        "order": bool(found) and len(ranks) == len(found) and ranks == sorted(ranks),
        "entry_exit": bool(items_under(answer, "entry criteria")) and bool(items_under(answer, "exit criteria")),
        "refs": len(mentions) > len(found) and set(mentions) <= set(ids),
    }


def candidates(rng: random.Random, plan: Plan, answer: str) -> list[Criterion]:
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], error=plan.error), truth, kind, FAMILY)
        for kind, truth in truths(plan, answer).items()
    ]


SWITCHES = ("ids", "expected", "error_path", "out_of_scope", "p0_steps", "count", "order", "entry_exit", "refs")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, PLANS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
