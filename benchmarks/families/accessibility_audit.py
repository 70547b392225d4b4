"""Accessibility audit family (fresh14): the web accessibility audit a task asks for (a shop's
checkout, a university site, a council's services, a gym's booking app), each finding with the WCAG
success criterion it fails, its level, a severity, the page and a recommended fix, and a summary
counting the findings by severity, a kind of answer no grader was run on while any of its rules was
written. Run only as `--set fresh14`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the report in Markdown (findings under headings with `Label: value` fields, as a table,
or as a numbered list with sub-bullets; the summary as a sentence, bullets or a table), written
right and then changed by switches: summary counts by severity that match the findings or one off, a
total that is the number of findings or not, every finding citing a criterion by its X.Y.Z number or
one citing its name alone, the criterion the task names cited for its finding or another of the same
level, a fix of substance for every finding or a placeholder, a page for every finding or one
without, no overlay recommended or one, every level the one WCAG gives its criterion or one wrong,
and the WCAG version asked or another. Every truth is read from the text: findings as the chunks (a
heading or numbered line to the next) holding a severity field, or a table's rows by its headings;
fields by their labels; the level in its own field or after the criterion; the summary's counts and
total by pattern; an overlay as a sentence naming one without a refusal.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "accessibility_audit"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
HEADING = re.compile(r"^\s*(?:#{1,6}\s+(?P<hash>.+?)|\*\*(?P<bold>[^*]+)\*\*:?)\s*$")
NUMBERED = re.compile(r"^\d+[.)]\s")
FIELD = re.compile(r"^\s*(?:[-*]\s+)?\**([A-Za-z][A-Za-z ./-]*?)\**\s*:\s*\**\s*(.+?)\s*$")
SEPARATOR = re.compile(r":?-{2,}:?")
FIELDS = (
    ("sc", r"wcag|criterion|^sc\b|success"),
    ("level", r"^level|conformance"),
    ("severity", r"severity|impact|priority"),
    ("page", r"page|url|location"),
    ("fix", r"fix|recommend|remediation"),
)
SC = re.compile(r"\b([1-4]\.\d{1,2}\.\d{1,2})\b")
LEVEL = re.compile(r"\(\s*(?:level\s+)?(A{1,3})\s*\)|\blevel\s+(A{1,3})\b", re.I)
SEVERITIES = ("critical", "serious", "high", "moderate", "medium", "minor", "low")
COUNT = re.compile(rf"(\d+)\s+({'|'.join(SEVERITIES)})\b|\b({'|'.join(SEVERITIES)})\s*[|:]\s*(\d+)", re.I)
TOTAL = re.compile(r"(\d+)\s+(?:issues|findings|problems|barriers)\b|\btotal\w*(?:\s+\w+)?\s*[|:]\s*(\d+)", re.I)
VERSION = re.compile(r"\bWCAG\s*(2\.[0-2])(?![.\d])")
PAGE = re.compile(r"https?://|(?:^|\s)/")
PLACEHOLDER = re.compile(r"\W*(?:tbd|tbc|todo|to do|n/?a|see above)\b", re.I)
OVERLAY = re.compile(r"\boverlay", re.I)
REFUSAL = re.compile(r"\b(?:not|no|never|cannot|can't|don't|without|avoid|against|instead of)\b", re.I)
LEVELS = dict.fromkeys(
    "1.1.1 1.2.2 1.3.1 1.4.1 2.1.1 2.2.1 2.4.2 2.4.4 3.1.1 3.3.2 4.1.2".split(), "A"
) | dict.fromkeys("1.4.3 1.4.4 1.4.10 1.4.11 2.4.7 2.4.11 2.5.8 4.1.3".split(), "AA")
"""The level WCAG 2.2 gives each success criterion the answers cite."""

Finding = dict[str, str]
"""A finding's fields by name, and its whole text under `text`."""


@dataclass(frozen=True)
class Audit:
    task: str
    text: str
    """The answer written right."""
    version: str
    topic: str
    sc: str
    """The WCAG version asked; the finding the task names (a pattern for it) and its success criterion."""
    about: str
    """The named finding in words, for the criteria."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


CHECKOUT = """# Accessibility audit: Larkspur checkout

**Scope:** the four checkout pages, tested against WCAG 2.2 Level AA with NVDA, VoiceOver and the keyboard alone.

