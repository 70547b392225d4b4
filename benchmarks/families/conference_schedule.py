"""Conference schedule family (fresh18): the programme of a one-day conference a task asks for (a data conference's
as a Markdown table, a museum forum's as a heading for each time slot with its sessions as bullets, a Python day's
as fixed-width columns in a fenced block, an engineering summit's as plain lines), with a keynote, talks in two or
three parallel rooms, coffee breaks, lunch, a panel and a close, a kind of answer no grader was run on while any of
its rules was written. Run only as `--set fresh18`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the programme written right and then changed by switches: everything in time order or two slots
swapped, no speaker in two sessions at once or one talk given to a speaker busy in the other room, no room holding
two sessions at once or one talk moved into a busy room, lunch as long as the task asks or cut short, a coffee break
in the morning and the afternoon or the afternoon's dropped, every talk its set length or one cut short, every talk
with its speaker or one without, every time on the 24-hour clock or one slot in am/pm, and the day over by the
task's hour or the close running on. Every truth is read from the text: a slot is a line with a time range
(`09:00–09:30`, `9:40 am to 10:00 am`), and a line naming a talk's title without one takes the last range above;
a talk's room and speakers are the task's rooms and speakers named on its line; two sessions overlap when each starts
before the other ends; the order is that of the lines with a range of their own; lunch and coffee are the lines
naming them, morning a start before noon.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, swap_lines, swap_spans, switched_cases

FAMILY = "conference_schedule"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
RANGE = re.compile(
    r"(?<![\d:])(\d{1,2}):(\d{2})\s*([ap]\.?m\b\.?)?\s*(?:–|—|-|to)\s*(\d{1,2}):(\d{2})\s*([ap]\.?m\b\.?)?", re.I
)
TWELVE = re.compile(r"\d:\d{2}\s*[ap]\.?m\b", re.I)
NOON = 12 * 60


@dataclass(frozen=True)
class Slot:
    start: int
    end: int
    """Minutes after midnight."""
    room: str | None
    title: str | None
    speakers: frozenset[str]
    line: str
    timed: bool
    """Whether the line has a time range of its own."""


@dataclass(frozen=True)
class Event:
    task: str
    text: str
    """The answer written right."""
    name: str
    rooms: tuple[str, ...]
    speakers: str
    talks: str
    """The regular talks' titles; speakers and talks are each separated by `; `."""
    specials: tuple[str, str]
    """(the other sessions' titles, separated by `; `, and those sessions in words)."""
    limits: tuple[int, int, str]
    """(a talk's length and lunch's least length in minutes, the hour the day must end by)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


DATACRAFT = """# DataCraft Leeds · programme for Friday 7 November

| Time | Room | Session | Speaker |
|---|---|---|---|
| 09:00–09:30 | Foyer | Registration | |
| 09:30–10:15 | Main Hall | Keynote: Data pipelines people trust | Prof. Helen Achterberg |
| 10:15–10:45 | Foyer | Coffee break | |
| 10:45–11:15 | Main Hall | Testing dbt models at scale | Ravi Menon |
| 10:45–11:15 | Room 2 | Privacy by design for analysts | Julia Santos |
| 11:15–11:45 | Main Hall | Streaming on a budget | Tom Hughes |
| 11:15–11:45 | Room 2 | Dashboards nobody reads | Aisha Bello |
| 11:45–12:45 | Foyer | Lunch | |
| 12:45–13:15 | Main Hall | Feature stores explained | Sara Lindqvist |
| 12:45–13:15 | Room 2 | Data contracts in practice | Owen Price |
| 13:15–13:45 | Main Hall | Cost control in the cloud warehouse | Priyanka Rao |
| 13:15–13:45 | Room 2 | Open data in local government | Ben Carter |
| 13:45–14:15 | Foyer | Coffee break | |
| 14:15–15:00 | Main Hall | Panel: Where next for the data team? | Ravi Menon, Aisha Bello, Ben Carter |
| 15:00–15:20 | Main Hall | Closing remarks and prizes | Prof. Helen Achterberg |"""

MUSEUM = """## Museum Futures Forum · Thursday 9 October 2025

### 09:30–10:00 · Arrival and registration

### 10:00–10:45
- **Auditorium**: keynote, *Collections as commons*, Dr Leila Haddad

