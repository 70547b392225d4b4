"""Chimney sweep family (fresh36): the certificate a chimney sweep asks for after sweeping a flue (a cottage's wood
burner, a terrace's open coal fire, a multi-fuel stove, a thatched cottage's stove), with the property, the appliance
and flue, the work carried out and the smoke test, the recommendations, when the next sweep is due, the charges and the
sweep's signature, a kind of answer no grader was run on while any of its rules was written. Run only as `--set
fresh36`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the certificate (Markdown headings with the flue and the charges in tables, bold labels with bullets, plain
`Label:` lines with numbered lists, or `###` headings under a key-facts table), written right and then changed by
switches. Every truth is read from the text: the alarm advice, the promise and the postcode by the words that write
them, the sections by their headings, the signature from the last line, the flue's length from the line with metres and
feet, the next sweep from the answer's second date (its first the visit's) and the VAT from the lines writing the
subtotal and the VAT.
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
    amount_on,
    converted,
    date_in,
    heading_of,
    heading_order,
    pick_wording,
    slipped,
    swap_spans,
    switched_cases,
)

FAMILY = "chimney_sweep"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
CO_ALARM = re.compile(r"\btest\b[^.\n]{0,30}\b(?:carbon monoxide|CO) alarm", re.I)
GUARANTEE = re.compile(r"\bguarantee", re.I)
POSTCODE = re.compile(r"\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b")
WORK = r"work (?:done|carried out)"
ADVICE = r"recommend|advice"
NEXT = re.compile(r"next sweep|sweep due", re.I)
METRES = re.compile(r"(\d+(?:\.\d+)?)\s*m\b")
FEET = re.compile(r"(\d+(?:\.\d+)?)\s*ft\b")
FEET_PER_METRE = 3.28084
VAT = re.compile(r"\bVAT\b")
SUBTOTAL = re.compile(r"\bsubtotal\b", re.I)


@dataclass(frozen=True)
class Certificate:
    name: str
    """The property."""
    task: str
    text: str
    """The answer written right."""
    sweep: str
    """The sweep who signs it."""
    months: int
    """The months from this sweep to the next."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


HOLLINS = """# Chimney sweeping certificate

**Certificate no.:** AS-0418
**Date of sweep:** 15 September 2026
**Property:** Hollins Cottage, Back Lane, Grasmere LA22 9HR
**Customer:** Mrs Ruth Pennington

## Appliance and flue
| Detail | |
|---|---|
| Appliance | Clearview Vision 500 wood burner |
| Flue | 150 mm stainless steel liner in a stone chimney |
| Flue length | 7.5 m (24.6 ft) |

## Work carried out
- Swept the flue from the stove with rods and brushes.
- Removed about 2 litres of light, dry soot.
- Smoke draw test after sweeping: pass, with a good draw and no smoke in the room.

## Recommendations
- Burn only wood with less than 20% moisture.
- Replace the rope seal on the stove door before winter; it is starting to fray.
- Test your carbon monoxide alarm once a month.

## Next sweep due
15 September 2027, twelve months from today.

## Charges
| Item | Amount |
|---|---|
| Sweep and smoke test | £70.00 |
| Bird guard fitted | £25.00 |
| Subtotal | £95.00 |
| VAT (20%) | £19.00 |
| Total | £114.00 |

Signed: Tom Ashby, Guild of Master Chimney Sweeps member 1187
"""

ALBERT = """**Certificate of chimney sweeping**

**Certificate number:** HS-7731
**Swept on:** 3 November 2026
**Address:** 22 Albert Road, Heaton, Newcastle upon Tyne NE6 5LP
**Customer:** Mr Callum Reid

**Appliance and flue**
- Open fire burning house coal
- Brick chimney with no liner
- Flue length: 9 m (29.5 ft)

**Work done**
- Swept from the fireplace with brushes and a power sweeping head.
- About 5 litres of soot and tar removed.
- Smoke draw test passed afterwards: the smoke left cleanly from the pot.

**Advice**
- House coal leaves heavy deposits, so have the chimney swept twice a year while you burn it.
- The cowl on the pot was cleaned; check that it looks clear after storms.
- Test your CO alarm every month and replace it when it reaches its end-of-life date.

**Next sweep**
- Due by 3 May 2027 (six months)

**Charges**
- Sweep and smoke test: £65.00
- Cowl clean: £15.00
- Subtotal: £80.00
- VAT (20%): £16.00
- Total: £96.00

Signed: Megan Hale, Hale Sweeps (NACS member 4402)
"""

