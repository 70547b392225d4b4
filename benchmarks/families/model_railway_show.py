"""Model railway show family (fresh42): the plan a model railway club's exhibition manager asks for to send the
exhibitors before the club's show (a two-day exhibition in a leisure centre, a village hall open day, a town hall
exhibition, a show in an academy's sports hall), with a welcome, the hours and admission, the layouts, arrival and
set-up, packing up and whom to ask, a kind of answer no grader was run on while any of its rules was written. Run only
as `--set fresh42`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the plan (Markdown headings with the layouts in a table, bold labels with bullets, plain `Label:` lines
with numbered lists, or `###` headings under a key-facts table), written right and then changed by switches. Every
truth is read from the text: the manager's name by its spellings, PAT testing and thanks by the words that write them,
the sections by their headings, the layouts as the list items and table rows under their heading, the welcome's
sentences by their closing marks, the table length from the first line with feet and metres, the family ticket's
saving from the line naming it (the party it is for, then the adult, child, family and saving amounts in order), and
the tables from the line giving them in all (its first figure there against the sum of the rest).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    converted,
    heading_order,
    line_with,
    listed,
    money,
    pick_wording,
    pipe_grids,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
)

FAMILY = "model_railway_show"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
PAT = re.compile(r"\bPAT\b|[Pp]ortable appliance test")
THANKS = re.compile(r"\bthank", re.I)
SET_UP = r"set-up|setting up"
PACKING = r"packing up"
LAYOUTS = r"layouts"
WELCOME = r"welcome"
ENDS = re.compile(r"[.!?](?=\s|$)")
FT = re.compile(r"(\d+(?:\.\d+)?)\s*ft\b")
METRES = re.compile(r"(\d+(?:\.\d+)?)\s*m\b")
PARTY = re.compile(r"(\d+) adults?,?\s*(?:and\s+)?(\d+) child", re.I)
TABLES = re.compile(r"\d+ tables in all", re.I)
METRES_PER_FOOT = 0.3048


@dataclass(frozen=True)
class Show:
    name: str
    """The exhibition manager's surname, as it is spelt."""
    task: str
    text: str
    """The answer written right."""
    layouts: int
    limit: int
    """The layouts asked for and the welcome's limit in sentences."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


DUNMORE = """# Dunmore Model Railway Exhibition 2026: exhibitors' plan

## Welcome
The show runs on Saturday 7 and Sunday 8 March 2026 at Dunmore Leisure Centre. We expect around 1,200 visitors over the weekend. This plan covers everything you need to know before you arrive.

## Opening hours and admission
| Day | Open |
|---|---|
| Saturday | 10:00 to 17:00 |
| Sunday | 10:00 to 16:00 |

Admission: adults £6.00, children £3.00, family ticket (2 adults, 2 children) £15.00, saving £3.00.

## Layouts
| Layout | Scale | Size | Exhibitor |
|---|---|---|---|
| Tregarrick Road | OO | 16 ft × 3 ft | Kernow MRG |
| Ashwell Yard | N | 8 ft × 2 ft | Tom Bright |
| Lower Marsh Sidings | O | 20 ft × 4 ft | Southwick O Gang |
| Bramley Junction | OO | 12 ft × 2 ft | Dunmore MRC |
| Pinch Halt | OO9 | 4 ft × 1 ft | Anna Kowal |
| Fenwick Colliery | EM | 14 ft × 3 ft | Fenwick Group |

## Arrival and set-up
- The hall is open for set-up from 2:00 pm on Friday 6 March; please be ready by 9:30 am on Saturday.
- Unload at the side door by the sports hall, then move your car to the overflow car park.
- We have 24 tables in all: 16 for layouts, 6 for traders and 2 for the club stand.
- Our trestle tables are 6 ft (1.83 m) long; tell us by 20 February if you need more.
- All mains equipment must have been PAT tested in the last 12 months.

## Packing up
- Please do not start packing up before 4:00 pm on Sunday, when the doors close.
- Trolleys are at the side door, and cars may come back to the loading bay from 4:15 pm.

## Contacts
- Exhibition manager: Gwen Featherstone, exhibition@example.org
- Over the weekend, ask for Gwen Featherstone at the club stand by the main entrance.

