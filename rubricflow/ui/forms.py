"""The web view's forms, read into the client's typed inputs (`ApproveInput`,
`RejectInput`, `ExtendInput`): the contract's own validation decides, and a refusal is
worded with the form's labels ("more passes: give a whole number"), never with a
command-line flag or pydantic's phrasing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from rubricflow.workflows.types import ApproveInput, ExtendInput, RejectInput

LABELS = {
    "iterations": "more passes",
    "extra_tokens": "extra tokens",
    "extra_cost_usd": "extra USD",
    "extra_wall_s": "extra seconds",
    "feedback": "feedback",
    "reviewer": "reviewer",
    "note": "note",
}
"""Each input field's label on the page: what a refusal names."""
WHOLE_FORM = {
    ExtendInput: "extend adds nothing: give more passes (after max_iterations_reached) or extra tokens, USD or "
    "seconds (after budget_exhausted)",
}
"""A model's refusal of the form as a whole, in the page's words."""
REVIEWER = "web"
"""The reviewer a decision is recorded under when the form leaves the name empty."""

Model = TypeVar("Model", bound=BaseModel)


class FormError(ValueError):
    """A form the contract refuses; the message names the field and what to type."""


def read_form(model: type[Model], form: Mapping[str, str], **defaults: Any) -> Model:
    """The model from the form's fields of the same names; an empty field is left out
    (the model's default applies), other fields (`id`, `csrf`) are not the model's."""
    data = {**defaults}
    for name in model.model_fields:
        value = str(form.get(name) or "").strip()
        if value:
            data[name] = value
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise FormError("; ".join(_worded(model, e) for e in err.errors(include_url=False))) from None


def _worded(model: type[BaseModel], error: Any) -> str:
    field = str(error["loc"][0]) if error["loc"] else ""
    label = LABELS.get(field, field.replace("_", " "))
    kind, ctx = error["type"], error.get("ctx") or {}
    if not field:
        return WHOLE_FORM.get(model) or str(error["msg"]).removeprefix("Value error, ")
    if kind in ("int_parsing", "int_type", "int_from_float"):
        said = "give a whole number, e.g. 2"
    elif kind in ("float_parsing", "float_type"):
        said = "give a number, e.g. 0.50"
    elif kind in ("greater_than_equal", "greater_than"):
        said = f"at least {ctx.get('ge', ctx.get('gt'))}"
    elif kind in ("less_than_equal", "less_than"):
        said = f"at most {ctx.get('le', ctx.get('lt'))}"
    elif kind in ("string_too_short", "missing"):
        said = "this field is required"
    elif kind == "string_too_long":
        said = f"at most {ctx.get('max_length')} characters"
    else:
        said = str(error["msg"]).removeprefix("Value error, ")
    return f"{label}: {said}"


def approve_input(form: Mapping[str, str]) -> ApproveInput:
    return read_form(ApproveInput, form, reviewer=REVIEWER)


def reject_input(form: Mapping[str, str]) -> RejectInput:
    return read_form(RejectInput, form, reviewer=REVIEWER)


def extend_input(form: Mapping[str, str]) -> ExtendInput:
    return read_form(ExtendInput, form)