TY_GWYN = """CHIMNEY SWEEP CERTIFICATE

Certificate no: MS-0923
Date: 28 August 2026
Customer: Ms Anwen Price
Property: Ty Gwyn, Heol y Bont, Aberystwyth SY23 1LN

Appliance and flue:
1. Hunter Herald 8 multi-fuel stove, burning wood and smokeless coal
2. 150 mm flexible liner, flue length 6.2 m (20.3 ft)
3. Register plate with a soot door, checked and sealed

Work carried out:
1. Swept through the soot door with rods and a brush.
2. Removed an old jackdaw nest from above the liner, then swept again.
3. Smoke draw test: pass.

Recommendations:
1. Fit a bird guard on the pot this autumn to stop jackdaws nesting again.
2. Burn only smokeless fuel or dry wood.
3. Test the carbon monoxide alarm weekly while the stove is in use.

Next sweep due:
28 August 2027 (once a year)

Charges:
Sweep and smoke test: £75.00
Nest removal: £40.00
Subtotal: £115.00
VAT (20%): £23.00
Total: £138.00

Signed: Dafydd Morgan, Morgan Chimney Services, HETAS-registered sweep
"""

OLD_FORGE = """### Sweeping certificate: The Old Forge

| Certificate | |
|---|---|
| Number | PS-1102 |
| Date | 12 November 2026 |
| Customer | Mr and Mrs Hollis |
| Address | The Old Forge, Chapel Street, St Buryan, Penzance TR19 6BP |
| Appliance | Morsø 1410 wood burner |
| Flue length | 11.4 m (37.4 ft) |

### Work carried out
Swept the liner from the stove with a rotary brush, removing about 3 litres of soot. The register plate and the top of the liner were checked with a camera and are sound. Smoke draw test: pass.

### Recommendations
- A chimney fire is especially dangerous under thatch, so sweep every three months while the stove is in daily use.
- Keep the spark arrestor on the pot and have it checked at each sweep.
- Test your carbon monoxide alarm each week during the heating season.

### Next sweep due
12 February 2027, in three months

### Charges
| Item | Amount |
|---|---|
| Sweep and smoke test | £68.00 |
| Camera inspection | £45.00 |
| Subtotal | £113.00 |
| VAT (20%) | £22.60 |
| Total | £135.60 |

Josie Penrose, Penrose Sweeps, Guild member 2650
"""