### 10:45–11:25
- **Auditorium**: *Digitising fragile textiles*, Morag Fraser
- **Learning Studio**: *Co-curating with young people*, Kwame Mensah

### 11:25–11:45 · Coffee

### 11:45–12:25
- **Auditorium**: *Climate-proofing storage*, Eilidh Campbell
- **Learning Studio**: *Accessible audio guides*, Tomás Ortega

### 12:25–13:25 · Lunch in the Garden Café

### 13:25–14:05
- **Auditorium**: *Repatriation in practice*, Dr Nomvula Dlamini
- **Learning Studio**: *Games in the gallery*, Finn O'Connor

### 14:05–14:45
- **Auditorium**: *Measuring visitor wellbeing*, Hannah Webb
- **Learning Studio**: *Open access images*, Priya Desai

### 14:45–15:05 · Coffee

### 15:05–15:50
- **Auditorium**: panel, *What should museums stop?*, Morag Fraser, Kwame Mensah, Hannah Webb; chair Leila Haddad

### 15:50–16:00 · Close"""

PYTHON_DAY = """Here is the programme as a fixed-width block:

```text
NORTHERN PYTHON DAY · SATURDAY 15 NOVEMBER 2025 · MANCHESTER

TIME         ROOM       SESSION                                SPEAKER
08:45-09:15  Foyer      Registration
09:15-10:00  Turing     Keynote: Python in the newsroom        Grace Adeyemi
10:00-10:25  Turing     Typing your pandas code                Luis Romero
10:00-10:25  Lovelace   Async for the rest of us               Hana Sato
10:00-10:25  Hopper     Teaching Python to nurses              Bridget Walsh
10:25-10:50  Turing     Packaging without tears                Oliver Grant
10:25-10:50  Lovelace   Testing with Hypothesis                Farah Iqbal
10:25-10:50  Hopper     Python on a Raspberry Pi               Dmitri Volkov
10:50-11:15  Foyer      Coffee break
11:15-11:40  Turing     Fast APIs with Litestar                Chen Wei
11:15-11:40  Lovelace   Notebooks in production                Rosa Lindgren
11:15-11:40  Hopper     Accessibility in Python GUIs           Sam Okoro
11:40-12:40  Foyer      Lunch
12:40-13:05  Turing     Profiling slow code                    Ana Pereira
12:40-13:05  Lovelace   Writing a linter                       Tobias Klein
12:40-13:05  Hopper     Data science for charities             Mei Tan
13:05-13:30  Foyer      Coffee break
13:30-14:15  Turing     Lightning talks                        hosted by Luis Romero
14:15-14:30  Turing     Closing and thanks                     Grace Adeyemi
```"""

SUMMIT = """Women in Engineering Summit, Glasgow: programme for Thursday 26 June 2025

08:30 to 09:00, Registration in the atrium
09:00 to 09:40, Kelvin Theatre: opening keynote, "Bridges that last", Prof. Alison Reid
09:40 to 10:00, Kelvin Theatre: "Wind turbine blade recycling", Dr Nadia Rahman
09:40 to 10:00, Rankine Room: "Apprenticeships that work", Claire Doherty
10:00 to 10:20, Kelvin Theatre: "Hydrogen for heavy transport", Emma Stewart
10:00 to 10:20, Rankine Room: "Safety culture on site", Joanna Kerr
10:20 to 10:50, Coffee in the atrium
10:50 to 11:10, Kelvin Theatre: "Low-carbon concrete", Dr Yuki Tanaka
10:50 to 11:10, Rankine Room: "Returning to engineering after a career break", Fiona Gallagher
11:10 to 11:30, Kelvin Theatre: "Robotics in nuclear decommissioning", Sophie Turner
11:10 to 11:30, Rankine Room: "Mentoring across generations", Grace Liu
11:30 to 12:20, Lunch in the atrium
12:20 to 12:40, Kelvin Theatre: "Designing for flood resilience", Dr Olivia Brown
12:20 to 12:40, Rankine Room: "Engineering and neurodiversity", Martha Quinn
12:40 to 13:00, Kelvin Theatre: "Smart grids in island communities", Isla Morrison
12:40 to 13:00, Rankine Room: "Negotiating your first salary", Ruth Adeyemi
13:00 to 13:20, Coffee in the atrium
13:20 to 14:05, Kelvin Theatre: panel, "The next ten years", Prof. Alison Reid, Emma Stewart and Grace Liu
14:05 to 14:15, Kelvin Theatre: "Closing words", Prof. Alison Reid"""

