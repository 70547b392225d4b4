"""Purchase order family (fresh18): the purchase order a task asks a buyer to send a supplier (a café's
disposables as a Markdown table, an architects' furniture as columns in a fenced block, a lab's consumables as
bullets, a builder's materials as plain lines), with its PO number, the quote it follows, the invoice and delivery
addresses, five items each with a SKU, quantity, unit cost and line total, the tax and delivery charge, the total,
the delivery date and the payment terms, a kind of answer no grader was run on while any of its rules was written.
Run only as `--set fresh18`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the order written right and then changed by switches: the items in the quote's order or two swapped,
the PO number or two of its digits transposed, every item with its SKU or one without, every line total right or
one not, the total right or not, the delivery date a weekday or a Saturday, the goods sent to the site or to the
invoice address, the task's payment terms or others, every date in one format or one in another. Every truth is
read from the text: an item's line is the first naming it, its figures (name and SKU taken out) its quantity, unit
cost and line total; the total is the last figure on the first line starting `Total`, `Order total` or `Grand
total`; the delivery date is the first date after the label on the first line with `delivery date`, `deliver by`,
`required by` or `wanted on site`; the terms are the days on the first line with `terms`; the site is its postcode;
ISO, day-first slashed, day-month-name and month-name-first dates are four formats.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, swap_lines, switched_cases

FAMILY = "purchase_order"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
FIGURE = re.compile(r"\d[\d,]*(?:\.\d+)?")
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
MONTH = r"(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?"
DATES = {
    "iso": re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b"),
    "slash": re.compile(r"\b(\d{1,2})/(\d{1,2})/(\d{4})\b"),
    "day_month": re.compile(rf"\b(\d{{1,2}})\s+{MONTH}\s+(\d{{4}})\b", re.I),
    "month_day": re.compile(rf"\b{MONTH}\s+(\d{{1,2}}),\s*(\d{{4}})\b", re.I),
}
DELIVERY = re.compile(r"delivery date|deliver by|required by|wanted on site", re.I)
TERMS = re.compile(r"\bnet\s*(\d+)|(\d+)\s*days\b", re.I)
CENT = Decimal("0.01")
NEAR = Decimal("0.011")


@dataclass(frozen=True)
class Item:
    name: str
    quantity: Decimal
    cost: Decimal
    total: Decimal


@dataclass(frozen=True)
class Order:
    task: str
    text: str
    """The answer written right."""
    po: str
    quote: str
    items: tuple[tuple[str, str], ...]
    """(SKU, name) of each item, in the quote's order."""
    tax: tuple[int | Decimal, Decimal, bool, str]
    """(tax rate in percent, the delivery charge, whether the tax is charged on the delivery too, the rule in words)."""
    site: tuple[str, str]
    """(the delivery site's postcode, the site in words)."""
    days: int
    """The payment terms, in days."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


HARBOUR = """**Purchase order PO-2025-0417**

**From:** Harbour Café Ltd, 17 Flowergate, Whitby YO21 3BA (invoice address)
**To:** Greenpack Supplies, Unit 9, Leeming Bar Industrial Estate, Northallerton DL7 9UL
**Order date:** 3 March 2025
**Supplier quote:** Q-8812 of 28 February 2025

| SKU | Item | Qty (cases) | Unit cost | Line total |
|---|---|---:|---:|---:|
| GP-1012 | Compostable hot cups | 4 | £48.50 | £194.00 |
| GP-1040 | Sip lids | 4 | £21.75 | £87.00 |
| GP-2205 | Kraft napkins | 6 | £9.80 | £58.80 |
| GP-3310 | Paper carrier bags | 3 | £16.40 | £49.20 |
| GP-4102 | Wooden stirrers | 5 | £4.25 | £21.25 |

Goods: £410.25
Delivery: £15.00
VAT at 20% (goods and delivery): £85.05
**Order total: £510.30**

**Deliver to:** Harbour Café, 4 Pier Road, Whitby YO21 3PU (back door, ring the bell)
**Delivery date:** 13 March 2025 (a Thursday), before 10:00
**Payment terms:** Net 30 days from invoice

Authorised by Joe Marsh, owner"""

NORTHWIND = """Here is the purchase order, ready to send to ErgoWorks:

```text
PURCHASE ORDER                                  PO No. NWA-24-1187
Order date: 2025-04-07
Supplier:   ErgoWorks Office Ltd, Ballymount Road, Dublin 12
Quote ref:  EWQ-3390 (2025-04-02)
Bill to:    Northwind Architects, 41 Fitzwilliam Square, Dublin 2, D02 X285
Ship to:    Northwind Architects (new studio), Unit 3, Docklands Innovation Park,
            East Wall Road, Dublin 3, D03 H2F7

SKU      Description              Qty   Unit (EUR)   Amount (EUR)
EW-5501  Task chair, mesh back      8       289.00       2,312.00
EW-7120  Sit-stand desk             8       545.00       4,360.00
EW-3308  Monitor arm, dual          8       119.50         956.00
EW-6204  Mobile pedestal            6       174.00       1,044.00
EW-9012  Glass whiteboard           2       239.00         478.00

Goods                                                    €9,150.00
Delivery and installation                                  €180.00
VAT 23%                                                  €2,145.90
TOTAL                                                   €11,475.90

Required by: 2025-04-25
Terms: payment 30 days from invoice
Approved: Clare Dunne, Office Manager
```"""

DELGADO = """### Purchase order 4500-31872
- **Date:** March 10, 2025
- **Vendor:** LabSource Scientific (quote LSQ-5521, dated March 6, 2025)
- **Bill to:** Riverside State University, Accounts Payable, 1200 University Ave, Austin, TX 78705
- **Ship to:** Delgado Lab, Hartley Life Sciences Building, Room 3.214, 2500 Speedway, Austin, TX 78712

**Items**
- LS-20418 · Filtered pipette tips · 10 × $38.90 = $389.00
- LS-11052 · Nitrile gloves, medium · 12 × $14.25 = $171.00
- LS-30927 · Centrifuge tubes · 6 × $27.60 = $165.60
- LS-41180 · Petri dishes · 8 × $19.95 = $159.60
- LS-50233 · Ethanol, molecular grade · 3 × $64.50 = $193.50

**Summary**
- Merchandise: $1,078.70
- Sales tax (8.25% on merchandise): $88.99
- Shipping: $42.00
- **Total: $1,209.69**

- **Deliver by:** March 26, 2025 (a Wednesday; receiving dock open Monday to Friday)
- **Payment terms:** Net 45"""

CALDER = """Purchase order CB-7731 from Calder Build Ltd to Pennine Builders Merchants
Order date 12/05/2025, against your quote PBQ-0942 of 09/05/2025
Invoice to: Calder Build Ltd, 8 Mill Lane, Hebden Bridge HX7 8AB
Deliver to: Plot 6, Birchcliffe Road, Hebden Bridge HX7 8DF (site contact Dan Pickles)

PBM-2401 Plasterboard sheets, 60 at £9.85 each, £591.00
PBM-1187 Treated timber battens, 120 at £3.40 each, £408.00
PBM-3350 Drywall screws (box), 8 at £7.95 each, £63.60
PBM-5012 Insulation roll, 14 at £26.50 each, £371.00
PBM-4420 Multi-finish plaster, 10 at £11.20 each, £112.00

