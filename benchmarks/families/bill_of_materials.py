"""Bill of materials family (fresh15): the bill of materials a task asks for (a weather station board,
a fuzz pedal kit, a USB-C power trigger board, a Raspberry Pi LED HAT), each line with its reference
designators, quantity, description, manufacturer part number, unit and line price, the quantity for
a batch and the part's lifecycle status, and the cost of one board under the table, a kind of answer
no grader was run on while any of its rules was written. Run only as `--set fresh15`, never in
`all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the BOM as a Markdown table or a CSV export in a fenced block under a title line,
written right and then changed by switches: lines in designator order or two swapped, every quantity
the count of its designators or one designator dropped, a total that is the sum of quantity × unit
price or digits transposed, every batch quantity the line's quantity times the batch or one not, no
part number on two lines or one copied onto another line, a part number on every line or a
placeholder, no part end-of-life or one, a first line naming the board and its revision or the
revision left out, and every price to the cent or one written short. Every truth is read from the
text: the lines from the pipe table (the row above the separator its headings) or the CSV block, the
columns by their headings (the batch column the one naming the batch size), designators counted with
ranges such as `R1–R8` expanded, and the total from the line that starts with `Total`.
"""

from __future__ import annotations

import csv
import random
import re
from dataclasses import dataclass

from benchmarks.labelled import FENCED, Criterion, JudgeCase, pick_wording, pipe_grids, slipped, switched_cases

FAMILY = "bill_of_materials"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
DESIGNATOR = re.compile(r"([A-Z]+)(\d+)(?:\s*[-–]\s*(?:[A-Z]+)?(\d+))?")
TOTAL = re.compile(r"^[\W_]*total\b[^\d\n]*(\d[\d,]*(?:\.\d+)?)", re.I | re.M)
CENTS = re.compile(r"\d+\.\d{2}")
REVISION = re.compile(r"\brev(?:ision)?\.?\s*[A-Z0-9]|\bv\d", re.I)
RETIRED = re.compile(r"eol|end.of.life|obsolete|nrnd|not recommended", re.I)
COLUMNS = (
    ("ref", r"ref|designator"),
    ("qty", r"\bqty\b|quantity"),
    ("mpn", r"mpn|p/n|part\s*(?:no|number|#)"),
    ("unit", r"unit"),
    ("ext", r"ext|line|total"),
    ("status", r"status|lifecycle"),
)

Line = dict[str, str]
"""A line of the BOM: its cells by column (ref, qty, batch, mpn, unit, ext, status)."""


@dataclass(frozen=True)
class Board:
    task: str
    text: str
    """The answer written right."""
    product: str
    batch: int
    unit: str
    """The board's name, how many are built, and what one of them is called (board, kit)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead; a swap comes first."""


SKYNODE = """# SkyNode weather station — BOM, rev C

| Ref | Qty | Description | MPN | Unit (USD) | Ext. (USD) | Qty ×25 | Lifecycle |
|---|---|---|---|---|---|---|---|
| C1, C2, C3, C4 | 4 | 100 nF 16 V X7R 0402 | GRM155R71C104KA88D | 0.02 | 0.08 | 100 | Active |
| C5, C6 | 2 | 10 µF 16 V X5R 0805 | GRM21BR61C106KE15L | 0.12 | 0.24 | 50 | Active |
| D1 | 1 | Green LED, 0603 | LTST-C191KGKT | 0.18 | 0.18 | 25 | Active |
| J1 | 1 | USB-C receptacle, 16 pin | USB4105-GF-A | 0.85 | 0.85 | 25 | Active |
| R1, R2 | 2 | 5.1 kΩ 1% 0402 (CC pull-downs) | RC0402FR-075K1L | 0.01 | 0.02 | 50 | Active |
| R3, R4, R5 | 3 | 10 kΩ 1% 0402 | RC0402FR-0710KL | 0.01 | 0.03 | 75 | Active |
| U1 | 1 | ESP32-C3 Wi-Fi module, 4 MB flash | ESP32-C3-MINI-1-N4 | 2.95 | 2.95 | 25 | Active |
| U2 | 1 | Temperature, humidity and pressure sensor | BME280 | 3.80 | 3.80 | 25 | Active |
| U3 | 1 | 3.3 V 600 mA LDO, SOT-23-5 | AP2112K-3.3TRG1 | 0.32 | 0.32 | 25 | Active |

**Total per board: $8.47** at 25-off prices from Digi-Key, before PCB and assembly."""

