"""Calibration certificate family (fresh23): the certificate a task asks a calibration lab to issue for an instrument
(a UK pressure gauge's with its results in a Markdown table, a US torque wrench's as bullets, an Irish probe
thermometer's as fixed-width text in a fenced block, an Australian bench scale's as plain lines): the certificate's
number, the instrument and its serial number, the date of calibration and the date it is next due, the tolerance, each
test point's reference value, reading, error and pass or fail, the overall result, whether the instrument was adjusted,
the traceability of the standards used and who calibrated and who approved it, a kind of answer no grader was run on
while any of its rules was written. Run only as `--set fresh23`, never in `all`, `new`, `docs`, `held` or an earlier
fresh set.

An answer is the certificate written right and then changed by switches: each error the reading less the reference or
one wrong, each point's pass or fail right for the tolerance or one flipped, the overall result right or flipped, the
next due date the task's months after the calibration or another, the serial number as given or two digits swapped, the
points from the lowest reference up or two swapped, the approver someone other than the technician or the technician
again, the traceability to national standards stated or left out, and no claim that the instrument was adjusted or one
made. Every truth is read from the text: a test point is a line with `PASS` or `FAIL` and at least three numbers, the
first its reference, the second its reading and the third its stated error; the overall result the first `PASS` or
`FAIL` on the first line with the task's words for it; the calibration's and the due date the first date on the first
line with the task's words for each; the technician and the approver what follows the task's words for each on the
first line with them.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    date_in,
    line_with,
    pick_wording,
    slipped,
    swap_lines,
    switched_cases,
)

FAMILY = "calibration_certificate"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
VERDICT = re.compile(r"\b(PASS|FAIL)\b", re.I)
NUMBER = re.compile(r"(?<![\w.])[+\-−]?\d+(?:\.\d+)?")
TRACEABLE = re.compile(r"\btraceab", re.I)
ADJUSTED = re.compile(r"\badjusted\b", re.I)


@dataclass(frozen=True)
class Certificate:
    task: str
    text: str
    """The answer written right."""
    name: str
    instrument: str
    serial: str
    tolerance: tuple[Decimal, bool, str]
    """(the tolerance, whether it is a percentage of the reference rather than in the unit, the tolerance in words)."""
    months: int
    """The months from the calibration to the next one."""
    labels: tuple[str, str, str, str, str]
    """The words (lower-case) that find the lines of the date of calibration, the due date, the overall result, the
    technician and the approver."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


HARROW = """# Calibration certificate

**Certificate no.:** PC-2026-0412
**Customer:** Harrow Valley Water, Lydney treatment works
**Instrument:** Budenberg pressure gauge, 0 to 10 bar
**Serial number:** 7731-0458
**Date of calibration:** 12 March 2026
**Next calibration due:** 12 March 2027
**Tolerance:** ±0.05 bar at each point

| Reference (bar) | Gauge reading (bar) | Error (bar) | Result |
|---:|---:|---:|:-:|
| 0.00 | 0.01 | +0.01 | PASS |
| 2.50 | 2.52 | +0.02 | PASS |
| 5.00 | 5.03 | +0.03 | PASS |
| 7.50 | 7.54 | +0.04 | PASS |
| 10.00 | 10.04 | +0.04 | PASS |

**Overall result: PASS**

Results are as found; no adjustment was made.
The reference standard (Fluke 700G31, certificate UK-44109) is traceable to national standards through UKAS.

Calibrated by: James Hartley
Approved by: Sarah Mensah"""

RIDGELINE = """**Certificate of Calibration · No. TW-26-0871**

- Customer: Ridgeline Aviation Services, Hangar 4, Boise, ID
- Instrument: CDI 1503MFRMH click-type torque wrench, 30 to 150 ft·lb
- Serial number: A2291847
- Calibration date: 2026-02-18
- Calibration due: 2027-02-18
- Tolerance: ±4% of the applied torque (ASME B107.300)

**As-found results (clockwise)**
- Applied 30.0 ft·lb · indicated 30.8 · error +0.8 · PASS
- Applied 90.0 ft·lb · indicated 91.9 · error +1.9 · PASS
- Applied 150.0 ft·lb · indicated 156.9 · error +6.9 · FAIL

**Result: FAIL.** The wrench reads high at 150 ft·lb and is out of tolerance; it has been tagged out of service.
- No adjustment was made; the wrench was returned as found for the customer to decide on repair.
- All measurements are traceable to NIST through our torque transducer (certificate 2025-TT-118).

Calibrated by: Marcus Reed
Checked by: Dana Whitfield"""

