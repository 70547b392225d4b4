"""How a criterion's written check and its citation decide it together: which check's
result stands alone, when a quote meets the criterion, and when the two leave it
`unverified` (the rules are set out in `grounded.py`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rubricflow.activities.grader.absent_content import holds_none_of_its_words
from rubricflow.activities.grader.check_kinds import CORRECTNESS, CheckKind
from rubricflow.activities.grader.check_texts import (
    absent_words_stand_near,
    looks_for_criterion_words,
    looks_in_one_place,
    quote_leaves_out,
)
from rubricflow.activities.grader.quotes import Citation, speaks_to
from rubricflow.activities.grader.written_checks import CheckRun

SAYING = re.compile(
    r"\b(say|says|said|mention|mentions|name|names|state|states|list|lists|describe|describes|explain|explains|"
    r"include|includes|give|gives|note|notes|record|records|cover|covers|acknowledge|acknowledges|summari[sz]es?)\b",
    re.I,
)
"""A criterion about what the answer says (a quote shows it), not about what holds of it."""
ABSENCE = re.compile(
    r"^(does not|do not|doesn't|don't|never|avoids|leaves out|keeps (the )?\w+ out|makes no|has no|uses no|"
    r"contains no|includes no|mentions no|names no|gives no|puts .{0,30}\bon no|no)\b",
    re.I,
)
"""A criterion met by something's absence ("Does not blame a vendor", "No line is longer than
79 characters"): no words of the answer meet it, so a reply of NONE shows nothing."""
AGREEMENT = re.compile(
    r"\b(adds? up|sum of|equals|equal to|divided|dividing|multiplied|multiplying|product of|agrees? with|"
    r"consistent|the same \w+(?: \w+)? as)\b|[×÷]\s*\d",
    re.I,
)
"""A criterion that says the answer's figures agree ("equals the sum of the costs", "dividing
the total by 40 gives the per-person figure", "the new rent × 52 ÷ 12", "names the same tooth
as the fees", "consistent between the list and the note"): a claim of correctness, as one with
`CORRECTNESS`'s words is. A check that computes it may decide; a quote shows one place, not
that it comes out or agrees with another."""
CLAIMS_RIGHT = re.compile(f"{CORRECTNESS.pattern}|{AGREEMENT.pattern}", re.I)
"""A claim of correctness in either's words."""
SPAN = re.compile(
    r"\b\d+(?:\.\d+)?\s+(?:working\s+|clear\s+|calendar\s+|business\s+)?(?:minutes?|mins?|hours?|hrs?|days?|weeks?|"
    r"months?|years?)\s+(?:before|after|ahead of|on from|beyond|later than|earlier than|past|prior to|from)\b",
    re.I,
)
"""A criterion that sets one time or date a span from another ("arrive 90 minutes before the
appointment", "results 4 working days after receipt"): the answer meets it with a time or a
date, not with the span's words, so it is a claim that a figure comes out right."""
NONE_SHOWS_NOTHING = (
    (ABSENCE, "nothing can be cited for a criterion met by an absence", "unverified: nothing cited for an absence"),
    (
        CLAIMS_RIGHT,
        "a quote cannot show whether a claim is right, so nor can its absence",
        "unverified: nothing cited for a claim of correctness",
    ),
    (
        SPAN,
        "an answer gives a span counted from something as the time or date it comes to, not in words",
        "unverified: nothing cited for a span counted from something",
    ),
)
"""Criteria for which a reply of NONE decides nothing, each with why and its `decided_by`:
one met by an absence (no words meet it), one of correctness (a quote shows a claim, not
whether it is right, so its lack shows nothing either) and a span (met by where it ends)."""
EACH = re.compile(r"\b(?:each|every|everyone|everything)\b", re.I)
"""A criterion about each one of something ("Gives an example for each term")."""
QUOTE_SHOWS_NOT = (
    (CLAIMS_RIGHT, "a quote cannot show that it is right", "unverified: a quote shows the claim, not that it is right"),
    (EACH, "a quote shows one, not each", "unverified: a quote shows one, the criterion asks it of each"),
)
"""Criteria a citation alone cannot show met, each with why and its `decided_by`."""
NOTHING_CITED = {
    "none": "it replied NONE",
    "heading": "it cited only a heading",
    "request": "it quoted the request, not the answer",
    "misplaced": "it cited another line",
    "lead_in": "it cited the line that introduces the answer",
    "commented": "it cited a commented-out line",
}
"""Citations that show no words of the answer meeting the criterion, and how each is said."""
OF_A_LINE = {
    "misplaced": (
        None,
        "the grader's quote ({line!r}) is not in the part of the answer the criterion is about: it shows the "
        "model looked elsewhere, neither that the part meets it nor that it does not",
        "unverified: the quote is not in the part the criterion is about",
    ),
    "lead_in": (
        None,
        "the grader's quote ({line!r}) is the line that introduces the answer, none of it",
        "unverified: the quote is the lead-in line",
    ),
    "heading": (
        None,
        "the grader's quote ({line!r}) is only a heading, which shows neither that the answer meets it nor "
        "that it does not",
        "unverified: the quote is only a heading",
    ),
    "commented": (
        None,
        "the grader's quote ({line!r}) is a commented-out line of code, which the program does not read: it "
        "shows neither that the answer meets it nor that it does not",
        "unverified: the quote is a commented-out line",
    ),
}
"""A quote in the answer that does not meet the criterion for where it stands, with what it
shows (`passed`), why and its `decided_by`."""
MEASURING = ("behaviour", "computed", "absent")
"""Checks that measure the answer (call its functions, count, compute), not look for words."""
UNTESTED = {
    "blind": "reads nothing of the answer",
    "literal": "compares the whole answer with a literal",
    "guessed": "compares the answer with a figure the grader worked out itself, not one the task gives",
    "forbids_given": "tests that the answer leaves out words the task gives, which the criterion does not name",
    "characters": "counts characters where the criterion counts words",
    "units": "counts sentences, lines or items where the criterion counts words",
    "shape": "tests that the answer lacks a shape of digits the grader guessed (another country's number is another shape)",
}
"""Why a check of each kind that is never run decides nothing (said in the gap)."""

