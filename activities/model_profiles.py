"""Named models a worker serves (`RUBRICFLOW_MODELS`), as data.

A TOML file of `[models.NAME]` tables; a run names one as `profile:NAME`:

    [models.grader]
    provider = "openai"                       # a LangChain provider (init_chat_model)
    model = "gpt-4o-mini"
    base_url = "http://127.0.0.1:8080/v1"     # optional: an OpenAI-compatible server
    api_key_env = "OPENAI_API_KEY"            # optional: the variable's name, never the key
    temperature = 0.0                         # optional
    max_tokens = 1024                         # optional
    timeout_s = 60                            # optional: one HTTP request
    structured_output = "json_mode"           # tool (default) | json_schema | json_mode
    input_usd_per_mtok = 0.15                 # optional, with output_usd_per_mtok
    output_usd_per_mtok = 0.60

Only a profile sets a base URL: a run's model string never carries one, so no client
request makes a worker call an address the client chose. Keys stay in the worker's
environment. Parsed from text here (no I/O, no environment read): the worker reads the file
once (`worker_env.py`), builds its models from it and prices them; clients learn both from
its workers (`RunCheckResult`), never from a file on their own machine.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from rubricflow.workflows.run_settings import PROFILE_PROVIDER
from rubricflow.workflows.types import ModelPrice

StructuredOutput = Literal["tool", "json_schema", "json_mode"]
"""How a grader model is asked for structured output: a forced tool call (`tool`), the
provider's JSON-schema response format (`json_schema`), or JSON mode with the schema in
the prompt, validated here (`json_mode`, for servers that accept neither)."""

PROFILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,127}")
FORMAT = (
    '[models.NAME] tables with provider = "openai", model = "gpt-4o-mini" (see docs/models.md, "Bring your own model")'
)


class ModelProfile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    provider: str = Field(min_length=1, max_length=64)
    model: str = Field(min_length=1, max_length=256)
    base_url: str | None = Field(default=None, max_length=2048)
    api_key_env: str | None = None
    temperature: float | None = Field(default=None, ge=0, le=2)
    max_tokens: int | None = Field(default=None, ge=1, le=1_000_000)
    timeout_s: float | None = Field(default=None, gt=0, le=3600)
    structured_output: StructuredOutput = "tool"
    input_usd_per_mtok: float | None = Field(default=None, ge=0)
    output_usd_per_mtok: float | None = Field(default=None, ge=0)

    @field_validator("provider")
    @classmethod
    def _provider(cls, value: str) -> str:
        if value == PROFILE_PROVIDER:
            raise ValueError("a profile's provider is a model provider such as 'openai', not another profile")
        return value

    @field_validator("base_url")
    @classmethod
    def _base_url(cls, value: str | None) -> str | None:
        if value is not None and not re.match(r"https?://[^\s/]+", value):
            raise ValueError("base_url must be an http:// or https:// URL")
        return value

    @field_validator("api_key_env")
    @classmethod
    def _api_key_env(cls, value: str | None) -> str | None:
        # The message never repeats the value: a key pasted here must not be echoed.
        if value is not None and not ENV_NAME.fullmatch(value):
            raise ValueError(
                "api_key_env must be the NAME of an environment variable (letters, digits, _) "
                "that holds the key on the worker, never the key itself"
            )
        return value

    @model_validator(mode="after")
    def _prices(self) -> ModelProfile:
        if (self.input_usd_per_mtok is None) != (self.output_usd_per_mtok is None):
            raise ValueError("give both input_usd_per_mtok and output_usd_per_mtok, or neither")
        return self

    @property
    def price(self) -> ModelPrice | None:
        if self.input_usd_per_mtok is None or self.output_usd_per_mtok is None:
            return None
        return ModelPrice(input_usd_per_mtok=self.input_usd_per_mtok, output_usd_per_mtok=self.output_usd_per_mtok)

    @property
    def spec(self) -> str:
        """The `provider:model-id` this profile builds."""
        return f"{self.provider}:{self.model}"


def parse_model_profiles(text: str) -> dict[str, ModelProfile]:
    """The profiles of a file's TOML text; a `ValueError` that says what to fix (a field
    path, never a value: the file sits beside secrets)."""
    try:
        raw: Any = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"is not valid TOML: {exc}") from None
    extra = sorted(set(raw) - {"models"})
    if extra or not isinstance(raw.get("models"), dict) or not raw["models"]:
        raise ValueError(f"needs a top-level 'models' table and nothing else; expected {FORMAT}")
    profiles: dict[str, ModelProfile] = {}
    problems: list[str] = []
    for name, entry in raw["models"].items():
        if not PROFILE_NAME.fullmatch(name):
            problems.append(f"models.{name}: a profile name is 1 to 64 letters, digits, '_', '.' or '-'")
            continue
        try:
            profiles[name] = ModelProfile.model_validate(entry)
        except ValidationError as exc:
            for err in exc.errors(include_input=False, include_url=False):
                where = ".".join(["models", name, *map(str, err["loc"])])
                problems.append(f"{where}: {err['msg'].removeprefix('Value error, ')}")
    if problems:
        raise ValueError("; ".join(problems))
    return profiles