EVENTS = (
    Event(
        "Lay out the DataCraft Leeds programme (Friday 7 November) as a Markdown table with time, room, session and "
        "speaker columns, 24-hour times. Registration 09:00-09:30 in the Foyer; keynote 'Data pipelines people trust' "
        "by Prof. Helen Achterberg, Main Hall, 09:30-10:15; coffee 10:15-10:45. Then 30-minute talks in the Main Hall "
        "and Room 2: at 10:45 Testing dbt models at scale (Ravi Menon) and Privacy by design for analysts (Julia "
        "Santos), at 11:15 Streaming on a budget (Tom Hughes) and Dashboards nobody reads (Aisha Bello). Lunch from "
        "11:45 for an hour, and never under 45 minutes. At 12:45 Feature stores explained (Sara Lindqvist) and Data "
        "contracts in practice (Owen Price), at 13:15 Cost control in the cloud warehouse (Priyanka Rao) and Open data "
        "in local government (Ben Carter). Coffee 13:45-14:15, the panel 'Where next for the data team?' with Ravi, "
        "Aisha and Ben until 15:00, then Helen's closing remarks and prizes, 20 minutes. All over by 15:30.",
        DATACRAFT,
        "DataCraft",
        ("Main Hall", "Room 2"),
        "Helen Achterberg; Ravi Menon; Julia Santos; Tom Hughes; Aisha Bello; Sara Lindqvist; Owen Price; Priyanka "
        "Rao; Ben Carter",
        "Testing dbt models at scale; Privacy by design for analysts; Streaming on a budget; Dashboards nobody reads; "
        "Feature stores explained; Data contracts in practice; Cost control in the cloud warehouse; Open data in local "
        "government",
        (
            "Data pipelines people trust; Where next for the data team?; Closing remarks and prizes",
            "the keynote, the panel and the closing remarks",
        ),
        (30, 45, "15:30"),
        (
            swap_lines(DATACRAFT, "| Dashboards nobody reads |", "| Lunch |"),
            ("no_double", "analysts | Julia Santos |", "analysts | Ravi Menon |"),
            ("rooms", "| 12:45–13:15 | Room 2 |", "| 12:45–13:15 | Main Hall |"),
            ("lunch", "| 11:45–12:45 | Foyer | Lunch |", "| 11:45–12:15 | Foyer | Lunch |"),
            ("coffee", "| 13:45–14:15 | Foyer | Coffee break | |\n", ""),
            ("lengths", "| 13:15–13:45 | Main Hall |", "| 13:15–13:40 | Main Hall |"),
            ("speakers", "| Streaming on a budget | Tom Hughes |", "| Streaming on a budget | |"),
            ("clock", "| 14:15–15:00 | Main Hall |", "| 2:15 pm–3:00 pm | Main Hall |"),
            ("finish", "| 15:00–15:20 | Main Hall |", "| 15:00–15:50 | Main Hall |"),
        ),
    ),
    Event(
        "Write the Museum Futures Forum programme (Thursday 9 October 2025) with a heading for each time slot and its "
        "sessions as bullets, on the 24-hour clock. 09:30 arrival and registration; 10:00-10:45 keynote in the "
        "Auditorium, 'Collections as commons', Dr Leila Haddad. Then 40-minute talks in the Auditorium and the "
        "Learning Studio: at 10:45 Digitising fragile textiles (Morag Fraser) and Co-curating with young people "
        "(Kwame Mensah); coffee 11:25-11:45; at 11:45 Climate-proofing storage (Eilidh Campbell) and Accessible audio "
        "guides (Tomás Ortega); lunch 12:25-13:25 in the Garden Café, an hour at least; at 13:25 Repatriation in "
        "practice (Dr Nomvula Dlamini) and Games in the gallery (Finn O'Connor); at 14:05 Measuring visitor wellbeing "
        "(Hannah Webb) and Open access images (Priya Desai); coffee 14:45-15:05; the panel 'What should museums "
        "stop?' at 15:05 with Morag, Kwame and Hannah, chaired by Leila; close 15:50-16:00. Finish by 16:30.",
        MUSEUM,
        "Museum Futures Forum",
        ("Auditorium", "Learning Studio"),
        "Leila Haddad; Morag Fraser; Kwame Mensah; Eilidh Campbell; Tomás Ortega; Nomvula Dlamini; Finn O'Connor; "
        "Hannah Webb; Priya Desai",
        "Digitising fragile textiles; Co-curating with young people; Climate-proofing storage; Accessible audio "
        "guides; Repatriation in practice; Games in the gallery; Measuring visitor wellbeing; Open access images",
        ("Collections as commons; What should museums stop?", "the keynote and the panel"),
        (40, 60, "16:30"),
        (
            swap_spans(MUSEUM, "### 11:45–12:25", "### 12:25–13:25", "### 13:25–14:05"),
            ("no_double", "people*, Kwame Mensah", "people*, Morag Fraser"),
            ("rooms", "- **Learning Studio**: *Games in the gallery*", "- **Auditorium**: *Games in the gallery*"),
            ("lunch", "### 12:25–13:25 · Lunch", "### 12:25–13:10 · Lunch"),
            ("coffee", "### 14:45–15:05 · Coffee\n\n", ""),
            ("lengths", "### 14:05–14:45", "### 14:05–14:35"),
            ("speakers", "*Accessible audio guides*, Tomás Ortega", "*Accessible audio guides*"),
            ("clock", "### 13:25–14:05", "### 1:25 pm–2:05 pm"),
            ("finish", "### 15:50–16:00 · Close", "### 15:50–16:45 · Close and drinks"),
        ),
    ),
    Event(
        "Northern Python Day programme (Saturday 15 November 2025, Manchester) as a fixed-width table in a code block, "
        "24-hour clock, rooms Turing, Lovelace and Hopper. Registration 08:45-09:15 in the Foyer; keynote 'Python in "
        "the newsroom', Grace Adeyemi, 09:15-10:00 in Turing. 25-minute talks: 10:00 Typing your pandas code (Luis "
        "Romero, Turing), Async for the rest of us (Hana Sato, Lovelace), Teaching Python to nurses (Bridget Walsh, "
        "Hopper); 10:25 Packaging without tears (Oliver Grant, Turing), Testing with Hypothesis (Farah Iqbal, "
        "Lovelace), Python on a Raspberry Pi (Dmitri Volkov, Hopper); coffee 10:50-11:15; 11:15 Fast APIs with "
        "Litestar (Chen Wei, Turing), Notebooks in production (Rosa Lindgren, Lovelace), Accessibility in Python GUIs "
        "(Sam Okoro, Hopper); lunch 11:40-12:40, 45 minutes at the least; 12:40 Profiling slow code (Ana Pereira, "
        "Turing), Writing a linter (Tobias Klein, Lovelace), Data science for charities (Mei Tan, Hopper); coffee "
        "13:05-13:30; lightning talks hosted by Luis 13:30-14:15, closing and thanks from Grace until 14:30. We must "
        "be out by 15:00.",
        PYTHON_DAY,
        "Northern Python Day",
        ("Turing", "Lovelace", "Hopper"),
        "Grace Adeyemi; Luis Romero; Hana Sato; Bridget Walsh; Oliver Grant; Farah Iqbal; Dmitri Volkov; Chen Wei; "
        "Rosa Lindgren; Sam Okoro; Ana Pereira; Tobias Klein; Mei Tan",
        "Typing your pandas code; Async for the rest of us; Teaching Python to nurses; Packaging without tears; "
        "Testing with Hypothesis; Python on a Raspberry Pi; Fast APIs with Litestar; Notebooks in production; "
        "Accessibility in Python GUIs; Profiling slow code; Writing a linter; Data science for charities",
        (
            "Python in the newsroom; Lightning talks; Closing and thanks",
            "the keynote, the lightning talks and the closing",
        ),
        (25, 45, "15:00"),
        (
            swap_lines(PYTHON_DAY, "Python on a Raspberry Pi", "Coffee break"),
            ("no_double", "of us               Hana Sato", "of us               Luis Romero"),
            ("rooms", "11:15-11:40  Hopper     Access", "11:15-11:40  Lovelace   Access"),
            ("lunch", "11:40-12:40  Foyer      Lunch", "11:40-12:10  Foyer      Lunch"),
            ("coffee", "13:05-13:30  Foyer      Coffee break\n", ""),
            ("lengths", "12:40-13:05  Lovelace", "12:40-12:55  Lovelace"),
            ("speakers", "Data science for charities             Mei Tan", "Data science for charities"),
            ("clock", "13:30-14:15  Turing", "1:30pm-2:15pm Turing"),
            ("finish", "14:15-14:30  Turing", "14:15-15:15  Turing"),
        ),
    ),
    Event(
        "Plain lines, one session a line: the Women in Engineering Summit programme, Thursday 26 June 2025 in Glasgow, "
        "24-hour times, rooms Kelvin Theatre and Rankine Room, 20-minute talks. 08:30 registration; 09:00-09:40 "
        "opening keynote 'Bridges that last', Prof. Alison Reid (Kelvin). 09:40: Wind turbine blade recycling (Dr "
        "Nadia Rahman, Kelvin), Apprenticeships that work (Claire Doherty, Rankine). 10:00: Hydrogen for heavy "
        "transport (Emma Stewart, Kelvin), Safety culture on site (Joanna Kerr, Rankine). Coffee 10:20-10:50. 10:50: "
        "Low-carbon concrete (Dr Yuki Tanaka, Kelvin), Returning to engineering after a career break (Fiona "
        "Gallagher, Rankine). 11:10: Robotics in nuclear decommissioning (Sophie Turner, Kelvin), Mentoring across "
        "generations (Grace Liu, Rankine). Lunch 11:30-12:20, no less than 40 minutes. 12:20: Designing for flood "
        "resilience (Dr Olivia Brown, Kelvin), Engineering and neurodiversity (Martha Quinn, Rankine). 12:40: Smart "
        "grids in island communities (Isla Morrison, Kelvin), Negotiating your first salary (Ruth Adeyemi, Rankine). "
        "Coffee 13:00-13:20. Panel 'The next ten years' with Alison, Emma and Grace 13:20-14:05, then Alison's "
        "closing words for ten minutes. Done by 14:30.",
        SUMMIT,
        "Women in Engineering Summit",
        ("Kelvin Theatre", "Rankine Room"),
        "Alison Reid; Nadia Rahman; Claire Doherty; Emma Stewart; Joanna Kerr; Yuki Tanaka; Fiona Gallagher; Sophie "
        "Turner; Grace Liu; Olivia Brown; Martha Quinn; Isla Morrison; Ruth Adeyemi",
        "Wind turbine blade recycling; Apprenticeships that work; Hydrogen for heavy transport; Safety culture on "
        "site; Low-carbon concrete; Returning to engineering after a career break; Robotics in nuclear "
        "decommissioning; Mentoring across generations; Designing for flood resilience; Engineering and "
        "neurodiversity; Smart grids in island communities; Negotiating your first salary",
        ("Bridges that last; The next ten years; Closing words", "the keynote, the panel and the closing words"),
        (20, 40, "14:30"),
        (
            swap_lines(SUMMIT, "Mentoring across generations", "11:30 to 12:20, Lunch"),
            ("no_double", '"Safety culture on site", Joanna Kerr', '"Safety culture on site", Emma Stewart'),
            ("rooms", "12:20 to 12:40, Rankine Room", "12:20 to 12:40, Kelvin Theatre"),
            ("lunch", "11:30 to 12:20, Lunch", "11:30 to 12:00, Lunch"),
            ("coffee", "13:00 to 13:20, Coffee in the atrium\n", ""),
            ("lengths", "10:50 to 11:10, Rankine Room", "10:50 to 11:05, Rankine Room"),
            ("speakers", '"Smart grids in island communities", Isla Morrison', '"Smart grids in island communities"'),
            ("clock", "09:40 to 10:00, Kelvin Theatre", "9:40 am to 10:00 am, Kelvin Theatre"),
            ("finish", "14:05 to 14:15, Kelvin Theatre", "14:05 to 14:45, Kelvin Theatre"),
        ),
    ),
)