BURREN = """Here is the certificate as plain text:

```text
CERTIFICATE OF CALIBRATION                      No. TC-2611-027
Customer:          Burren Fine Foods Ltd, Unit 3, Ennis Business Park
Instrument:        Hanna HI98509 probe thermometer
Serial number:     TP-30917
Calibrated on:     4 June 2026
Recalibration due: 4 December 2026
Tolerance:         ±0.5 °C at each point

REFERENCE °C   READING °C   ERROR °C   RESULT
     -20.0        -19.7        +0.3      PASS
       0.0          0.1        +0.1      PASS
      37.0         37.2        +0.2      PASS
      75.0         75.4        +0.4      PASS

OVERALL RESULT: PASS
No adjustment was made; results are as found.
Reference PRT traceable to national standards (NSAI certificate 25-0914).
Calibrated by:     Eoin Gallagher
Approved by:       Róisín Keane
```"""

HARBOUR = """Calibration certificate WS-26-1193
Customer: Harbour Street Deli, 7 Harbour Street, Fremantle WA
Instrument: Mettler Toledo bench scale, 15 kg capacity
Serial number: 80417-22
Calibrated on: 21 September 2026
Next due: 21 September 2027
Tolerance: ±0.010 kg at each test load
Test load 0.500 kg: indicated 0.500 kg, error 0.000 kg, PASS
Test load 2.000 kg: indicated 2.005 kg, error +0.005 kg, PASS
Test load 5.000 kg: indicated 5.004 kg, error +0.004 kg, PASS
Test load 10.000 kg: indicated 10.008 kg, error +0.008 kg, PASS
Test load 15.000 kg: indicated 15.015 kg, error +0.015 kg, FAIL
Overall result: FAIL, out of tolerance at 15 kg; the scale must not be used for trade until it is repaired.
No adjustment was made; these are the as-found readings.
The test weights are traceable to Australian national standards through NATA-accredited calibration.
Calibrated by: Priya Raman
Checked by: Tom Gallagher"""