## Summary
We found 5 issues: 1 critical, 2 high, 1 medium and 1 low.

## Findings
### 1. Card number field has no label
- **WCAG:** 3.3.2 Labels or Instructions (Level A)
- **Severity:** Critical
- **Page:** /checkout/payment
- **Fix:** Add a visible label tied to the input with for and id; keep the placeholder as a hint only.
### 2. Low contrast on the "Apply coupon" link
- **WCAG:** 1.4.3 Contrast (Minimum) (Level AA)
- **Severity:** High
- **Page:** /checkout
- **Fix:** Darken the link from #9a9a9a to #595959 or darker on white to pass 4.5:1.
### 3. Focus outline removed from buttons
- **WCAG:** 2.4.7 Focus Visible (Level AA)
- **Severity:** High
- **Page:** /checkout/shipping
- **Fix:** Drop `outline: none` from the button styles and add a 2px focus ring with 3:1 contrast.
### 4. Errors shown by red borders alone
- **WCAG:** 1.4.1 Use of Color (Level A)
- **Severity:** Medium
- **Page:** /checkout/shipping
- **Fix:** Add an icon and error text to each invalid field.
### 5. Every step has the same page title
- **WCAG:** 2.4.2 Page Titled (Level A)
- **Severity:** Low
- **Page:** /checkout/review
- **Fix:** Give each step its own title, such as "Review your order (step 3 of 3) – Larkspur".

## Next steps
No overlay or widget is needed: every fix above is a change to the checkout templates."""

UNIVERSITY = """## Northfield University website: accessibility audit

Scope: 12 page templates of www.northfield.ac.uk, checked against WCAG 2.1 AA by hand and with axe.

| # | Issue | WCAG SC | Level | Severity | Page | Recommended fix |
|---|---|---|---|---|---|---|
| 1 | Campus map image has no alt text | 1.1.1 | A | Critical | /visit/campus-map | Add alt text naming the map and link a text list of buildings and entrances. |
| 2 | Apply button cannot be reached by keyboard | 2.1.1 | A | Critical | /admissions/apply | Use a real button element instead of a clickable div. |
| 3 | Text overlaps when zoomed to 200% | 1.4.4 | AA | Serious | /news | Size text in rem and let the columns wrap instead of fixing their heights. |
| 4 | Lecture videos have no captions | 1.2.2 | A | Serious | /courses/intro-biology | Publish edited captions for every lecture video, not just automatic ones. |
| 5 | "Read more" links do not say where they go | 2.4.4 | A | Moderate | /news/archive | Put each article's title in its link text, visibly or as hidden text. |
| 6 | The page language is not set | 3.1.1 | A | Minor | / | Add lang="en" to the html element of every template. |

## Summary
| Severity | Findings |
|---|---|
| Critical | 2 |
| Serious | 2 |
| Moderate | 1 |
| Minor | 1 |
| **Total** | **6** |"""

COUNCIL = """**Accessibility review — Example Council online services**

Standard: WCAG 2.2, level AA. Pages were tested with a keyboard, JAWS and 400% zoom.

**Summary**
- High: 2
- Medium: 1
- Low: 1
- Total findings: 4

**Findings**
1. **Keyboard focus is invisible on the main menu**
   - Success criterion: 2.4.7 Focus Visible (AA)
   - Severity: High
   - URL: https://www.example-council.gov.uk/
   - Recommendation: Restore a visible focus style, for example a 3px outline in the brand blue.
2. **Form errors on the bin report are not announced**
   - Success criterion: 4.1.3 Status Messages (AA)
   - Severity: High
   - URL: https://www.example-council.gov.uk/bins/report
   - Recommendation: Put the error summary in a role="alert" region and move focus to it on submit.
3. **The payment session times out without warning**
   - Success criterion: 2.2.1 Timing Adjustable (A)
   - Severity: Medium
   - URL: https://www.example-council.gov.uk/council-tax/pay
   - Recommendation: Warn at least 20 seconds before the 15-minute timeout and offer more time.
4. **Headings skip levels**
   - Success criterion: 1.3.1 Info and Relationships (A)
   - Severity: Low
   - URL: https://www.example-council.gov.uk/planning
   - Recommendation: Use h2 for the sections under the page's h1, and h3 below those."""

