"""Glossary family (fresh8): a Markdown glossary of the terms a task lists for a domain
(photography, personal finance, Git, coffee brewing), each term in bold with a definition under a
word limit, an example and cross-references to other terms, a kind of answer no grader was run on
while any of its rules was written. Run only as `--set fresh8`, never in `all`, `new`, `docs`,
`held` or an earlier fresh set.

An answer is the glossary under a title, after a lead-in line or none, its entries as paragraphs or
as list items, written right and then changed by switches: the terms in alphabetical order or two
of them swapped, every term in bold or one plain, the number of terms the task asks for or one
more, every definition within the word limit or one run long, an example for every term or one
without, every cross-reference to a term the glossary defines or one to a term it does not, no
definition using the term it defines or one that does, and a title naming the domain or a bare
"Glossary". Every truth is a function of the answer's text: the entries are read off block by
block or item by item, their terms split from their definitions, examples and cross-references
by their labels, and the words counted and the terms compared (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "glossary"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
BOLD = re.compile(r"^\*\*([^*]+?)\s*:?\*\*\s*(?:[—–:-]\s+|:\s*)?(.+)$", re.DOTALL)
PLAIN = re.compile(r"^([A-Za-z][\w '’/().-]{0,40}?)\s*(?:[—–:]| - )\s*(.+)$", re.DOTALL)
EXAMPLE = re.compile(r"[*_]*(?<![A-Za-z])(?:example|e\.g\.)[*_]*\s*:[*_]*", re.IGNORECASE)
SEE = re.compile(r"[*_]*(?<![A-Za-z])see also(?![A-Za-z])[*_]*\s*:?[*_]*", re.IGNORECASE)
WORD = re.compile(r"[A-Za-z0-9$][\w'’$%&/.,-]*")

Entry = tuple[str, str, str, tuple[str, ...]]
"""(term, definition, example, the terms it refers to)."""


@dataclass(frozen=True)
class Glossary:
    task: str
    lead: str
    title: str
    domain: str
    head: str
    """How an entry's term is written, with `{term}` (its bold marks dropped for a plain term)."""
    labels: tuple[str, str]
    """(the example's label, the cross-references' label)."""
    listed: bool
    """The entries are list items (one line each), not paragraphs."""
    entries: tuple[str, ...]
    """The entries written right, in alphabetical order, each "term | definition | example |
    the terms it refers to, comma-separated" (read by `entry`)."""
    limit: int
    extra: str
    """The entry an answer with one term too many adds (in its alphabetical place)."""
    swapped: tuple[str, str]
    plain: str
    long: tuple[str, str]
    """(a term, the definition an answer over the word limit gives it)."""
    bare: str
    """The term an answer without every example gives none."""
    dangling: tuple[str, str]
    """(a term, the undefined term an answer with a dangling reference adds to its references)."""
    circular: tuple[str, str]
    """(a term, the definition that uses it)."""


