"""Boiler service family (fresh34): the report a heating engineer asks for to leave with a customer after a
gas boiler's annual service (a combi in a semi, a combi with a low pressure, a combi in a flat with a sludged
filter, a system boiler with a cylinder), with a short summary, the flue gas readings, the checks carried
out, recommendations and the charges, a kind of answer no grader was run on while any of its rules was
written. Run only as `--set fresh34`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the report (Markdown headings with the readings and charges in tables, bold labels with
bullets, plain `Label:` lines with numbered lists, or `###` headings under a key-facts table), written right
and then changed by switches. Every truth is read from the text: the registration number after the words
Gas Safe, the safety statement and a mobile number by the words that write them, the sections by their
headings, the summary's sentences as the runs ending in a full stop, the ratio from the first figures
before `ppm`, after `CO2` (with `%`) and after "ratio", the time on site from the first line saying so
(its first two times and the duration it writes), and the charges as the lines of their section with an
amount.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    CLOCK,
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    clocks,
    heading_order,
    last_money,
    line_with,
    listed,
    money,
    pick_wording,
    section,
    slipped,
    swap_spans,
    switched_cases,
)

FAMILY = "boiler_service"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
GAS_SAFE = re.compile(r"\bgas safe\b[^\n\d]{0,30}\d{6,7}\b", re.I)
SAFE = re.compile(r"\bsafe to use\b", re.I)
MOBILE = re.compile(r"\b07\d{3}\s?\d{6}\b")
SUMMARY = r"summary|in short"
CHECKS = r"check"
ADVICE = r"recommend|advice"
CHARGES = r"charges|costs"
PPM = re.compile(r"(\d+(?:\.\d+)?)\s*ppm", re.I)
CO2 = re.compile(r"\bCO2\b[^\d\n]*(\d+(?:\.\d+)?)\s*%")
RATIO = re.compile(r"\bratio\b[^\d\n]*(\d+(?:\.\d+)?)", re.I)
DURATION = re.compile(r"(\d+)\s*hours?(?:\s*(?:and\s*)?(\d+)\s*minutes?)?|(\d+)\s*minutes?", re.I)
TOTAL = re.compile(r"\btotal\b", re.I)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


@dataclass(frozen=True)
class Report:
    name: str
    """The customer's surname."""
    task: str
    text: str
    """The answer written right."""
    checks: int
    sentences: int
    """The checks carried out, and the summary's limit in sentences."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


FIELDING = """# Boiler service report

**Customer:** Mrs Joan Fielding
**Address:** 14 Larch Avenue, Harrogate HG2 7QP
**Boiler:** Worcester Bosch Greenstar 30i combi, fitted in 2019
**Engineer:** Tom Hale, Gas Safe registration number 512874
**Date of visit:** 3 March 2026
**Time on site:** arrived 9:10 am, left 10:25 am (1 hour 15 minutes on site)

## Summary
Your boiler has had its annual service and is safe to use. It was running well, with clean combustion and the right pressure. I replaced the perished seal on the condensate trap.

## Flue gas readings
| Reading | Value |
|---|---|
| CO | 42 ppm |
| CO2 | 9.1% |
| CO/CO2 ratio | 0.0005 |

## Checks carried out
- Burner and heat exchanger inspected and cleaned
- Flue checked for leaks and correct termination
- Gas pressure and gas rate checked at the meter
- Condensate trap cleaned and its seal replaced
- Expansion vessel charge checked
- System pressure checked (1.3 bar cold)

## Recommendations
- Fit a magnetic filter on the return pipe to protect the boiler from sludge.
- Bleed the upstairs radiators, which have air at the top.

## Charges
| Item | Price |
|---|---|
| Annual boiler service | £85.00 |
| Condensate trap seal | £6.50 |
| Total | £91.50 |

Your next service is due in March 2027. Thank you for choosing Hale Heating, 01423 555 019.
"""

OSEI = """**Boiler service report for Mr Kwame Osei**

