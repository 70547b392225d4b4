"""Travel itinerary family (fresh3): a day-by-day plan for a short trip the task describes
(Lisbon, Kyoto, Edinburgh, New York), each activity with a time and a cost and a total at the
end, a kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh3`, never in `all`, `new`, `docs`, `held`, `fresh` or `fresh2`.

An answer is a lead-in line, a heading and a list of activities for each day, and the total,
assembled from switches: as many days as the task asks or a departure day more, a stated total
that is the sum of the listed costs or off by a little, every time on the 24-hour clock or one
written as `3:00 pm`, the evening's last activity by 22:00 or at 22:15 or 22:30, the first
activity on the day of arrival after the time the task gives or half an hour or so before it, a
cost (or "free") for every activity or one left without, the costs within the task's budget or a
dearer choice that takes them over, and the total on the last line or a tip after it. Every
truth is a function of the answer's text: the day headings, each activity's time and cost and
the stated total are read off line by line, and the costs summed (below). The sums keep clear of
the budget by more than any slip of the stated total.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "travel_itinerary"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
LATEST = 22 * 60
DAY = re.compile(r"^\s*(?:#{1,6}\s*|\*\*)?Day\s+(\d+)\b", re.IGNORECASE)
ITEM = re.compile(r"^\s*[-*•]\s+(.*\S)")
TIME_24 = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)\b(?!\s*[ap]\.?m)", re.IGNORECASE)
TIME_12 = re.compile(r"^(1[0-2]|0?[1-9])(?::([0-5]\d))?\s*([ap])\.?m\b\.?", re.IGNORECASE)
FREE = re.compile(r"\bfree\b", re.IGNORECASE)


@dataclass(frozen=True)
class Activity:
    time: str
    what: str
    cost: int
    """In whole units of the trip's currency; 0 is free."""


@dataclass(frozen=True)
class Trip:
    task: str
    lead: str
    currency: str
    days: tuple[tuple[str, tuple[Activity, ...]], ...]
    """(the day's title, its activities) for each day the task asks for."""
    extra: tuple[str, tuple[Activity, ...]]
    """The departure day an answer with a day too many adds."""
    heading: str
    """A day's heading: `{n}` its number, `{title}` its title."""
    line: str
    """An activity's line: `{time}`, `{what}` and `{cost}` (the cost with its separator, or empty)."""
    separator: str
    """What comes before a cost on an activity's line (`{}` is the cost)."""
    budget: int
    arrival: str
    """Nothing on the first day may start before this (the task says when the flight lands)."""
    early: str
    """The first day's first time in an answer that starts too early."""
    late: tuple[int, int, str]
    """(day, activity, time): the evening activity an answer that runs late moves to 22:30 or so."""
    twelve: tuple[int, int, str]
    """(day, activity, time): the activity an answer with a 12-hour time writes so."""
    costless: tuple[int, int]
    """The free activity an answer that leaves a cost out leaves without "free"."""
    dearer: tuple[int, int, str, int]
    """(day, activity, what, cost): the dearer choice that takes the costs over the budget."""
    slip: int
    """How far a wrong stated total is off."""
    total: str
    """The total's line, `{}` the amount."""
    tip: str
    """A line an answer may put after the total."""

    def amount(self, value: int) -> str:
        return f"{self.currency}{value:,}"


