"""HTML form family (fresh2): the HTML of a signup, contact, newsletter or event registration
form the task describes, a kind of answer no grader was run on while any of its rules was
written. Run only as `--set fresh2`, never in `all`, `new`, `docs`, `held` or `fresh`.

An answer is a lead-in line and one ```html block: an image, then a form of labelled fields
and a submit button, assembled from switches: every field's `<label for>` matching its id or
one label pointing at an id no field has, the email field `type="email"` or `type="text"`, the
`required` attribute on every field the task names as required or missing from one, the submit
button's text as the task gives it or a near miss, the form's `method="post"` and the task's
action or a GET (or no method) or a near-miss action, no `style` attribute anywhere or one on
an element, and the image with alt text or without an `alt`. Every truth is a function of the
HTML's text, read with `html.parser` (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "html_form"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
NOT_FIELDS = {"submit", "button", "hidden", "image", "reset"}


@dataclass(frozen=True)
class Field:
    label: str
    name: str
    id: str
    type: str
    """An input's type, or `textarea` or `select`."""
    extra: str = ""
    """Further attributes (autocomplete, minlength), written after the name."""
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class Form:
    task: str
    title: str
    image: tuple[str, str]
    """(src, alt)."""
    fields: tuple[Field, ...]
    required: tuple[str, ...]
    """The names of the fields the task says are required."""
    required_words: str
    """Those fields, as a criterion names them."""
    loose: str
    """The required field an answer may leave without `required`."""
    mislabelled: tuple[str, str]
    """(a field's id, the `for` its label gives instead in an answer whose labels do not match)."""
    submit: str
    wrong_submit: str
    action: str
    wrong_form: str
    """The form's opening tag in an answer that does not post to the action."""
    styled: tuple[str, str]
    """(a piece of the HTML, the same with a style attribute)."""

    @property
    def email(self) -> Field:
        return next(f for f in self.fields if "email" in f.name)


FORMS = (
    Form(
        "Write the HTML for the signup form of our Trailmix app: the Trailmix logo (logo.svg) above the form, "
        'then full name, email and password fields, all three required, and a submit button that says "Create '
        'account". The form should POST to /api/signup.',
        "Create your Trailmix account",
        ("logo.svg", "Trailmix logo"),
        (
            Field("Full name", "full_name", "full-name", "text", 'autocomplete="name"'),
            Field("Email", "email", "signup-email", "email", 'autocomplete="email"'),
            Field("Password", "password", "password", "password", 'minlength="8" autocomplete="new-password"'),
        ),
        ("full_name", "email", "password"),
        "full name, email and password",
        "password",
        ("signup-email", "email"),
        "Create account",
        "Sign up",
        "/api/signup",
        '<form action="/api/signup" method="get">',
        ('<button type="submit">', '<button type="submit" style="margin-top: 12px">'),
    ),
    Form(
        "Write an HTML contact form for our support page. Put a photo of the support team (team.jpg) at the top. "
        "The form needs a name, an email address and a message (textarea); name, email and message are all "
        'required. The button should read "Send message", and the form should post to /contact.',
        "Get in touch",
        ("team.jpg", "Our support team at their desks"),
        (
            Field("Your name", "name", "contact-name", "text", 'autocomplete="name"'),
            Field("Email address", "email", "contact-email", "email", 'autocomplete="email"'),
            Field("Message", "message", "contact-message", "textarea", 'rows="6"'),
        ),
        ("name", "email", "message"),
        "name, email and message",
        "message",
        ("contact-message", "message"),
        "Send message",
        "Send",
        "/contact",
        '<form action="/contact.php" method="post">',
        ('<div class="field">', '<div class="field" style="margin-bottom: 1rem">'),
    ),
    Form(
        "Write the HTML for a newsletter signup form for The Weekly Loaf, our baking newsletter: the newsletter's "
        "banner image (banner.png) first, then an email field (required), an optional first name field, and a "
        'required checkbox to agree to receive emails. The button says "Subscribe"; the form posts to '
        "/newsletter/subscribe.",
        "Get The Weekly Loaf",
        ("banner.png", "The Weekly Loaf: fresh bread recipes every Friday"),
        (
            Field("Email", "email", "nl-email", "email", 'autocomplete="email"'),
            Field("First name (optional)", "first_name", "nl-first-name", "text", 'autocomplete="given-name"'),
            Field("I agree to receive the newsletter by email", "consent", "nl-consent", "checkbox", 'value="yes"'),
        ),
        ("email", "consent"),
        "email and consent",
        "consent",
        ("nl-first-name", "first-name"),
        "Subscribe",
        "Sign me up",
        "/newsletter/subscribe",
        '<form action="/newsletter/subscribe">',
        ("<h2>Get The Weekly Loaf</h2>", '<h2 style="color: #8a4b08">Get The Weekly Loaf</h2>'),
    ),
    Form(
        "Write the HTML for the registration form of our Data Days 2026 conference: the event banner "
        "(datadays.jpg) above the form, then name, email, a ticket type dropdown (Standard, Student, Speaker) and "
        "an optional dietary requirements box. Name, email and ticket type are required. The button should say "
        '"Register", and the form posts to /events/datadays-2026/register.',
        "Register for Data Days 2026",
        ("datadays.jpg", "Data Days 2026, 14-15 May, Leeds"),
        (
            Field("Name", "name", "reg-name", "text", 'autocomplete="name"'),
            Field("Email", "email", "reg-email", "email", 'autocomplete="email"'),
            Field("Ticket type", "ticket", "reg-ticket", "select", "", ("Standard", "Student", "Speaker")),
            Field("Dietary requirements", "dietary", "reg-dietary", "textarea", 'rows="3"'),
        ),
        ("name", "email", "ticket"),
        "name, email and ticket type",
        "ticket",
        ("reg-ticket", "ticket"),
        "Register",
        "Submit",
        "/events/datadays-2026/register",
        '<form action="/events/datadays-2026/registration" method="post">',
        ('<img src="datadays.jpg"', '<img style="width: 100%" src="datadays.jpg"'),
    ),
)