CERTIFICATES = (
    Certificate(
        "Hollins Cottage",
        "Please write up the sweeping certificate for Mrs Ruth Pennington, Hollins Cottage, Back Lane, Grasmere LA22 "
        "9HR (full address and postcode, please). Swept today, 15 September 2026: Clearview Vision 500 wood burner, "
        "150 mm liner, flue 7.5 m long (give feet too). About 2 litres of soot, smoke test passed. Markdown. The work "
        "carried out first, then recommendations (dry wood, new door rope, test the CO alarm monthly), then a Next "
        "sweep due heading (12 months on), then charges: sweep £70, bird guard £25, plus VAT at 20%. Don't promise "
        "the chimney is safe. Finish with my signature: Tom Ashby, Guild member 1187.",
        HOLLINS,
        "Tom Ashby",
        12,
        (
            swap_spans(HOLLINS, "## Work carried out", "## Recommendations", "## Next sweep due"),
            ("co_alarm", "- Test your carbon monoxide alarm once a month.\n", "- Keep the hearth clear of logs.\n"),
            (
                "no_guarantee",
                "no smoke in the room.",
                "no smoke in the room. We guarantee the chimney is safe to use until the next sweep.",
            ),
            ("postcode", "Grasmere LA22 9HR", "Grasmere LA22"),
            ("heading", "## Next sweep due\n", ""),
            (
                "signed",
                "member 1187\n",
                "member 1187\n\nThank you for your custom. Please keep this certificate for your home insurer.\n",
            ),
            ("flue", "7.5 m (24.6 ft)", "7.5 m (22.5 ft)"),
            ("next_due", "15 September 2027", "15 August 2027"),
            ("vat", "| VAT (20%) | £19.00 |\n| Total | £114.00 |", "| VAT (20%) | £18.00 |\n| Total | £113.00 |"),
        ),
    ),
    Certificate(
        "Albert Road",
        "Can you do a chimney sweeping certificate for Mr Callum Reid, 22 Albert Road, Heaton, Newcastle upon Tyne NE6 "
        "5LP, with the full postcode? Swept 3 November 2026. Open fire on house coal, unlined brick chimney, flue 9 m "
        "(and in feet). Bold headings and bullets: what work was done, then advice (sweep twice a year on coal, check "
        "the cowl, test the CO alarm), then a heading for the next sweep, six months on, then charges with VAT at 20%: "
        "sweep £65, cowl clean £15. Nothing that guarantees the chimney is safe. The certificate should end with my "
        "signature, Megan Hale, NACS member 4402.",
        ALBERT,
        "Megan Hale",
        6,
        (
            swap_spans(ALBERT, "**Work done**", "**Advice**", "**Next sweep**"),
            (
                "co_alarm",
                "- Test your CO alarm every month and replace it when it reaches its end-of-life date.\n",
                "- Keep a fireguard in front of the fire when children are in the room.\n",
            ),
            (
                "no_guarantee",
                "cleanly from the pot.",
                "cleanly from the pot. Your chimney is guaranteed safe for the next six months.",
            ),
            ("postcode", "Tyne NE6 5LP", "Tyne NE6"),
            ("heading", "**Next sweep**\n", ""),
            (
                "signed",
                "(NACS member 4402)\n",
                "(NACS member 4402)\n\nPlease ring us if you ever see smoke coming back into the room.\n",
            ),
            ("flue", "9 m (29.5 ft)", "9 m (27.0 ft)"),
            ("next_due", "3 May 2027", "3 June 2027"),
            ("vat", "- VAT (20%): £16.00\n- Total: £96.00", "- VAT (20%): £13.33\n- Total: £93.33"),
        ),
    ),
    Certificate(
        "Ty Gwyn",
        "Plain text please, no Markdown (Label: lines and numbered lists). Sweep certificate for Ms Anwen Price, Ty "
        "Gwyn, Heol y Bont, Aberystwyth SY23 1LN (whole postcode). 28 August 2026, Hunter Herald 8 multi-fuel stove, "
        "flexible liner 6.2 m long (feet as well). Work carried out (jackdaw nest removed, smoke test passed) before "
        "the recommendations: bird guard, dry fuel, test the carbon monoxide alarm. A Next sweep due heading, one year "
        "on. Charges: sweep £75, nest removal £40, VAT 20% on top. Don't guarantee anything about safety. Sign it "
        "off at the bottom as Dafydd Morgan, Morgan Chimney Services.",
        TY_GWYN,
        "Dafydd Morgan",
        12,
        (
            swap_spans(TY_GWYN, "Work carried out:", "Recommendations:", "Next sweep due:"),
            (
                "co_alarm",
                "3. Test the carbon monoxide alarm weekly while the stove is in use.\n",
                "3. Keep the stove door closed except when loading fuel.\n",
            ),
            (
                "no_guarantee",
                "3. Smoke draw test: pass.",
                "3. Smoke draw test: pass. This guarantees the flue is safe to use for the coming year.",
            ),
            ("postcode", "Aberystwyth SY23 1LN", "Aberystwyth SY23"),
            ("heading", "Next sweep due:\n", ""),
            (
                "signed",
                "HETAS-registered sweep\n",
                "HETAS-registered sweep\n\nThank you for your business; we will send a reminder next summer.\n",
            ),
            ("flue", "6.2 m (20.3 ft)", "6.2 m (18.6 ft)"),
            ("next_due", "28 August 2027", "28 July 2027"),
            ("vat", "VAT (20%): £23.00\nTotal: £138.00", "VAT (20%): £21.00\nTotal: £136.00"),
        ),
    ),
    Certificate(
        "The Old Forge",
        "Sweeping certificate for Mr and Mrs Hollis at The Old Forge, Chapel Street, St Buryan, Penzance TR19 6BP, "
        "postcode in full. ### headings and a key-facts table first (number, date 12 November 2026, customer, "
        "address, Morsø 1410 stove, flue 11.4 m with the feet). Then work carried out (3 litres of soot, camera check, "
        "smoke test passed), recommendations (thatch: sweep every three months in use; spark arrestor; test the CO "
        "alarm weekly), a heading for the next sweep, due three months on, and charges: sweep £68, camera inspection "
        "£45, VAT at 20%. No promises that it is safe. The last line is my name: Josie Penrose, Penrose Sweeps.",
        OLD_FORGE,
        "Josie Penrose",
        3,
        (
            swap_spans(OLD_FORGE, "### Work carried out", "### Recommendations", "### Next sweep due"),
            (
                "co_alarm",
                "- Test your carbon monoxide alarm each week during the heating season.\n",
                "- Store logs well away from the stove.\n",
            ),
            (
                "no_guarantee",
                "Smoke draw test: pass.",
                "Smoke draw test: pass, so the chimney is guaranteed safe until the next sweep.",
            ),
            ("postcode", "Penzance TR19 6BP", "Penzance TR19"),
            ("heading", "### Next sweep due\n", ""),
            ("signed", "Guild member 2650\n", "Guild member 2650\n\nAny questions, just give us a ring.\n"),
            ("flue", "11.4 m (37.4 ft)", "11.4 m (34.2 ft)"),
            ("next_due", "12 February 2027", "12 March 2027"),
            ("vat", "| VAT (20%) | £22.60 |\n| Total | £135.60 |", "| VAT (20%) | £22.06 |\n| Total | £135.06 |"),
        ),
    ),
)