MAX_SHOWN_CHECK_CHARS = 600


@dataclass(frozen=True)
class Evidence:
    """What one criterion was shown to be: `passed` None is unverified."""

    passed: bool | None
    why: str
    decided_by: str
    check: str | None = None
    quote: str | None = None


def decided_by_check(kind: CheckKind, run: CheckRun | None) -> bool:
    """A check that ran and tests behaviour, computes, or tests an absence decides alone."""
    return run is not None and run.passed is not None and kind in MEASURING


def shown_true(criterion: str, evidence: Evidence) -> Evidence:
    """A citation shows where the answer makes a claim, once: a criterion of correctness, or
    one about each of something, met by a citation alone is unverified (a check that
    computes the truth, or reads every one, decides it; a quote cannot)."""
    if not (evidence.passed and evidence.decided_by.startswith("quote:")):
        return evidence
    for kind, why, said in QUOTE_SHOWS_NOT:
        if kind.search(criterion):
            return Evidence(
                None,
                f"the answer says it ({evidence.quote!r}), but {why}",
                said,
                check=evidence.check,
                quote=evidence.quote,
            )
    return evidence


def decide(
    source: str, kind: CheckKind, run: CheckRun | None, citation: Citation | None, criterion: str, answer: str
) -> Evidence:
    """What decides a criterion (`_decide`), where a quote that meets it holds some of the
    phrases its check looks for and the answer lacks another: unverified, whether or not the
    check ran (`quote_leaves_out`)."""
    evidence = _decide(source, kind, run, citation, criterion, answer)
    if not (evidence.passed and evidence.quote and evidence.decided_by.startswith("quote:")):
        return evidence
    missing = quote_leaves_out(source, criterion, evidence.quote, answer)
    if missing is None:
        return evidence
    # The quote says part of what the check looked for; the rest is nowhere in the answer.
    return Evidence(
        None,
        f"the grader's quote ({evidence.quote!r}) holds part of what the check looked for, and the answer "
        f"lacks the rest ({missing!r})",
        "unverified: the quote holds part of what the check looked for, the answer lacks the rest",
        check=evidence.check,
        quote=evidence.quote,
    )


