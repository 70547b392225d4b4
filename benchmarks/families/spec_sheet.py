"""Spec sheet family (fresh26): the product specification sheet a task asks for (a cordless drill's as a Markdown
table, a commuter e-bike's as bullets, a portable power station's as a dotted block in a fence, a robot vacuum's as
plain `Label: value` lines), with the battery's voltage, capacity and energy, the charger and the charge time, the
weight in kilograms and pounds, a temperature range in Celsius and Fahrenheit, the key features the task counts and
what comes in the box, a kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh26`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the sheet written right and then changed by switches: the pounds the kilograms converted or a slipped
figure, the watt-hours the volts times the amp-hours or not, the charge time the amp-hours over the charger's amps or
not, every Fahrenheit figure its Celsius one converted or one slipped, a unit on every measured spec or one left bare,
one model number throughout or a slip of its digits, no superlative or one, the task's number of key features or one
more, and everything the task puts in the box or one thing left out. Every truth is read from the text: the weight
the `kg` and `lb` figures on the first line with `weight`; the battery the `V`, `Ah` and `Wh` figures on the first
line with an `Ah` figure; the charger the first line with `charg` and an `A` figure, its time the first figure in
hours or minutes after that; the temperatures every figure before `°C` and `°F` on the first line with `°C`; a
measured spec the first figure on the first line naming it, with a unit or not; a model number two to four capitals,
a hyphen and three or four digits; the key features the bullets under the line naming them, or its `;`-separated
list; the box the line with `in the box` up to the next blank line.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    figure_value,
    first_figure,
    line_with,
    pick_wording,
    slipped,
    switched_cases,
)

FAMILY = "spec_sheet"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
POUNDS_PER_KG = 2.20462
NUMBER = r"(\d[\d,]*(?:\.\d+)?)"
KG, LB = re.compile(NUMBER + r"\s*kg\b"), re.compile(NUMBER + r"\s*lb\b")
VOLTS, AMP_HOURS, WATT_HOURS = (re.compile(NUMBER + rf"\s*{unit}\b") for unit in ("V", "Ah", "Wh"))
AMPS = re.compile(NUMBER + r"\s*A\b")
TIME = re.compile(NUMBER + r"\s*(hours?|hrs?|h|min(?:utes)?)\b")
CELSIUS, FAHRENHEIT = (re.compile(r"([−-]?\d+(?:\.\d+)?)\s*°" + scale) for scale in ("C", "F"))
MEASURE = re.compile(
    r"\d[\d,]*(?:\.\d+)?(?:\s*[–-]\s*\d[\d,]*(?:\.\d+)?)?\s*"
    r"(km/h|dB\(A\)|dB|°[CF]|mAh|Ah|Wh|Nm|rpm|kg|lb|mm|cm|km|Pa|min|W|V|A|h|m|L|%)?(?![A-Za-z])"
)
MODEL = re.compile(r"\b[A-Z]{2,4}-\d{3,4}[A-Z]?\b")
SUPERLATIVE = re.compile(
    r"\b(?:best|most powerful|world'?s|ultimate|unbeatable|revolutionary|class-leading|industry-leading|"
    r"fastest|lightest|strongest|quietest|number one)\b",
    re.I,
)
BULLET = re.compile(r"\s*[-*•]\s+\S")


@dataclass(frozen=True)
class Product:
    task: str
    text: str
    """The answer written right."""
    name: str
    model: str
    features: int
    box: tuple[str, ...]
    """What the task puts in the box, as the answer names it."""
    measured: tuple[str, ...]
    """The labels of the specs whose figure needs a unit (and no other check)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


DRILL = """## VX-1840 Cordless Drill Driver: specifications

| Specification | Value |
|---|---|
| Model | VX-1840 |
| Battery | 18 V, 4.0 Ah (72 Wh) |
| Charger | 2.0 A, full charge in 2 h |
| Max torque | 60 Nm |
| No-load speed | 0–1,800 rpm |
| Weight (with battery) | 1.6 kg (3.5 lb) |
| Operating temperature | −10 °C to 40 °C (14 °F to 104 °F) |
| Noise | 82 dB(A) |

**Key features**
- Two-speed metal gearbox
- 21 torque settings plus drill mode
- LED work light
- Keyless 13 mm chuck

**In the box:** VX-1840 drill, 4.0 Ah battery, 2.0 A charger, belt clip, carry case."""