BRAMBLE = """# Bramble Fuzz v2.1 — bill of materials (per kit)

| Designators | Part | Qty/kit | Manufacturer P/N | Unit € | Line € | For 10 kits | Status |
|---|---|---|---|---|---|---|---|
| C1 | 2.2 µF film capacitor | 1 | ECQ-E2225KF | 0.46 | 0.46 | 10 | Active |
| C2, C3 | 100 µF 25 V electrolytic | 2 | EEU-FR1E101 | 0.21 | 0.42 | 20 | Active |
| D1 | 3 mm red LED | 1 | WP710A10ID | 0.12 | 0.12 | 10 | Active |
| D2 | Schottky diode, reverse polarity | 1 | 1N5817-T | 0.15 | 0.15 | 10 | Active |
| J1, J2 | 6.35 mm mono jack | 2 | NMJ2HCD2 | 1.90 | 3.80 | 20 | Active |
| J3 | 2.1 mm DC barrel jack | 1 | PJ-002A | 0.70 | 0.70 | 10 | Active |
| Q1, Q2 | NPN transistor, TO-92 | 2 | 2N5088BU | 0.35 | 0.70 | 20 | Active |
| R1–R4 | 10 kΩ 1/4 W metal film | 4 | MFR-25FBF52-10K | 0.10 | 0.40 | 40 | Active |
| R5 | 100 kΩ 1/4 W metal film | 1 | MFR-25FBF52-100K | 0.10 | 0.10 | 10 | Active |
| RV1 | 100 kΩ log pot (Fuzz) | 1 | PTV09A-4020U-A104 | 0.95 | 0.95 | 10 | Active |
| RV2 | 10 kΩ log pot (Volume) | 1 | PTV09A-4020U-A103 | 0.95 | 0.95 | 10 | Active |
| SW1 | 3PDT footswitch | 1 | FS3PDT-9 | 2.60 | 2.60 | 10 | Active |

Total per kit: €11.35 (enclosure, knobs and PCB are priced separately)."""

PD_SINK = """PD-Sink 20 V trigger board, rev 1.2: bill of materials for 100 boards

```csv
Reference,Qty,Value,Footprint,MPN,Unit price (USD),Extended (USD),Qty for 100 boards,Status
"C1,C2",2,10uF 25V,0805,CL21A106KAYNNNE,0.05,0.10,200,Active
C3,1,1uF 25V,0603,CL10A105KA8NNNC,0.02,0.02,100,Active
D1,1,LED red,0603,150060RS75000,0.12,0.12,100,Active
J1,1,USB-C receptacle,USB_C_Receptacle,TYPE-C-31-M-12,0.40,0.40,100,Active
J2,1,Screw terminal 2-pin,TerminalBlock_5.08,1729128,0.55,0.55,100,Active
"R1,R2",2,5.1k,0402,RC0402FR-075K1L,0.01,0.02,200,Active
R3,1,1k,0603,RC0603FR-071KL,0.01,0.01,100,Active
"R4,R5",2,100k,0603,RC0603FR-07100KL,0.01,0.02,200,Active
U1,1,CH224K,ESSOP-10,CH224K,0.58,0.58,100,Active
```

Total per board: $1.82 at 100-off prices (LCSC), PCB not included."""