**Address:** 7 Quarry Lane, Otley LS21 2BQ
**Boiler:** Vaillant ecoTEC plus 832 combi
**Engineer:** Sara Lind (Gas Safe ID 604219)
**Visit:** 18 November 2026, arrived 1:40 pm and left 3:05 pm, 1 hour 25 minutes on site

**In short**
The boiler is safe to use and working as it should. I cleaned the condensate trap and topped the system pressure back up to 1.2 bar. The flue gas readings are well inside the limits.

**Readings**
- CO: 38 ppm
- CO2: 9.4%
- CO/CO2 ratio: 0.0004

**What I checked**
- burner and heat exchanger cleaned
- flue and seals inspected
- gas pressure and gas rate tested
- condensate trap cleaned
- safety devices tested (flame failure and overheat)

**Advice**
- The pressure had dropped to 0.6 bar. If it falls below 1 bar again within a month, call us, as there may be a small leak.
- A smart thermostat would help cut your running costs.

**Charges**
- Annual service: £79.00
- Pressure top-up and inhibitor: £14.00
- Total: £93.00

Thanks,
Sara Lind, Wharfe Valley Gas, 01943 555 207
"""

KOWALSKI = """Boiler service report

Customer: Ms Anna Kowalski
Address: Flat 2, 31 Mill Road, Cambridge CB1 2AD
Boiler: Ideal Logic Max C30 combi
Engineer: Dev Patel, Gas Safe reg. no. 548391
Service date: 9 January 2026
Time on site: 8:30 am to 9:40 am (70 minutes)

Summary:
The boiler is safe to use. I found the burner slightly sooted, so I cleaned it and set the gas rate. The magnetic filter was full of sludge, so I cleaned it out. The system now runs quietly.

Readings:
CO 55 ppm, CO2 8.9%, CO/CO2 ratio 0.0006

Checks carried out:
1. Burner cleaned and gas rate set
2. Heat exchanger inspected
3. Flue checked for leaks
4. Magnetic filter cleaned
5. Condensate trap cleaned
6. Pressure relief valve tested
7. Expansion vessel charge checked

Recommendations:
1. Have the radiators power flushed within the next year, as the filter was full of sludge.

Charges:
Annual service: £90.00
Magnetic filter clean: £20.00
Burner gasket: £12.40
Total: £122.40

Next service due: January 2027
Dev Patel, Fenland Heating Services, 01223 555 861
"""

BRENNAN = """### Boiler service report

| Visit | |
|---|---|
| Customer | Mr Liam Brennan |
| Boiler | Baxi 600 System 24, with a 150-litre cylinder |
| Engineer | Priya Nair, Gas Safe licence 590226 |
| Date | 21 September 2026 |
| On site | 10:50 to 12:35 (1 hour 45 minutes) |

### Summary
Your boiler is safe to use. The expansion vessel had lost its charge, which is why the pressure kept dropping, so I recharged it to 1 bar.

### Flue gas analysis
- CO: 74 ppm
- CO2: 9.6%
- CO/CO2 ratio: 0.0008

### Checks carried out
- burner, electrodes and heat exchanger cleaned
- flue and terminal checked
- gas pressure and gas rate checked
- expansion vessel recharged to 1 bar
- pressure relief valve and cylinder controls tested

### Recommendations
- The cylinder thermostat is set to 48°C. Raise it to 60°C to protect against legionella.
- The boiler is seven years old, so a service plan may be worth it.

### Charges
| Item | Cost |
|---|---|
| Annual service (system boiler and cylinder) | £95.00 |
| Expansion vessel recharge | £25.00 |
| Total | £120.00 |