def build(event: Event, on: dict[str, bool]) -> str:
    return slipped(event.text, event.slips, on, event.name)


# Reading a programme ---------------------------------------------------------------------------------


def listed(names: str) -> list[str]:
    return names.split("; ")


def minutes(hour: str, minute: str, half: str | None) -> int:
    """Minutes after midnight; `half` is an am or pm after the time, if any."""
    hours = int(hour) % 12 + (12 if half[0].lower() == "p" else 0) if half else int(hour)
    return hours * 60 + int(minute)


def slots(answer: str, event: Event) -> list[Slot]:
    """Each line with a time range, and each naming a session's title (its range the last one above when it has
    none), in the order written."""
    titles = listed(event.talks) + listed(event.specials[0])
    out, current = [], None
    for line in answer.splitlines():
        found = RANGE.search(line)
        if found:
            g = found.groups()
            current = (minutes(g[0], g[1], g[2]), minutes(g[3], g[4], g[5]))
        title = next((t for t in titles if t.lower() in line.lower()), None)
        if current is None or (found is None and title is None):
            continue
        room = next((r for r in event.rooms if r in line), None)
        speakers = frozenset(s for s in listed(event.speakers) if s in line)
        out.append(Slot(*current, room, title, speakers, line, found is not None))
    return out