Thank you for exhibiting with us: we couldn't run the show without you.
"""

KESTREL = """**Kestrel Valley Railway Modellers: exhibition plan for exhibitors**

**Welcome**
- Our open day is on Saturday 9 May 2026 at Kestrel Valley Village Hall. It is a friendly one-day show with layouts in several gauges. Please read this plan before you travel.

**Opening hours and admission**
- Open 10:30 am to 4:30 pm.
- Adults £5.00, children £2.00, family ticket (2 adults, 2 children) £12.00, saving £2.00.

**Layouts**
- Glen Morrow (OO, 10 ft × 2 ft), by Ian Reid
- Cobble Street Goods (O, 12 ft × 3 ft), by the Kestrel Valley juniors
- Saltash Road (N, 6 ft × 2 ft), by Pam Wilde
- Hexley Mine (OO9, 4 ft × 2 ft), by Kofi Mensah
- Loch Tarrant (OO, 14 ft × 3 ft), by Euan Bain

**Arrival and set-up**
- Set-up is from 7:30 am on the day; please be ready by 10:00 am.
- There are 15 tables in all: 10 for layouts, 4 for traders and 1 for the club stand.
- Each table is 5 ft (1.52 m) long.
- Anything that plugs into the mains must carry an in-date PAT test sticker.

**Packing up**
- No packing up before the doors close at 4:30 pm.
- Cars can come to the front door from 4:45 pm.

**Contacts**
- Exhibition manager: Rhona McAllister, show@example.org
- On the day, Rhona McAllister will be at the door with the cash box.
- Thank you for bringing your layouts: the open day would be nothing without you.
"""

HARBRIDGE = """HARBRIDGE MODEL RAILWAY EXHIBITION 2026
Plan for exhibitors

Welcome:
The exhibition is at Harbridge Town Hall on Saturday 17 and Sunday 18 October 2026. There are traders, a second-hand stall and a model-making corner for children this year. Please keep this plan with your exhibitor's pass.

Opening hours and admission:
Saturday 10:00 to 17:00, Sunday 10:00 to 16:30.
Adults £7.00, children £3.50, family ticket (2 adults, 2 children) £18.00, saving £3.00.

Layouts:
1. Porthkennack (OO, 18 ft × 4 ft), Kernow Modellers
2. Wharf Street (N, 6 ft × 2 ft), Leah Brooks
3. Caldey Sidings (EM, 12 ft × 2 ft), Harbridge juniors
4. Tollerton Shed (O, 16 ft × 3 ft), West Vale O Group
5. Ravensdale (N, 10 ft × 2 ft), Mark Ellery
6. Little Pennock (OO9, 5 ft × 2 ft), Jo Harland
7. Brackwater Quay (P4, 14 ft × 3 ft), Sam Orme

Arrival and set-up:
1. The hall opens for set-up at 3:00 pm on Friday 16 October; be ready by 9:30 am on Saturday.
2. We have 28 tables in all: 20 for layouts, 7 for traders and 1 for the club stand.
3. Tables are 8 ft (2.44 m) long and 2 ft 6 in deep.
4. All mains leads and transformers must be PAT tested.
5. Unload at the rear door on Mill Lane.

Packing up:
1. Please don't pack up before 4:30 pm on Sunday.
2. Trolleys are by the rear door.

Contacts:
Exhibition manager: Priya Lakhani (exhibition@example.org)
During the show, find Priya Lakhani at the club stand.
Thank you for exhibiting: the show is only as good as its layouts.
"""

MILLBROOK = """### Millbrook Railway Circle: exhibition plan

| Show | |
|---|---|
| Dates | Saturday 21 and Sunday 22 November 2026 |
| Venue | Millbrook Academy sports hall |
| Hours | 10:00 to 16:30 both days |
| Admission | adults £6.50, children £3.00, family ticket (2 adults, 2 children) £16.00, saving £3.00 |

### Welcome
This is the twelfth Millbrook show. This year we have moved to the academy's sports hall, which gives every layout more room. Please share this plan with everyone operating your layout. Hot drinks are free for exhibitors all weekend.