GYM = """# PulseFit booking app: WCAG 2.2 AA audit

We tested the booking flow in Chrome and Safari with VoiceOver, TalkBack and a keyboard.
## Finding 1 — Time slots cannot be reached by keyboard
Criterion: 2.1.1 Keyboard, Level A
Severity: High
Page: /book/classes
Fix: Make each slot a button, or give it tabindex="0" and handle Enter and Space.
## Finding 2 — Links read "click here"
Criterion: 2.4.4 Link Purpose (In Context), Level A
Severity: Medium
Page: /memberships
Fix: Rewrite the link text to name the destination, such as "Compare membership plans".
## Finding 3 — Tap targets too small in the class list
Criterion: 2.5.8 Target Size (Minimum), Level AA
Severity: Medium
Page: /book/classes/list
Fix: Make the icons at least 24 by 24 CSS pixels, or space them apart.
## Finding 4 — Settings overflow at 320 px wide
Criterion: 1.4.10 Reflow, Level AA
Severity: Low
Page: /account/settings
Fix: Let the settings table stack into one column below 480 px rather than scroll sideways.

## Summary
4 findings in total: 1 high, 2 medium and 1 low. We advise against an overlay widget."""

AUDITS = (
    Audit(
        "Write an accessibility audit of our shop's checkout (the /checkout pages) against WCAG 2.2 AA. For each "
        "finding give the success criterion, its level, a severity (critical/high/medium/low), the page and a "
        "recommended fix, and start with a summary counting the findings by severity. We know the 'Apply coupon' "
        "link's contrast is poor; please include it.",
        CHECKOUT,
        "2.2",
        r"contrast",
        "1.4.3",
        "low-contrast link",
        (
            ("summary_counts", "2 high,", "3 high,"),
            ("total", "We found 5 issues", "We found 4 issues"),
            ("sc_format", "**WCAG:** 2.4.2 Page Titled", "**WCAG:** Page Titled"),
            ("topic_sc", "1.4.3 Contrast (Minimum)", "1.4.11 Non-text Contrast"),
            ("fix", "Add an icon and error text to each invalid field.", "TBD."),
            ("page", "- **Page:** /checkout/shipping\n", ""),
            ("no_overlay", "as a hint only.", "as a hint only; until then, an accessibility overlay can add labels."),
            ("level", "3.3.2 Labels or Instructions (Level A)", "3.3.2 Labels or Instructions (Level AA)"),
            ("version", "WCAG 2.2 Level AA", "WCAG 2.1 Level AA"),
        ),
    ),
    Audit(
        "Please audit the Northfield University website against WCAG 2.1 AA: findings as a table (issue, success "
        "criterion, level, severity as critical/serious/moderate/minor, page, recommended fix), then a summary table "
        "of findings at each severity and in total. Include the campus map's missing alt text.",
        UNIVERSITY,
        "2.1",
        r"alt text",
        "1.1.1",
        "missing alt text",
        (
            ("summary_counts", "| Serious | 2 |", "| Serious | 1 |"),
            ("total", "| **Total** | **6** |", "| **Total** | **5** |"),
            ("sc_format", "| 1.4.4 | AA |", "| Resize Text | AA |"),
            ("topic_sc", "| 1.1.1 | A |", "| 4.1.2 | A |"),
            ("fix", "Put each article's title in its link text, visibly or as hidden text.", "TBD"),
            ("page", "| /courses/intro-biology |", "| Courses |"),
            ("no_overlay", "clickable div. |", "clickable div. An overlay can patch it meanwhile. |"),
            ("level", "| 3.1.1 | A |", "| 3.1.1 | AA |"),
            ("version", "WCAG 2.1 AA", "WCAG 2.0 AA"),
        ),
    ),
    Audit(
        "Write up an accessibility review of our council's online services against WCAG 2.2 AA: a summary first "
        "(findings per severity, high/medium/low, and the total), then numbered findings with the success criterion "
        "and level, severity, URL and a recommendation. Keyboard focus on the main menu is invisible; include it.",
        COUNCIL,
        "2.2",
        r"keyboard focus",
        "2.4.7",
        "invisible keyboard focus",
        (
            ("summary_counts", "- Medium: 1", "- Medium: 2"),
            ("total", "Total findings: 4", "Total findings: 5"),
            ("sc_format", "1.3.1 Info and Relationships", "Info and Relationships"),
            ("topic_sc", "2.4.7 Focus Visible (AA)", "2.4.11 Focus Not Obscured (Minimum) (AA)"),
            ("fix", "Warn at least 20 seconds before the 15-minute timeout and offer more time.", "Fix the timeout."),
            ("page", "URL: https://www.example-council.gov.uk/bins/report", "URL: bins section"),
            ("no_overlay", "in the brand blue.", "in the brand blue. An overlay toolbar can also add focus outlines."),
            ("level", "4.1.3 Status Messages (AA)", "4.1.3 Status Messages (A)"),
            ("version", "WCAG 2.2, level AA", "WCAG 2.1, level AA"),
        ),
    ),
    Audit(
        "Audit the accessibility of our gym's booking app (PulseFit) against WCAG 2.2 AA. One section per finding "
        "with the success criterion and its level, severity (high/medium/low), page and fix; end with a summary "
        "of how many findings at each severity. Our 'click here' links are a known problem, so cover them.",
        GYM,
        "2.2",
        r"\blinks?\b",
        "2.4.4",
        "vague link text",
        (
            ("summary_counts", "2 medium", "3 medium"),
            ("total", "4 findings in total", "3 findings in total"),
            ("sc_format", "Criterion: 1.4.10 Reflow", "Criterion: Reflow"),
            ("topic_sc", "2.4.4 Link Purpose (In Context), Level A", "2.4.2 Page Titled, Level A"),
            ("fix", "Make the icons at least 24 by 24 CSS pixels, or space them apart.", "Make them bigger."),
            ("page", "Page: /book/classes\n", "Page: booking flow\n"),
            ("no_overlay", "We advise against an overlay widget.", "An overlay widget would be a quick win."),
            ("level", "2.1.1 Keyboard, Level A", "2.1.1 Keyboard, Level AA"),
            ("version", "WCAG 2.2 AA audit", "WCAG 2.1 AA audit"),
        ),
    ),
)