def overlap(one: Slot, two: Slot) -> bool:
    return one.start < two.end and two.start < one.end


def clashes(talks: list[Slot], share: str) -> bool:
    """Whether two talks that share a room (`room`) or a speaker (`speakers`) overlap."""
    for i, one in enumerate(talks):
        for two in talks[i + 1 :]:
            shared = one.room is not None and one.room == two.room if share == "room" else one.speakers & two.speakers
            if shared and overlap(one, two):
                return True
    return False


def hour(text: str) -> int:
    return minutes(*text.split(":"), None)


WORDINGS = {
    "order": ("The programme is listed in time order", "Sessions appear in chronological order through the day"),
    "no_double": (
        "No speaker is booked into two sessions that overlap",
        "Nobody is scheduled to speak in two places at the same time",
    ),
    "rooms": ("No room hosts two sessions at the same time", "Each room has only one session running at any moment"),
    "lunch": ("The lunch break lasts at least {least} minutes", "Gives lunch a slot of at least {least} minutes"),
    "coffee": (
        "Has a coffee break in the morning and another in the afternoon",
        "Schedules two coffee breaks, one in the morning and one in the afternoon",
    ),
    "lengths": (
        "Every talk other than {specials} is {length} minutes long",
        "Apart from {specials}, each talk gets a {length}-minute slot",
    ),
    "speakers": ("Every talk names its speaker", "No talk is listed without a speaker"),
    "clock": ("All times are written in 24-hour format", "Uses the 24-hour clock throughout, with no am or pm"),
    "finish": ("The day's programme ends by {finish}", "Nothing is scheduled to run past {finish}"),
}
"""Two wordings of each kind of criterion, filled from the event."""


