"""Recipe scaling family (fresh10): a recipe scaled from the servings a task gives to the ones it
asks for (a shepherd's pie from 4 to 6, a tomato soup from 6 to 4, brownies from 16 squares to 24,
a lasagne from 8 to 2), a kind of answer no grader was run on while any of its rules was written.
Run only as `--set fresh10`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the scaled recipe in Markdown, after a lead-in line or none and with a note after it
or none, its servings, factor, oven and times on lines above the ingredients (under headings, bold
labels or plain ones), written right and then changed by switches: every amount the original's
times the factor or one left unscaled or scaled wrong, no amount in the unit the task bans or one
given in it (the same amount in cups or ounces), the factor stated right or wrong (inverted, or
the difference), the servings line the new number or the old, the steps as the task gives them or
two swapped, one dropped or one given a time, a total time the sum of the prep and cook times or
not, the ingredients in the original's order or two swapped, every ingredient or one left out,
and the oven's temperature as given or changed. Every truth is a function of the answer's text:
the ingredient lines split into amount, unit and name and matched to the original's by a word,
the amounts turned into grams, millilitres or pieces, and the steps, times, factor and servings
read by pattern (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "recipe_scaling"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
VULGAR = {"½": "1/2", "¼": "1/4", "¾": "3/4", "⅓": "1/3", "⅔": "2/3", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8", "⅞": "7/8"}
QTY = r"\d+\s+\d+/\d+|\d+/\d+|\d+(?:\.\d+)?[½¼¾⅓⅔⅛⅜⅝⅞]?|[½¼¾⅓⅔⅛⅜⅝⅞]"
INGREDIENT = re.compile(rf"^\s*[-*•]\s+({QTY})\s*(?:(kg|g|ml|l|tbsp|tsp|cups?|oz|cloves?)\b)?\s*(.+)$")
STEP = re.compile(r"^\s*\d+[.)]\s+(.*\S)")
UNITS = {"g": 1, "kg": 1000, "ml": 1, "l": 1000, "tsp": 5, "tbsp": 15, "cup": 240, "cups": 240, "oz": 28}
"""Grams, millilitres or pieces in one of each unit (the tasks give 1 cup = 240 ml and 1 oz = 28 g)."""
FACTOR = re.compile(
    r"(?:scale factor|scaling factor|scaled by|multiplied by|factor of)\W{0,6}(\d+(?:\.\d+)?(?:/\d+)?)", re.IGNORECASE
)
SERVES = re.compile(r"^[\s*_#>-]*(?:serves|servings|makes|yields?)\b[^\d\n]{0,15}(\d+)", re.IGNORECASE)
TEMP = re.compile(r"(\d+)\s*°\s*([CF])")
TIME = r"\W{0,6}(?:(\d+)\s*(?:h|hrs?|hours?)\b\s*)?(?:(\d+)\s*(?:m|mins?|minutes)\b)?"
TIMES = {
    part: re.compile(rf"\b(?:{word})\w*(?:\s+time)?{TIME}", re.IGNORECASE)
    for part, word in (("prep", "prep"), ("cook", "cook|bak"), ("total", "total"))
}


@dataclass(frozen=True)
class Scaling:
    task: str
    text: str
    """The answer written right, its method left as `{method}`."""
    numbered: str
    """How a step is numbered: `{n}.` or `{n})`."""
    servings: tuple[int, int, str]
    """(the original's servings, the new ones, what they count)."""
    banned: tuple[str, str]
    """(a pattern of the units the task bans, their name)."""
    ingredients: tuple[tuple[str, str, str], ...]
    """(a word that finds it, the original amount, its unit) for each ingredient, in order."""
    temps: tuple[str, ...]
    steps: tuple[str, ...]
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


SCALINGS = (
    Scaling(
        "Scale my shepherd's pie from 4 servings to 6. Original (serves 4): 500 g lamb mince, 1 onion, 2 carrots, "
        "2 tbsp tomato purée, 1¼ cups beef stock, 900 g potatoes, 50 g butter, ¾ cup milk. Oven 200°C (180°C "
        "fan). Prep 25 min, cook 1 h 5 min. Method: 1. Preheat the oven. 2. Fry the onion and carrots until soft, "
        "then brown the mince. 3. Stir in the tomato purée and stock and simmer for 20 minutes. 4. Boil the "
        "potatoes until tender, then mash with the butter and milk. 5. Spoon the mince into a dish, top with the "
        "mash and bake for 30 minutes. I have no cup measures, so no cups please (1 cup = 240 ml). Tell me the "
        "scale factor, keep the method as it is and give the total time.",
        """Here's your shepherd's pie scaled up:

# Shepherd's pie

**Serves:** 6
**Scale factor:** ×1.5 (from 4 servings)
**Oven:** 200°C (180°C fan)
**Prep:** 25 min · **Cook:** 1 h 5 min · **Total:** 1 h 30 min

## Ingredients

- 750 g lamb mince
- 1½ onions
- 3 carrots
- 3 tbsp tomato purée
- 450 ml beef stock
- 1.35 kg potatoes
- 75 g butter
- 270 ml milk

## Method

{method}

A 2.5-litre dish fits the bigger batch.""",
        "{n}.",
        (4, 6, "servings"),
        (r"\bcups?\b", "cups"),
        (
            ("lamb", "500", "g"),
            ("onion", "1", ""),
            ("carrot", "2", ""),
            ("tomato", "2", "tbsp"),
            ("stock", "1 1/4", "cup"),
            ("potato", "900", "g"),
            ("butter", "50", "g"),
            ("milk", "3/4", "cup"),
        ),
        ("200°C", "180°C"),
        (
            "Preheat the oven.",
            "Fry the onion and carrots until soft, then brown the mince.",
            "Stir in the tomato purée and stock and simmer for 20 minutes.",
            "Boil the potatoes until tender, then mash with the butter and milk.",
            "Spoon the mince into a dish, top with the mash and bake for 30 minutes.",
        ),
        (
            ("servings", "**Serves:** 6", "**Serves:** 4"),
            ("factor", "×1.5 (from", "×2 (from"),
            ("temperature", "200°C (180°C fan)", "220°C (200°C fan)"),
            ("total", "**Total:** 1 h 30 min", "**Total:** 1 h 20 min"),
            ("quantities", "- 75 g butter", "- 50 g butter"),
            ("units", "- 450 ml beef stock", "- 1⅞ cups beef stock"),
            ("order", "- 1½ onions\n- 3 carrots", "- 3 carrots\n- 1½ onions"),
            ("complete", "- 3 tbsp tomato purée\n", ""),
            ("steps", "bake for 30 minutes", "bake for 45 minutes"),
        ),
    ),
    Scaling(
        "Please scale this roasted tomato soup down from 6 servings to 4, and give cup amounts in millilitres "
        "instead (1 cup = 240 ml). Original (serves 6): 3 tbsp olive oil, 3 shallots, 3 cloves garlic, 1.2 kg "
        "tomatoes, 3 cups vegetable stock, ¾ cup double cream, 12 basil leaves, 1½ tsp salt. Roast at 220°C. Prep "
        "15 minutes, cook 45 minutes. Method: 1. Halve the tomatoes and roast them with the oil and garlic for 30 "
        "minutes. 2. Soften the shallots in a large pan. 3. Add the roasted tomatoes and the stock and simmer for "
        "15 minutes. 4. Blend until smooth, then stir in the cream. 5. Season with the salt and serve topped with "
        "the basil. Say what factor you used, leave the method alone, and give the total time.",
        """Roasted tomato soup

Servings: 4
Scaling factor: 2/3 (6 → 4 servings)
Oven: 220°C
Prep time: 15 minutes
Cook time: 45 minutes
Total time: 60 minutes

Ingredients:
* 2 tbsp olive oil
* 2 shallots
* 2 cloves garlic
* 800 g tomatoes
* 480 ml vegetable stock
* 120 ml double cream
* 8 basil leaves
* 1 tsp salt

Method:
{method}

Leftovers keep for 3 days in the fridge.""",
        "{n})",
        (6, 4, "servings"),
        (r"\bcups?\b", "cups"),
        (
            ("oil", "3", "tbsp"),
            ("shallot", "3", ""),
            ("garlic", "3", "cloves"),
            ("tomato", "1.2", "kg"),
            ("stock", "3", "cups"),
            ("cream", "3/4", "cup"),
            ("basil", "12", ""),
            ("salt", "1 1/2", "tsp"),
        ),
        ("220°C",),
        (
            "Halve the tomatoes and roast them with the oil and garlic for 30 minutes.",
            "Soften the shallots in a large pan.",
            "Add the roasted tomatoes and the stock and simmer for 15 minutes.",
            "Blend until smooth, then stir in the cream.",
            "Season with the salt and serve topped with the basil.",
        ),
        (
            ("servings", "Servings: 4", "Servings: 6"),
            ("factor", "Scaling factor: 2/3", "Scaling factor: 3/2"),
            ("temperature", "Oven: 220°C", "Oven: 200°C"),
            ("total", "Total time: 60 minutes", "Total time: 50 minutes"),
            ("quantities", "* 800 g tomatoes", "* 600 g tomatoes"),
            ("units", "* 120 ml double cream", "* ½ cup double cream"),
            ("order", "* 2 shallots\n* 2 cloves garlic", "* 2 cloves garlic\n* 2 shallots"),
            ("complete", "* 1 tsp salt\n", ""),
            ("steps", "4) Blend until smooth, then stir in the cream.\n5) Season", "4) Season"),
        ),
    ),
    Scaling(
        "My brownie recipe makes 16 squares and I need 24. It's in ounces and I only use grams (1 oz = 28 g), so "
        "convert, and keep everything else the same. Original: 8 oz dark chocolate, 6 oz butter, 10 oz caster "
        "sugar, 4 eggs, 4 oz plain flour, 2 oz cocoa powder, 1 tsp vanilla extract. Oven 180°C (160°C fan). Prep "
        "20 min, bake 25 min. Method: 1. Melt the chocolate and butter together over a low heat. 2. Whisk the "
        "sugar and eggs until pale and thick. 3. Fold in the melted chocolate, then the flour and cocoa. 4. Stir "
        "in the vanilla and pour into the lined tin. 5. Bake until just set in the middle, then cool before "
        "cutting. Tell me the multiplier and the total time.",
        """Sure! Scaled up to 24 squares:

## Fudgy brownies

Makes 24 squares. Everything is multiplied by 1.5.
Oven: 180°C (160°C fan)
Prep 20 min | Bake 25 min | Total 45 min

### Ingredients
- 336 g dark chocolate
- 252 g butter
- 420 g caster sugar
- 6 eggs
- 168 g plain flour
- 84 g cocoa powder
- 1½ tsp vanilla extract

### Method
{method}""",
        "{n}.",
        (16, 24, "squares"),
        (r"\boz\b|\bounces?\b", "ounces"),
        (
            ("chocolate", "8", "oz"),
            ("butter", "6", "oz"),
            ("sugar", "10", "oz"),
            ("egg", "4", ""),
            ("flour", "4", "oz"),
            ("cocoa", "2", "oz"),
            ("vanilla", "1", "tsp"),
        ),
        ("180°C", "160°C"),
        (
            "Melt the chocolate and butter together over a low heat.",
            "Whisk the sugar and eggs until pale and thick.",
            "Fold in the melted chocolate, then the flour and cocoa.",
            "Stir in the vanilla and pour into the lined tin.",
            "Bake until just set in the middle, then cool before cutting.",
        ),
        (
            ("servings", "Makes 24 squares", "Makes 16 squares"),
            ("factor", "multiplied by 1.5", "multiplied by 2"),
            ("temperature", "180°C (160°C fan)", "190°C (170°C fan)"),
            ("total", "Total 45 min", "Total 40 min"),
            ("quantities", "- 6 eggs", "- 4 eggs"),
            ("units", "- 168 g plain flour", "- 6 oz plain flour"),
            ("order", "- 336 g dark chocolate\n- 252 g butter", "- 252 g butter\n- 336 g dark chocolate"),
            ("complete", "- 1½ tsp vanilla extract\n", ""),
            (
                "steps",
                "1. Melt the chocolate and butter together over a low heat.\n2. Whisk the sugar and eggs until pale and "
                "thick.",
                "1. Whisk the sugar and eggs until pale and thick.\n2. Melt the chocolate and butter together over a "
                "low heat.",
            ),
        ),
    ),
    Scaling(
        "Scale this vegetable lasagne down from 8 servings to 2, and turn the cup measures into millilitres (1 "
        "cup = 240 ml). Original: 12 lasagne sheets, 2 cups passata, 1 kg ricotta, 4 courgettes, 400 g spinach, "
        "2 cups milk, 200 g mozzarella, 4 tbsp olive oil. Oven 190°C. Prep 30 mins, cook 45 mins. Method: 1. Fry "
        "the courgettes in the oil until golden. 2. Wilt the spinach and mix it with the ricotta. 3. Layer "
        "sheets, passata, vegetables and ricotta in a dish. 4. Pour the milk over the top and scatter with the "
        "mozzarella. 5. Bake until bubbling and golden. I need the factor, the servings and the total time.",
        """**Vegetable lasagne for two**

Yield: 2 servings
Scaled by 0.25 (8 → 2 servings)
Oven: 190°C
Total time: 1 hr 15 mins (prep 30 mins, cook 45 mins)

**Ingredients**
- 3 lasagne sheets
- 120 ml passata
- 250 g ricotta
- 1 courgette
- 100 g spinach
- 120 ml milk
- 50 g mozzarella
- 1 tbsp olive oil

**Method**
{method}

Use a 20 cm square dish instead of the big tray.""",
        "{n}.",
        (8, 2, "servings"),
        (r"\bcups?\b", "cups"),
        (
            ("lasagne", "12", ""),
            ("passata", "2", "cups"),
            ("ricotta", "1", "kg"),
            ("courgette", "4", ""),
            ("spinach", "400", "g"),
            ("milk", "2", "cups"),
            ("mozzarella", "200", "g"),
            ("oil", "4", "tbsp"),
        ),
        ("190°C",),
        (
            "Fry the courgettes in the oil until golden.",
            "Wilt the spinach and mix it with the ricotta.",
            "Layer sheets, passata, vegetables and ricotta in a dish.",
            "Pour the milk over the top and scatter with the mozzarella.",
            "Bake until bubbling and golden.",
        ),
        (
            ("servings", "Yield: 2 servings", "Yield: 8 servings"),
            ("factor", "Scaled by 0.25", "Scaled by 4"),
            ("temperature", "Oven: 190°C", "Oven: 170°C"),
            ("total", "1 hr 15 mins (prep", "1 hr 5 mins (prep"),
            ("quantities", "- 250 g ricotta", "- 500 g ricotta"),
            ("units", "- 120 ml milk", "- ½ cup milk"),
            ("order", "- 1 courgette\n- 100 g spinach", "- 100 g spinach\n- 1 courgette"),
            ("complete", "- 1 tbsp olive oil\n", ""),
            ("steps", "Bake until bubbling", "Bake for 15 minutes until bubbling"),
        ),
    ),
)


def build(recipe: Scaling, on: dict[str, bool]) -> str:
    method = "\n".join(f"{recipe.numbered.format(n=at)} {step}" for at, step in enumerate(recipe.steps, 1))
    text = recipe.text.replace("{method}", method)
    return slipped(text, recipe.slips, on, recipe.servings)


# Reading a recipe ----------------------------------------------------------------------------------


def number(text: str) -> Fraction:
    """An amount as written: 3, 1.35, 3/4, 1 1/2 or 1½."""
    for glyph, spelled in VULGAR.items():
        text = text.replace(glyph, f" {spelled}")
    return sum((Fraction(part) for part in text.split()), Fraction(0))


def amount(value: str, unit: str) -> Fraction:
    """Grams, millilitres or pieces."""
    return number(value) * Fraction(str(UNITS.get(unit.lower(), 1)))


def ingredients(answer: str) -> list[tuple[Fraction, str, str]]:
    """(the amount in grams, millilitres or pieces, the unit as written, the rest) of every ingredient line."""
    found = (INGREDIENT.match(line) for line in answer.splitlines())
    return [(amount(m.group(1), m.group(2) or ""), m.group(2) or "", m.group(3)) for m in found if m]


def others(answer: str) -> list[str]:
    """The lines that are neither ingredients nor steps."""
    return [line for line in answer.splitlines() if not INGREDIENT.match(line) and not STEP.match(line)]


def minutes(answer: str, part: str) -> int | None:
    for line in others(answer):
        for match in TIMES[part].finditer(line):
            if match.group(1) or match.group(2):
                return int(match.group(1) or 0) * 60 + int(match.group(2) or 0)
    return None


def stated(pattern: re.Pattern[str], answer: str) -> str | None:
    return next((m.group(1) for line in others(answer) if (m := pattern.search(line))), None)


def matched(recipe: Scaling, rest: str) -> int | None:
    """Which of the original's ingredients a line names, by its word."""
    return next((at for at, (word, _, _) in enumerate(recipe.ingredients) if word in rest.lower()), None)


WORDINGS = {
    "quantities": (
        "Every ingredient amount is scaled correctly from {n} to {m} {what}",
        "Each quantity is the original amount multiplied by the right factor",
    ),
    "units": ("Gives no ingredient amount in {banned}", "None of the ingredients is measured in {banned}"),
    "factor": (
        "States the scale factor used, and it is correct for going from {n} to {m} {what}",
        "Gives the multiplier, and it matches scaling {n} {what} to {m}",
    ),
    "servings": ("Says the recipe now makes {m} {what}", "The servings line gives the new yield of {m} {what}"),
    "steps": (
        "Keeps the method's steps exactly as in the original, in the same order",
        "The method is unchanged: same steps, same order",
    ),
    "total": (
        "The stated total time equals the prep time plus the cooking time",
        "Gives a total time that is the sum of the prep and cook times",
    ),
    "order": ("Lists the ingredients in the same order as the original", "Keeps the original order of the ingredients"),
    "complete": ("Includes every ingredient of the original recipe", "No ingredient from the original is left out"),
    "temperature": ("Does not change the oven temperature", "Keeps the original oven temperature of {temp}"),
}
"""Two wordings of each kind of criterion, filled from the recipe (`values`)."""


def truths(recipe: Scaling, answer: str) -> dict[str, bool]:
    n, m, _ = recipe.servings
    found = [(matched(recipe, rest), value, unit, rest) for value, unit, rest in ingredients(answer)]
    known = [(at, value) for at, value, _, _ in found if at is not None]
    want = [amount(value, unit) * m / n for _, value, unit in recipe.ingredients]
    factor, serves = stated(FACTOR, answer), stated(SERVES, answer)
    times = {part: minutes(answer, part) for part in TIMES}
    return {
        "quantities": len(known) > 2 and all(abs(value - want[at]) <= want[at] / 50 for at, value in known),
        "units": bool(found) and not any(re.search(recipe.banned[0], f"{u} {r}", re.I) for _, _, u, r in found),
        "factor": factor is not None and abs(number(factor) - Fraction(m, n)) <= Fraction(1, 100),
        "servings": serves is not None and int(serves) == m,
        "steps": [" ".join(m.group(1).lower().split()) for line in answer.splitlines() if (m := STEP.match(line))]
        == [" ".join(step.lower().split()) for step in recipe.steps],
        "total": None not in times.values() and times["prep"] + times["cook"] == times["total"],
        "order": len(known) > 1 and [at for at, _ in known] == sorted({at for at, _ in known}),
        "complete": {at for at, _ in known} == set(range(len(recipe.ingredients))),
        "temperature": sorted(f"{v}°{u}" for v, u in TEMP.findall(answer)) == sorted(recipe.temps),
    }


def values(recipe: Scaling) -> dict[str, object]:
    n, m, what = recipe.servings
    return {"n": n, "m": m, "what": what, "banned": recipe.banned[1], "temp": recipe.temps[0]}


def candidates(rng: random.Random, recipe: Scaling, answer: str) -> list[Criterion]:
    filled = values(recipe)
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(recipe, answer).items()
    ]


SWITCHES = ("quantities", "units", "factor", "servings", "steps", "total", "order", "complete", "temperature")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, SCALINGS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
