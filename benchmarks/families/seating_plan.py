"""Seating plan family (fresh16): the wedding seating plan a task asks for (four weddings, each with its
guest list, its couples, two guests to keep apart, the people for the head table, the children, the
vegetarians and the seats a table holds), six tables, a kind of answer no grader was run on while any of
its rules was written. Run only as `--set fresh16`, never in `all`, `new`, `docs`, `held` or an earlier
fresh set.

An answer is the plan, one line a table (bold labels, plain lines in a fenced block or not, or a Markdown
table), written right and then changed by switches: everyone seated or one guest left off, no table over
its seats or one guest moved onto a full table, every couple together or one partner swapped to the next
table, the two kept apart or one swapped onto the other's table, no one listed twice or one guest written
again at the children's table, the head table exactly its people or one swapped with a guest, every child
at the children's table or one swapped with an adult, every vegetarian marked or one mark dropped, and a
first line with the couple's names and the date or none. Every truth is read from the text: a table is a
line naming `Table N`; its guests are the last cell of a Markdown row or what follows the first `:` on the
line, split at commas, each mark (`(V)`, `(veg)`, `[veg]`) and `*` taken off; its label is the rest, where
`head` names the head table and `kids` or `children` the children's. Switches that move a guest swap the
last name of one table with the first of the next, so no table changes size but the one a guest is moved
onto.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "seating_plan"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
TABLE = re.compile(r"\bTable\s+(\d+)\b(.*)")
MARK = re.compile(r"\s*(?:\(V\)|\(veg\)|\[veg\])")
KIDS = re.compile(r"\bkids\b|\bchildren", re.I)

Table = tuple[str, list[str]]
"""A table's label and the guests at it, as written (marks kept)."""


@dataclass(frozen=True)
class Wedding:
    task: str
    text: str
    """The answer written right."""
    couple: tuple[str, str]
    day: str
    seats: int
    head: tuple[str, ...]
    kids: tuple[str, ...]
    couples: tuple[tuple[str, str], ...]
    apart: tuple[str, str]
    vegetarians: tuple[str, ...]
    """The couple's first names, the date, the seats a table holds and who the task puts where."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


def swap(text: str, switch: str, last: str, first: str) -> tuple[str, str, str]:
    """The slip that swaps one table's last guest with the next table's first."""
    start = text.index(last)
    end = text.index(first, start) + len(first)
    middle = text[start + len(last) : end - len(first)]
    return (switch, text[start:end], first + middle + last)


def move(text: str, last: str, first: str) -> tuple[str, str, str]:
    """The slip that moves one table's last guest to the front of the next table."""
    start = text.index(", " + last)
    end = text.index(first, start) + len(first)
    middle = text[start + 2 + len(last) : end - len(first)]
    return ("capacity", text[start:end], f"{middle}{last}, {first}")


CHEN = """# Seating plan: Maya & Luis, 14 June 2025

**Table 1 (head table):** Maya Chen, Luis Ortega, Ana Ortega, Daniel Chen
**Table 2:** Priya Shah, Raj Patel, Meena Patel (V), Sofia Reyes, Hana Kim (V)
**Table 3:** Tom Becker, Ivan Petrov, Omar Haddad, Leila Haddad
**Table 4:** Wen Zhou, Jorge Ortega, Lucía Ortega, Ben Carter (V), Chloe Carter, Felix Braun
**Table 5:** Nora Blake, Marco Rossi, Giulia Rossi, Kenji Sato, Amara Obi, Lars Nilsen
**Table 6 (kids):** Mia Ortega, Leo Ortega, Sam Carter, Zoe Haddad

(V) = vegetarian main. Sofia and Tom are on different tables, and every couple is seated together."""

