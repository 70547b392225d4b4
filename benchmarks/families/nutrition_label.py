"""Nutrition label family (fresh15): the US-style Nutrition Facts label a task asks for (a granola, a
tomato soup, a protein shake, a meal-prep lasagna), with the servings per container, the serving
size in grams, the calories, each nutrient's amount and percent daily value in the FDA's order, the
net weight and the daily value footnote, a kind of answer no grader was run on while any of its
rules was written. Run only as `--set fresh15`, never in `all`, `new`, `docs`, `held` or an earlier
fresh set.

An answer is the label as aligned text in a fenced block, a Markdown table or Markdown bullets,
written right and then changed by switches: nutrients in the FDA's order or two swapped, every %DV
the amount over its daily value or one slipped, calories that agree with 4-4-9 or a slipped figure,
servings times the serving size that make the net weight or a wrong count of servings, a trans fat
line or none, a unit on every amount or one left bare, no health or nutrient content claim or one,
`Nutrition Facts` as the first line or a product name above it, and the 2,000-calorie footnote last
or left out. Every truth is read from the text: the label is the first fenced block (or the whole
answer), each nutrient the first line naming it with an amount, the amount the first number not
followed by `%` and its %DV the last `%` figure on the line; the calories, the servings, the serving
size and the net weight by pattern; a claim anywhere in the answer.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, fenced_or_whole, pick_wording, slipped, switched_cases

FAMILY = "nutrition_label"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
AMOUNT = re.compile(r"(?<![\d.,])(\d+(?:\.\d+)?)(\s*(?:mcg|mg|g)\b)?(?![\d.])(?!\s*%)")
PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*%")
CALORIES = re.compile(r"^calories\W*(\d+)", re.I)
SERVINGS = re.compile(r"(\d+(?:\.\d+)?)\s+servings?\s+per\s+container", re.I)
SERVING_SIZE = re.compile(r"serving size[^\n(]*\((\d+(?:\.\d+)?)\s*g\)", re.I)
NET = re.compile(r"net (?:wt|weight)\.?\s*:?\s*(\d[\d,]*(?:\.\d+)?)\s*g\b", re.I)
FOOTNOTE = re.compile(r"2,?000 calories", re.I)
CLAIM = re.compile(
    r"\b(?:heart[- ]healthy|healthy|healthier|low[- ](?:fat|sodium|sugar|calorie)|low in \w+|high in \w+|"
    r"high[- ](?:protein|fiber|fibre)|good source of|guilt[- ]free|superfood)\b",
    re.I,
)
NUTRIENTS = (
    ("fat", r"total fat", 78.0),
    ("saturated", r"sat(?:urated|\.)? fat", 20.0),
    ("trans", r"trans fat", 0.0),
    ("cholesterol", r"cholesterol", 300.0),
    ("sodium", r"sodium", 2300.0),
    ("carbohydrate", r"total carb", 275.0),
    ("fiber", r"(?:dietary )?fib(?:er|re)", 28.0),
    ("sugars", r"total sugars", 0.0),
    ("added", r"added sugars", 50.0),
    ("protein", r"protein", 50.0),
)
"""The nutrients in the FDA's order: name, how a line names it, and its daily value (0: none)."""
ORDER = [name for name, _, _ in NUTRIENTS]
DAILY = {name: daily for name, _, daily in NUTRIENTS}

Found = tuple[float, bool, float | None]
"""A nutrient's amount, whether a unit follows it, and its %DV if the line gives one."""


@dataclass(frozen=True)
class Product:
    task: str
    text: str
    """The answer written right."""
    name: str
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead; a swap comes first."""


FOOTNOTE_TEXT = (
    "*The % Daily Value (DV) tells you how much a nutrient in a serving of food contributes to a daily diet. "
    "2,000 calories a day is used for general nutrition advice."
)
DAILY_VALUES = (
    "Use the FDA daily values: fat 78 g, saturated fat 20 g, cholesterol 300 mg, sodium 2,300 mg, carbohydrate "
    "275 g, fiber 28 g, added sugars 50 g, protein 50 g."
)

GRANOLA = f"""Here's the panel for the granola, in the standard vertical format:

```
Nutrition Facts
8 servings per container
Serving size          2/3 cup (55g)

Amount per serving
Calories                      230

                        % Daily Value*
Total Fat 8g                      10%
  Saturated Fat 1g                 5%
  Trans Fat 0g
Cholesterol 0mg                    0%
Sodium 160mg                       7%
Total Carbohydrate 37g            13%
  Dietary Fiber 4g                14%
  Total Sugars 12g
    Includes 10g Added Sugars     20%
Protein 3g

Net wt 440g (15.5 oz)
{FOOTNOTE_TEXT}
```

The calories come from 4 kcal per gram of carbohydrate and protein and 9 per gram of fat."""

SOUP = f"""## Nutrition Facts

2 servings per container · Serving size 1 cup (245g) · Net wt 490g

| Amount per serving | | % Daily Value* |
|---|---|---|
| **Calories** | **90** | |
| Total Fat | 2g | 3% |
| Saturated Fat | 0.5g | 3% |
| Trans Fat | 0g | |
| Cholesterol | 5mg | 2% |
| Sodium | 480mg | 21% |
| Total Carbohydrate | 16g | 6% |
| Dietary Fiber | 3g | 11% |
| Total Sugars | 10g | |
| Includes Added Sugars | 4g | 8% |
| Protein | 2g | |

{FOOTNOTE_TEXT}"""

SHAKE = f"""**Nutrition Facts**
1 serving per container
**Serving size** 1 bottle (340g)

**Calories 160**

- **Total Fat** 2.5g — 3% DV
  - Saturated Fat 1g — 5% DV
  - Trans Fat 0g
- **Cholesterol** 15mg — 5% DV
- **Sodium** 220mg — 10% DV
- **Total Carbohydrate** 5g — 2% DV
  - Dietary Fiber 1g — 4% DV
  - Total Sugars 2g
    - Includes 0g Added Sugars — 0% DV
- **Protein** 30g — 60% DV

Net wt 340g (12 oz)

{FOOTNOTE_TEXT}"""

LASAGNA = f"""Label for the family tray (per serving, one of eight pieces):

```text
Nutrition Facts
Family tray: 8 servings per container
Serving size 1 piece (310g)
Calories 450
                          %DV*
Total Fat 20g             26%
   Sat. Fat 9g            45%
   Trans Fat 0.5g
Cholesterol 70mg          23%
Sodium 890mg              39%
Total Carb. 38g           14%
   Fiber 4g               14%
   Total Sugars 8g
     Incl. 2g Added Sugars 4%
Protein 28g
Net wt 2480g
{FOOTNOTE_TEXT}
```