def _decide(
    source: str, kind: CheckKind, run: CheckRun | None, citation: Citation | None, criterion: str, answer: str
) -> Evidence:
    """What decides a criterion: its check, its citation, both, or neither (a criterion
    about what the answer says (`SAYING`) a quote shows; else what holds of it). A quote
    meets a criterion, and one from another part of the answer than the criterion's fails
    it, only when it shares a word with it (`_about_something_else`); a NONE fails it
    beside a text check that found none of its words in `answer`.
    (long: one branch per way the check and the citation stand.)"""
    saying = bool(SAYING.search(criterion))
    shown = source[:MAX_SHOWN_CHECK_CHARS]
    if run is not None and run.passed is not None and decided_by_check(kind, run):
        near = absent_words_stand_near(source, answer) if kind == "absent" and run.passed else None
        if near is not None:
            return Evidence(
                None,
                f"the check found its words absent, but they stand nearly whole in the answer ({near!r})",
                "unverified: the check's absent words stand nearly whole in the answer",
                check=shown,
            )
        said = "True" if run.passed else f"False ({run.detail})"
        return Evidence(run.passed, run.detail, f"check: returned {said}", check=shown)
    assert citation is not None, "a criterion no check decides is cited"
    if run is not None and run.passed is None and citation.found in NOTHING_CITED:
        # The model judged that code decides it, and its check did not run: nothing cited
        # does not show the criterion unmet (a behaviour is not a sentence to quote).
        return Evidence(
            None,
            f"the check decided nothing ({run.detail}) and the grader cited nothing",
            "unverified: the check did not run and nothing was cited",
            check=shown,
        )
    if run is not None and run.passed is None and kind in MEASURING and citation.found == "quoted" and not saying:
        # The model judged that code measures it: a quote shows where the answer says it,
        # not that what it says holds.
        return Evidence(
            None,
            f"the check that was to measure it decided nothing ({run.detail}); the answer says it "
            f"({citation.line!r}), but a quote cannot show that it holds",
            "unverified: the check did not run, and a quote shows the claim only",
            check=shown,
            quote=citation.line,
        )
    own = "" if kind == "judge" else source
    cited_line = citation.found in ("quoted", "misplaced")
    if cited_line and not (run and run.passed) and not speaks_to(citation.line or "", criterion, own):
        return _about_something_else(citation, run, shown if own else None)
    if run is None or run.passed is None:
        why = "" if run is None else f"the check decided nothing ({run.detail}); "
        if run is None and kind in UNTESTED:
            why = f"the check {UNTESTED[kind]}; "
        shows_nothing = any(shape.search(criterion) for shape, _, _ in NONE_SHOWS_NOTHING)
        if citation.found == "none" and not shows_nothing and holds_none_of_its_words(criterion, answer):
            return Evidence(
                False,
                why + "the grader found no words that meet it, and the answer holds none of the words the criterion "
                "names what it asks by",
                "quote: the grader found none, and the answer holds none of the criterion's words",
                check=shown if run is not None or kind != "judge" else None,
            )
        return _by_citation(
            citation, why, criterion, check=shown if run is not None or kind != "judge" else None, alone=True
        )
    # A check that only looks for some text, and a citation: a cited line meets the
    # criterion where the text was not found (a paraphrase); text found with nothing cited
    # (a bare heading, a word in passing) is a disagreement.
    if citation.found == "none" and not run.passed and looks_in_one_place(source, answer):
        # The check looked for the words in one place (the first line, the end) and the
        # answer holds them elsewhere: not a witness that the answer lacks them.
        return Evidence(
            None,
            "the words the check looked for in one place stand elsewhere in the answer, and the grader cited nothing",
            "unverified: the check's words stand elsewhere in the answer, and nothing was cited",
            check=shown,
        )
    if citation.found == "none" and not run.passed and not looks_for_criterion_words(source, criterion):
        # The check looked for words of the model's own (the line it expected), not the
        # criterion's: its finding none, beside a NONE, is two readings that missed.
        return Evidence(
            None,
            "the text the check looked for, which is not the criterion's own words, is not in the answer, "
            "and the grader cited nothing",
            "unverified: nothing cited, and the check looked for words of its own",
            check=shown,
        )
    if citation.found == "quoted" or (not run.passed and citation.found in NOTHING_CITED):
        return _by_citation(citation, "the text the check looked for is not in the answer; ", criterion, check=shown)
    if citation.found == "not_found" and run.passed and looks_for_criterion_words(source, criterion):
        # Some of the criterion's words are in the answer; nothing shows where, nor that they
        # stand as the criterion asks (a name without its two goals, a target not after).
        return Evidence(
            None,
            f"the check found the criterion's words in the answer, but the grader's quote is not in it "
            f"({citation.said!r}), so nothing shows that they meet it",
            "unverified: the check found the criterion's words, the grader's quote is not in the answer",
            check=shown,
        )
    if citation.found == "not_found":
        return _by_citation(citation, "", criterion, check=shown)
    return Evidence(
        None,
        "the text the check looked for is in the answer, but the grader found no words that meet the "
        f"criterion ({NOTHING_CITED[citation.found]})",
        "unverified: the check and the citation disagree",
        check=shown,
        quote=citation.line,
    )