GLOSSARIES = (
    Glossary(
        "Write a short Markdown glossary of photography terms for beginners: aperture, depth of field, exposure, "
        "ISO, shutter speed and white balance (those six, nothing else). Put the terms in alphabetical order and "
        "in bold, keep each definition to 25 words or fewer, give one example per term, add See also "
        "cross-references only to terms in the glossary, don't define a term with the word itself, and give it a "
        "title that says what it is about.",
        "Here's a beginner-friendly glossary:",
        "# Photography glossary",
        "photography",
        "**{term}** — ",
        ("Example:", "See also:"),
        False,
        (
            "Aperture | The adjustable opening in a lens that lets light through, written as an f-number such as "
            "f/2.8. | At f/1.8 the background melts into a soft blur. | Depth of field, Exposure",
            "Depth of field | How much of the scene, front to back, looks acceptably sharp in a photo. | A "
            "landscape at f/11 keeps both the flowers and the mountains sharp. | Aperture",
            "Exposure | The total amount of light that reaches the sensor, set by the aperture, the shutter "
            "speed and the ISO. | A photo that comes out too dark is underexposed. | ISO, Shutter speed",
            "ISO | How sensitive the camera's sensor is to light; higher values brighten a photo but add grain. "
            "| Indoors at night you might raise it to 3200. | Exposure",
            "Shutter speed | How long the shutter stays open to let light in, measured in fractions of a second. "
            "| At 1/1000 s a running dog freezes mid-stride. | Exposure",
            "White balance | A setting that corrects colour casts so that neutral objects look neutral under any "
            "light. | The tungsten preset removes the orange tint of indoor bulbs. | ",
        ),
        25,
        "Focal length | The distance from the lens to the sensor when focused at infinity, which sets how wide "
        "the view is. | A 24 mm lens takes in a whole room; a 200 mm lens picks out one face. | Depth of field",
        ("Exposure", "ISO"),
        "Shutter speed",
        (
            "Depth of field",
            "How much of the scene, from the nearest point to the farthest one, looks acceptably sharp in a "
            "photo, which depends on the aperture, the focal distance, the lens and how close you stand to the "
            "subject.",
        ),
        "White balance",
        ("ISO", "Noise"),
        (
            "Aperture",
            "The aperture is the adjustable opening in a lens that lets light through, written as an f-number.",
        ),
    ),
    Glossary(
        "Can you make a glossary of personal finance terms for a money workshop? Six terms: APR, budget, "
        "compound interest, emergency fund, index fund, net worth. Alphabetical, each term bolded, definitions "
        "no longer than 30 words, an example for each, cross-references between the terms (only to terms that "
        "are in the glossary), no circular definitions, and a title naming the topic. A bulleted list is fine.",
        "",
        "## Personal finance glossary",
        "personal finance",
        "- **{term}**: ",
        ("Example:", "See also:"),
        True,
        (
            "APR | Annual percentage rate, the yearly cost of borrowing including interest and most fees, shown "
            "as a percentage. | A card with a 24% APR costs about $24 a year for every $100 you carry. | "
            "Compound interest",
            "Budget | A plan for how you will spend and save your income over a set period, usually a month. | "
            "Setting aside $400 for groceries and $150 for transport each month. | Emergency fund",
            "Compound interest | Interest earned on both the money you put in and the interest it has already "
            "earned, so savings grow faster over time. | $1,000 at 5% a year grows to about $1,629 after ten "
            "years. | APR, Index fund",
            "Emergency fund | Cash kept aside in an easy-to-reach account to cover surprise costs such as a car "
            "repair or a lost job. | Three months of rent and bills in a savings account. | Budget",
            "Index fund | A fund that buys every share in a market index, such as the S&P 500, so it follows the "
            "market at low cost. | An S&P 500 fund rises about as much as the index itself. | Compound interest",
            "Net worth | Everything you own minus everything you owe, measured at one point in time. | $30,000 "
            "in savings minus a $12,000 car loan leaves $18,000. | ",
        ),
        30,
        "Credit score | A number, usually between 300 and 850, that lenders use to judge how likely you are to "
        "repay a loan. | A score of 760 usually gets you a lower mortgage rate. | APR",
        ("APR", "Budget"),
        "Index fund",
        (
            "Net worth",
            "Everything you own, such as cash, investments, your home and your car, minus everything you owe, "
            "such as mortgages, student loans and card balances, measured at one point in time and tracked over "
            "the years to see whether you are getting ahead.",
        ),
        "Compound interest",
        ("Budget", "Sinking fund"),
        (
            "Emergency fund",
            "An emergency fund is cash kept aside to cover surprise costs such as a car repair or a lost job.",
        ),
    ),
    Glossary(
        "Please write a glossary of Git terms for new developers: branch, commit, merge, pull request, rebase, "
        "remote. Six entries, alphabetical order, terms in bold, definitions of at most 22 words, an example of "
        "each (a command is fine), See also links only to other terms in the glossary, never define a word with "
        "itself, and a title that mentions Git.",
        "Here's a glossary you can drop into the onboarding docs.",
        "# Git glossary for new developers",
        "Git",
        "**{term}:** ",
        ("_Example:_", "_See also:_"),
        False,
        (
            "Branch | A movable pointer to a line of commits, letting you work on a change apart from the main "
            "line. | `git switch -c fix-login` starts one called fix-login. | Commit, Merge",
            "Commit | A saved snapshot of your staged changes, with a message, an author and a unique ID. | `git "
            'commit -m "Fix typo"` records one. | Branch',
            "Merge | Combining the history of one branch into another, creating a new commit when both have "
            "moved on. | `git merge feature` brings the feature work into the current branch. | Rebase",
            "Pull request | A proposal on a hosting site such as GitHub to review a branch's changes and merge "
            "them into another branch. | Opening one from fix-login to main asks teammates for a review. | "
            "Branch, Merge",
            "Rebase | Replaying your commits on top of another branch so the history reads as a straight line. | "
            "`git rebase main` moves your branch's commits after the latest main. | Merge",
            "Remote | A copy of the repository hosted elsewhere, which you fetch from and push to. | `origin` is "
            "the one Git sets up when you clone. | ",
        ),
        22,
        "Stash | A place to park uncommitted changes so you can switch branches with a clean working tree. | "
        "`git stash`, then `git stash pop` to bring the changes back. | Commit",
        ("Commit", "Merge"),
        "Rebase",
        (
            "Remote",
            "A copy of the repository hosted somewhere else, usually on a server such as GitHub or GitLab, which "
            "you fetch new commits from and push your own commits to over the network.",
        ),
        "Branch",
        ("Commit", "HEAD"),
        ("Merge", "To merge is to combine the history of one branch into another, creating a new commit."),
    ),
    Glossary(
        "Write a glossary for our coffee shop's brewing class: bloom, crema, espresso, extraction, pour-over, "
        "roast date. Exactly six terms in A-Z order, each term bold, each definition 25 words at most, one "
        "example per term, cross-references only to terms defined in the glossary, no definition that repeats "
        "its own term, and a title naming the subject. Markdown list please.",
        "Sure! Here it is:",
        "### Coffee brewing glossary",
        "coffee",
        "- **{term}** — ",
        ("*Example:*", "*See also:*"),
        True,
        (
            "Bloom | The bubbling as hot water first meets fresh grounds and releases trapped carbon dioxide, "
            "usually given 30 to 45 seconds. | Pour 50 g of water over 25 g of grounds and wait. | Pour-over",
            "Crema | The tan foam on top of an espresso shot, made of oils and gas pushed out under pressure. | "
            "A fresh dark roast pulls a thick, hazelnut-coloured layer. | Espresso",
            "Espresso | A small, strong coffee made by forcing hot water through finely ground beans at about 9 "
            "bar of pressure. | A double shot is about 36 g of liquid from 18 g of grounds. | Crema, Extraction",
            "Extraction | How much of the bean's soluble flavour the water dissolves; too little tastes sour, "
            "too much tastes bitter. | A shot that runs through in 15 seconds usually tastes sour. | Espresso",
            "Pour-over | A brewing method where you pour hot water by hand through grounds sitting in a paper "
            "filter. | A V60 with 15 g of grounds and 250 g of water. | Bloom",
            "Roast date | The day the beans came out of the roaster; most beans taste best one to four weeks "
            "after it. | Beans roasted on a Monday peak over the following weeks. | ",
        ),
        25,
        "Grind size | How fine or coarse the beans are ground, which controls how fast water flows through them. "
        "| An espresso needs a powder-fine grind; a French press needs a coarse one. | Extraction",
        ("Crema", "Espresso"),
        "Bloom",
        (
            "Extraction",
            "How much of the bean's soluble flavour the water dissolves from the grounds during brewing, which "
            "depends on the grind, the water temperature, the brewing time and the ratio; too little tastes "
            "sour, too much tastes bitter.",
        ),
        "Roast date",
        ("Pour-over", "Burr grinder"),
        ("Crema", "The crema is the tan foam on top of an espresso shot, made of oils and gas."),
    ),
)