def build(certificate: Certificate, on: dict[str, bool]) -> str:
    return slipped(certificate.text, certificate.slips, on, certificate.name)


# Reading a certificate --------------------------------------------------------------------------


def months_after(day: date, months: int) -> date:
    """The same day of the month `months` months after `day`."""
    years, month = divmod(day.month - 1 + months, 12)
    return date(day.year + years, month + 1, day.day)


def next_due_right(answer: str, months: int) -> bool:
    """Whether the answer's second date (the next sweep) is `months` months after its first (the visit)."""
    days = [day for line in answer.splitlines() if (day := date_in(line)) is not None]
    return len(days) >= 2 and days[1] == months_after(days[0], months)


def vat_right(answer: str) -> bool:
    """Whether the VAT line's amount is 20% of the subtotal line's, to the penny."""
    subtotal, vat = amount_on(answer, SUBTOTAL), amount_on(answer, VAT)
    return subtotal is not None and vat == (subtotal * Decimal("0.2")).quantize(Decimal("0.01"))


def next_heading(answer: str) -> bool:
    """Whether some heading is about the next sweep."""
    return any((title := heading_of(line)) is not None and NEXT.search(title) for line in answer.splitlines())


def signed_last(answer: str, sweep: str) -> bool:
    """Whether the answer's last non-blank line names the sweep."""
    lines = [line for line in answer.splitlines() if line.strip()]
    return bool(lines) and sweep.lower() in lines[-1].lower()


WORDINGS = {
    "co_alarm": (
        "Reminds the customer to test their carbon monoxide alarm",
        "Includes advice to test the CO alarm regularly",
    ),
    "no_guarantee": (
        "Does not guarantee that the chimney is safe",
        "Avoids promising or guaranteeing the chimney's safety",
    ),
    "postcode": ("Gives the property's address with its full postcode", "Includes the full postcode of the property"),
    "order": (
        "Describes the work carried out before giving recommendations",
        "The section on the work done comes before the advice",
    ),
    "heading": (
        "Has a separate heading for when the next sweep is due",
        "Includes a section headed for the next sweep",
    ),
    "signed": (
        "Ends with the sweep's signature, {sweep}",
        "The last line of the certificate is {sweep}'s sign-off",
    ),
    "flue": (
        "The flue length in feet is a correct conversion of the length in metres",
        "Converts the flue length from metres to feet correctly",
    ),
    "next_due": (
        "The next sweep is due {months} months after the date of this sweep",
        "Works out the next sweep date correctly as {months} months after this visit",
    ),
    "vat": ("The VAT charged is 20% of the subtotal", "Works out VAT at 20% of the subtotal correctly"),
}
"""Two wordings of each kind of criterion, filled from the certificate."""


def truths(certificate: Certificate, answer: str) -> dict[str, bool]:
    return {
        "co_alarm": CO_ALARM.search(answer) is not None,
        "no_guarantee": GUARANTEE.search(answer) is None,
        "postcode": POSTCODE.search(answer) is not None,
        "order": heading_order(answer, WORK, ADVICE),
        "heading": next_heading(answer),
        "signed": signed_last(answer, certificate.sweep),
        "flue": converted(answer, METRES, FEET, FEET_PER_METRE),
        "next_due": next_due_right(answer, certificate.months),
        "vat": vat_right(answer),
    }


def candidates(rng: random.Random, certificate: Certificate, answer: str) -> list[Criterion]:
    filled = {"sweep": certificate.sweep, "months": certificate.months}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(certificate, answer).items()
    ]


SWITCHES = ("order", "co_alarm", "no_guarantee", "postcode", "heading", "signed", "flue", "next_due", "vat")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, CERTIFICATES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