def truths(event: Event, answer: str) -> dict[str, bool]:
    found = slots(answer, event)
    talks = [s for s in found if s.title]
    regular, titles = set(listed(event.talks)), {s.title for s in talks}
    lunch = next((s for s in found if "lunch" in s.line.lower()), None)
    coffee = [s.start for s in found if "coffee" in s.line.lower()]
    timed = [s.start for s in found if s.timed]
    length, least, finish = event.limits
    return {
        "order": bool(timed) and timed == sorted(timed),
        "no_double": bool(talks) and not clashes(talks, "speakers"),
        "rooms": bool(talks) and not clashes(talks, "room"),
        "lunch": lunch is not None and lunch.end - lunch.start >= least,
        "coffee": any(t < NOON for t in coffee) and any(t >= NOON for t in coffee),
        "lengths": titles >= regular and all(s.end - s.start == length for s in talks if s.title in regular),
        "speakers": titles == regular | set(listed(event.specials[0])) and all(s.speakers for s in talks),
        "clock": TWELVE.search(answer) is None,
        "finish": bool(found) and max(s.end for s in found) <= hour(finish),
    }


def candidates(rng: random.Random, event: Event, answer: str) -> list[Criterion]:
    length, least, finish = event.limits
    values = {"least": least, "specials": event.specials[1], "length": length, "finish": finish}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(event, answer).items()
    ]


SWITCHES = ("order", "no_double", "rooms", "lunch", "coffee", "lengths", "speakers", "clock", "finish")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, EVENTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