def entry(line: str) -> Entry:
    term, definition, example, refs = line.split(" | ")
    return term, definition, example, tuple(ref for ref in refs.split(", ") if ref)


def build(glossary: Glossary, on: dict[str, bool]) -> str:
    entries = [entry(line) for line in glossary.entries]
    if not on["count"]:
        entries = sorted([*entries, entry(glossary.extra)], key=lambda found: found[0].lower())
    if not on["alphabetical"]:
        first, second = (next(at for at, e in enumerate(entries) if e[0] == term) for term in glossary.swapped)
        entries[first], entries[second] = entries[second], entries[first]
    blocks = []
    for term, definition, example, refs in entries:
        head = glossary.head.format(term=term)
        if term == glossary.plain and not on["bold"]:
            head = head.replace("**", "")
        if term == glossary.long[0] and not on["length"]:
            definition = glossary.long[1]
        if term == glossary.circular[0] and not on["no_self"]:
            definition = glossary.circular[1]
        if term == glossary.dangling[0] and not on["xref"]:
            refs = (*refs, glossary.dangling[1])
        parts = [head + definition]
        if term != glossary.bare or on["example"]:
            parts.append(f"{glossary.labels[0]} {example}")
        if refs:
            parts.append(f"{glossary.labels[1]} {', '.join(refs)}" + ("." if glossary.listed else ""))
        blocks.append((" " if glossary.listed else "\n").join(parts))
    body = ("\n" if glossary.listed else "\n\n").join(blocks)
    title = glossary.title if on["title"] else glossary.title.split()[0] + " Glossary"
    return "\n\n".join(block for block in (glossary.lead, title, body) if block)