LUMAHAT = """## LumaHAT rev A: bill of materials (per board)

| Ref | Qty | Part | MPN | Unit £ | Total £ | 50 boards | Status |
|---|---|---|---|---|---|---|---|
| C1–C3 | 3 | 100 nF 0603 | CL10B104KB8NNNC | 0.02 | 0.06 | 150 | Active |
| C4 | 1 | 10 µF 0805 | CL21A106KAYNNNE | 0.05 | 0.05 | 50 | Active |
| D1–D8 | 8 | White LED, 3528 | SML-LX3528UWC | 0.09 | 0.72 | 400 | Active |
| J1 | 1 | 2×20 GPIO header, female | SSQ-120-03-G-D | 1.80 | 1.80 | 50 | Active |
| Q1–Q8 | 8 | N-channel MOSFET, SOT-23 | AO3400A | 0.06 | 0.48 | 400 | Active |
| R1–R8 | 8 | 100 Ω 0603 (gate) | RC0603FR-07100RL | 0.01 | 0.08 | 400 | Active |
| R9–R16 | 8 | 10 kΩ 0603 (pull-down) | RC0603FR-0710KL | 0.01 | 0.08 | 400 | Active |
| U1 | 1 | HAT ID EEPROM | CAT24C32WI-GT3 | 0.30 | 0.30 | 50 | Active |

Total per board: £3.57, or £178.50 for the run of 50."""


