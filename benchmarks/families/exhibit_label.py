"""Exhibit label family (fresh27): the gallery label for the museum object a task describes (a Roman oil lamp, a
Victorian girl's sampler, a railway poster of the 1930s, a transistor radio of the 1960s): a title, the fields the
task names in its order (maker or artist, date, materials, accession or object number, credit line), a short text for
visitors that says where the object comes from, and a question to end it, a kind of answer no grader was run on while
any of its rules was written. Run only as `--set fresh27`, never in `all`, `new`, `docs`, `held` or an earlier fresh
set.

An answer is the label, its fields as bold `Field:` lines under a Markdown heading, as a bulleted list, as plain lines
in a fenced block for the printer, or as the rows of a Markdown table, written right and then changed by switches: the
text within the task's word limit or a paragraph longer, the materials the task gives or one more or fewer, the credit
line naming the donor or someone vaguer, the maker's name spelt one way or once another, the text ending on a question
or a statement, none of the words the task rules out or one of them, the fields in the task's order or two swapped,
the date the task gives or another, and the place the object comes from in the text or left out. Every truth is read
from the text: the label from its fenced block when it has one, each field from the first line that starts (after any
Markdown marks) with its name and a colon or a table's bar, the body as every other line but the title, its words as
runs of letters and digits, the materials as the field's items between commas and `and`, the maker's spellings by
pattern (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, fenced_or_whole, pick_wording, slipped, swap_lines, switched_cases

FAMILY = "exhibit_label"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
WORD = re.compile(r"[A-Za-z0-9]+(?:['’.][A-Za-z0-9]+)*")
ITEMS = re.compile(r",\s*(?:and\s+)?|\s+and\s+")
HEADING = re.compile(r"^\s*#{1,6}\s")
MARKS = " \t|*_->"


@dataclass(frozen=True)
class Exhibit:
    name: str
    task: str
    text: str
    """The answer written right."""
    fields: tuple[str, ...]
    """The fields the task asks for, in its order, as the label names them."""
    limit: int
    """The most words the text under the fields may have."""
    materials: int
    donor: str
    person: str
    spellings: str
    """The maker's name as the task writes it, and a pattern for any spelling of it."""
    banned: tuple[str, ...]
    date: str
    place: str
    where: str
    """The place the text must name, and how the criteria say it."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


LAMP = """# Oil lamp with a gladiator

**Maker:** workshop of Fortis
**Date:** AD 70–100
**Materials:** fired clay and red slip
**Accession number:** 1931.204
**Credit line:** Gift of the Usk Valley Archaeological Society, 1932

Lamps like this lit Roman homes after dark. Olive oil went in through the hole in the top, and a linen wick burned \
in the nozzle. This one was dug up at Caerleon, the legionary fortress in South Wales, in 1931. The workshop of Fortis \
stamped its name under the base.

Can you spot the gladiator raising his shield?"""

SAMPLER = """**Sampler: Remember Now Thy Creator**

- Maker: Hannah Pryce, aged 11
- Date: 1847
- Materials: wool, silk and linen
- Accession number: 1978.12
- Credit line: Bequeathed by Miss Edith Morgan

Hannah Pryce stitched this sampler at the village school in Llanfyllin, Montgomeryshire, when she was eleven. Girls \
practised letters and numbers in thread, and a neat sampler showed that a girl could mark and mend the linen of a \
household. Hannah worked two alphabets, a verse and a border of strawberries.

Which letter did Hannah stitch backwards?"""

POSTER = """Here is the label copy for the printer, as one block:

```text
Whitby: It's Quicker by Rail
Artist: Edith Marlowe
Date: 1931
Materials: lithographic ink and paper
Object number: 2004.7.15
Credit line: Purchased with help from the Art Fund

Railway companies paid artists to make the seaside look irresistible. Edith Marlowe's poster hung at York station, \
where passengers waiting for trains could picture the sands and the abbey on the cliff. She used only four flat \
colours, which kept the printing cheap.
How many people can you count on the beach?
```"""

RADIO = """**Transistor radio, Skylark T-22**