def control(form: Form, f: Field, on: dict[str, bool]) -> str:
    required = f.name in form.required and (on["required"] or f.name != form.loose)
    kind = "text" if f is form.email and not on["email_type"] else f.type
    attrs = f'id="{f.id}" name="{f.name}"' + (f" {f.extra}" if f.extra else "") + (" required" if required else "")
    if kind == "textarea":
        return f"<textarea {attrs}></textarea>"
    if kind == "select":
        options = "\n".join(f'      <option value="{o.lower()}">{o}</option>' for o in f.options)
        return f'<select {attrs}>\n      <option value="">Choose a ticket</option>\n{options}\n    </select>'
    return f'<input type="{kind}" {attrs}>'


def build(form: Form, on: dict[str, bool]) -> str:
    src, alt = form.image
    lines = [f'<img src="{src}" alt="{alt}" width="480">' if on["img_alt"] else f'<img src="{src}" width="480">']
    lines.append(f'<form action="{form.action}" method="post">' if on["method_action"] else form.wrong_form)
    lines.append(f"  <h2>{form.title}</h2>")
    for f in form.fields:
        target = f.id if on["labels"] or f.id != form.mislabelled[0] else form.mislabelled[1]
        label = f'<label for="{target}">{f.label}</label>'
        if f.type == "checkbox":
            lines += ['  <div class="field checkbox">', f"    {control(form, f, on)}", f"    {label}", "  </div>"]
        else:
            lines += ['  <div class="field">', f"    {label}", f"    {control(form, f, on)}", "  </div>"]
    lines.append(f'  <button type="submit">{form.submit if on["submit_text"] else form.wrong_submit}</button>')
    lines.append("</form>")
    html = "\n".join(lines)
    if not on["no_style"]:
        html = html.replace(*form.styled, 1)
    return f"Here is the form:\n\n```html\n{html}\n```"


# Reading the HTML --------------------------------------------------------------------------


@dataclass
class Tag:
    name: str
    attrs: dict[str, str | None]
    text: list[str] = field(default_factory=list)