CERTIFICATES = (
    Certificate(
        "Write up the calibration certificate for Harrow Valley Water (Lydney treatment works): certificate no. "
        "PC-2026-0412, Budenberg pressure gauge 0 to 10 bar, serial number 7731-0458, calibrated on 12 March 2026 on "
        "a 12-month interval. Tolerance ±0.05 bar at each point. Readings against the reference: 0.00 bar read 0.01, "
        "2.50 read 2.52, 5.00 read 5.03, 7.50 read 7.54, 10.00 read 10.04. Put the results in a Markdown table from "
        "the lowest point up with the error (reading minus reference) and pass or fail for each, then the overall "
        "result. The gauge was not adjusted; results are as found. Our Fluke 700G31 reference (certificate UK-44109) "
        "is UKAS-traceable to national standards. Calibrated by James Hartley, approved by Sarah Mensah.",
        HARROW,
        "Harrow",
        "gauge",
        "7731-0458",
        (Decimal("0.05"), False, "±0.05 bar"),
        12,
        ("date of calibration", "next calibration due", "overall result", "calibrated by", "approved by"),
        (
            swap_lines(HARROW, "| 5.00 |", "| 7.50 |"),
            ("error", "| 2.50 | 2.52 | +0.02 |", "| 2.50 | 2.52 | +0.03 |"),
            ("verdict", "| 10.04 | +0.04 | PASS |", "| 10.04 | +0.04 | FAIL |"),
            ("overall", "Overall result: PASS", "Overall result: FAIL"),
            ("due", "12 March 2027", "12 March 2028"),
            ("serial", "7731-0458", "7713-0458"),
            ("checker", "Approved by: Sarah Mensah", "Approved by: James Hartley"),
            (
                "traceable",
                "The reference standard (Fluke 700G31, certificate UK-44109) is traceable to national standards "
                "through UKAS.",
                "The reference standard was a Fluke 700G31 (certificate UK-44109).",
            ),
            (
                "no_adjust",
                "Results are as found; no adjustment was made.",
                "The gauge was adjusted at 5 bar before these readings were taken.",
            ),
        ),
    ),
    Certificate(
        "Bullet points, ISO dates: a certificate of calibration, no. TW-26-0871, for Ridgeline Aviation Services "
        "(Hangar 4, Boise, ID): CDI 1503MFRMH click-type torque wrench, 30 to 150 ft·lb, serial number A2291847, "
        "calibrated 2026-02-18, due again in 12 months. Tolerance is ±4% of the applied torque (ASME B107.300). As "
        "found, clockwise: 30.0 ft·lb applied read 30.8, 90.0 read 91.9, 150.0 read 156.9. Give each point's error "
        "and pass or fail, lowest first, then the overall result. We made no adjustment; the customer will decide on "
        "repair. Our torque transducer (certificate 2025-TT-118) is traceable to NIST. Calibrated by Marcus Reed, "
        "checked by Dana Whitfield.",
        RIDGELINE,
        "Ridgeline",
        "wrench",
        "A2291847",
        (Decimal(4), True, "±4% of the applied torque"),
        12,
        ("calibration date", "calibration due", "result:", "calibrated by", "checked by"),
        (
            swap_lines(RIDGELINE, "- Applied 30.0", "- Applied 90.0"),
            ("error", "error +1.9", "error +1.6"),
            ("verdict", "error +0.8 · PASS", "error +0.8 · FAIL"),
            (
                "overall",
                "**Result: FAIL.** The wrench reads high at 150 ft·lb and is out of tolerance; it has been tagged out "
                "of service.",
                "**Result: PASS.** The wrench is within tolerance and fit for service.",
            ),
            ("due", "due: 2027-02-18", "due: 2027-08-18"),
            ("serial", "A2291847", "A2219847"),
            ("checker", "Checked by: Dana Whitfield", "Checked by: Marcus Reed"),
            (
                "traceable",
                "\n- All measurements are traceable to NIST through our torque transducer (certificate 2025-TT-118).",
                "",
            ),
            (
                "no_adjust",
                "- No adjustment was made; the wrench was returned as found for the customer to decide on repair.",
                "- The wrench was adjusted to read correctly at 150 ft·lb before it was returned.",
            ),
        ),
    ),
    Certificate(
        "Calibration certificate as fixed-width plain text in a code block: no. TC-2611-027 for Burren Fine Foods "
        "Ltd, Unit 3, Ennis Business Park; Hanna HI98509 probe thermometer, serial number TP-30917, calibrated on 4 "
        "June 2026; it's recalibrated every 6 months. Tolerance ±0.5 °C at each point. Reference against reading: "
        "-20.0 °C read -19.7, 0.0 read 0.1, 37.0 read 37.2, 75.0 read 75.4. Points in ascending order with the error "
        "and pass or fail, then the overall result. No adjustment was made. The reference PRT is traceable to "
        "national standards (NSAI certificate 25-0914). Calibrated by Eoin Gallagher, approved by Róisín Keane.",
        BURREN,
        "Burren",
        "thermometer",
        "TP-30917",
        (Decimal("0.5"), False, "±0.5 °C"),
        6,
        ("calibrated on", "recalibration due", "overall result", "calibrated by", "approved by"),
        (
            swap_lines(BURREN, "       0.0          0.1", "      37.0"),
            ("error", "-19.7        +0.3", "-19.7        -0.3"),
            ("verdict", "75.4        +0.4      PASS", "75.4        +0.4      FAIL"),
            ("overall", "OVERALL RESULT: PASS", "OVERALL RESULT: FAIL"),
            ("due", "4 December 2026", "4 June 2027"),
            ("serial", "TP-30917", "TP-39017"),
            ("checker", "Approved by:       Róisín Keane", "Approved by:       Eoin Gallagher"),
            (
                "traceable",
                "Reference PRT traceable to national standards (NSAI certificate 25-0914).",
                "Reference PRT: Fluke 5622 (NSAI certificate 25-0914).",
            ),
            (
                "no_adjust",
                "No adjustment was made; results are as found.",
                "The probe was adjusted by -0.2 °C before these results were recorded.",
            ),
        ),
    ),
    Certificate(
        "Plain lines, no tables or bullets: calibration certificate WS-26-1193 for Harbour Street Deli, 7 Harbour "
        "Street, Fremantle WA. Mettler Toledo bench scale, 15 kg capacity, serial number 80417-22, calibrated on 21 "
        "September 2026, next due in 12 months. Tolerance ±0.010 kg at each test load. Test loads and what the scale "
        "showed: 0.500 kg showed 0.500, 2.000 showed 2.005, 5.000 showed 5.004, 10.000 showed 10.008, 15.000 showed "
        "15.015. One line per load, smallest first, with the error and pass or fail, then the overall result. No "
        "adjustment was made. The test weights are traceable to national standards through a NATA-accredited lab. "
        "Calibrated by Priya Raman, checked by Tom Gallagher.",
        HARBOUR,
        "Harbour",
        "scale",
        "80417-22",
        (Decimal("0.010"), False, "±0.010 kg"),
        12,
        ("calibrated on", "next due", "overall result", "calibrated by", "checked by"),
        (
            swap_lines(HARBOUR, "Test load 2.000", "Test load 5.000"),
            ("error", "indicated 2.005 kg, error +0.005 kg", "indicated 2.005 kg, error +0.003 kg"),
            ("verdict", "error +0.004 kg, PASS", "error +0.004 kg, FAIL"),
            (
                "overall",
                "Overall result: FAIL, out of tolerance at 15 kg; the scale must not be used for trade until it is "
                "repaired.",
                "Overall result: PASS, the scale is fit for trade use.",
            ),
            ("due", "Next due: 21 September 2027", "Next due: 21 March 2027"),
            ("serial", "80417-22", "80471-22"),
            ("checker", "Checked by: Tom Gallagher", "Checked by: Priya Raman"),
            (
                "traceable",
                "\nThe test weights are traceable to Australian national standards through NATA-accredited calibration.",
                "",
            ),
            (
                "no_adjust",
                "No adjustment was made; these are the as-found readings.",
                "The scale was adjusted at 15 kg and now reads within tolerance.",
            ),
        ),
    ),
)


