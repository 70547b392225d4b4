"""Product description family (fresh): a short e-commerce description of one product, with the
price, features, size and weight the task gives, a kind of answer no grader was run on while
any of its rules was written. Run only as `--set fresh`, never in `all`, `new`, `docs` or
`held`.

An answer is an opening paragraph, a bulleted list of features, a line with the size and the
weight, and a closing paragraph, assembled from switches: the product's name in the first
sentence or only in the second (after a hook), the price as the task gives it or a near miss
(a few cents off or in another currency), as many features as the task asks for or one more,
the weight given or left out, no superlative or one ("best", "perfect"), a call to action at
the end or a warranty line, and a length under the task's limit or a paragraph over it. Every
truth is a function of the answer's text (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "product_description"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
BULLET = re.compile(r"^\s*[-*•]\s+\S", re.MULTILINE)
SUPERLATIVE = re.compile(
    r"\b(?:best|perfect|perfectly|ultimate|greatest|finest|lightest|strongest|unbeatable|unrivalled|"
    r"world's|most \w+)\b",
    re.IGNORECASE,
)
CALL_TO_ACTION = re.compile(r"^(?:order|buy|add|get|shop|grab|pick up|try|reserve|bring)\b", re.IGNORECASE)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


@dataclass(frozen=True)
class Product:
    task: str
    name: str
    hook: str
    """An opening sentence that does not name the product."""
    intro: str
    """A sentence that starts with the product's name."""
    pitch: str
    """A sentence after the intro (no name, no price)."""
    price: str
    wrong_price: str
    """A near miss of `price`: a few cents off, or the same figure in another currency."""
    features: tuple[str, ...]
    """One more than the task asks for; the answer that keeps to the count drops the last."""
    size: str
    weight: str
    superlative: str
    """A sentence with one superlative, which opens the closing paragraph."""
    plain: str
    """What opens the closing paragraph instead: about as long, with no superlative."""
    warranty: str
    call: str
    """The call to action (starts with an imperative)."""
    other_end: str
    """What ends the answer instead of the call: about as long, not a call to action."""
    extra: str
    """A paragraph that takes the answer over `limit` words."""
    limit: int

    @property
    def count(self) -> int:
        return len(self.features) - 1


PRODUCTS = (
    Product(
        "Write a product description for our shop's Aero 30 travel backpack. Price: €89.00. Give 4 key features "
        'as bullet points, the size (50 × 35 × 20 cm) and weight (1.1 kg), no superlatives like "best" or '
        '"perfect", end with a call to action, and keep it under 120 words.',
        "Aero 30",
        "Packing for a weekend away should not mean sitting on your bag to close it.",
        "The Aero 30 is a carry-on backpack that opens flat like a suitcase.",
        "Everything stays in view, and airport security takes a minute instead of ten.",
        "€89.00",
        "€89.90",
        (
            "30 litres, within the cabin limits of nearly all airlines",
            "Padded laptop sleeve for screens up to 16 inches",
            "Water-resistant recycled nylon shell",
            "Lockable zips on the main compartment",
            "Hidden back pocket for a passport",
        ),
        "50 × 35 × 20 cm",
        "1.1 kg",
        "It is simply the best travel bag you will ever own.",
        "It is a travel bag that will last you for years.",
        "Every Aero 30 comes with a five-year warranty.",
        "Order yours today and pack for your next trip in half the time.",
        "It comes in black, slate grey and olive green, all with the same features.",
        "The shoulder straps tuck away behind a zipped panel when you check the bag in, and a sleeve on the back "
        "slides over the handle of a rolling case, so the two travel as one.",
        120,
    ),
    Product(
        "Write a short product description for the Brewline gooseneck kettle for our online store. It costs "
        "$64.50. Include 3 features as a bulleted list, its dimensions (30 × 16 × 18 cm) and weight (0.9 kg), "
        "avoid superlatives such as best or perfect, finish with a call to action, and stay under 100 words.",
        "Brewline",
        "Good pour-over coffee starts with a slow, steady pour.",
        "The Brewline gooseneck kettle is made for slow pour-over brewing.",
        "Its narrow spout puts the water where you aim it.",
        "$64.50",
        "$64.95",
        (
            "Holds 1 litre, enough for four cups",
            "Thermometer in the lid, readable at a glance",
            "Works on gas, electric and induction hobs",
            "Stay-cool walnut handle",
        ),
        "30 × 16 × 18 cm",
        "0.9 kg",
        "It makes the perfect cup every single morning.",
        "It makes a steady cup every single morning.",
        "The stainless steel body is covered by a two-year warranty.",
        "Add a Brewline to your basket and brew a better cup tomorrow.",
        "It is available in brushed steel and in matte black finishes.",
        "The brushed steel finish hides fingerprints, and the base is wide enough that the kettle will not tip "
        "when it is full. Rinse it after use and it needs no other care.",
        100,
    ),
    Product(
        "Write a product description for the Lumen desk lamp for our web shop: price £45.00, 5 features in a "
        'bullet list, size 38 × 15 × 45 cm and weight 1.6 kg, no superlatives (no "best", "perfect" and so '
        "on), a call to action at the end, and fewer than 130 words.",
        "Lumen",
        "Late nights at the desk are easier on the eyes with the right light.",
        "The Lumen desk lamp gives a soft, even light across your whole desk without glare.",
        "Its slim arm folds down when you need the space back.",
        "£45.00",
        "$45.00",
        (
            "Five brightness levels, set with a touch",
            "Colour temperature from warm 2700 K to cool 6500 K",
            "USB-C port in the base to charge your phone",
            "Arm and head that tilt and turn",
            "Auto-off timer after 60 minutes",
            "Weighted base that stays put",
        ),
        "38 × 15 × 45 cm",
        "1.6 kg",
        "It is the perfect lamp for any home office.",
        "It suits a home office as well as a bedside.",
        "The LED panel is rated for 50,000 hours and covered by a three-year warranty.",
        "Order your Lumen today and light up your evenings.",
        "The Lumen ships flat-packed and takes two minutes to assemble.",
        "The lamp remembers the brightness and colour you used last, so it comes back on just as you left it. Its "
        "matte aluminium finish comes in graphite, sand and white to match your desk, and the cable runs inside "
        "the arm.",
        130,
    ),
    Product(
        "Write a product description for the Trailhead insulated bottle (750 ml) for our outdoor store. Price "
        "€24.95, list 3 features as bullets, give its size (7.5 × 7.5 × 26 cm) and weight (0.4 kg), no "
        "superlatives like best or perfect, close with a call to action, and keep it under 95 words.",
        "Trailhead",
        "Cold water on a hot trail makes every climb easier.",
        "The Trailhead insulated bottle keeps water cold all day.",
        "It holds 750 ml and fits standard bike cages and rucksack pockets.",
        "€24.95",
        "€29.95",
        (
            "Keeps drinks cold for 24 hours or hot for 12",
            "Leak-proof screw cap with a carry loop",
            "Powder-coated steel that will not sweat",
            "Dishwasher-safe lid",
        ),
        "7.5 × 7.5 × 26 cm",
        "0.4 kg",
        "It is the best bottle money can buy.",
        "It is a bottle built for years of use.",
        "It comes with a lifetime warranty on the vacuum seal.",
        "Grab yours before your next hike.",
        "It fits in a standard car cup holder.",
        "The wide mouth takes ice cubes and is easy to clean with a brush. Its steel is free of BPA, and the "
        "coating comes in five colours.",
        95,
    ),
)