### Layouts
| Layout | Scale | Size | Exhibitor |
|---|---|---|---|
| Kingsbridge Quay | OO | 14 ft × 2 ft | Ray Dunn |
| Ellerby | N | 8 ft × 2 ft | Sue Hart |
| Mossgate Shed | O | 18 ft × 4 ft | Mossgate O Group |
| Tanner's Yard | OO9 | 4 ft × 2 ft | Kit Morley |
| Fallowfield Lane | EM | 12 ft × 3 ft | the Millbrook juniors |

### Arrival and set-up
- Set up on Friday 20 November from 4:00 pm, or on Saturday from 7:00 am.
- There are 21 tables in all: 14 for layouts, 5 for traders and 2 for the club stand.
- Our tables are 4 ft (1.22 m) long, so ask if you need a particular number.
- Every mains item must have a PAT test label from the last 12 months.

### Packing up
- Doors close at 4:30 pm on Sunday; please wait until visitors have left.
- The loading bay opens for cars at 4:45 pm.

### Contacts
- Exhibition manager: Tomasz Wieczorek, show@example.org
- At the show, Tomasz Wieczorek is at the club stand in the foyer.

Thank you for coming to Millbrook: exhibitors make the show.
"""

EXTRA = (
    " Last year the show raised more than £2,000 for the club's new clubroom. Our catering team will be serving hot"
    " food all day in the café. Visitors can vote for their favourite layout, and the winner takes home a cup."
)

SHOWS = (
    Show(
        "Featherstone",
        "Write the exhibitors' plan for the Dunmore Model Railway Exhibition, Saturday 7 and Sunday 8 March 2026 at "
        "Dunmore Leisure Centre, in Markdown. A short welcome (four sentences at most), then hours (Sat 10-5, Sun 10-4) "
        "and admission: adults £6, children £3, family ticket for 2+2 at £15, with the saving. The six layouts in a "
        "table (Tregarrick Road, Ashwell Yard, Lower Marsh Sidings, Bramley Junction, Pinch Halt, Fenwick Colliery). "
        "Arrival and set-up (Friday from 2 pm; 24 tables: 16 layouts, 6 traders, 2 club stand; tables are 6 ft long, "
        "give metres too; PAT testing) before packing up (not before 4 pm Sunday). Contacts: exhibition manager Gwen "
        "Featherstone. Finish by thanking the exhibitors.",
        DUNMORE,
        6,
        4,
        (
            swap_spans(DUNMORE, "## Arrival and set-up", "## Packing up", "## Contacts"),
            ("name", "ask for Gwen Featherstone at", "ask for Gwen Featherston at"),
            (
                "pat",
                "- All mains equipment must have been PAT tested in the last 12 months.",
                "- All mains equipment must be switched off at the wall overnight.",
            ),
            (
                "thanks",
                "Thank you for exhibiting with us: we couldn't run the show without you.",
                "We look forward to seeing you in March.",
            ),
            ("layouts", "| Pinch Halt | OO9 | 4 ft × 1 ft | Anna Kowal |\n", ""),
            ("welcome", "before you arrive.", "before you arrive." + EXTRA),
            ("conversion", "(1.83 m)", "(1.52 m)"),
            ("saving", "saving £3.00", "saving £4.00"),
            ("tables", "We have 24 tables in all", "We have 23 tables in all"),
        ),
    ),
    Show(
        "McAllister",
        "Bold labels and bullet points, please: the exhibitors' plan for the Kestrel Valley Railway Modellers' open day, "
        "Saturday 9 May 2026, Kestrel Valley Village Hall, 10:30 to 4:30. Welcome in no more than three sentences. "
        "Admission: adults £5, children £2, family ticket (2 adults, 2 children) £12, and say what it saves. Five "
        "layouts: Glen Morrow, Cobble Street Goods, Saltash Road, Hexley Mine, Loch Tarrant. Then arrival and set-up "
        "(from 7:30; 15 tables: 10 layouts, 4 traders, 1 club stand; each table 5 ft, in metres too; PAT stickers), "
        "then packing up, then contacts: Rhona McAllister is the exhibition manager. Thank the exhibitors.",
        KESTREL,
        5,
        3,
        (
            swap_spans(KESTREL, "**Arrival and set-up**", "**Packing up**", "**Contacts**"),
            ("name", "- On the day, Rhona McAllister", "- On the day, Rhona McAlister"),
            (
                "pat",
                "- Anything that plugs into the mains must carry an in-date PAT test sticker.",
                "- Anything that plugs into the mains must be switched off before you leave.",
            ),
            ("thanks", "- Thank you for bringing your layouts: the open day would be nothing without you.\n", ""),
            ("layouts", "- Hexley Mine (OO9, 4 ft × 2 ft), by Kofi Mensah\n", ""),
            ("welcome", "Please read this plan before you travel.", "Please read this plan before you travel." + EXTRA),
            ("conversion", "(1.52 m)", "(1.65 m)"),
            ("saving", "saving £2.00", "saving £3.00"),
            ("tables", "There are 15 tables in all", "There are 14 tables in all"),
        ),
    ),
    Show(
        "Lakhani",
        "Plain text with 'Label:' headings and numbered lists: the plan for exhibitors at the Harbridge Model Railway "
        "Exhibition, Harbridge Town Hall, Saturday 17 and Sunday 18 October 2026. Keep the welcome to four sentences "
        "or fewer. Hours, and admission: adults £7, children £3.50, family ticket (2 adults, 2 children) £18, with the "
        "saving. The seven layouts (Porthkennack, Wharf Street, Caldey Sidings, Tollerton Shed, Ravensdale, Little "
        "Pennock, Brackwater Quay). Arrival and set-up before packing up: set-up from 3 pm Friday, 28 tables (20 for "
        "layouts, 7 traders, 1 club stand), 8 ft tables (give metres), PAT testing. Contacts: Priya Lakhani, "
        "exhibition manager. A thank-you at the end.",
        HARBRIDGE,
        7,
        4,
        (
            swap_spans(HARBRIDGE, "Arrival and set-up:", "Packing up:", "Contacts:"),
            ("name", "find Priya Lakhani at", "find Priya Lakhanni at"),
            (
                "pat",
                "4. All mains leads and transformers must be PAT tested.",
                "4. All mains leads must be taped down where visitors walk.",
            ),
            ("thanks", "Thank you for exhibiting: the show", "Remember: the show"),
            ("layouts", "7. Brackwater Quay (P4, 14 ft × 3 ft), Sam Orme\n", ""),
            ("welcome", "with your exhibitor's pass.", "with your exhibitor's pass." + EXTRA),
            ("conversion", "(2.44 m)", "(2.62 m)"),
            ("saving", "saving £3.00", "saving £3.50"),
            ("tables", "We have 28 tables in all", "We have 27 tables in all"),
        ),
    ),
    Show(
        "Wieczorek",
        "Could you write the exhibitors' plan for the Millbrook Railway Circle show? Saturday 21 and Sunday 22 November "
        "2026, Millbrook Academy sports hall, 10:00 to 16:30. Use ### headings with a key-facts table at the top, "
        "including admission: adults £6.50, children £3, family ticket (2 adults, 2 children) £16 and its saving. A "
        "welcome of five sentences at most. Layouts table: Kingsbridge Quay, Ellerby, Mossgate Shed, Tanner's Yard, "
        "Fallowfield Lane. Arrival and set-up (Friday from 4 pm or Saturday from 7 am; 21 tables: 14 layouts, 5 "
        "traders, 2 club stand; tables 4 ft, also in metres; PAT labels), then packing up, then contacts (Tomasz "
        "Wieczorek manages the show). Thank everyone at the end.",
        MILLBROOK,
        5,
        5,
        (
            swap_spans(MILLBROOK, "### Arrival and set-up", "### Packing up", "### Contacts"),
            ("name", "At the show, Tomasz Wieczorek", "At the show, Tomasz Wieczoreck"),
            (
                "pat",
                "- Every mains item must have a PAT test label from the last 12 months.",
                "- Every mains lead must be kept clear of the gangways.",
            ),
            ("thanks", "Thank you for coming to Millbrook: exhibitors", "See you at Millbrook: exhibitors"),
            ("layouts", "| Ellerby | N | 8 ft × 2 ft | Sue Hart |\n", ""),
            ("welcome", "free for exhibitors all weekend.", "free for exhibitors all weekend." + EXTRA),
            ("conversion", "(1.22 m)", "(1.02 m)"),
            ("saving", "saving £3.00", "saving £2.50"),
            ("tables", "There are 21 tables in all", "There are 22 tables in all"),
        ),
    ),
)


def build(show: Show, on: dict[str, bool]) -> str:
    return slipped(show.text, show.slips, on, show.name)


# Reading a plan ---------------------------------------------------------------------------------


def layouts(answer: str) -> int:
    """The layouts: the list items and the table rows below the headings' row under the layouts' heading."""
    lines = section(answer, LAYOUTS) or []
    return len(listed(lines)) + sum(len(grid) - 1 for grid in pipe_grids("\n".join(lines)))


def sentences(answer: str) -> int:
    """The welcome's sentences: the full stops, question and exclamation marks that close one."""
    return len(ENDS.findall(" ".join(section(answer, WELCOME) or [])))