# Reading a glossary ----------------------------------------------------------------------------


def chunks(answer: str) -> list[str]:
    """The text of every entry: each list item, or each paragraph outside a list, its lines joined;
    headings and a lead-in ending with a colon left out."""
    out: list[str] = []
    for block in re.split(r"\n\s*\n", answer.strip()):
        lines = [line.strip() for line in block.strip().splitlines() if line.strip()]
        if not lines or lines[0].startswith("#") or block.rstrip().endswith(":"):
            continue
        if not ITEM.match(lines[0]):
            out.append(" ".join(lines))
            continue
        items: list[str] = []
        for line in lines:
            if ITEM.match(line):
                items.append(ITEM.sub("", line, count=1))
            elif items:
                items[-1] += " " + line
        out += items
    return out


def entries(answer: str) -> list[tuple[str, bool, str, str | None, list[str]]]:
    """(term, in bold, definition, example or None, cross-references) for every entry."""
    out = []
    for chunk in chunks(answer):
        bold = BOLD.match(chunk)
        match = bold or PLAIN.match(chunk)
        if not match:
            continue
        rest = match.group(2)
        example, see = EXAMPLE.search(rest), SEE.search(rest)
        cut = min([m.start() for m in (example, see) if m], default=len(rest))
        shown = None
        if example:
            end = see.start() if see and see.start() > example.start() else len(rest)
            shown = rest[example.end() : end].strip() or None
        refs = [r.strip(" *_.") for r in re.split(r"[,;]|\band\b", rest[see.end() :])] if see else []
        out.append((match.group(1).strip(), bold is not None, rest[:cut].strip(), shown, [r for r in refs if r]))
    return out


def words(text: str) -> int:
    return len(WORD.findall(text))


def uses_itself(term: str, definition: str) -> bool:
    return re.search(rf"\b{re.escape(term)}\b", definition, re.IGNORECASE) is not None


def titled(answer: str, domain: str) -> bool:
    heads = [line for line in answer.splitlines() if re.match(r"^#{1,4}\s", line)]
    return any(re.search(rf"\b{re.escape(domain)}\b", line, re.IGNORECASE) for line in heads)


def candidates(rng: random.Random, glossary: Glossary, answer: str) -> list[Criterion]:
    found = entries(answer)
    terms = [term for term, *_ in found]
    known = {term.lower() for term in terms}
    refs = [ref for *_, listed in found for ref in listed]
    count, limit, domain = len(glossary.entries), glossary.limit, glossary.domain
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "alphabetical",
            len(terms) > 1 and terms == sorted(terms, key=str.lower),
            ("The terms are in alphabetical order", "Lists the terms A to Z"),
        ),
        (
            "bold",
            bool(found) and all(bold for _, bold, *_ in found),
            ("Every term is in bold", "Each term being defined is bolded"),
        ),
        (
            "count",
            len(found) == count,
            (f"Defines exactly {count} terms", f"Has {count} entries, no more and no fewer"),
        ),
        (
            "length",
            bool(found) and all(0 < words(definition) <= limit for _, _, definition, *_ in found),
            (f"No definition is longer than {limit} words", f"Every definition is {limit} words or fewer"),
        ),
        (
            "example",
            bool(found) and all(example for *_, example, _ in found),
            ("Every term comes with an example", "Gives an example for each term"),
        ),
        (
            "xref",
            bool(refs) and all(ref.lower() in known for ref in refs),
            (
                "Every cross-reference points to a term defined in the glossary",
                "All See also references name terms that the glossary itself defines",
            ),
        ),
        (
            "no_self",
            bool(found) and not any(uses_itself(term, definition) for term, _, definition, *_ in found),
            ("No definition uses the term it defines", "Does not define any term using the term itself"),
        ),
        (
            "title",
            titled(answer, domain),
            (f"Has a title that names the subject ({domain})", f"The glossary's heading mentions {domain}"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("alphabetical", "bold", "count", "length", "example", "xref", "no_self", "title")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, GLOSSARIES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