| Field | Detail |
|---|---|
| Maker | Bellcraft Radio Company |
| Date | 1962 |
| Materials | plastic, brass, leather and glass |
| Object number | 2011.55.3 |
| Credit line | Gift of Ruth and Alan Greaves |

In 1962 a radio small enough to carry was new and exciting. Bellcraft built the Skylark in a factory in Leeds, and \
teenagers took it to parks and beaches to hear pop music away from their parents. Its transistors used far less power \
than the glass valves of older sets, so one battery lasted for weeks.

What would you have listened to on it?"""

EXHIBITS = (
    Exhibit(
        "oil lamp",
        "Write the gallery label for a Roman oil lamp: a title, then the fields Maker, Date, Materials, Accession number "
        "and Credit line in that order, then no more than 75 words of text. Maker: workshop of Fortis. Date: AD 70–100. "
        "Materials: fired clay and red slip. Accession number 1931.204. Gift of the Usk Valley Archaeological Society, "
        "1932. It was dug up at Caerleon in 1931 and shows a gladiator. Say where it was found, end with a question for "
        "visitors, and keep out the words terracotta, iconography and provenance.",
        LAMP,
        ("Maker", "Date", "Materials", "Accession number", "Credit line"),
        75,
        2,
        "the Usk Valley Archaeological Society",
        "Fortis",
        r"\bFort[ei]s\b",
        ("terracotta", "iconography", "provenance"),
        "AD 70–100",
        "Caerleon",
        "where the lamp was found (Caerleon)",
        (
            swap_lines(LAMP, "**Date:**", "**Materials:**"),
            (
                "words",
                "under the base.",
                "under the base. Fortis was one of the best known lamp makers of the first century, and his lamps sold "
                "so well that other workshops copied them, pressing new moulds from finished lamps and copying the "
                "stamp too, so not every lamp that carries the name was made in the same place.",
            ),
            ("materials", "fired clay and red slip", "fired clay, red slip and soot"),
            ("credit", "Gift of the Usk Valley Archaeological Society", "Gift of a private donor"),
            ("name", "The workshop of Fortis stamped", "The workshop of Fortes stamped"),
            (
                "question",
                "Can you spot the gladiator raising his shield?",
                "Look for the gladiator raising his shield.",
            ),
            ("no_jargon", "Lamps like this lit", "Terracotta lamps like this lit"),
            ("date", "AD 70–100", "AD 170–200"),
            (
                "place",
                "This one was dug up at Caerleon, the legionary fortress in South Wales, in 1931.",
                "This one was dug up in 1931.",
            ),
        ),
    ),
    Exhibit(
        "sampler",
        "Label text please for a Victorian sampler in our schoolroom gallery. Title, then as a bulleted list: Maker, "
        "Date, Materials, Accession number, Credit line. Maker Hannah Pryce, aged 11; 1847; wool, silk and linen; "
        "1978.12; bequeathed by Miss Edith Morgan. Then up to 80 words for families: she made it at the village "
        "school in Llanfyllin, and one letter is stitched backwards. Say where it was made, finish with a question, "
        "and don't use polychrome, motif or provenance.",
        SAMPLER,
        ("Maker", "Date", "Materials", "Accession number", "Credit line"),
        80,
        3,
        "Miss Edith Morgan",
        "Pryce",
        r"\bPr[iy]ce\b",
        ("polychrome", "motif", "provenance"),
        "1847",
        "Llanfyllin",
        "where the sampler was made (Llanfyllin)",
        (
            swap_lines(SAMPLER, "- Date:", "- Materials:"),
            (
                "words",
                "the linen of a household.",
                "the linen of a household. Most girls learned to sew before they learned to write well, and their "
                "teachers hung the best samplers on the schoolroom wall so that parents and visiting inspectors could "
                "see how neat and patient the pupils had become over the long winter terms.",
            ),
            ("materials", "wool, silk and linen", "wool, silk, linen and horsehair"),
            ("credit", "Bequeathed by Miss Edith Morgan", "Bequeathed by a local family"),
            ("name", "Hannah Pryce stitched", "Hannah Price stitched"),
            ("question", "Which letter did Hannah stitch backwards?", "One letter is stitched backwards."),
            ("no_jargon", "a border of strawberries", "a border motif of strawberries"),
            ("date", "Date: 1847", "Date: 1874"),
            (
                "place",
                "at the village school in Llanfyllin, Montgomeryshire, when",
                "at her village school when",
            ),
        ),
    ),
    Exhibit(
        "railway poster",
        "Can you write the label for our 1931 railway poster, Whitby: It's Quicker by Rail, as one plain-text block "
        "for the printer? Title, then Artist, Date, Materials, Object number and Credit line, in that order; then no "
        "more than 70 words for visitors. Artist Edith Marlowe; materials lithographic ink and paper; object number "
        "2004.7.15; purchased with help from the Art Fund. It hung at York station. Say where it hung, end on a "
        "question, and avoid iconic, palette and modernist.",
        POSTER,
        ("Artist", "Date", "Materials", "Object number", "Credit line"),
        70,
        2,
        "the Art Fund",
        "Marlowe",
        r"\bMarlowe?\b",
        ("iconic", "palette", "modernist"),
        "1931",
        "York",
        "where the poster hung (York station)",
        (
            swap_lines(POSTER, "Date: 1931", "Materials:"),
            (
                "words",
                "kept the printing cheap.",
                "kept the printing cheap. Posters like this were pasted up by the thousand on station walls across the "
                "north, changed with the seasons, and thrown away when the holidays ended, so very few of them "
                "survive in good condition today, and a clean copy with its colours still bright, like this one, "
                "is a rare thing.",
            ),
            ("materials", "lithographic ink and paper", "lithographic ink, paper and linen backing"),
            ("credit", "Purchased with help from the Art Fund", "Purchased in 2004"),
            ("name", "Edith Marlowe's poster", "Edith Marlow's poster"),
            ("question", "How many people can you count on the beach?", "Count the people on the beach."),
            ("no_jargon", "only four flat colours", "a palette of only four flat colours"),
            ("date", "Date: 1931", "Date: 1913"),
            (
                "place",
                "hung at York station, where passengers waiting for trains could picture",
                "let passengers picture",
            ),
        ),
    ),
    Exhibit(
        "transistor radio",
        "Museum label for a 1962 Skylark T-22 transistor radio made by the Bellcraft Radio Company in Leeds. Title, "
        "then a small table with Maker, Date, Materials, Object number, Credit line in that order (materials: plastic, "
        "brass, leather and glass; object number 2011.55.3; gift of Ruth and Alan Greaves). Then at most 80 words on "
        "why teenagers loved it, saying where it was made, ending with a question for visitors. Please avoid the "
        "words iconic, ephemera and zeitgeist.",
        RADIO,
        ("Maker", "Date", "Materials", "Object number", "Credit line"),
        80,
        4,
        "Ruth and Alan Greaves",
        "Bellcraft",
        r"\bBell?craft\b",
        ("iconic", "ephemera", "zeitgeist"),
        "1962",
        "Leeds",
        "where the radio was made (Leeds)",
        (
            swap_lines(RADIO, "| Date |", "| Materials |"),
            (
                "words",
                "lasted for weeks.",
                "lasted for weeks. Shops sold them in bright colours with a leather case and a strap, and many "
                "were given as birthday or Christmas presents, so that for the first time a young person could choose "
                "what to listen to in private instead of sharing one set with the family.",
            ),
            ("materials", "plastic, brass, leather and glass", "plastic, brass and leather"),
            ("credit", "Gift of Ruth and Alan Greaves", "Gift of a collector"),
            ("name", "Bellcraft built the Skylark", "Belcraft built the Skylark"),
            ("question", "What would you have listened to on it?", "Imagine what you would have listened to on it."),
            ("no_jargon", "was new and exciting", "captured the zeitgeist"),
            ("date", "| Date | 1962 |", "| Date | 1965 |"),
            ("place", " in a factory in Leeds", ""),
        ),
    ),
)


def build(exhibit: Exhibit, on: dict[str, bool]) -> str:
    return slipped(exhibit.text, exhibit.slips, on, exhibit.name)


# Reading a label --------------------------------------------------------------------------------


def fields(exhibit: Exhibit, text: str) -> dict[str, tuple[int, str]]:
    """Each of the exhibit's fields: the index of the first line that starts (after any Markdown marks) with its name
    and a colon or a table's bar, and the value after it."""
    out: dict[str, tuple[int, str]] = {}
    for at, line in enumerate(text.splitlines()):
        bare = line.lstrip(MARKS)
        for name in exhibit.fields:
            if name not in out and bare.lower().startswith(name.lower()):
                rest = bare[len(name) :].lstrip(" *_")
                if rest[:1] in (":", "|"):
                    out[name] = (at, rest[1:].strip(" |*_"))
    return out