SAID = """Here's the seating plan for Amira and Jonah's wedding on 6 September 2025 (tables of five):

```text
Table 1 (head)     : Amira Said, Jonah Price, Yusuf Said, Grace Price
Table 2            : Elif Kaya, Dev Rao (veg), Hugo Martin, Chloé Martin, Sami Haddad
Table 3            : Kofi Mensah, Ruth Adler, Joel Berg, Sara Lind (veg), Paul Adler
Table 4            : Iris Novak, Lena Fischer, Max Fischer, Pete Walsh
Table 5            : Tariq Aziz, Noor Aziz, Mina Park (veg), Olga Ivanova, Bram Visser
Table 6 (children) : Ella Price, Finn Price, Ayla Said
```

Notes: the children's table sits next to the Prices' table; Dev and Kofi are kept apart, as you asked."""

BIANCHI = """## Seating plan — Chiara & Ade · 21 March 2026

| Table | Who | Guests |
|---|---|---|
| Table 1 | Head table | Chiara Bianchi, Ade Okoro, Funmi Okoro, Luca Bianchi |
| Table 2 | Chiara's family | Stefano Greco, Rosa Bianchi, Paolo Bianchi, Giada Romano, Bruno Esposito |
| Table 3 | Ade's family | Dario Villa, Emeka Obi, Ngozi Obi, Kemi Adeyemi (V), Tunde Adeyemi |
| Table 4 | Work friends | Sean Murphy, Hannah Lee, Chris Lee, Elena Conti (V), Marco Conti, Ola Nordmann, Jess Wong |
| Table 5 | Friends | Aisha Bello, Femi Bello, Tom Hughes, Lily Hughes, Raj Menon (V), Anna Berg, Kai Berg, Omar Said |
| Table 6 | Kids | Sofia Greco, Leo Hughes, Tayo Bello |

(V) marks a vegetarian meal. Tables seat up to eight."""

SATO = """Seating plan for Hana and Felix, Saturday 9 May 2026
Table 1 (head table): Hana Sato, Felix Wagner, Yumi Sato, Jan Wagner
Table 2: Ayumi Mori, Rui Costa, Ines Costa, Kai Müller, Greta Holm
Table 3: Bram de Vries, Mei Lin [veg], Sven Olsen, Ida Olsen
Table 4: Nils Berg, Paula Diaz [veg], Jorge Diaz, Otto Klein, Emma Stein
Table 5: Lukas Braun, Marie Braun, Ravi Nair [veg], Sana Nair, Chen Wei, Tobias Roth
Table 6 (kids): Emi Sato, Noah Wagner, Lia Braun
[veg] = vegetarian menu"""


def slips(
    text: str, order: tuple[str, ...], extra: tuple[tuple[str, str, str], ...]
) -> tuple[tuple[str, str, str], ...]:
    """The five switches that move a guest, from the names at each table's boundary in `order` (head's last and
    the next first, then for apart, together, capacity and kids), and the rest."""
    head, apart, together, capacity, kids = (order[i : i + 2] for i in range(0, 10, 2))
    moved = (
        swap(text, "head", *head),
        swap(text, "apart", *apart),
        swap(text, "together", *together),
        move(text, *capacity),
        swap(text, "kids", *kids),
    )
    return (*moved, *extra)