Priya Nair, Northway Heating, 0161 555 0932
"""

DETAIL = (
    " I arrived in the time slot we agreed and laid dust sheets down before starting. I ran the heating and the"
    " hot water first to see how the boiler behaved. Afterwards I tidied up and took the old parts away with me."
    " The whole visit went smoothly."
)

REPORTS = (
    Report(
        "Fielding",
        "Write up my boiler service report for Mrs Joan Fielding, 14 Larch Avenue, Harrogate HG2 7QP (Worcester Bosch "
        "Greenstar 30i combi, 2019). I'm Tom Hale, Gas Safe 512874; put my registration number on it. Visit 3 March "
        "2026, arrived 9:10 am, left 10:25 am, so give the time on site. A summary of no more than four sentences that "
        "tells her plainly it's safe to use. Flue readings: CO 42 ppm, CO2 9.1%, plus the CO/CO2 ratio. Then the six "
        "checks (burner and heat exchanger, flue, gas pressure and rate, condensate trap and its new seal, expansion "
        "vessel, system pressure 1.3 bar), then recommendations (magnetic filter, bleed the upstairs radiators), then "
        "charges: service £85, trap seal £6.50 and the total. Don't put her mobile number on it.",
        FIELDING,
        6,
        4,
        (
            swap_spans(FIELDING, "## Checks carried out", "## Recommendations", "## Charges"),
            ("gas_safe", "Tom Hale, Gas Safe registration number 512874", "Tom Hale, Gas Safe registered"),
            ("safe", "annual service and is safe to use.", "annual service."),
            ("no_mobile", "**Customer:** Mrs Joan Fielding", "**Customer:** Mrs Joan Fielding (mobile 07700 900481)"),
            ("checks", "- Expansion vessel charge checked\n", ""),
            ("summary", "on the condensate trap.", "on the condensate trap." + DETAIL),
            ("ratio", "| CO/CO2 ratio | 0.0005 |", "| CO/CO2 ratio | 0.0046 |"),
            ("time_on_site", "(1 hour 15 minutes on site)", "(1 hour 25 minutes on site)"),
            ("total", "| Total | £91.50 |", "| Total | £90.50 |"),
        ),
    ),
    Report(
        "Osei",
        "Can you turn my notes into a service report for Mr Kwame Osei, 7 Quarry Lane, Otley (Vaillant ecoTEC plus 832 "
        "combi)? Engineer Sara Lind, Gas Safe ID 604219, which must be on the report. 18 November 2026, on site from "
        "1:40 pm to 3:05 pm; say how long I was there. Bold headings and bullets. A three-sentence summary at most, "
        "saying clearly the boiler is safe to use. Readings CO 38 ppm, CO2 9.4% and the ratio. Five checks: burner and "
        "heat exchanger, flue and seals, gas pressure and rate, condensate trap, safety devices. Then advice (pressure "
        "was 0.6 bar, possible leak; smart thermostat), then charges: service £79, top-up and inhibitor £14, total. "
        "Leave his mobile off it.",
        OSEI,
        5,
        3,
        (
            swap_spans(OSEI, "**What I checked**", "**Advice**", "**Charges**"),
            ("gas_safe", "Sara Lind (Gas Safe ID 604219)", "Sara Lind (Gas Safe registered)"),
            ("safe", "The boiler is safe to use and working as it should.", "The boiler is working as it should."),
            ("no_mobile", "for Mr Kwame Osei**", "for Mr Kwame Osei (07700 900752)**"),
            ("checks", "- gas pressure and gas rate tested\n", ""),
            ("summary", "well inside the limits.", "well inside the limits." + DETAIL),
            ("ratio", "- CO/CO2 ratio: 0.0004", "- CO/CO2 ratio: 0.0040"),
            ("time_on_site", "1 hour 25 minutes on site", "1 hour 35 minutes on site"),
            ("total", "- Total: £93.00", "- Total: £94.00"),
        ),
    ),
    Report(
        "Kowalski",
        "Plain text please, no Markdown (Label: lines, numbered lists): a boiler service report for Ms Anna Kowalski, "
        "Flat 2, 31 Mill Road, Cambridge CB1 2AD, Ideal Logic Max C30 combi. Engineer Dev Patel, Gas Safe number 548391 "
        "(include it). Serviced 9 January 2026, 8:30 am to 9:40 am, with the time on site. Summary in four sentences or "
        "fewer, including that the boiler is safe to use. Readings: CO 55 ppm, CO2 8.9%, and the CO/CO2 ratio. Seven "
        "checks: burner and gas rate, heat exchanger, flue, magnetic filter, condensate trap, pressure relief valve, "
        "expansion vessel. Recommendation: power flush. Charges: service £90, filter clean £20, gasket £12.40, total. "
        "No customer phone numbers.",
        KOWALSKI,
        7,
        4,
        (
            swap_spans(KOWALSKI, "Checks carried out:", "Recommendations:", "Charges:"),
            ("gas_safe", "Dev Patel, Gas Safe reg. no. 548391", "Dev Patel, Gas Safe registered"),
            ("safe", "The boiler is safe to use.", "The boiler has been serviced."),
            ("no_mobile", "Customer: Ms Anna Kowalski", "Customer: Ms Anna Kowalski, 07700 900146"),
            ("checks", "7. Expansion vessel charge checked\n", ""),
            ("summary", "now runs quietly.", "now runs quietly." + DETAIL),
            ("ratio", "CO/CO2 ratio 0.0006", "CO/CO2 ratio 0.0062"),
            ("time_on_site", "(70 minutes)", "(80 minutes)"),
            ("total", "Total: £122.40", "Total: £112.40"),
        ),
    ),
    Report(
        "Brennan",
        "Service report for Mr Liam Brennan's Baxi 600 System 24 with a 150-litre cylinder, serviced 21 September 2026 "
        "by Priya Nair (Gas Safe licence 590226; show the number). ### headings, with a small table of the visit's "
        "details at the top, including the time on site: 10:50 to 12:35. Summary of three sentences at most, telling "
        "him the boiler is safe to use. Flue gas: CO 74 ppm, CO2 9.6%, and the ratio. Five checks carried out "
        "(burner/electrodes/heat exchanger, flue and terminal, gas pressure and rate, expansion vessel recharged to 1 "
        "bar, PRV and cylinder controls), then recommendations (cylinder stat to 60°C, service plan), then charges: "
        "service £95, vessel recharge £25, total. Don't include his mobile.",
        BRENNAN,
        5,
        3,
        (
            swap_spans(BRENNAN, "### Checks carried out", "### Recommendations", "### Charges"),
            ("gas_safe", "Priya Nair, Gas Safe licence 590226", "Priya Nair, Gas Safe registered"),
            ("safe", "Your boiler is safe to use.", "Your boiler has been serviced."),
            ("no_mobile", "| Customer | Mr Liam Brennan |", "| Customer | Mr Liam Brennan, 07700 900317 |"),
            ("checks", "- flue and terminal checked\n", ""),
            ("summary", "recharged it to 1 bar.", "recharged it to 1 bar." + DETAIL),
            ("ratio", "- CO/CO2 ratio: 0.0008", "- CO/CO2 ratio: 0.0077"),
            ("time_on_site", "(1 hour 45 minutes)", "(1 hour 35 minutes)"),
            ("total", "| Total | £120.00 |", "| Total | £130.00 |"),
        ),
    ),
)


def build(report: Report, on: dict[str, bool]) -> str:
    return slipped(report.text, report.slips, on, report.name)


# Reading a report -------------------------------------------------------------------------------


def sentence_count(text: str) -> int:
    """The runs of `text` that end in a full stop, a question mark or an exclamation mark and a space."""
    return len([part for part in SENTENCE_END.split(text.strip()) if part])


def ratio_right(answer: str) -> bool:
    """The ratio written is the CO (ppm) over the CO2 (%) times 10,000, to the ratio's last written digit."""
    co, co2, ratio = PPM.search(answer), CO2.search(answer), RATIO.search(answer)
    if co is None or co2 is None or ratio is None or float(co2.group(1)) == 0:
        return False
    places = len(ratio.group(1).partition(".")[2])
    value = float(co.group(1)) / (float(co2.group(1)) * 10000)
    return abs(value - float(ratio.group(1))) <= 0.5 * 10**-places + 1e-12