EBIKE = """**Kestrel CX-500 commuter e-bike: specifications**

- **Model:** CX-500
- **Motor:** 250 W rear hub
- **Assist speed limit:** 25 km/h
- **Range:** up to 80 km
- **Battery:** 36 V, 14 Ah (504 Wh), removable
- **Charger:** 4 A, full charge in 3.5 hours
- **Weight:** 22.5 kg (49.6 lb)
- **Charging temperature:** 5 °C to 35 °C (41 °F to 95 °F)

**Key features**
- Hydraulic disc brakes
- Integrated front and rear lights
- Belt drive, no chain oil
- Step-through aluminium frame
- Rear rack rated for 25 kg

**In the box:** CX-500 bike, battery, 4 A charger, pedals, multi-tool, quick-start guide."""

POWER_STATION = """Voltcore PS-1000 portable power station

```text
Model ................. PS-1000
Battery ............... LiFePO4, 51.2 V, 20 Ah (1,024 Wh)
Charging .............. 10 A input, full charge in 2 h
AC output ............. 1,800 W continuous, 3,600 W surge
USB-C output .......... 100 W per port, 4 ports
Weight ................ 12.4 kg (27.3 lb)
Operating temperature . -10 °C to 45 °C (14 °F to 113 °F)
```

Key features:
- Pure sine wave inverter
- 3,000 cycles to 80% capacity
- Switches to battery in under 20 ms

In the box: PS-1000, AC charging cable, car charging cable, user manual."""

VACUUM = """Nimbus RV-220 Robot Vacuum: Specifications
Model: RV-220
Suction: 2,700 Pa
Runtime: up to 150 min
Dustbin: 0.45 L
Battery: 14.4 V, 5.2 Ah (74.9 Wh)
Charging: 1.3 A on the dock, full charge in 4 h
Weight: 3.4 kg (7.5 lb)
Operating temperature: 0 °C to 40 °C (32 °F to 104 °F)
Noise: 62 dB(A)
Key features: lidar mapping; no-go zones in the app; carpet boost; auto-return to the dock
In the box: RV-220 robot, charging dock, two side brushes, spare filter, cleaning tool"""