Goods £1,545.60, delivery £35.00, VAT at 20% £316.12
Total £1,896.72
Wanted on site 21/05/2025
Terms: 30 days net
Ordered by Dan Pickles, site manager"""

ORDERS = (
    Order(
        "Write a purchase order, items in a Markdown table, from Harbour Café Ltd (17 Flowergate, Whitby YO21 3BA, "
        "where the invoice goes) to Greenpack Supplies for quote Q-8812 of 28 February 2025. PO-2025-0417, dated 3 "
        "March 2025. In the quote's order: 4 cases of compostable hot cups (GP-1012) at £48.50, 4 of sip lids "
        "(GP-1040) at £21.75, 6 of kraft napkins (GP-2205) at £9.80, 3 of paper carrier bags (GP-3310) at £16.40, 5 "
        "of wooden stirrers (GP-4102) at £4.25. Delivery £15.00; 20% VAT on goods and delivery. Deliver to the café, "
        "4 Pier Road, Whitby YO21 3PU, by 14 March, never at a weekend. Net 30. Joe Marsh signs it.",
        HARBOUR,
        "PO-2025-0417",
        "Q-8812",
        (
            ("GP-1012", "Compostable hot cups"),
            ("GP-1040", "Sip lids"),
            ("GP-2205", "Kraft napkins"),
            ("GP-3310", "Paper carrier bags"),
            ("GP-4102", "Wooden stirrers"),
        ),
        (20, Decimal("15.00"), True, "the £15.00 delivery, with 20% VAT on both"),
        ("YO21 3PU", "the café at 4 Pier Road, Whitby"),
        30,
        (
            swap_lines(HARBOUR, "Kraft napkins", "Paper carrier bags"),
            ("po_number", "PO-2025-0417", "PO-2025-0471"),
            ("skus", "| GP-4102 |", "| — |"),
            ("lines", "| £21.75 | £87.00 |", "| £21.75 | £85.00 |"),
            ("total", "£510.30", "£507.30"),
            ("no_weekend", "13 March 2025 (a Thursday)", "8 March 2025 (a Saturday)"),
            ("ship_to", "4 Pier Road, Whitby YO21 3PU (back door, ring the bell)", "17 Flowergate, Whitby YO21 3BA"),
            ("terms", "Net 30 days", "Net 60 days"),
            ("dates", "**Order date:** 3 March 2025", "**Order date:** 03/03/2025"),
        ),
    ),
    Order(
        "Draw up a purchase order to ErgoWorks Office Ltd (Ballymount Road, Dublin 12) against their quote EWQ-3390 "
        "of 2 April 2025, as a plain-text block. PO NWA-24-1187, order date 7 April 2025. Bill Northwind Architects, "
        "41 Fitzwilliam Square, Dublin 2, D02 X285, but ship to our new studio: Unit 3, Docklands Innovation Park, "
        "East Wall Road, Dublin 3, D03 H2F7. As quoted: 8 x EW-5501 task chair, mesh back, €289.00; 8 x EW-7120 "
        "sit-stand desk, €545.00; 8 x EW-3308 monitor arm, dual, €119.50; 6 x EW-6204 mobile pedestal, €174.00; 2 x "
        "EW-9012 glass whiteboard, €239.00. Delivery and installation €180.00, Irish VAT at 23% on everything. Needed "
        "by Friday 25 April, no weekend deliveries. Payment 30 days from invoice. Approver: Clare Dunne, Office "
        "Manager.",
        NORTHWIND,
        "NWA-24-1187",
        "EWQ-3390",
        (
            ("EW-5501", "Task chair, mesh back"),
            ("EW-7120", "Sit-stand desk"),
            ("EW-3308", "Monitor arm, dual"),
            ("EW-6204", "Mobile pedestal"),
            ("EW-9012", "Glass whiteboard"),
        ),
        (23, Decimal("180.00"), True, "€180.00 delivery, with 23% VAT on both"),
        ("D03 H2F7", "the new studio in Docklands Innovation Park"),
        30,
        (
            swap_lines(NORTHWIND, "Monitor arm, dual", "Mobile pedestal"),
            ("po_number", "NWA-24-1187", "NWA-24-1178"),
            ("skus", "EW-5501  Task chair", "         Task chair"),
            ("lines", "239.00         478.00", "239.00         487.00"),
            ("total", "€11,475.90", "€11,434.50"),
            ("no_weekend", "Required by: 2025-04-25", "Required by: 2025-04-19"),
            (
                "ship_to",
                "Northwind Architects (new studio), Unit 3, Docklands Innovation Park,\n"
                "            East Wall Road, Dublin 3, D03 H2F7",
                "Northwind Architects, 41 Fitzwilliam Square, Dublin 2, D02 X285",
            ),
            ("terms", "30 days from invoice", "60 days from invoice"),
            ("dates", "Order date: 2025-04-07", "Order date: 07/04/2025"),
        ),
    ),
    Order(
        "Create purchase order 4500-31872 for the Delgado Lab as a bulleted list. Vendor: LabSource Scientific, quote "
        "LSQ-5521 of March 6, 2025; PO date March 10, 2025. Bill to Riverside State University, Accounts Payable, 1200 "
        "University Ave, Austin, TX 78705; ship to Delgado Lab, Hartley Life Sciences Building, Room 3.214, 2500 "
        "Speedway, Austin, TX 78712. Items in quote order: LS-20418 filtered pipette tips, 10 at $38.90; LS-11052 "
        "nitrile gloves (medium), 12 at $14.25; LS-30927 centrifuge tubes, 6 at $27.60; LS-41180 petri dishes, 8 at "
        "$19.95; LS-50233 ethanol (molecular grade), 3 at $64.50. Texas sales tax of 8.25% on the merchandise only, "
        "plus $42.00 shipping, which isn't taxed. We need it before the end of March, and the receiving dock is "
        "closed at weekends. Terms net 45.",
        DELGADO,
        "4500-31872",
        "LSQ-5521",
        (
            ("LS-20418", "Filtered pipette tips"),
            ("LS-11052", "Nitrile gloves, medium"),
            ("LS-30927", "Centrifuge tubes"),
            ("LS-41180", "Petri dishes"),
            ("LS-50233", "Ethanol, molecular grade"),
        ),
        (Decimal("8.25"), Decimal("42.00"), False, "8.25% sales tax on that, plus $42.00 shipping"),
        ("TX 78712", "the Delgado Lab in the Hartley Life Sciences Building"),
        45,
        (
            swap_lines(DELGADO, "Nitrile gloves, medium", "Centrifuge tubes"),
            ("po_number", "4500-31872", "4500-31827"),
            ("skus", "- LS-50233 · Ethanol", "- Ethanol"),
            ("lines", "= $389.00", "= $398.00"),
            ("total", "$1,209.69", "$1,213.16"),
            ("no_weekend", "March 26, 2025 (a Wednesday", "March 22, 2025 (a Saturday"),
            (
                "ship_to",
                "Delgado Lab, Hartley Life Sciences Building, Room 3.214, 2500 Speedway, Austin, TX 78712",
                "Riverside State University, Accounts Payable, 1200 University Ave, Austin, TX 78705",
            ),
            ("terms", "Net 45", "Net 30"),
            ("dates", "**Date:** March 10, 2025", "**Date:** 03/10/2025"),
        ),
    ),
    Order(
        "Plain lines, no table: purchase order CB-7731 from Calder Build Ltd (invoices to 8 Mill Lane, Hebden Bridge "
        "HX7 8AB) to Pennine Builders Merchants, against quote PBQ-0942 of 9 May 2025, dated 12 May 2025. Deliver to "
        "the site, Plot 6, Birchcliffe Road, Hebden Bridge HX7 8DF (contact Dan Pickles, site manager, who orders), by "
        "23 May; the site is shut at weekends. In the quote's order: PBM-2401 plasterboard sheets, 60 at £9.85; "
        "PBM-1187 treated timber battens, 120 at £3.40; PBM-3350 drywall screws (box), 8 at £7.95; PBM-5012 "
        "insulation roll, 14 at £26.50; PBM-4420 multi-finish plaster, 10 at £11.20. Delivery £35.00, VAT at 20% on "
        "goods and delivery. Terms 30 days net.",
        CALDER,
        "CB-7731",
        "PBQ-0942",
        (
            ("PBM-2401", "Plasterboard sheets"),
            ("PBM-1187", "Treated timber battens"),
            ("PBM-3350", "Drywall screws (box)"),
            ("PBM-5012", "Insulation roll"),
            ("PBM-4420", "Multi-finish plaster"),
        ),
        (20, Decimal("35.00"), True, "£35.00 delivery, with 20% VAT on both"),
        ("HX7 8DF", "the site at Plot 6, Birchcliffe Road"),
        30,
        (
            swap_lines(CALDER, "Treated timber battens", "Drywall screws (box)"),
            ("po_number", "CB-7731", "CB-7713"),
            ("skus", "PBM-4420 Multi-finish", "Multi-finish"),
            ("lines", "£371.00", "£317.00"),
            ("total", "Total £1,896.72", "Total £1,889.72"),
            ("no_weekend", "Wanted on site 21/05/2025", "Wanted on site 17/05/2025"),
            ("ship_to", "Plot 6, Birchcliffe Road, Hebden Bridge HX7 8DF", "8 Mill Lane, Hebden Bridge HX7 8AB"),
            ("terms", "30 days net", "60 days net"),
            ("dates", "Order date 12/05/2025", "Order date 12 May 2025"),
        ),
    ),
)


def build(order: Order, on: dict[str, bool]) -> str:
    return slipped(order.text, order.slips, on, order.po)


# Reading a purchase order -----------------------------------------------------------------------


def items(answer: str, order: Order) -> list[Item]:
    """Each item's first line, read as quantity, unit cost and line total; an item not found is left out."""
    out = []
    lines = answer.splitlines()
    for sku, name in order.items:
        line = next((s for s in lines if name.lower() in s.lower()), "")
        rest = re.sub(re.escape(name), " ", line, flags=re.I).replace(sku, " ")
        figures = FIGURE.findall(rest)
        if len(figures) >= 3:
            out.append(Item(name, *(Decimal(f.replace(",", "")) for f in (figures[0], figures[1], figures[-1]))))
    return out