def saving_right(answer: str) -> bool:
    """Whether the family ticket's line states as its saving what the party would pay separately less its price."""
    line = line_with(answer, "family ticket")
    party, amounts = PARTY.search(line), money(line)
    if party is None or len(amounts) < 4:
        return False
    adult, child, family, saving = amounts[:4]
    return int(party.group(1)) * adult + int(party.group(2)) * child - family == saving


def tables_right(answer: str) -> bool:
    """Whether the line giving the tables in all gives, from there on, a first figure that is the sum of the rest."""
    line = next((s for s in answer.splitlines() if TABLES.search(s)), "")
    found = TABLES.search(line)
    figures = [int(f) for f in re.findall(r"\b\d+\b", line[found.start() :])] if found else []
    return len(figures) >= 3 and figures[0] == sum(figures[1:])


WORDINGS = {
    "name": (
        "Spells the exhibition manager's name, {name}, the same way each time",
        "Uses one spelling of {name} throughout the plan",
    ),
    "pat": (
        "Reminds exhibitors that mains equipment must be PAT tested",
        "Mentions the PAT testing requirement for electrical equipment",
    ),
    "thanks": ("Thanks the exhibitors for taking part", "Includes a thank-you to the exhibitors"),
    "order": (
        "Covers arrival and set-up before packing up",
        "The set-up section comes before the packing-up section",
    ),
    "layouts": ("Lists exactly {layouts} layouts", "The list of layouts has {layouts} entries"),
    "welcome": (
        "Keeps the welcome to {limit} sentences or fewer",
        "The welcome section is no longer than {limit} sentences",
    ),
    "conversion": (
        "The table length in metres is a correct conversion of the feet",
        "Converts the length of the tables from feet to metres correctly",
    ),
    "saving": (
        "The family ticket's saving is worked out correctly from the adult and child prices",
        "States the right saving for the family ticket compared with paying separately",
    ),
    "tables": (
        "The total number of tables equals the tables for layouts, traders and the club stand added together",
        "The number of tables in all matches its breakdown",
    ),
}
"""Two wordings of each kind of criterion, filled from the show."""


def truths(show: Show, answer: str) -> dict[str, bool]:
    return {
        "name": spellings(answer, show.name) == {show.name.lower()},
        "pat": PAT.search(answer) is not None,
        "thanks": THANKS.search(answer) is not None,
        "order": heading_order(answer, SET_UP, PACKING),
        "layouts": layouts(answer) == show.layouts,
        "welcome": 0 < sentences(answer) <= show.limit,
        "conversion": converted(answer, FT, METRES, METRES_PER_FOOT),
        "saving": saving_right(answer),
        "tables": tables_right(answer),
    }


def candidates(rng: random.Random, show: Show, answer: str) -> list[Criterion]:
    filled = {"name": show.name, "layouts": NUMBER_WORDS[show.layouts], "limit": NUMBER_WORDS[show.limit]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(show, answer).items()
    ]


SWITCHES = ("order", "name", "pat", "thanks", "layouts", "welcome", "conversion", "saving", "tables")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, SHOWS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