PRODUCTS = (
    Product(
        "Write a spec sheet for our VX-1840 cordless drill driver as a Markdown table, then exactly four key "
        "features as bullets and what's in the box. It has an 18 V 4.0 Ah battery, a 2.0 A charger, 60 Nm max "
        "torque, 0-1,800 rpm, weighs 1.6 kg with the battery, works from -10 to 40 °C and is 82 dB(A). Give the "
        "weight in kg and lb, the battery energy in Wh, the temperatures in °C and °F, and the charge time from the "
        "charger's current. In the box: drill, battery, charger, belt clip, carry case. No marketing superlatives.",
        DRILL,
        "drill",
        "VX-1840",
        4,
        ("battery", "charger", "belt clip", "carry case"),
        ("Max torque", "No-load speed", "Noise"),
        (
            ("weight", "1.6 kg (3.5 lb)", "1.6 kg (0.7 lb)"),
            ("energy", "4.0 Ah (72 Wh)", "4.0 Ah (36 Wh)"),
            ("charge", "full charge in 2 h", "full charge in 1 h"),
            ("temperature", "104 °F)", "72 °F)"),
            ("units", "| Max torque | 60 Nm |", "| Max torque | 60 |"),
            ("model", "VX-1840 drill", "VX-1480 drill"),
            ("no_superlative", "- LED work light", "- LED work light, the best in its class"),
            ("features", "- Keyless 13 mm chuck\n", "- Keyless 13 mm chuck\n- Brushless motor\n"),
            ("box", ", belt clip", ""),
        ),
    ),
    Product(
        "Product spec sheet for the Kestrel CX-500 commuter e-bike, as Markdown bullets. 36 V 14 Ah battery, 4 A "
        "charger, 250 W motor, 25 km/h assist limit, range up to 80 km, 22.5 kg, charge it between 5 and 35 °C. "
        "Weight in kg and lb, battery energy in Wh, temperatures in °C and °F, the charge time from the charger, "
        "exactly five key features, and the box contents (bike, battery, charger, pedals, multi-tool, quick-start "
        "guide). Keep superlatives out of it.",
        EBIKE,
        "e-bike",
        "CX-500",
        5,
        ("battery", "charger", "pedals", "multi-tool"),
        ("Motor", "Assist speed limit", "Range"),
        (
            ("weight", "22.5 kg (49.6 lb)", "22.5 kg (10.2 lb)"),
            ("energy", "14 Ah (504 Wh)", "14 Ah (540 Wh)"),
            ("charge", "full charge in 3.5 hours", "full charge in 4.5 hours"),
            ("temperature", "95 °F)", "63 °F)"),
            ("units", "up to 80 km", "up to 80"),
            ("model", "Kestrel CX-500 commuter", "Kestrel CX-550 commuter"),
            (
                "no_superlative",
                "- Hydraulic disc brakes",
                "- Hydraulic disc brakes, the best you can get on a commuter",
            ),
            ("features", "- Rear rack rated for 25 kg\n", "- Rear rack rated for 25 kg\n- Kickstand\n"),
            ("box", " pedals,", ""),
        ),
    ),
    Product(
        "Spec sheet for the Voltcore PS-1000 portable power station as a plain-text block I can paste into our "
        "catalogue (put it in a code fence), then exactly three key features as bullets and the box contents. "
        "LiFePO4 pack, 51.2 V 20 Ah, charges at 10 A, 1,800 W AC output (3,600 W surge), USB-C 100 W on each of 4 "
        "ports, 12.4 kg, works from -10 to 45 °C. Weight in kg and lb, energy in Wh, °C with °F, and the charge "
        "time. In the box: the unit, AC charging cable, car charging cable, user manual. No superlatives please.",
        POWER_STATION,
        "power station",
        "PS-1000",
        3,
        ("AC charging cable", "car charging cable", "user manual"),
        ("AC output", "USB-C output"),
        (
            ("weight", "12.4 kg (27.3 lb)", "12.4 kg (5.6 lb)"),
            ("energy", "20 Ah (1,024 Wh)", "20 Ah (1,240 Wh)"),
            ("charge", "full charge in 2 h", "full charge in 50 min"),
            ("temperature", "113 °F)", "81 °F)"),
            ("units", "1,800 W continuous", "1,800 continuous"),
            ("model", "Model ................. PS-1000", "Model ................. PS-1010"),
            (
                "no_superlative",
                "- Pure sine wave inverter",
                "- Pure sine wave inverter, the most powerful in its class",
            ),
            ("features", "- Switches to battery in under 20 ms", "- Switches to battery in under 20 ms\n- App control"),
            ("box", " car charging cable,", ""),
        ),
    ),
    Product(
        "Plain lines, 'Label: value', no Markdown: a spec sheet for the Nimbus RV-220 robot vacuum. 14.4 V 5.2 Ah "
        "battery, 1.3 A charging on the dock, 2,700 Pa suction, runtime 150 min, 3.4 kg, dustbin 0.45 L, works "
        "from 0 to 40 °C, 62 dB(A). Weight in kg and lb, energy in Wh, °C and °F, the charge time from the dock's "
        "current, then a 'Key features:' line with exactly four features separated by semicolons, and 'In the "
        "box:' (robot, charging dock, side brushes, spare filter, cleaning tool). No superlatives.",
        VACUUM,
        "robot vacuum",
        "RV-220",
        4,
        ("charging dock", "side brushes", "spare filter", "cleaning tool"),
        ("Suction", "Runtime", "Dustbin", "Noise"),
        (
            ("weight", "3.4 kg (7.5 lb)", "3.4 kg (1.5 lb)"),
            ("energy", "5.2 Ah (74.9 Wh)", "5.2 Ah (72.0 Wh)"),
            ("charge", "full charge in 4 h", "full charge in 2.5 h"),
            ("temperature", "(32 °F", "(0 °F"),
            ("units", "Suction: 2,700 Pa", "Suction: 2,700"),
            ("model", "RV-220 robot,", "RV-202 robot,"),
            ("no_superlative", "Key features: lidar mapping", "Key features: the world's smartest lidar mapping"),
            ("features", "auto-return to the dock", "auto-return to the dock; scheduled cleaning"),
            ("box", " spare filter,", ""),
        ),
    ),
)


def build(product: Product, on: dict[str, bool]) -> str:
    return slipped(product.text, product.slips, on, product.name)


# Reading a spec sheet ---------------------------------------------------------------------------


def weight_right(answer: str) -> bool:
    line = line_with(answer, "weight")
    kg, lb = first_figure(KG, line), first_figure(LB, line)
    return kg is not None and lb is not None and abs(kg * POUNDS_PER_KG - lb) <= 0.02 * kg * POUNDS_PER_KG + 0.05


def battery(answer: str) -> tuple[float | None, float | None, float | None]:
    """The volts, amp-hours and watt-hours of the first line with an `Ah` figure."""
    line = next((s for s in answer.splitlines() if AMP_HOURS.search(s)), "")
    return first_figure(VOLTS, line), first_figure(AMP_HOURS, line), first_figure(WATT_HOURS, line)


def energy_right(answer: str) -> bool:
    volts, amp_hours, watt_hours = battery(answer)
    if volts is None or amp_hours is None or watt_hours is None:
        return False
    return abs(volts * amp_hours - watt_hours) <= 0.01 * volts * amp_hours