class Reader(HTMLParser):
    """Every start tag with its attributes, and the text inside each button."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[Tag] = []
        self.button: Tag | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = Tag(tag, dict(attrs))
        self.tags.append(found)
        if tag == "button":
            self.button = found

    def handle_endtag(self, tag: str) -> None:
        if tag == "button":
            self.button = None

    def handle_data(self, data: str) -> None:
        if self.button is not None:
            self.button.text.append(data)


def html_of(answer: str) -> str:
    match = re.search(r"```html\n(.*?)```", answer, re.DOTALL)
    assert match is not None, answer
    return match.group(1)


def tags(answer: str) -> list[Tag]:
    reader = Reader()
    reader.feed(html_of(answer))
    reader.close()
    return reader.tags


def fields_of(found: list[Tag]) -> list[Tag]:
    """The form's controls a user fills in: inputs (but buttons and hidden ones), selects and
    textareas."""
    return [
        t
        for t in found
        if t.name in ("select", "textarea")
        or (t.name == "input" and (t.attrs.get("type") or "text").lower() not in NOT_FIELDS)
    ]


def every_field_labelled(answer: str) -> bool:
    found = tags(answer)
    targets = {t.attrs.get("for") for t in found if t.name == "label"}
    controls = fields_of(found)
    return bool(controls) and all(t.attrs.get("id") and t.attrs.get("id") in targets for t in controls)


def email_typed(answer: str) -> bool:
    emails = [t for t in fields_of(tags(answer)) if "email" in (t.attrs.get("name") or "").lower()]
    return bool(emails) and all((t.attrs.get("type") or "").lower() == "email" for t in emails)


def required_fields(answer: str, form: Form) -> bool:
    controls = {t.attrs.get("name"): t for t in fields_of(tags(answer))}
    return all(name in controls and "required" in controls[name].attrs for name in form.required)


def submit_texts(answer: str) -> list[str]:
    texts = []
    for t in tags(answer):
        if t.name == "button" and (t.attrs.get("type") or "submit").lower() == "submit":
            texts.append(" ".join("".join(t.text).split()))
        elif t.name == "input" and (t.attrs.get("type") or "").lower() == "submit":
            texts.append(" ".join((t.attrs.get("value") or "").split()))
    return texts


def posts_to_action(answer: str, form: Form) -> bool:
    forms = [t for t in tags(answer) if t.name == "form"]
    return bool(forms) and all(
        (t.attrs.get("method") or "get").lower() == "post" and t.attrs.get("action") == form.action for t in forms
    )


def inline_styles(answer: str) -> list[str]:
    return [t.name for t in tags(answer) if "style" in t.attrs]


def images_have_alt(answer: str) -> bool:
    images = [t for t in tags(answer) if t.name == "img"]
    return bool(images) and all((t.attrs.get("alt") or "").strip() for t in images)


def candidates(rng: random.Random, form: Form, answer: str) -> list[Criterion]:
    listed = form.required_words
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "labels",
            every_field_labelled(answer),
            (
                "Every input has a <label> whose for attribute matches the input's id",
                "Each form field is tied to its label through matching for and id attributes",
            ),
        ),
        (
            "email_type",
            email_typed(answer),
            ('The email field uses type="email"', "Uses an email-type input for the email address"),
        ),
        (
            "required",
            required_fields(answer, form),
            (f"Marks the {listed} fields as required", f"The {listed} fields have the required attribute"),
        ),
        (
            "submit_text",
            any(text.lower() == form.submit.lower() for text in submit_texts(answer)),
            (f'The submit button says "{form.submit}"', f'The button that submits the form reads "{form.submit}"'),
        ),
        (
            "method_action",
            posts_to_action(answer, form),
            (f'The form uses method="post" and action="{form.action}"', f"Submits to {form.action} with POST"),
        ),
        (
            "no_style",
            not inline_styles(answer),
            ("Uses no inline style attributes", "Keeps styling out of the markup: no style attribute on any element"),
        ),
        (
            "img_alt",
            images_have_alt(answer),
            ("The image has alt text", "Gives the image a non-empty alt attribute"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("labels", "email_type", "required", "submit_text", "method_action", "no_style", "img_alt")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, FORMS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