def build(certificate: Certificate, on: dict[str, bool]) -> str:
    return slipped(certificate.text, certificate.slips, on, certificate.name)


# Reading a calibration certificate ------------------------------------------------------------------------------


def points(answer: str) -> list[tuple[Decimal, Decimal, Decimal, str]]:
    """(reference, reading, stated error, `PASS` or `FAIL`) of each line with a verdict and three numbers, in order."""
    out = []
    for line in answer.splitlines():
        verdict, numbers = VERDICT.search(line), NUMBER.findall(line.replace("−", "-"))
        if verdict is not None and len(numbers) >= 3:
            out.append((*(Decimal(n) for n in numbers[:3]), verdict.group(0).upper()))
    return out


def within(certificate: Certificate, reference: Decimal, reading: Decimal) -> bool:
    limit, percent, _ = certificate.tolerance
    return abs(reading - reference) <= (abs(reference) * limit / 100 if percent else limit)


def months_after(day: date, months: int) -> date:
    """The same day of the month `months` later (every day used is in every month)."""
    month = day.month - 1 + months
    return date(day.year + month // 12, month % 12 + 1, day.day)


def after(line: str, words: str) -> str:
    """What `line` writes after `words` (lower-case, found in any case), stripped of marks and spaces."""
    at = line.lower().find(words)
    return line[at + len(words) :].strip(" :*|-\t") if at >= 0 else ""


WORDINGS = {
    "error": (
        "Each point's error is the reading minus the reference value",
        "Works out every error correctly as the reading less the reference",
    ),
    "verdict": (
        "Marks each test point pass or fail correctly against the tolerance of {tolerance}",
        "Every point's pass or fail agrees with its reading, its reference and the {tolerance} tolerance",
    ),
    "overall": (
        "The overall result is right for the readings and the tolerance",
        "Gives the correct overall pass or fail for the {instrument}",
    ),
    "due": (
        "The next calibration is due {months} months after the date of calibration",
        "Sets the due date {months} months on from the calibration date",
    ),
    "serial": ("Gives the serial number as {serial}", "Quotes the {instrument}'s serial number {serial} as given"),
    "order": (
        "Lists the test points from the lowest reference value to the highest",
        "The results run in ascending order of the reference value",
    ),
    "checker": (
        "Is approved by someone other than the person who did the calibration",
        "The person who checks the certificate is not the technician who calibrated the {instrument}",
    ),
    "traceable": (
        "States that the measurements are traceable to national standards",
        "Says the calibration is traceable to national standards",
    ),
    "no_adjust": ("Does not say the {instrument} was adjusted", "Makes no claim that the {instrument} was adjusted"),
}
"""Two wordings of each kind of criterion, filled from the certificate."""


def truths(certificate: Certificate, answer: str) -> dict[str, bool]:
    found = points(answer)
    calibrated, due, overall, technician, approver = (line_with(answer, words) for words in certificate.labels)
    day, result = date_in(calibrated), VERDICT.search(overall)
    passed = all(within(certificate, reference, reading) for reference, reading, _, _ in found)
    references = [reference for reference, *_ in found]
    names = (after(technician, certificate.labels[3]), after(approver, certificate.labels[4]))
    return {
        "error": bool(found) and all(error == reading - reference for reference, reading, error, _ in found),
        "verdict": bool(found)
        and all((verdict == "PASS") == within(certificate, ref, reading) for ref, reading, _, verdict in found),
        "overall": bool(found) and result is not None and (result.group(0).upper() == "PASS") == passed,
        "due": day is not None and date_in(due) == months_after(day, certificate.months),
        "serial": certificate.serial in answer,
        "order": len(references) >= 2 and references == sorted(references) and len(set(references)) == len(references),
        "checker": all(names) and names[0] != names[1],
        "traceable": TRACEABLE.search(answer) is not None,
        "no_adjust": ADJUSTED.search(answer) is None,
    }


def candidates(rng: random.Random, certificate: Certificate, answer: str) -> list[Criterion]:
    values = {
        "tolerance": certificate.tolerance[2],
        "instrument": certificate.instrument,
        "months": certificate.months,
        "serial": certificate.serial,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(certificate, answer).items()
    ]


SWITCHES = ("error", "verdict", "overall", "due", "serial", "order", "checker", "traceable", "no_adjust")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, CERTIFICATES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