def build(audit: Audit, on: dict[str, bool]) -> str:
    return slipped(audit.text, audit.slips, on, audit.about)


# Reading an audit -------------------------------------------------------------------------------


def field_of(label: str) -> str | None:
    return next((name for name, pattern in FIELDS if re.search(pattern, label.strip(), re.I)), None)


def chunk_findings(answer: str) -> list[Finding]:
    """The chunks from a heading or a numbered line to the next that hold a severity field."""
    chunks: list[list[str]] = [[]]
    for line in answer.splitlines():
        if HEADING.match(line) or NUMBERED.match(line):
            chunks.append([])
        chunks[-1].append(line)
    out = []
    for chunk in chunks:
        finding: Finding = {"text": "\n".join(chunk)}
        for line in chunk:
            if not line.strip().startswith("|") and (match := FIELD.match(line)) and (name := field_of(match.group(1))):
                finding.setdefault(name, match.group(2))
        if "severity" in finding:
            out.append(finding)
    return out


def table_findings(answer: str) -> list[Finding]:
    """The rows of a table whose headings name the success criterion and the severity."""
    out: list[Finding] = []
    at: dict[str, int] = {}
    previous: list[str] | None = None
    for line in answer.splitlines():
        if not line.strip().startswith("|"):
            at, previous = {}, None
            continue
        cells = [c.strip(" *") for c in line.strip().strip("|").split("|")]
        if previous is not None and all(SEPARATOR.fullmatch(c) for c in cells):
            at = {}
            for index, heading in enumerate(previous):
                if (name := field_of(heading)) and name not in at:
                    at[name] = index
        elif {"sc", "severity"} <= set(at) and len(cells) > max(at.values()):
            out.append({"text": " | ".join(cells), **{name: cells[index] for name, index in at.items()}})
        previous = cells
    return out


def findings(answer: str) -> list[Finding]:
    return table_findings(answer) or chunk_findings(answer)


def criterion(finding: Finding) -> str | None:
    match = SC.search(finding.get("sc", ""))
    return match.group(1) if match else None