def dates_in(text: str) -> list[tuple[int, str, date]]:
    """Each date in `text` as (where it starts, its format, the day), in the order written."""
    out = []
    for kind, pattern in DATES.items():
        for found in pattern.finditer(text):
            g = [int(x) if x.isdigit() else MONTHS.index(x[:3].lower()) + 1 for x in found.groups()]
            day, month, year = {"iso": (2, 1, 0), "slash": (0, 1, 2), "day_month": (0, 1, 2)}.get(kind, (1, 0, 2))
            try:
                out.append((found.start(), kind, date(g[year], g[month], g[day])))
            except ValueError:
                continue
    return sorted(out)


def delivery_date(answer: str) -> date | None:
    """The first date after the label on the first line with a delivery label."""
    line = next((s for s in answer.splitlines() if DELIVERY.search(s)), "")
    found = dates_in(DELIVERY.split(line, maxsplit=1)[-1])
    return found[0][2] if found else None


def stated_total(answer: str) -> Decimal | None:
    """The last figure on the first line starting with a total's label, after any Markdown marks."""
    labels = ("total", "order total", "grand total")
    line = next((s for s in answer.splitlines() if s.strip().lstrip("|*#>_- ").lower().startswith(labels)), "")
    figures = FIGURE.findall(line)
    return Decimal(figures[-1].replace(",", "")) if figures else None