def _about_something_else(citation: Citation, run: CheckRun | None, shown: str | None) -> Evidence:
    """A quote that shares no word with the criterion (nor with its check's text) shows
    something else of the answer: no pass. A text check's False stands (the quote is no
    paraphrase it missed); with no such check, the criterion is unverified."""
    said = f"the grader's quote ({citation.line!r}) shares no word with the criterion"
    if run is not None and run.passed is False:
        return Evidence(
            False,
            f"the text the check looked for is not in the answer, and {said}",
            "check: returned False; the quote is about something else",
            check=shown,
            quote=citation.line,
        )
    return Evidence(None, said, "unverified: the quote is about something else", check=shown, quote=citation.line)


def _by_citation(
    citation: Citation, prefix: str, criterion: str, check: str | None = None, alone: bool = False
) -> Evidence:
    """What the citation shows; `alone`, no check tested the criterion, so a reply of NONE
    is one reading that found nothing: unverified (a quote of the request still fails)."""
    if citation.found == "quoted":
        return Evidence(True, "", f"quote: {citation.line!r} is in the answer", check=check, quote=citation.line)
    if citation.found in ("none", "request"):
        for kind, why, said in NONE_SHOWS_NOTHING:
            if kind.search(criterion):
                return Evidence(None, prefix + f"the grader cited nothing, and {why}", said, check=check)
        if citation.found == "none" and alone:
            why = prefix + "the grader cited nothing, and no check tested it"
            return Evidence(None, why, "unverified: nothing cited, and no check tested it", check=check)
        if citation.found == "request":
            return Evidence(
                False,
                prefix + f"the grader's quote is the request's words, not the answer's ({citation.said!r})",
                "quote: the grader found none in the answer (it quoted the request)",
                check=check,
            )
        return Evidence(False, prefix + "no part of the answer meets it", "quote: the grader found none", check=check)
    if citation.found in OF_A_LINE:
        passed, why, said = OF_A_LINE[citation.found]
        return Evidence(passed, prefix + why.format(line=citation.line), said, check=check, quote=citation.line)
    return Evidence(
        None,
        prefix + f"the grader's quote is not in the answer ({citation.said!r})",
        "unverified: quote not found",
        check=check,
    )