TRIPS = (
    Trip(
        "Plan a 3-day trip to Lisbon for me (travelling alone). My flight lands at 11:40 on day 1, so nothing "
        "before 13:00 that day. Give each day its own section with a start time and a cost in euros for every "
        "activity, leave out the hotel, keep everything within €250, don't schedule anything after 22:00, and "
        "end with the total cost.",
        "Here's a relaxed three-day plan for Lisbon, with costs per person:",
        "€",
        (
            (
                "Baixa and Alfama",
                (
                    Activity("13:30", "Lunch at Time Out Market", 18),
                    Activity("15:00", "Santa Justa Lift", 6),
                    Activity("16:30", "Stroll up through Alfama to the Miradouro de Santa Luzia", 0),
                    Activity("20:00", "Dinner in Bairro Alto", 30),
                ),
            ),
            (
                "Belém",
                (
                    Activity("09:30", "Jerónimos Monastery", 18),
                    Activity("11:30", "Pastéis de Belém", 6),
                    Activity("14:00", "MAAT museum", 11),
                    Activity("20:30", "Fado at Tasca do Chico", 25),
                ),
            ),
            (
                "Sintra",
                (
                    Activity("09:00", "Train to Sintra and back", 5),
                    Activity("10:30", "Pena Palace and park", 20),
                    Activity("13:30", "Lunch in Sintra old town", 16),
                    Activity("19:30", "Dinner at a tasca in Mouraria", 24),
                ),
            ),
        ),
        ("Departure", (Activity("09:00", "Breakfast and pastel de nata near the hotel", 8),)),
        "## Day {n}: {title}",
        "- {time} {what}{cost}",
        " — {}",
        250,
        "13:00",
        "12:15",
        (1, 3, "22:30"),
        (1, 2, "2:00 pm"),
        (0, 2),
        (2, 1, "Private guided tour of Pena Palace and Quinta da Regaleira", 95),
        12,
        "**Total: {}**",
        "Tip: a Viva Viagem card covers the trams, the metro and the Sintra train.",
    ),
    Trip(
        "Make me a 2-day Kyoto itinerary. I arrive at Kyoto Station at 12:30 on day 1, so don't plan anything "
        "before 14:00 on that day. List each day separately with a time and a price in yen for every activity "
        "(no hotel), stay within ¥20,000 in total, nothing after 22:00, and finish with the total.",
        "Sure! Here is a two-day plan for Kyoto.",
        "¥",
        (
            (
                "Higashiyama",
                (
                    Activity("14:00", "Kiyomizu-dera", 500),
                    Activity("15:30", "Walk down Sannenzaka and Ninenzaka", 0),
                    Activity("17:00", "Matcha and sweets in Gion", 1200),
                    Activity("19:00", "Dinner on Pontocho", 4500),
                ),
            ),
            (
                "Arashiyama",
                (
                    Activity("08:00", "Bamboo grove, early before the crowds", 0),
                    Activity("09:30", "Tenryu-ji garden", 500),
                    Activity("12:00", "Tofu lunch near the temple", 2500),
                    Activity("15:00", "Fushimi Inari shrine", 0),
                    Activity("20:00", "Izakaya dinner in Kawaramachi", 3800),
                ),
            ),
        ),
        ("Departure", (Activity("09:00", "Nishiki Market breakfast", 1800),)),
        "**Day {n}: {title}**",
        "- {time} – {what}{cost}",
        " ({})",
        20000,
        "14:00",
        "13:30",
        (1, 4, "22:15"),
        (1, 3, "3:00 PM"),
        (1, 0),
        (0, 3, "Kaiseki dinner on Pontocho", 12000),
        800,
        "Total: {}",
        "Most temples take cash only, so keep some yen on you.",
    ),
    Trip(
        "Put together a 3-day itinerary for Edinburgh for one person. My train gets in at 10:50 on the first "
        "day, so start that day at 12:00 or later. One section per day, a start time and a cost in pounds for "
        "each activity, no accommodation, a budget of £200, nothing later than 22:00, and the total at the end.",
        "Here's a 3-day Edinburgh itinerary with times and costs:",
        "£",
        (
            (
                "Old Town",
                (
                    Activity("12:30", "Lunch on Victoria Street", 14),
                    Activity("14:00", "Edinburgh Castle", 21),
                    Activity("16:30", "Walk down the Royal Mile", 0),
                    Activity("19:00", "Dinner in the Grassmarket", 25),
                ),
            ),
            (
                "Arthur's Seat and Holyrood",
                (
                    Activity("09:00", "Climb Arthur's Seat", 0),
                    Activity("12:00", "Palace of Holyroodhouse", 20),
                    Activity("15:00", "Scottish National Gallery", 0),
                    Activity("19:30", "Ghost tour of the vaults", 16),
                ),
            ),
            (
                "Leith and Dean Village",
                (
                    Activity("10:00", "Royal Yacht Britannia", 19),
                    Activity("13:00", "Fish and chips at the Shore", 15),
                    Activity("15:30", "Water of Leith walk to Dean Village", 0),
                    Activity("20:00", "Folk music at Sandy Bell's", 12),
                ),
            ),
        ),
        ("Departure", (Activity("09:30", "Breakfast at a café on Broughton Street", 12),)),
        "Day {n} ({title})",
        "* {time}: {what}{cost}",
        ", {}",
        200,
        "12:00",
        "11:30",
        (2, 3, "22:30"),
        (0, 3, "7:00 pm"),
        (1, 2),
        (1, 3, "Whisky tasting and dinner at the Scotch Whisky Experience", 85),
        10,
        "Estimated total: {}",
        "Book the castle online the day before; it is cheaper than at the gate.",
    ),
    Trip(
        "I'm spending 2 days in New York on my own. I land at JFK at 10:15 on day 1, so nothing before 13:00 "
        "that day. Give me a plan with a heading for each day, a time and a dollar cost for each activity "
        "(leave out the hotel), no more than $300 in all, nothing after 22:00, and the total at the bottom.",
        "Here you go, a two-day New York plan:",
        "$",
        (
            (
                "Midtown",
                (
                    Activity("13:30", "Lunch at a deli near Bryant Park", 22),
                    Activity("15:00", "New York Public Library and Grand Central", 0),
                    Activity("17:00", "Top of the Rock", 40),
                    Activity("19:30", "Dinner in Hell's Kitchen", 45),
                ),
            ),
            (
                "Downtown",
                (
                    Activity("09:00", "Walk across the Brooklyn Bridge", 0),
                    Activity("11:00", "9/11 Memorial Museum", 33),
                    Activity("13:00", "Lunch at Chelsea Market", 20),
                    Activity("15:00", "The High Line", 0),
                    Activity("20:00", "Comedy show in Greenwich Village", 25),
                ),
            ),
        ),
        ("Departure", (Activity("09:00", "Bagels and coffee in the East Village", 14),)),
        "### Day {n} - {title}",
        "- {time} | {what}{cost}",
        " | {}",
        300,
        "13:00",
        "12:30",
        (1, 4, "22:30"),
        (0, 1, "3:00 pm"),
        (1, 3),
        (0, 2, "Helicopter tour over Manhattan", 179),
        15,
        "**Total cost: {}**",
        "A seven-day unlimited MetroCard is worth it even for two days of subway rides.",
    ),
)