def terms_days(answer: str) -> int | None:
    line = next((s for s in answer.splitlines() if "terms" in s.lower()), "")
    found = TERMS.search(line)
    return int(found.group(1) or found.group(2)) if found else None


def right_total(answer: str, order: Order) -> bool:
    found = items(answer, order)
    stated = stated_total(answer)
    if len(found) != len(order.items) or stated is None:
        return False
    rate, delivery, on_delivery, _ = order.tax
    goods = sum((i.quantity * i.cost for i in found), Decimal(0))
    base = goods + delivery if on_delivery else goods
    tax = (base * Decimal(rate) / 100).quantize(CENT, rounding=ROUND_HALF_UP)
    total = base + tax + (Decimal(0) if on_delivery else delivery)
    return abs(stated - total) < NEAR


WORDINGS = {
    "po_number": ("Quotes our purchase order number, {po}", "The order carries the PO number {po}"),
    "skus": ("Every line item shows the supplier's SKU for it", "Each item is listed with its product code (SKU)"),
    "order": (
        "Lists the items in the same order as the supplier's quote",
        "Keeps the line items in the order they appear on quote {quote}",
    ),
    "lines": (
        "Each line total is the quantity times the unit cost",
        "Every item's amount equals its quantity multiplied by its unit price",
    ),
    "total": (
        "The order total is the sum of quantity times unit cost over the items, plus {rule}",
        "Gets the order total right: every quantity times its unit cost, added up, plus {rule}",
    ),
    "no_weekend": (
        "The delivery date it gives is a weekday, not a Saturday or Sunday",
        "The requested delivery date falls on a weekday",
    ),
    "ship_to": ("Sends the goods to {site}, not to the invoice address", "The delivery address is {site}"),
    "terms": ("Sets payment terms of {days} days", "Payment is due {days} days after the invoice"),
    "dates": ("Writes every date in the same format", "Uses one date format throughout"),
}
"""Two wordings of each kind of criterion, filled from the order."""


def truths(order: Order, answer: str) -> dict[str, bool]:
    found = items(answer, order)
    lines = answer.splitlines()
    when = delivery_date(answer)
    places = [answer.lower().find(name.lower()) for _, name in order.items]
    return {
        "po_number": order.po in answer,
        "skus": all(sku in next((s for s in lines if name.lower() in s.lower()), "") for sku, name in order.items),
        "order": -1 not in places and places == sorted(places),
        "lines": len(found) == len(order.items) and all(i.quantity * i.cost == i.total for i in found),
        "total": right_total(answer, order),
        "no_weekend": when is not None and when.weekday() < 5,
        "ship_to": order.site[0] in answer,
        "terms": terms_days(answer) == order.days,
        "dates": len({kind for _, kind, _ in dates_in(answer)}) == 1,
    }


def candidates(rng: random.Random, order: Order, answer: str) -> list[Criterion]:
    values = {"po": order.po, "quote": order.quote, "rule": order.tax[3], "site": order.site[1], "days": order.days}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(order, answer).items()
    ]


SWITCHES = ("order", "po_number", "skus", "lines", "total", "no_weekend", "ship_to", "terms", "dates")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, ORDERS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
