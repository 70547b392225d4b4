"""Recipe family (held out): a cooking recipe with its ingredients and method, in a form no
prompt, example or rule of the grader was written for. Run only as `--set held`, never in
`all` or `new`.

An answer is a title, a servings line by switch, an `Ingredients` list and a `Method`,
assembled from switches: every ingredient with its amount or one without, amounts in grams
and millilitres or one in cups, the method's steps numbered or bulleted, five steps or
seven, the oven temperature in Celsius and Fahrenheit or Celsius alone, a total time line or
none, the meat-free version or one with bacon. Every truth is a function of the answer's text
(below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "recipe"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
MOST_STEPS = 6
MEAT = ("bacon", "pancetta", "chicken", "beef", "ham", "anchovy", "anchovies")
AMOUNT = re.compile(r"^\d+(?:\.\d+)?\s*(?:g|ml|cups?|tbsp|tsp)?\b|^\d+\b")


@dataclass(frozen=True)
class Dish:
    task: str
    title: str
    serves: int
    celsius: int
    ingredients: tuple[tuple[str, str], ...]
    """Amount and name; the first amount is in grams or millilitres and has a cup form."""
    cups: str
    """The first ingredient's amount in cups."""
    meat: tuple[str, str]
    steps: tuple[str, ...]
    """Seven steps; the short method keeps the first four and the last."""
    minutes: int


DISHES = (
    Dish(
        "Write a recipe for a vegetable lasagne for four people, baked in the oven.",
        "Vegetable lasagne",
        4,
        190,
        (("250 ml", "milk"), ("12", "lasagne sheets"), ("400 g", "chopped tomatoes"), ("2", "courgettes")),
        "1 cup",
        ("100 g", "bacon lardons"),
        (
            "Heat the oven to {oven}.",
            "Slice the courgettes and fry them for five minutes.",
            "Stir the chopped tomatoes into the pan and simmer for ten minutes.",
            "Whisk the milk into a white sauce over a low heat.",
            "Layer sauce, sheets and vegetables in a dish, three times over.",
            "Cover the top layer with the rest of the white sauce.",
            "Bake for 40 minutes until the top is golden.",
        ),
        70,
    ),
    Dish(
        "Write a recipe for a leek and potato gratin for six people, baked in the oven.",
        "Leek and potato gratin",
        6,
        180,
        (("300 ml", "double cream"), ("1 kg", "potatoes"), ("3", "leeks"), ("50 g", "grated cheese")),
        "1.25 cups",
        ("150 g", "smoked pancetta"),
        (
            "Heat the oven to {oven}.",
            "Peel the potatoes and slice them thinly.",
            "Wash the leeks and soften them in butter for eight minutes.",
            "Warm the cream with a pinch of salt.",
            "Layer potatoes and leeks in a buttered dish.",
            "Pour the cream over and scatter the cheese on top.",
            "Bake for 60 minutes until the potatoes are tender.",
        ),
        85,
    ),
)


def build(dish: Dish, on: dict[str, bool]) -> str:
    ingredients = list(dish.ingredients)
    if on["cups"]:
        ingredients[0] = (dish.cups, ingredients[0][1])
    if on["meat"]:
        ingredients.append(dish.meat)
    oven = f"{dish.celsius}°C ({dish.celsius * 9 // 5 + 32}°F)" if on["fahrenheit"] else f"{dish.celsius}°C"
    steps = [s.format(oven=oven) for s in (dish.steps if on["seven"] else dish.steps[:4] + dish.steps[-1:])]
    lines = [f"# {dish.title}", ""]
    if on["serves"]:
        lines += [f"Serves {dish.serves}.", ""]
    lines += ["## Ingredients", ""]
    for index, (amount, name) in enumerate(ingredients):
        lines.append(f"- {name.capitalize()}" if on["unmeasured"] and index == 2 else f"- {amount} {name}")
    lines += ["", "## Method", ""]
    lines += [f"{n}. {s}" if on["numbered"] else f"- {s}" for n, s in enumerate(steps, start=1)]
    if on["time"]:
        lines += ["", f"Total time: {dish.minutes} minutes."]
    return "\n".join(lines)


def section(answer: str, name: str) -> list[str]:
    """The lines of a list (bulleted or numbered) under the `## name` heading, markers removed."""
    after = answer.split(f"## {name}\n", 1)[1]
    items = []
    for line in after.splitlines():
        if line.startswith("## "):
            break
        marker = re.match(r"^(?:- |\d+\. )", line)
        if marker:
            items.append(line[marker.end() :])
    return items


def candidates(rng: random.Random, dish: Dish, answer: str) -> list[Criterion]:
    ingredients = section(answer, "Ingredients")
    method_lines = [line for line in answer.split("## Method\n", 1)[1].splitlines() if line.strip()]
    steps = section(answer, "Method")
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "amounts",
            all(AMOUNT.match(item) for item in ingredients),
            ("Gives an amount for every ingredient", "Every ingredient has a quantity"),
        ),
        (
            "metric",
            not any(re.search(r"\bcups?\b", item) for item in ingredients),
            ("Measures the ingredients in metric units, not cups", "Uses grams and millilitres, never cups"),
        ),
        (
            "numbered",
            all(re.match(r"^\d+\. ", line) for line in method_lines if not line.startswith("Total time")),
            ("Numbers the steps of the method", "Writes the method as a numbered list"),
        ),
        (
            "few_steps",
            len(steps) <= MOST_STEPS,
            ("Has no more than six steps", "Keeps the method to six steps or fewer"),
        ),
        (
            "fahrenheit",
            re.search(r"\d+°F", answer) is not None,
            ("Gives the oven temperature in Fahrenheit too", "States the oven heat in both °C and °F"),
        ),
        (
            "serves",
            f"Serves {dish.serves}" in answer,
            (f"Says it serves {dish.serves}", "States how many people it serves"),
        ),
        (
            "time",
            re.search(r"Total time: \d+ minutes", answer) is not None,
            ("Gives the total time", "Says how long the whole recipe takes"),
        ),
        (
            "vegetarian",
            not any(re.search(rf"\b{m}\b", answer, re.I) for m in MEAT),
            ("Is vegetarian", "Contains no meat or fish"),
        ),
    ]
    return [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in kinds]


def cases() -> list[JudgeCase]:
    switches = ("cups", "meat", "fahrenheit", "seven", "serves", "unmeasured", "numbered", "time")
    return switched_cases(FAMILY, DISHES, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