def minutes_written(text: str) -> int | None:
    """The first duration `text` writes (`1 hour 15 minutes`, `70 minutes`, `2 hours`), in minutes, or None."""
    found = DURATION.search(text)
    if found is None:
        return None
    if found.group(3):
        return int(found.group(3))
    return int(found.group(1)) * 60 + int(found.group(2) or 0)


def time_right(answer: str) -> bool:
    """On the first line saying "on site": its second time less its first is the duration it writes."""
    line = line_with(answer, "on site")
    times, stated = clocks(line), minutes_written(CLOCK.sub(" ", line))
    return len(times) >= 2 and stated is not None and times[1] - times[0] == stated


def total_right(answer: str) -> bool:
    """The total of the charges' section is the sum of the amounts on its other lines."""
    lines = section(answer, CHARGES) or []
    parts = [amount for line in lines if not TOTAL.search(line) and (amount := last_money(line)) is not None]
    total = next((last_money(line) for line in lines if TOTAL.search(line) and money(line)), None)
    return bool(parts) and total is not None and sum(parts) == total


WORDINGS = {
    "gas_safe": (
        "Gives the engineer's Gas Safe registration number",
        "Includes the engineer's Gas Safe number on the report",
    ),
    "safe": (
        "Tells the customer in plain words that the boiler is safe to use",
        "Clearly states that the boiler is safe to use",
    ),
    "no_mobile": (
        "Does not include the customer's mobile number",
        "Leaves the customer's mobile phone number out of the report",
    ),
    "order": (
        "Lists the checks carried out before the recommendations",
        "The recommendations come after the section on the checks that were done",
    ),
    "checks": (
        "Lists all {checks} checks carried out, no more and no fewer",
        "The checks section has exactly {checks} items",
    ),
    "summary": (
        "Keeps the summary to {sentences} sentences or fewer",
        "The summary is no longer than {sentences} sentences",
    ),
    "ratio": (
        "The CO/CO2 ratio is correct for the CO and CO2 readings given",
        "Works out the CO/CO2 ratio correctly from the flue gas readings",
    ),
    "time_on_site": (
        "The time on site matches the arrival and departure times",
        "The stated time on site is the gap between the times the engineer arrived and left",
    ),
    "total": ("The charges add up to the total", "The total equals the sum of the individual charges"),
}
"""Two wordings of each kind of criterion, filled from the report."""


def truths(report: Report, answer: str) -> dict[str, bool]:
    summary = " ".join(section(answer, SUMMARY) or [])
    return {
        "gas_safe": GAS_SAFE.search(answer) is not None,
        "safe": SAFE.search(answer) is not None,
        "no_mobile": MOBILE.search(answer) is None,
        "order": heading_order(answer, CHECKS, ADVICE),
        "checks": len(listed(section(answer, CHECKS) or [])) == report.checks,
        "summary": 0 < sentence_count(summary) <= report.sentences,
        "ratio": ratio_right(answer),
        "time_on_site": time_right(answer),
        "total": total_right(answer),
    }


def candidates(rng: random.Random, report: Report, answer: str) -> list[Criterion]:
    filled = {"checks": NUMBER_WORDS[report.checks], "sentences": NUMBER_WORDS[report.sentences]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(report, answer).items()
    ]


SWITCHES = ("order", "gas_safe", "safe", "no_mobile", "checks", "summary", "ratio", "time_on_site", "total")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, REPORTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