Print it at least 2 inches wide so the type stays legible."""

PRODUCTS = (
    Product(
        "Make a Nutrition Facts label for our maple granola. Per 2/3 cup (55 g) serving: 230 kcal, fat 8 g (saturated "
        "1 g, trans 0 g), cholesterol 0 mg, sodium 160 mg, carbohydrate 37 g (fiber 4 g, sugars 12 g of which 10 g "
        f"added), protein 3 g. The bag holds 440 g, so 8 servings. {DAILY_VALUES}",
        GRANOLA,
        "granola",
        (
            (
                "order",
                "Cholesterol 0mg                    0%\nSodium 160mg                       7%\n",
                "Sodium 160mg                       7%\nCholesterol 0mg                    0%\n",
            ),
            ("dv", "Sodium 160mg                       7%", "Sodium 160mg                       11%"),
            ("calories", "Calories                      230", "Calories                      320"),
            ("net", "8 servings per container", "6 servings per container"),
            ("trans", "  Trans Fat 0g\n", ""),
            ("units", "  Dietary Fiber 4g                14%", "  Dietary Fiber 4                 14%"),
            (
                "no_claim",
                "\n\nThe calories come",
                "\n\nA heart-healthy breakfast that is naturally low in fat.\n\nThe calories come",
            ),
            ("first_line", "```\nNutrition Facts\n", "```\nMaple Crunch Granola\nNutrition Facts\n"),
            ("footnote", f"\n{FOOTNOTE_TEXT}", ""),
        ),
    ),
    Product(
        "I need the Nutrition Facts for our tomato soup carton (490 g, two 1-cup servings of 245 g). Per serving: "
        "90 calories, fat 2 g, saturated fat 0.5 g, trans fat 0 g, cholesterol 5 mg, sodium 480 mg, carbohydrate "
        f"16 g, fiber 3 g, total sugars 10 g including 4 g added, protein 2 g. Markdown is fine. {DAILY_VALUES}",
        SOUP,
        "tomato soup",
        (
            (
                "order",
                "| Sodium | 480mg | 21% |\n| Total Carbohydrate | 16g | 6% |\n",
                "| Total Carbohydrate | 16g | 6% |\n| Sodium | 480mg | 21% |\n",
            ),
            ("dv", "| 480mg | 21% |", "| 480mg | 48% |"),
            ("calories", "**90**", "**190**"),
            ("net", "2 servings per container", "3 servings per container"),
            ("trans", "| Trans Fat | 0g | |\n", ""),
            ("units", "| Protein | 2g | |", "| Protein | 2 | |"),
            ("no_claim", "Net wt 490g\n", "Net wt 490g\n\nA heart-healthy, low-fat soup.\n"),
            ("first_line", "## Nutrition Facts", "Classic Tomato Soup\n\n## Nutrition Facts"),
            ("footnote", f"\n\n{FOOTNOTE_TEXT}", ""),
        ),
    ),
    Product(
        "Write the nutrition label for our vanilla protein shake, one 340 g bottle. It has 160 calories, 2.5 g fat "
        "(1 g saturated, 0 g trans), 15 mg cholesterol, 220 mg sodium, 5 g carbohydrate (1 g fiber, 2 g sugars, no "
        f"added sugar) and 30 g protein. Give %DV for protein too. Bullets are fine. {DAILY_VALUES}",
        SHAKE,
        "protein shake",
        (
            (
                "order",
                "- **Cholesterol** 15mg — 5% DV\n- **Sodium** 220mg — 10% DV\n",
                "- **Sodium** 220mg — 10% DV\n- **Cholesterol** 15mg — 5% DV\n",
            ),
            ("dv", "30g — 60% DV", "30g — 30% DV"),
            ("calories", "**Calories 160**", "**Calories 260**"),
            ("net", "1 serving per container", "2 servings per container"),
            ("trans", "  - Trans Fat 0g\n", ""),
            ("units", "**Sodium** 220mg", "**Sodium** 220"),
            (
                "no_claim",
                "Net wt 340g (12 oz)\n",
                "Net wt 340g (12 oz)\n\nHigh in protein and low in sugar: a healthy choice.\n",
            ),
            ("first_line", "**Nutrition Facts**\n", "Vanilla Protein Shake\n**Nutrition Facts**\n"),
            ("footnote", f"\n\n{FOOTNOTE_TEXT}", ""),
        ),
    ),
    Product(
        "Our meal-prep shop needs a Nutrition Facts label for the beef lasagna family tray: 2,480 g, cut into 8 pieces "
        "of 310 g. Per piece: 450 kcal, fat 20 g (saturated 9 g, trans 0.5 g), cholesterol 70 mg, sodium 890 mg, "
        f"carbohydrate 38 g (fiber 4 g, sugars 8 g with 2 g added), protein 28 g. Plain text please. {DAILY_VALUES}",
        LASAGNA,
        "lasagna",
        (
            (
                "order",
                "Sodium 890mg              39%\nTotal Carb. 38g           14%\n",
                "Total Carb. 38g           14%\nSodium 890mg              39%\n",
            ),
            ("dv", "Cholesterol 70mg          23%", "Cholesterol 70mg          70%"),
            ("calories", "Calories 450", "Calories 540"),
            ("net", "8 servings per container", "10 servings per container"),
            ("trans", "   Trans Fat 0.5g\n", ""),
            ("units", "Total Fat 20g             26%", "Total Fat 20              26%"),
            ("no_claim", "\n\nPrint it", "\n\nMade fresh every morning, so it's a healthy dinner.\n\nPrint it"),
            ("first_line", "```text\nNutrition Facts", "```text\nBeef Lasagna (family tray)\nNutrition Facts"),
            ("footnote", f"\n{FOOTNOTE_TEXT}", ""),
        ),
    ),
)


def build(product: Product, on: dict[str, bool]) -> str:
    return slipped(product.text, product.slips, on, product.name)


# Reading a label --------------------------------------------------------------------------------


def lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def plain(line: str) -> str:
    """A line without its Markdown marks at the start."""
    return line.lstrip("#*_|-> ").strip()


def nutrients(text: str) -> list[tuple[str, Found]]:
    """Each line that names a nutrient and gives an amount, in order: (nutrient, what the line gives)."""
    out: list[tuple[str, Found]] = []
    for line in lines(text):
        name = next((n for n, pattern, _ in NUTRIENTS if re.search(pattern, line, re.I)), None)
        amount = AMOUNT.search(line)
        if name is None or amount is None:
            continue
        percent = PERCENT.findall(line)
        out.append((name, (float(amount.group(1)), bool(amount.group(2)), float(percent[-1]) if percent else None)))
    return out


def amounts(text: str) -> dict[str, Found]:
    """The first line giving each nutrient."""
    out: dict[str, Found] = {}
    for name, found in nutrients(text):
        out.setdefault(name, found)
    return out


def daily_values_right(text: str) -> bool:
    given = [(name, amount, percent) for name, (amount, _, percent) in nutrients(text) if percent is not None]
    return bool(given) and all(
        DAILY[name] > 0 and abs(percent - 100 * amount / DAILY[name]) <= 1.0 for name, amount, percent in given
    )


def calories_right(text: str) -> bool:
    stated = next((int(m.group(1)) for line in lines(text) if (m := CALORIES.match(plain(line)))), None)
    found = amounts(text)
    if stated is None or not {"fat", "carbohydrate", "protein"} <= set(found):
        return False
    energy = 4 * found["carbohydrate"][0] + 4 * found["protein"][0] + 9 * found["fat"][0]
    return abs(stated - energy) <= 0.1 * energy


def net_right(text: str) -> bool:
    servings, size, net = SERVINGS.search(text), SERVING_SIZE.search(text), NET.search(text)
    if servings is None or size is None or net is None:
        return False
    weight = float(net.group(1).replace(",", ""))
    return abs(float(servings.group(1)) * float(size.group(1)) - weight) <= 0.02 * weight


def in_order(text: str) -> bool:
    places = [ORDER.index(name) for name, _ in nutrients(text)]
    return len(places) >= 5 and places == sorted(places)


WORDINGS = {
    "order": (
        "Lists the nutrients in the standard FDA order",
        "Fat, cholesterol, sodium, carbohydrate and protein appear in the usual label order",
    ),
    "dv": (
        "Every %DV is the amount over the FDA daily value, to within a percentage point",
        "The percent daily values match the amounts listed",
    ),
    "calories": (
        "The calories are within 10% of 4 kcal per gram of carbohydrate and protein plus 9 per gram of fat",
        "Its calorie figure agrees with the fat, carbohydrate and protein (4-4-9), give or take 10%",
    ),
    "net": (
        "Servings per container times the serving size in grams comes to the net weight",
        "The number of servings agrees with the net weight and the serving size",
    ),
    "trans": ("Includes a line for trans fat", "States the trans fat per serving"),
    "units": ("Every nutrient amount has its unit (g or mg)", "Gives a unit with each nutrient quantity"),
    "no_claim": (
        "Does not make a health claim such as 'healthy' or 'low fat'",
        "Makes no nutrient content or health claims about the {name}",
    ),
    "first_line": (
        "The label's first line is the Nutrition Facts heading",
        "Starts with 'Nutrition Facts' as its first line",
    ),
    "footnote": (
        "Ends with the footnote that the %DV is based on 2,000 calories a day",
        "The last line of the label is the 2,000-calorie daily value footnote",
    ),
}
"""Two wordings of each kind of criterion, filled from the product."""


def truths(product: Product, answer: str) -> dict[str, bool]:
    text = fenced_or_whole(answer)
    found = nutrients(text)
    shown = lines(text)
    return {
        "order": in_order(text),
        "dv": daily_values_right(text),
        "calories": calories_right(text),
        "net": net_right(text),
        "trans": "trans" in amounts(text),
        "units": bool(found) and all(unit for _, (_, unit, _) in found),
        "no_claim": not CLAIM.search(answer),
        "first_line": bool(shown) and plain(shown[0]).lower().startswith("nutrition facts"),
        "footnote": bool(shown) and bool(FOOTNOTE.search(shown[-1])),
    }


def candidates(rng: random.Random, product: Product, answer: str) -> list[Criterion]:
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], name=product.name), truth, kind, FAMILY)
        for kind, truth in truths(product, answer).items()
    ]


SWITCHES = ("order", "dv", "calories", "net", "trans", "units", "no_claim", "first_line", "footnote")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, PRODUCTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