def build(trip: Trip, on: dict[str, bool]) -> str:
    days = [list(activities) for _, activities in trip.days]
    day, at, what, cost = trip.dearer
    if not on["budget"]:
        days[day][at] = Activity(days[day][at].time, what, cost)
    day, at, time = trip.late
    if not on["late"]:
        days[day][at] = Activity(time, days[day][at].what, days[day][at].cost)
    first = days[0][0]
    days[0][0] = Activity(first.time if on["arrival"] else trip.early, first.what, first.cost)
    titles = [title for title, _ in trip.days]
    if not on["days"]:
        titles.append(trip.extra[0])
        days.append(list(trip.extra[1]))
    lines = [trip.lead]
    for n, (title, activities) in enumerate(zip(titles, days, strict=True), 1):
        lines += ["", trip.heading.format(n=n, title=title), ""]
        for at, activity in enumerate(activities):
            here = (n - 1, at)
            time = trip.twelve[2] if here == trip.twelve[:2] and not on["clock24"] else activity.time
            shown = trip.amount(activity.cost) if activity.cost else "free"
            cost = "" if here == trip.costless and not on["costs"] else trip.separator.format(shown)
            lines.append(trip.line.format(time=time, what=activity.what, cost=cost))
    spent = sum(a.cost for activities in days for a in activities)
    lines += ["", trip.total.format(trip.amount(spent if on["total"] else spent + trip.slip))]
    if not on["total_last"]:
        lines += ["", trip.tip]
    return "\n".join(lines)


# Reading an itinerary --------------------------------------------------------------------------


