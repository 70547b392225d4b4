"""UI error messages family (fresh5): the user-facing error messages for the failure cases of a
product the task describes (photo uploads, a bank transfer, a smart thermostat app, a shop's
checkout), one per case, a kind of answer no grader was run on while any of its rules was
written. Run only as `--set fresh5`, never in `all`, `new`, `docs`, `held` or an earlier fresh
set.

An answer is the list of messages, after a lead-in line or none, as a bulleted list, a table, a
numbered list or bold labels each over its message, written right and then changed by switches:
a message for every case or the last left out, every message under the task's length or one
that runs on, no blaming word or one message that blames, a next step that starts with one of
the task's verbs in every message or one that only hints at it, no error code or one shown, no
exclamation mark or one, and sentence case or a message with words capitalised as a title is.
Every truth is a function of the answer's text: each message and its case are read off line by
line (below), and its characters, words and sentences counted and matched.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "ui_error_messages"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
ITEM = re.compile(r"^\s*(?:[-*]|\d+[.)])\s+\*\*(.+?)\*\*\s*[:—–-]?\s*(.+)$")
LABEL = re.compile(r"^\s*\*\*([^*]+?)\*\*:?\s*$")
ROW = re.compile(r"^\s*\|(.+)\|\s*$")
BLAME = re.compile(
    r"\b(?:invalid|illegal|incorrect|wrong|you failed|you forgot|you didn't|you entered|your mistake|your fault)\b",
    re.IGNORECASE,
)
CODE = re.compile(r"(?i:\b(?:error|code)\s*[:#]?\s*\d+)|\b[A-Z][A-Z_]*[-_]?\d{2,}\b")
QUOTES = "\"'“”‘’"


@dataclass(frozen=True)
class Product:
    task: str
    lead: str
    style: str
    """`bullets`, `table`, `numbered` or `labels` (a bold case line over its message)."""
    fenced: bool
    messages: tuple[tuple[str, str], ...]
    """(case, message) for every failure case the task names."""
    limit: int
    verbs: tuple[str, ...]
    """The verbs the task allows a next step to start with."""
    names: tuple[str, ...]
    """The words a message may capitalise mid-sentence (names of things)."""
    slips: tuple[tuple[str, int, str, str], ...]
    """(switch, message, old, new): what an answer with the switch off writes instead."""


PRODUCTS = (
    Product(
        "Write the user-facing error messages for photo uploads in our app, Snapshot. One message for each of "
        "these failure cases: File too large (the limit is 25 MB), Unsupported format, No internet connection, "
        "Storage full, Upload timed out. Each message must be under 90 characters, must not blame the user, must "
        "tell them what to do next starting with one of these verbs: Try, Check, Choose, Free up, Reconnect, Sign "
        "in, Wait. No error codes, no exclamation marks, sentence case.",
        "Here are the messages, one per case:",
        "bullets",
        False,
        (
            ("File too large", "That photo is over 25 MB. Choose a smaller photo or resize it first."),
            ("Unsupported format", "We can't upload this file type. Choose a JPEG, PNG or HEIC photo."),
            ("No internet connection", "Your photo is saved on this phone. Reconnect to Wi-Fi to upload it."),
            ("Storage full", "Your Snapshot storage is full. Free up space by deleting old albums."),
            ("Upload timed out", "The upload took too long. Try again on a faster connection."),
        ),
        90,
        ("Try", "Check", "Choose", "Free up", "Reconnect", "Sign in", "Wait"),
        ("Snapshot", "Wi-Fi"),
        (
            ("short", 0, "or resize it first.", "or resize it in your phone's photo editor before you upload it."),
            ("sentence_case", 0, "That photo is over", "Photo Too Large. It is over"),
            ("no_blame", 1, "We can't upload this file type.", "That file type is invalid."),
            ("no_exclaim", 2, "saved on this phone.", "saved on this phone!"),
            ("next_step", 3, "Free up space by deleting old albums.", "Deleting old albums will free up space."),
            ("no_code", 3, "storage is full.", "storage is full [E507]."),
        ),
    ),
    Product(
        "Our banking app Ledgerly needs error messages for a failed money transfer, one per case: Insufficient "
        "funds, Daily limit reached (£5,000 a day), Recipient not found, Session expired, Bank unavailable. "
        "Rules: under 100 characters each, never blame the customer, always say what to do next with one of Try, "
        "Check, Add, Choose, Sign in, Wait, Lower; no error codes, no exclamation marks, sentence case. A table "
        "is fine.",
        "",
        "table",
        False,
        (
            (
                "Insufficient funds",
                "This account doesn't have enough money. Add money or choose another account.",
            ),
            (
                "Daily limit reached",
                "This would go over today's limit of £5,000. Try again tomorrow or lower the amount.",
            ),
            ("Recipient not found", "We couldn't find an account with those details. Check the sort code and number."),
            ("Session expired", "You've been signed out to keep your account safe. Sign in again to carry on."),
            ("Bank unavailable", "We can't reach the bank right now. Wait a few minutes and try again."),
        ),
        100,
        ("Try", "Check", "Add", "Choose", "Sign in", "Wait", "Lower"),
        ("Ledgerly",),
        (
            (
                "short",
                0,
                "choose another account.",
                "choose another of your accounts to send this transfer from instead.",
            ),
            ("no_code", 0, "enough money.", "enough money (ERR_402)."),
            ("sentence_case", 1, "today's limit", "today's Daily Limit"),
            ("next_step", 1, "Try again tomorrow or lower the amount.", "Tomorrow the limit resets."),
            ("no_blame", 2, "We couldn't find an account with those details.", "The details you entered are wrong."),
            ("no_exclaim", 3, "Sign in again to carry on.", "Sign in again to carry on!"),
        ),
    ),
    Product(
        "Write error messages for the Hearth smart thermostat app, one for each failure: Thermostat offline, "
        "Firmware update failed, Schedule conflict, Temperature out of range (allowed 5-30 °C), Pairing failed. "
        "Keep every message under 80 characters. Don't blame the user, give a next step that starts with one of "
        "Check, Try, Restart, Move, Pick, Set, Open; no error codes or exclamation marks; sentence case only.",
        "Sure - here is a set of messages you can drop into the app.",
        "numbered",
        False,
        (
            ("Thermostat offline", "Your thermostat isn't connected. Check it has power and Wi-Fi."),
            ("Firmware update failed", "The update didn't finish. Restart the thermostat and try again."),
            ("Schedule conflict", "Two schedules overlap on Monday. Pick the one to keep."),
            ("Temperature out of range", "Set a temperature between 5 and 30 °C."),
            ("Pairing failed", "We couldn't pair with the thermostat. Move your phone closer and try again."),
        ),
        80,
        ("Check", "Try", "Restart", "Move", "Pick", "Set", "Open"),
        ("Hearth", "Wi-Fi", "Monday"),
        (
            ("no_code", 0, "isn't connected.", "isn't connected (code 1003)."),
            ("short", 1, "and try again.", "from its menu, wait for it to reconnect, then try again."),
            ("no_exclaim", 1, "The update didn't finish.", "Oops! The update didn't finish."),
            ("sentence_case", 2, "Two schedules overlap", "Two Schedules Overlap"),
            ("next_step", 2, "Pick the one to keep.", "Only one of them can stay."),
            ("no_blame", 3, "Set a temperature", "That's an invalid temperature. Set one"),
        ),
    ),
    Product(
        "We need checkout error messages for the Crate & Co web shop, one per failure case: Card declined, "
        "Address not recognised, Item out of stock, Promo code expired, Payment page timed out. Each under 110 "
        "characters; no blaming the shopper; each tells them what to do next, starting with one of Try, Check, "
        "Choose, Remove, Contact, Refresh, Enter, Use; no error codes; no exclamation marks; sentence case.",
        "Here's a draft for each case. I kept them short and calm:",
        "labels",
        True,
        (
            ("Card declined", "We couldn't take this payment. Try another card or contact your bank."),
            (
                "Address not recognised",
                "We couldn't find that address. Check the postcode or enter the address by hand.",
            ),
            (
                "Item out of stock",
                "The linen shirt sold out while it was in your basket. Remove it or choose another size.",
            ),
            ("Promo code expired", "The spring promo ended on 31 March. Remove it to see your total."),
            ("Payment page timed out", "This page was open for a while. Refresh it to see the latest prices."),
        ),
        110,
        ("Try", "Check", "Choose", "Remove", "Contact", "Refresh", "Enter", "Use"),
        ("Crate", "Co", "March"),
        (
            ("next_step", 0, "Try another card or contact your bank.", "Another card or a call to your bank may help."),
            ("no_blame", 1, "We couldn't find that address.", "That address is incorrect."),
            ("sentence_case", 1, "Check the postcode", "Check the Postcode"),
            ("short", 2, "choose another size.", "choose another size or colour that's still in stock today."),
            ("no_exclaim", 2, "The linen shirt", "Sorry! The linen shirt"),
            ("no_code", 3, "on 31 March.", "on 31 March (PROMO_410)."),
        ),
    ),
)


def written(product: Product, on: dict[str, bool]) -> list[tuple[str, str]]:
    """The (case, message) pairs an answer gives, its slips made."""
    messages = [list(pair) for pair in product.messages]
    for switch, at, old, new in product.slips:
        if not on[switch]:
            if old not in messages[at][1]:
                raise ValueError(f"{product.names[0]}: {switch} finds no {old!r}")
            messages[at][1] = messages[at][1].replace(old, new)
    return [(case, message) for case, message in messages[: None if on["each"] else -1]]


def build(product: Product, on: dict[str, bool]) -> str:
    pairs = written(product, on)
    if product.style == "table":
        lines = ["| Failure case | Message |", "|---|---|", *(f"| {c} | {m} |" for c, m in pairs)]
        text = "\n".join(lines)
    elif product.style == "bullets":
        text = "\n".join(f"- **{c}:** {m}" for c, m in pairs)
    elif product.style == "numbered":
        text = "\n".join(f"{at}. **{c}** — “{m}”" for at, (c, m) in enumerate(pairs, 1))
    else:
        text = "\n\n".join(f"**{c}**\n{m}" for c, m in pairs)
    if product.fenced:
        text = f"```markdown\n{text}\n```"
    return f"{product.lead}\n\n{text}" if product.lead else text


# Reading the messages --------------------------------------------------------------------------


def unquoted(text: str) -> str:
    text = text.strip()
    return text[1:-1].strip() if len(text) > 1 and text[0] in QUOTES and text[-1] in QUOTES else text


def table_rows(lines: list[str]) -> list[tuple[str, str]]:
    rows = [[cell.strip() for cell in match.group(1).split("|")] for line in lines if (match := ROW.match(line))]
    rows = [row for row in rows if not all(re.fullmatch(r":?-+:?", cell) for cell in row)]
    return [(row[0], unquoted(row[-1])) for row in rows[1:] if len(row) >= 2]


def messages(answer: str) -> list[tuple[str, str]]:
    """(case, message) for every message of the answer, in order."""
    lines = [line for line in answer.splitlines() if not line.strip().startswith("```")]
    if any(ROW.match(line) for line in lines):
        return table_rows(lines)
    out: list[tuple[str, str]] = []
    label: str | None = None
    for line in lines:
        if match := ITEM.match(line):
            out.append((match.group(1).rstrip(":").strip(), unquoted(match.group(2))))
        elif match := LABEL.match(line):
            label = match.group(1).strip()
        elif label is not None and line.strip():
            out.append((label, unquoted(line)))
            label = None
    return out


def normal(case: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", case.lower()).strip()


def sentences(message: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.?!])\s+", message.strip()) if s]


def has_next_step(message: str, verbs: tuple[str, ...]) -> bool:
    return any(re.match(rf"{re.escape(verb)}\b", sentence) for sentence in sentences(message) for verb in verbs)


def sentence_case(message: str, names: tuple[str, ...]) -> bool:
    for sentence in sentences(message):
        words = sentence.split()
        if not words or not words[0][0].isupper():
            return False
        for word in words[1:]:
            bare = word.strip(".,;:?!()[]\"'“”")
            capital = bare[:1].isupper() and not (len(bare) > 1 and bare.replace("-", "").isupper())
            if capital and bare not in names:
                return False
    return True


def candidates(rng: random.Random, product: Product, answer: str) -> list[Criterion]:
    found = messages(answer)
    texts = [text for _, text in found]
    cases = [case for case, _ in product.messages]
    listed = ", ".join(cases[:-1]) + f" and {cases[-1]}"
    first, second = product.verbs[:2]
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "each",
            {normal(case) for case in cases} <= {normal(case) for case, _ in found},
            (f"Gives a message for each of the {len(cases)} failure cases", f"Has a message for {listed}"),
        ),
        (
            "short",
            bool(texts) and all(len(text) < product.limit for text in texts),
            (
                f"Every message is under {product.limit} characters",
                f"Keeps each message shorter than {product.limit} characters",
            ),
        ),
        (
            "no_blame",
            not any(BLAME.search(text) for text in texts),
            (
                'No message blames the user (no "invalid", "you failed" or the like)',
                "Avoids wording that puts the blame on the user",
            ),
        ),
        (
            "next_step",
            bool(texts) and all(has_next_step(text, product.verbs) for text in texts),
            (
                "Every message tells the user what to do next",
                f'Each message has a next step that begins with a verb such as "{first}" or "{second}"',
            ),
        ),
        (
            "no_code",
            not any(CODE.search(text) for text in texts),
            ("No error codes are shown to the user", "Leaves error codes out of the messages"),
        ),
        (
            "no_exclaim",
            not any("!" in text for text in texts),
            ("None of the messages uses an exclamation mark", "Contains no exclamation marks"),
        ),
        (
            "sentence_case",
            bool(texts) and all(sentence_case(text, product.names) for text in texts),
            ("All messages are written in sentence case", "Uses sentence case, not title case, in every message"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("each", "short", "no_blame", "next_step", "no_code", "no_exclaim", "sentence_case")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, PRODUCTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