def level(finding: Finding) -> str | None:
    """The level in its own field, else in brackets or after `Level` in the criterion's field."""
    match = re.search(r"\b(A{1,3})\b", finding["level"]) if "level" in finding else LEVEL.search(finding.get("sc", ""))
    return next((g.upper() for g in match.groups() if g), None) if match else None


def severity(finding: Finding) -> str | None:
    match = re.search(rf"\b({'|'.join(SEVERITIES)})\b", finding.get("severity", ""), re.I)
    return match.group(1).lower() if match else None


def summary(answer: str) -> list[str]:
    """The lines under the first heading that names a summary, asterisks dropped."""
    found: list[str] | None = None
    for line in answer.splitlines():
        if match := HEADING.match(line):
            if found is not None:
                break
            if re.search(r"summary", match.group("hash") or match.group("bold"), re.I):
                found = []
        elif found is not None:
            found.append(line.replace("*", ""))
    return found or []


def stated_counts(answer: str) -> tuple[Counter[str], int | None]:
    """The summary's count at each severity, and its total."""
    counts: Counter[str] = Counter()
    total = None
    for line in summary(answer):
        for match in COUNT.finditer(line):
            number, name = (match.group(1), match.group(2)) if match.group(1) else (match.group(4), match.group(3))
            counts[name.lower()] += int(number)
        if total is None and (found := TOTAL.search(line)):
            total = int(found.group(1) or found.group(2))
    return +counts, total


def fix_of_substance(finding: Finding) -> bool:
    return len((fix := finding.get("fix", "")).split()) >= 5 and not PLACEHOLDER.match(fix)


def recommends_overlay(answer: str) -> bool:
    """A sentence that names an overlay without a word of refusal."""
    sentences = re.split(r"(?<=[.!?;:])\s+|\n|\|", answer)
    return any(OVERLAY.search(s) and not REFUSAL.search(s) for s in sentences)


WORDINGS = {
    "summary_counts": (
        "The summary's count for each severity matches the findings listed",
        "Its per-severity tally agrees with the severities of the individual findings",
    ),
    "total": ("Its stated total is the number of findings listed", "The total it gives matches the findings listed"),
    "sc_format": (
        "Every finding cites a WCAG success criterion by its full number, such as 1.4.3",
        "Each finding references a specific success criterion in X.Y.Z form",
    ),
    "topic_sc": ("Cites success criterion {sc} for the {about}", "The {about} is mapped to WCAG {sc}"),
    "fix": ("Gives every finding a concrete recommended fix", "Each finding has an actionable fix, not a placeholder"),
    "page": ("Each finding names the page it was found on", "Every finding gives the URL or path of the affected page"),
    "no_overlay": ("Does not recommend an accessibility overlay", "Never suggests an overlay widget as a remedy"),
    "level": (
        "The conformance level given for each finding is the one its success criterion has",
        "Every finding's level (A or AA) is right for the criterion it cites",
    ),
    "version": ("Audits against WCAG {version}", "States WCAG {version} as the standard it tested against"),
}
"""Two wordings of each kind of criterion, filled from the audit."""


def truths(audit: Audit, answer: str) -> dict[str, bool]:
    found = findings(answer)
    counts, total = stated_counts(answer)
    named = next((f for f in found if re.search(audit.topic, f["text"], re.I)), None)
    cited = [f for f in found if criterion(f) in LEVELS]
    return {
        "summary_counts": bool(counts) and counts == Counter(severity(f) for f in found),
        "total": total is not None and total == len(found),
        "sc_format": bool(found) and all(criterion(f) for f in found),
        "topic_sc": named is not None and criterion(named) == audit.sc,
        "fix": bool(found) and all(fix_of_substance(f) for f in found),
        "page": bool(found) and all(PAGE.search(f.get("page", "")) for f in found),
        "no_overlay": bool(found) and not recommends_overlay(answer),
        "level": bool(cited) and all(level(f) == LEVELS[criterion(f) or ""] for f in cited),
        "version": set(VERSION.findall(answer)) == {audit.version},
    }


def candidates(rng: random.Random, audit: Audit, answer: str) -> list[Criterion]:
    values = {"sc": audit.sc, "about": audit.about, "version": audit.version}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(audit, answer).items()
    ]


SWITCHES = ("summary_counts", "total", "sc_format", "topic_sc", "fix", "page", "no_overlay", "level", "version")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, AUDITS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