WEDDINGS = (
    Wedding(
        "Seating plan for our wedding (Maya & Luis, 14 June 2025), six tables of six, title line with our names "
        "and the date. Head table: Maya Chen, Luis Ortega, Ana Ortega, Daniel Chen. Kids together: Mia Ortega, Leo "
        "Ortega, Sam Carter, Zoe Haddad. Couples stay together: Raj & Meena Patel, Omar & Leila Haddad, Jorge & "
        "Lucía Ortega, Ben & Chloe Carter, Marco & Giulia Rossi. Keep Sofia Reyes and Tom Becker apart. Also "
        "seating Priya Shah, Hana Kim, Ivan Petrov, Wen Zhou, Felix Braun, Nora Blake, Kenji Sato, Amara Obi and "
        "Lars Nilsen. Mark the vegetarians: Meena, Hana and Ben.",
        CHEN,
        ("Maya", "Luis"),
        "14 June 2025",
        6,
        ("Maya Chen", "Luis Ortega", "Ana Ortega", "Daniel Chen"),
        ("Mia Ortega", "Leo Ortega", "Sam Carter", "Zoe Haddad"),
        (
            ("Raj Patel", "Meena Patel"),
            ("Omar Haddad", "Leila Haddad"),
            ("Jorge Ortega", "Lucía Ortega"),
            ("Ben Carter", "Chloe Carter"),
            ("Marco Rossi", "Giulia Rossi"),
        ),
        ("Sofia Reyes", "Tom Becker"),
        ("Meena Patel", "Hana Kim", "Ben Carter"),
        slips(
            CHEN,
            ("Daniel Chen", "Priya Shah", "Hana Kim (V)", "Tom Becker", "Leila Haddad", "Wen Zhou")
            + ("Felix Braun", "Nora Blake", "Lars Nilsen", "Mia Ortega"),
            (
                ("all_seated", "Ivan Petrov, ", ""),
                ("once", "Zoe Haddad", "Zoe Haddad, Amara Obi"),
                ("dietary", "Ben Carter (V)", "Ben Carter"),
                ("title", "# Seating plan: Maya & Luis, 14 June 2025\n\n", ""),
            ),
        ),
    ),
    Wedding(
        "Can you do the table plan for Amira and Jonah's wedding on 6 September 2025? Tables seat five, six "
        "tables. Head table is Amira Said, Jonah Price, Yusuf Said and Grace Price. The children (Ella Price, Finn "
        "Price, Ayla Said) get their own table. Couples: Hugo & Chloé Martin, Ruth & Paul Adler, Lena & Max "
        "Fischer, Tariq & Noor Aziz. Dev Rao and Kofi Mensah must not share a table. Other guests: Elif Kaya, Sami "
        "Haddad, Joel Berg, Sara Lind, Iris Novak, Pete Walsh, Mina Park, Olga Ivanova, Bram Visser. Dev, Sara and "
        "Mina are vegetarian; please flag them.",
        SAID,
        ("Amira", "Jonah"),
        "6 September 2025",
        5,
        ("Amira Said", "Jonah Price", "Yusuf Said", "Grace Price"),
        ("Ella Price", "Finn Price", "Ayla Said"),
        (
            ("Hugo Martin", "Chloé Martin"),
            ("Ruth Adler", "Paul Adler"),
            ("Lena Fischer", "Max Fischer"),
            ("Tariq Aziz", "Noor Aziz"),
        ),
        ("Dev Rao", "Kofi Mensah"),
        ("Dev Rao", "Sara Lind", "Mina Park"),
        slips(
            SAID,
            ("Grace Price", "Elif Kaya", "Sami Haddad", "Kofi Mensah", "Paul Adler", "Iris Novak")
            + ("Pete Walsh", "Tariq Aziz", "Bram Visser", "Ella Price"),
            (
                ("all_seated", "Joel Berg, ", ""),
                ("once", "Ayla Said\n", "Ayla Said, Olga Ivanova\n"),
                ("dietary", "Sara Lind (veg)", "Sara Lind"),
                ("title", "for Amira and Jonah's wedding on 6 September 2025 ", ""),
            ),
        ),
    ),
    Wedding(
        "We need a seating chart as a Markdown table for Chiara & Ade's wedding, 21 March 2026; start with a title "
        "giving our names and the date. Six tables, up to eight seats each. Head table: Chiara Bianchi, Ade Okoro, "
        "Funmi Okoro, Luca Bianchi. Kids' table: Sofia Greco, Leo Hughes, Tayo Bello. Couples together: Rosa & "
        "Paolo Bianchi, Elena & Marco Conti, Emeka & Ngozi Obi, Kemi & Tunde Adeyemi, Hannah & Chris Lee, Aisha & "
        "Femi Bello, Tom & Lily Hughes, Anna & Kai Berg. Giada Romano and Dario Villa can't be at the same table. "
        "Also: Stefano Greco, Bruno Esposito, Sean Murphy, Ola Nordmann, Jess Wong, Raj Menon, Omar Said. "
        "Vegetarian: Elena, Kemi, Raj.",
        BIANCHI,
        ("Chiara", "Ade"),
        "21 March 2026",
        8,
        ("Chiara Bianchi", "Ade Okoro", "Funmi Okoro", "Luca Bianchi"),
        ("Sofia Greco", "Leo Hughes", "Tayo Bello"),
        (
            ("Rosa Bianchi", "Paolo Bianchi"),
            ("Elena Conti", "Marco Conti"),
            ("Emeka Obi", "Ngozi Obi"),
            ("Kemi Adeyemi", "Tunde Adeyemi"),
            ("Hannah Lee", "Chris Lee"),
            ("Aisha Bello", "Femi Bello"),
            ("Tom Hughes", "Lily Hughes"),
            ("Anna Berg", "Kai Berg"),
        ),
        ("Giada Romano", "Dario Villa"),
        ("Elena Conti", "Kemi Adeyemi", "Raj Menon"),
        slips(
            BIANCHI,
            ("Luca Bianchi", "Stefano Greco", "Bruno Esposito", "Dario Villa", "Tunde Adeyemi", "Sean Murphy")
            + ("Jess Wong", "Aisha Bello", "Omar Said", "Sofia Greco"),
            (
                ("all_seated", ", Ola Nordmann", ""),
                ("once", "Tayo Bello", "Tayo Bello, Stefano Greco"),
                ("dietary", "Raj Menon (V)", "Raj Menon"),
                ("title", "## Seating plan — Chiara & Ade · 21 March 2026\n\n", ""),
            ),
        ),
    ),
    Wedding(
        "Plain-text seating plan please, one line per table, for Hana and Felix's wedding on Saturday 9 May 2026. "
        "The first line should say whose wedding it is and when. Six tables, six seats each. Head table: Hana Sato, "
        "Felix Wagner, Yumi Sato, Jan Wagner. Kids: Emi Sato, Noah Wagner, Lia Braun. Couples: Rui & Ines Costa, "
        "Sven & Ida Olsen, Paula & Jorge Diaz, Lukas & Marie Braun, Ravi & Sana Nair. Keep Kai Müller away from "
        "Bram de Vries. Everyone else: Ayumi Mori, Greta Holm, Mei Lin, Nils Berg, Otto Klein, Emma Stein, Chen "
        "Wei, Tobias Roth. Mei, Paula and Ravi eat vegetarian, so mark them.",
        SATO,
        ("Hana", "Felix"),
        "9 May 2026",
        6,
        ("Hana Sato", "Felix Wagner", "Yumi Sato", "Jan Wagner"),
        ("Emi Sato", "Noah Wagner", "Lia Braun"),
        (
            ("Rui Costa", "Ines Costa"),
            ("Sven Olsen", "Ida Olsen"),
            ("Paula Diaz", "Jorge Diaz"),
            ("Lukas Braun", "Marie Braun"),
            ("Ravi Nair", "Sana Nair"),
        ),
        ("Kai Müller", "Bram de Vries"),
        ("Mei Lin", "Paula Diaz", "Ravi Nair"),
        slips(
            SATO,
            ("Jan Wagner", "Ayumi Mori", "Greta Holm", "Bram de Vries", "Ida Olsen", "Nils Berg")
            + ("Emma Stein", "Lukas Braun", "Tobias Roth", "Emi Sato"),
            (
                ("all_seated", ", Otto Klein", ""),
                ("once", "Lia Braun", "Lia Braun, Chen Wei"),
                ("dietary", "Paula Diaz [veg]", "Paula Diaz"),
                ("title", "Seating plan for Hana and Felix, Saturday 9 May 2026\n", ""),
            ),
        ),
    ),
)