def sections(answer: str) -> dict[int, list[str]]:
    """Each day's number -> the text of its activity lines (list items under its heading, up to
    the next heading or the first line that is neither an item nor blank)."""
    found: dict[int, list[str]] = {}
    current: list[str] | None = None
    for line in answer.splitlines():
        heading = DAY.match(line)
        if heading:
            current = found.setdefault(int(heading.group(1)), [])
        elif current is not None and (item := ITEM.match(line)):
            current.append(item.group(1))
        elif line.strip():
            current = None
    return found


def minutes(activity: str) -> int | None:
    """The start time an activity's line begins with, on either clock, in minutes after midnight."""
    if match := TIME_24.match(activity):
        return int(match.group(1)) * 60 + int(match.group(2))
    if match := TIME_12.match(activity):
        hour = int(match.group(1)) % 12 + (12 if match.group(3).lower() == "p" else 0)
        return hour * 60 + int(match.group(2) or 0)
    return None


def amounts(text: str, currency: str) -> list[int]:
    return [int(n.replace(",", "")) for n in re.findall(rf"{re.escape(currency)}\s?(\d[\d,]*)", text)]


def listed_costs(answer: str, trip: Trip) -> list[int]:
    return [sum(amounts(a, trip.currency)) for activities in sections(answer).values() for a in activities]


def stated_total(answer: str, trip: Trip) -> int | None:
    """The amount on the last line that says "total"."""
    lines = [line for line in answer.splitlines() if re.search(r"\btotal\b", line, re.IGNORECASE)]
    found = amounts(lines[-1], trip.currency) if lines else []
    return found[0] if found else None


def all_activities(answer: str) -> list[str]:
    return [a for activities in sections(answer).values() for a in activities]


def has_cost(activity: str, trip: Trip) -> bool:
    return bool(amounts(activity, trip.currency)) or FREE.search(activity) is not None


def clock(text: str) -> int:
    hours, _, mins = text.partition(":")
    return int(hours) * 60 + int(mins)


def starts_after_arrival(answer: str, trip: Trip) -> bool:
    first_day = sections(answer).get(1, [])
    start = minutes(first_day[0]) if first_day else None
    return start is not None and start >= clock(trip.arrival)


def candidates(rng: random.Random, trip: Trip, answer: str) -> list[Criterion]:
    n, budget, activities = len(trip.days), trip.amount(trip.budget), all_activities(answer)
    times = [minutes(a) for a in activities]
    last = next((line for line in reversed(answer.splitlines()) if line.strip()), "")
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        ("days", len(sections(answer)) == n, (f"Covers exactly {n} days", f"Plans {n} days, one section for each")),
        (
            "total",
            stated_total(answer, trip) == sum(listed_costs(answer, trip)),
            ("The stated total equals the sum of the listed costs", "The total adds up the individual costs correctly"),
        ),
        (
            "clock24",
            bool(activities) and all(TIME_24.match(a) for a in activities),
            ("Writes every time in 24-hour format", "Uses the 24-hour clock for all times"),
        ),
        (
            "late",
            bool(times) and all(t is not None and t <= LATEST for t in times),
            ("Schedules nothing after 22:00", "Every activity starts by 22:00 at the latest"),
        ),
        (
            "arrival",
            starts_after_arrival(answer, trip),
            (
                f"Nothing on day 1 starts before {trip.arrival}",
                f"The first activity on day 1 is at {trip.arrival} or later",
            ),
        ),
        (
            "costs",
            bool(activities) and all(has_cost(a, trip) for a in activities),
            ("Gives a cost for every activity", "Lists a price (or free) for each activity"),
        ),
        (
            "budget",
            sum(listed_costs(answer, trip)) <= trip.budget,
            (f"Keeps the total cost within the {budget} budget", f"The listed costs add up to no more than {budget}"),
        ),
        (
            "total_last",
            re.search(r"\btotal\b", last, re.IGNORECASE) is not None and bool(amounts(last, trip.currency)),
            ("Ends with the total cost on the last line", "The final line states the total"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("days", "total", "clock24", "late", "arrival", "costs", "budget", "total_last")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, TRIPS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