def build(product: Product, on: dict[str, bool]) -> str:
    opening = [product.intro, product.pitch] if on["name_first"] else [product.hook, product.intro]
    opening.append(f"It costs {product.price if on['price'] else product.wrong_price}.")
    features = product.features[:-1] if on["features"] else product.features
    size = f"Size: {product.size}. Weight: {product.weight}." if on["weight"] else f"Size: {product.size}."
    closing = [product.plain if on["no_superlative"] else product.superlative, product.warranty]
    closing.append(product.call if on["call"] else product.other_end)
    parts = [" ".join(opening), "Key features:\n\n" + "\n".join(f"- {f}" for f in features), size]
    if not on["short"]:
        parts.append(product.extra)
    parts.append(" ".join(closing))
    return "\n\n".join(parts)


def words(text: str) -> int:
    """Whitespace-separated tokens with a letter or digit in them (so `-` and `×` are not words)."""
    return len(re.findall(r"\S*[A-Za-z0-9]\S*", text))


def sentences(text: str) -> list[str]:
    return [s for s in SENTENCE_END.split(text.strip()) if s.strip()]


def first_sentence(text: str) -> str:
    first = text.strip().split("\n\n")[0]
    return sentences(first)[0]


def last_sentence(text: str) -> str:
    return sentences(text.strip().split("\n\n")[-1])[-1]


def gives_price(text: str, price: str) -> bool:
    return re.search(rf"{re.escape(price)}(?![\d,])", text) is not None


def gives(text: str, measure: str) -> bool:
    """`measure` (a size or a weight), with `x` and `×` as one, not part of a longer number."""
    pattern = re.escape(measure).replace("×", "[×x]").replace(r"\ ", r"\s*")
    return re.search(rf"(?<![\d.]){pattern}\b", text) is not None


def bullets(text: str) -> int:
    return len(BULLET.findall(text))


def candidates(rng: random.Random, product: Product, answer: str) -> list[Criterion]:
    n, name, price = product.count, product.name, product.price
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "name_first",
            name.lower() in first_sentence(answer).lower(),
            (f"Names the {name} in the first sentence", f"The first sentence mentions the product name ({name})"),
        ),
        ("price", gives_price(answer, price), (f"States the price as {price}", f"Gives the price, {price}")),
        (
            "features",
            bullets(answer) == n,
            (f"Lists {n} features as bullet points", f"Has a bulleted list of exactly {n} features"),
        ),
        (
            "size_weight",
            gives(answer, product.size) and gives(answer, product.weight),
            (
                f"Gives both the dimensions ({product.size}) and the weight ({product.weight})",
                "Includes the product's size and its weight",
            ),
        ),
        (
            "no_superlative",
            SUPERLATIVE.search(answer) is None,
            ('Avoids superlatives such as "best" or "perfect"', "Does not call the product the best or perfect"),
        ),
        (
            "call",
            CALL_TO_ACTION.match(last_sentence(answer)) is not None,
            ("Ends with a call to action", "Closes by telling the reader to buy it"),
        ),
        (
            "short",
            words(answer) < product.limit,
            (f"Is under {product.limit} words", f"Keeps to fewer than {product.limit} words"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


def cases() -> list[JudgeCase]:
    switches = ("name_first", "price", "features", "weight", "no_superlative", "call", "short")
    return switched_cases(
        FAMILY, PRODUCTS, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