def body(exhibit: Exhibit, text: str) -> list[str]:
    """The label's lines that are not its title, a field, a heading or a table row."""
    lines = text.splitlines()
    taken = {at for at, _ in fields(exhibit, text).values()}
    title = next((at for at, line in enumerate(lines) if line.strip()), -1)
    return [
        line.strip()
        for at, line in enumerate(lines)
        if at != title
        and at not in taken
        and line.strip()
        and not HEADING.match(line)
        and not line.lstrip().startswith("|")
    ]


def words(text: str) -> int:
    return len(WORD.findall(text))


def items(value: str) -> list[str]:
    """An inline list's items, between commas and `and`."""
    return [item for item in ITEMS.split(value) if item.strip()]


def in_order(exhibit: Exhibit, found: dict[str, tuple[int, str]]) -> bool:
    places = [found[name][0] for name in exhibit.fields if name in found]
    return len(places) == len(exhibit.fields) and places == sorted(places)


def quoted(names: tuple[str, ...]) -> str:
    marked = [f"'{name}'" for name in names]
    return f"{', '.join(marked[:-1])} or {marked[-1]}"


WORDINGS = {
    "words": (
        "The text for visitors runs to no more than {limit} words",
        "Keeps the interpretive text within {limit} words",
    ),
    "materials": (
        "The Materials field lists exactly {n} materials",
        "Names {n} materials in its Materials line, no more and no fewer",
    ),
    "credit": ("The credit line names {donor}", "Credits the object to {donor} in its credit line"),
    "name": ("Spells the name {person} the same way every time", "Keeps one spelling of {person} throughout"),
    "question": ("Ends with a question addressed to visitors", "Its last line asks the visitor a question"),
    "no_jargon": ("Avoids the terms {banned}", "Does not use {banned}"),
    "order": ("Gives the fields in the order {order}", "Its fields run {order}, in that order"),
    "date": ("Its Date field reads {date}", "Dates the object {date} in the Date field"),
    "place": ("The text says {where}", "Tells visitors {where}"),
}
"""Two wordings of each kind of criterion, filled from the exhibit."""