def charge_hours(answer: str) -> tuple[float, float] | None:
    """The charger's amps and the charge time in hours, from the first line with `charg` and an `A` figure."""
    for line in answer.splitlines():
        amps = AMPS.search(line)
        if "charg" in line.lower() and amps:
            time = TIME.search(line, amps.end())
            if time is None:
                return None
            hours = figure_value(time.group(1))
            return figure_value(amps.group(1)), hours / 60 if time.group(2).startswith("min") else hours
    return None


def charge_right(answer: str) -> bool:
    _, amp_hours, _ = battery(answer)
    found = charge_hours(answer)
    if amp_hours is None or found is None:
        return False
    amps, hours = found
    return abs(hours - amp_hours / amps) <= 0.05 * amp_hours / amps


def temperatures_right(answer: str) -> bool:
    line = next((s for s in answer.splitlines() if "°C" in s), "")
    celsius = [figure_value(c) for c in CELSIUS.findall(line)]
    fahrenheit = [figure_value(f) for f in FAHRENHEIT.findall(line)]
    return (
        bool(celsius)
        and len(celsius) == len(fahrenheit)
        and all(abs(c * 9 / 5 + 32 - f) <= 1 for c, f in zip(celsius, fahrenheit, strict=True))
    )


def unit_of(answer: str, label: str) -> str | None:
    """The unit after the first figure on the first line naming `label` ("" when it has none; None, no figure)."""
    line = re.sub(re.escape(label), " ", line_with(answer, label.lower()), count=1, flags=re.I)
    found = MEASURE.search(line)
    return None if found is None else found.group(1) or ""


def features(answer: str) -> list[str]:
    """The key features: the `;`-separated list on the line naming them, or the bullets under it."""
    lines = answer.splitlines()
    for index, line in enumerate(lines):
        if "key features" in line.lower():
            rest = line.partition(":")[2].strip(" *")
            if rest:
                return [item.strip() for item in rest.split(";") if item.strip()]
            out = []
            for after in lines[index + 1 :]:
                if BULLET.match(after):
                    out.append(after.strip())
                elif out or after.strip():
                    break
            return out
    return []


def box(answer: str) -> str:
    """The answer from the line with `in the box` to the next blank line, in lower case."""
    text = answer.lower()
    start = text.find("in the box")
    if start < 0:
        return ""
    end = text.find("\n\n", start)
    return text[start : end if end >= 0 else len(text)]


WORDINGS = {
    "weight": (
        "The weight in pounds matches the weight in kilograms",
        "Gives the weight in kg and lb, and the two figures agree",
    ),
    "energy": (
        "The battery's watt-hours equal its voltage times its amp-hours",
        "States the battery energy in Wh correctly from the voltage and capacity",
    ),
    "charge": (
        "The charge time equals the battery's amp-hours divided by the charging current",
        "Its full-charge time is consistent with the battery capacity and the charger's current",
    ),
    "temperature": (
        "The Fahrenheit temperatures are correct conversions of the Celsius ones",
        "Converts the temperature range from °C to °F correctly",
    ),
    "units": (
        "Every measurement in the spec list carries a unit",
        "No spec value is given as a bare number without its unit",
    ),
    "model": ("Uses the model number {model} everywhere it appears", "Every mention of the model number reads {model}"),
    "no_superlative": (
        "Avoids marketing superlatives such as 'best' or 'most powerful'",
        "Makes no unverifiable best-in-class claims about the {name}",
    ),
    "features": ("Lists exactly {n} key features", "Gives {n} key features, no more and no fewer"),
    "box": ("The box contents include {box}", "Lists everything the task says comes in the box"),
}
"""Two wordings of each kind of criterion, filled from the product."""


def truths(product: Product, answer: str) -> dict[str, bool]:
    contents = box(answer)
    return {
        "weight": weight_right(answer),
        "energy": energy_right(answer),
        "charge": charge_right(answer),
        "temperature": temperatures_right(answer),
        "units": all(unit_of(answer, label) for label in product.measured),
        "model": set(MODEL.findall(answer)) == {product.model},
        "no_superlative": SUPERLATIVE.search(answer) is None,
        "features": len(features(answer)) == product.features,
        "box": bool(contents) and all(item.lower() in contents for item in product.box),
    }


def candidates(rng: random.Random, product: Product, answer: str) -> list[Criterion]:
    values = {
        "model": product.model,
        "name": product.name,
        "n": product.features,
        "box": ", ".join(product.box[:-1]) + f" and {product.box[-1]}",
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(product, answer).items()
    ]


SWITCHES = ("weight", "energy", "charge", "temperature", "units", "model", "no_superlative", "features", "box")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, PRODUCTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