def swap(text: str, first: str, second: str) -> tuple[str, str, str]:
    """The slip that swaps the table lines starting with `first` and `second` (adjacent, in order)."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(first))
    if not lines[at + 1].startswith(second):
        raise ValueError(f"{second!r} does not follow {first!r}")
    old = f"{lines[at]}\n{lines[at + 1]}\n"
    return ("sorted", old, f"{lines[at + 1]}\n{lines[at]}\n")


BOARDS = (
    Board(
        "Make a BOM for the SkyNode weather station board, rev C: ESP32-C3-MINI-1 module, BME280 sensor, AP2112K "
        "3.3 V regulator, USB-C (with the two 5.1k CC resistors), a status LED, 10k pull-ups and the decoupling "
        "caps. One line per part, sorted by designator, with MPN, unit and extended price in USD, the quantity "
        "for a 25-board build and each part's lifecycle status, then the cost per board.",
        SKYNODE,
        "SkyNode weather station",
        25,
        "board",
        (
            swap(SKYNODE, "| D1 |", "| J1 |"),
            ("refs", "| R3, R4, R5 | 3 |", "| R3, R4 | 3 |"),
            ("total", "$8.47**", "$8.74**"),
            ("batch", "| 0.24 | 50 |", "| 0.24 | 25 |"),
            ("unique", "| RC0402FR-075K1L |", "| RC0402FR-0710KL |"),
            ("mpn", "| AP2112K-3.3TRG1 |", "| TBD |"),
            ("no_eol", "| 3.80 | 3.80 | 25 | Active |", "| 3.80 | 3.80 | 25 | NRND |"),
            ("title", " — BOM, rev C\n", " — BOM\n"),
            ("cents", "| 3.80 | 3.80 |", "| 3.8 | 3.80 |"),
        ),
    ),
    Board(
        "I'm selling the Bramble Fuzz v2.1 as a DIY kit. Write the bill of materials per kit: film cap, two "
        "electrolytics, LED, protection diode, two audio jacks and a DC jack, two NPN transistors, five resistors, "
        "two pots and the 3PDT footswitch. Sort by designator; give manufacturer part numbers, prices in euros, "
        "quantities for a batch of 10 kits and the status of each part, and the total per kit.",
        BRAMBLE,
        "Bramble Fuzz",
        10,
        "kit",
        (
            swap(BRAMBLE, "| J3 |", "| Q1, Q2 |"),
            ("refs", "| R1–R4 |", "| R1–R3 |"),
            ("total", "€11.35", "€11.53"),
            ("batch", "| 3.80 | 20 |", "| 3.80 | 10 |"),
            ("unique", "| PTV09A-4020U-A103 |", "| PTV09A-4020U-A104 |"),
            ("mpn", "| 1N5817-T |", "| — |"),
            ("no_eol", "| 0.35 | 0.70 | 20 | Active |", "| 0.35 | 0.70 | 20 | Obsolete |"),
            ("title", "Bramble Fuzz v2.1 —", "Bramble Fuzz —"),
            ("cents", "| 0.70 | 0.70 | 10 |", "| 0.7 | 0.70 | 10 |"),
        ),
    ),
    Board(
        "Export the BOM of our PD-Sink 20 V trigger board (rev 1.2) as CSV like KiCad would, for a run of 100 "
        "boards: CH224K controller, USB-C receptacle, screw terminal, LED, the caps and resistors. Columns: "
        "reference, qty, value, footprint, MPN, unit and extended price in USD, qty for 100 boards, status. Sort "
        "by reference and give the total per board under it.",
        PD_SINK,
        "PD-Sink",
        100,
        "board",
        (
            swap(PD_SINK, "C3,", "D1,"),
            ("refs", '"R4,R5",2,', '"R4",2,'),
            ("total", "$1.82", "$1.28"),
            ("batch", ",0.55,0.55,100,", ",0.55,0.55,10,"),
            ("unique", ",RC0603FR-071KL,", ",RC0603FR-07100KL,"),
            ("mpn", "TYPE-C-31-M-12", ""),
            ("no_eol", ",0.58,0.58,100,Active", ",0.58,0.58,100,EOL"),
            ("title", "board, rev 1.2:", "board:"),
            ("cents", ",0.40,0.40,100", ",0.4,0.40,100"),
        ),
    ),
    Board(
        "BOM for LumaHAT rev A, a Raspberry Pi HAT driving 8 white LEDs through 8 MOSFETs (each with a 100 Ω gate "
        "resistor and a 10k pull-down), with the HAT ID EEPROM, the 40-pin header and decoupling. Markdown table "
        "sorted by designator with MPNs, prices in GBP, quantities for our run of 50 boards and lifecycle status, "
        "plus the cost per board.",
        LUMAHAT,
        "LumaHAT",
        50,
        "board",
        (
            swap(LUMAHAT, "| J1 |", "| Q1–Q8 |"),
            ("refs", "| R9–R16 | 8 |", "| R9–R15 | 8 |"),
            ("total", "£3.57", "£3.75"),
            ("batch", "| 0.72 | 400 |", "| 0.72 | 50 |"),
            ("unique", "| RC0603FR-07100RL |", "| RC0603FR-0710KL |"),
            ("mpn", "| CAT24C32WI-GT3 |", "| TBD |"),
            ("no_eol", "| 0.05 | 0.05 | 50 | Active |", "| 0.05 | 0.05 | 50 | EOL |"),
            ("title", "LumaHAT rev A:", "LumaHAT:"),
            ("cents", "| 1.80 | 1.80 |", "| 1.8 | 1.80 |"),
        ),
    ),
)


def build(board: Board, on: dict[str, bool]) -> str:
    return slipped(board.text, board.slips, on, board.product)


# Reading a BOM ----------------------------------------------------------------------------------


def columns(headings: list[str], batch: int) -> dict[str, int]:
    """Each column's place: the batch column names the batch size, the others match by pattern."""
    at: dict[str, int] = {}
    for index, heading in enumerate(headings):
        if re.search(rf"\b{batch}\b", heading) and "batch" not in at:
            at["batch"] = index
            continue
        for name, pattern in COLUMNS:
            if name not in at and re.search(pattern, heading, re.I):
                at[name] = index
                break
    return at


def grids(answer: str) -> list[list[list[str]]]:
    """The pipe tables (headings first, the separator left out) and the CSV blocks."""
    return [list(csv.reader(b.strip().splitlines())) for b in FENCED.findall(answer)] + pipe_grids(answer)


def lines(board: Board, answer: str) -> list[Line]:
    """The rows of the first table with a designator and a quantity column, by column name."""
    for grid in grids(answer):
        at = columns(grid[0], board.batch) if grid else {}
        if {"ref", "qty"} <= set(at):
            return [
                {name: row[index].strip() for name, index in at.items() if index < len(row)} for row in grid[1:] if row
            ]
    return []


def designators(cell: str) -> list[tuple[str, int]]:
    """The designators of a cell, ranges such as `R1–R8` expanded."""
    out: list[tuple[str, int]] = []
    for prefix, first, last in DESIGNATOR.findall(cell):
        out.extend((prefix, n) for n in range(int(first), int(last or first) + 1))
    return out