def truths(exhibit: Exhibit, answer: str) -> dict[str, bool]:
    text = fenced_or_whole(answer)
    found = fields(exhibit, text)
    lines = body(exhibit, text)
    spellings = re.findall(exhibit.spellings, answer)
    return {
        "words": bool(lines) and words(" ".join(lines)) <= exhibit.limit,
        "materials": "Materials" in found and len(items(found["Materials"][1])) == exhibit.materials,
        "credit": "Credit line" in found and exhibit.donor.lower() in found["Credit line"][1].lower(),
        "name": len(spellings) >= 2 and all(s == exhibit.person for s in spellings),
        "question": bool(lines) and lines[-1].rstrip(" *_").endswith("?"),
        "no_jargon": not any(re.search(rf"\b{re.escape(word)}", answer, re.I) for word in exhibit.banned),
        "order": in_order(exhibit, found),
        "date": "Date" in found and found["Date"][1] == exhibit.date,
        "place": exhibit.place in " ".join(lines),
    }


def candidates(rng: random.Random, exhibit: Exhibit, answer: str) -> list[Criterion]:
    values = {
        "limit": exhibit.limit,
        "n": exhibit.materials,
        "donor": exhibit.donor,
        "person": exhibit.person,
        "banned": quoted(exhibit.banned),
        "order": ", ".join(exhibit.fields),
        "date": exhibit.date,
        "where": exhibit.where,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(exhibit, answer).items()
    ]


SWITCHES = ("words", "materials", "credit", "name", "question", "no_jargon", "order", "date", "place")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, EXHIBITS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