def build(wedding: Wedding, on: dict[str, bool]) -> str:
    return slipped(wedding.text, wedding.slips, on, wedding.day)


# Reading a seating plan -------------------------------------------------------------------------


def tables(answer: str) -> list[Table]:
    """Each line naming `Table N`: its label and its guests as written."""
    out = []
    for line in answer.splitlines():
        found = TABLE.search(line)
        if found is None:
            continue
        if line.strip().startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            label, names = " ".join(cells[:-1]), cells[-1]
        else:
            label, _, names = found.group(2).partition(":")
        guests = [n.strip(" *") for n in names.split(",")]
        out.append((label.strip(" *"), [g for g in guests if g]))
    return out


def plain(guest: str) -> str:
    return MARK.sub("", guest).strip()


def where(found: list[Table], guest: str) -> set[int]:
    return {i for i, (_, names) in enumerate(found) if guest in map(plain, names)}


def labelled(found: list[Table], pattern: re.Pattern[str]) -> list[str]:
    """The guests of the first table whose label matches."""
    return next(([plain(g) for g in names] for label, names in found if pattern.search(label)), [])


def listing(names: tuple[str, ...]) -> str:
    return ", ".join(names[:-1]) + f" and {names[-1]}"


def title_right(wedding: Wedding, answer: str) -> bool:
    first = next((line for line in answer.splitlines() if line.strip()), "")
    return wedding.day in first and all(name in first for name in wedding.couple)