def number(cell: str) -> float | None:
    match = re.search(r"\d[\d,]*(?:\.\d+)?", cell)
    return float(match.group().replace(",", "")) if match else None


def part_number(cell: str) -> bool:
    return bool(re.search(r"\d", cell)) and cell.strip().lower() not in ("tbd", "n/a", "tba")


def in_order(rows: list[Line]) -> bool:
    firsts = [found[0] for row in rows if (found := designators(row.get("ref", "")))]
    return len(firsts) == len(rows) and firsts == sorted(firsts)


def counts_agree(rows: list[Line]) -> bool:
    return all(len(designators(row.get("ref", ""))) == number(row.get("qty", "")) for row in rows)


def total_right(rows: list[Line], answer: str) -> bool:
    stated = TOTAL.search(answer)
    costs = [(number(row.get("qty", "")), number(row.get("unit", ""))) for row in rows]
    if stated is None or any(q is None or u is None for q, u in costs):
        return False
    return abs(float(stated.group(1).replace(",", "")) - sum(q * u for q, u in costs if q and u)) < 0.005


def batch_right(board: Board, rows: list[Line]) -> bool:
    return all(
        (q := number(row.get("qty", ""))) is not None and number(row.get("batch", "")) == q * board.batch
        for row in rows
    )


def first_line(answer: str) -> str:
    return next((line.strip() for line in answer.splitlines() if line.strip()), "")


WORDINGS = {
    "sorted": ("Lists the lines in order of reference designator", "The rows are sorted by their designators"),
    "refs": (
        "On every line the quantity matches the number of reference designators",
        "Each row's quantity equals how many designators it lists",
    ),
    "total": (
        "The total per {unit} equals the sum of quantity × unit price over all lines",
        "Its cost per {unit} is right for the quantities and unit prices given",
    ),
    "batch": (
        "The quantities for {batch} {unit}s are each line's quantity times {batch}",
        "Every figure in the {batch}-{unit} column is the per-{unit} quantity multiplied by {batch}",
    ),
    "unique": ("No manufacturer part number appears on two lines", "Each line has a different MPN"),
    "mpn": ("Every line gives a manufacturer part number", "No part is left without an MPN"),
    "no_eol": (
        "Does not include any part marked end-of-life, obsolete or NRND",
        "Every part listed is in active production",
    ),
    "title": (
        "The first line names the {product} and its revision",
        "Opens with a title giving the {unit}'s name and revision",
    ),
    "cents": (
        "All unit and line prices are written with two decimal places",
        "Every price in the table is to the cent",
    ),
}
"""Two wordings of each kind of criterion, filled from the board."""


def truths(board: Board, answer: str) -> dict[str, bool]:
    rows = lines(board, answer)
    mpns = [row.get("mpn", "").lower() for row in rows if part_number(row.get("mpn", ""))]
    prices = [row.get(name, "") for row in rows for name in ("unit", "ext")]
    head = first_line(answer)
    return {
        "sorted": bool(rows) and in_order(rows),
        "refs": bool(rows) and counts_agree(rows),
        "total": bool(rows) and total_right(rows, answer),
        "batch": bool(rows) and batch_right(board, rows),
        "unique": bool(mpns) and len(set(mpns)) == len(mpns),
        "mpn": bool(rows) and all(part_number(row.get("mpn", "")) for row in rows),
        "no_eol": bool(rows) and not any(RETIRED.search(row.get("status", "")) for row in rows),
        "title": board.product.split()[0].lower() in head.lower() and bool(REVISION.search(head)),
        "cents": bool(prices) and all(CENTS.fullmatch(p.strip(" $€£")) for p in prices),
    }


def candidates(rng: random.Random, board: Board, answer: str) -> list[Criterion]:
    values = {"product": board.product, "batch": board.batch, "unit": board.unit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(board, answer).items()
    ]


SWITCHES = ("sorted", "refs", "total", "batch", "unique", "mpn", "no_eol", "title", "cents")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, BOARDS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