WORDINGS = {
    "all_seated": ("Seats every one of the {n} guests", "All {n} guests on the list have a seat"),
    "capacity": ("No table has more than {k} guests", "Every table seats {k} people or fewer"),
    "together": (
        "Each couple on the list is seated together",
        "No couple named in the request is split across two tables",
    ),
    "apart": ("Does not seat {a} and {b} at the same table", "{a} and {b} are at different tables"),
    "once": ("No guest is listed twice", "Nobody appears in the plan more than once"),
    "head": ("The head table seats only {head}", "{head} are at the head table, with nobody else there"),
    "kids": ("All the children ({kids}) sit at the kids' table", "The children's table has every child on it: {kids}"),
    "dietary": (
        "Marks every vegetarian guest ({vegs}) as vegetarian",
        "Shows that {vegs} get the vegetarian meal",
    ),
    "title": (
        "The first line gives the couple's names and the wedding date",
        "Opens with a line naming {first} and {second} and the date of the wedding",
    ),
}
"""Two wordings of each kind of criterion, filled from the wedding."""


def truths(wedding: Wedding, answer: str) -> dict[str, bool]:
    found = tables(answer)
    seated = [plain(g) for _, names in found for g in names]
    guests = {plain(g) for _, names in tables(wedding.text) for g in names}
    one, other = (where(found, guest) for guest in wedding.apart)
    return {
        "all_seated": bool(found) and guests <= set(seated),
        "capacity": bool(found) and all(len(names) <= wedding.seats for _, names in found),
        "together": all(where(found, a) & where(found, b) for a, b in wedding.couples),
        "apart": bool(one) and bool(other) and not one & other,
        "once": bool(seated) and len(set(seated)) == len(seated),
        "head": sorted(labelled(found, re.compile(r"\bhead\b", re.I))) == sorted(wedding.head),
        "kids": set(wedding.kids) <= set(labelled(found, KIDS)),
        "dietary": all(re.search(re.escape(v) + MARK.pattern, answer) for v in wedding.vegetarians),
        "title": title_right(wedding, answer),
    }


def candidates(rng: random.Random, wedding: Wedding, answer: str) -> list[Criterion]:
    values = {
        "n": len({plain(g) for _, names in tables(wedding.text) for g in names}),
        "k": wedding.seats,
        "a": wedding.apart[0],
        "b": wedding.apart[1],
        "head": listing(wedding.head),
        "kids": listing(wedding.kids),
        "vegs": listing(wedding.vegetarians),
        "first": wedding.couple[0],
        "second": wedding.couple[1],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(wedding, answer).items()
    ]


SWITCHES = ("all_seated", "capacity", "together", "apart", "once", "head", "kids", "dietary", "title")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, WEDDINGS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
