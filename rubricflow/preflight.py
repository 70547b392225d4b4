"""Model providers, known without importing them: the names a run may use (the client
refuses an unknown one before anything starts), and what `rubricflow doctor` reports a
worker started on this machine could build. What a worker elsewhere has (its tools,
agents, checks, installed providers, profiles) its workers say (`rubricflow/ask_workers.py`).
Nothing here imports LangChain, a provider SDK or `rubricflow.activities`: packages are
looked up with `importlib.util.find_spec`.
"""

from __future__ import annotations

import importlib.util
import sys
from typing import TypedDict

from rubricflow.errors import RunRefused
from rubricflow.workflows.run_settings import MODELS_ENV, PROFILE_PROVIDER

LOCAL_RUNTIME = {"llama_cpp": "llama-cpp-python", "langchain_community": "langchain-community"}
"""`local:` models run in-process on the worker with these (module: distribution)."""

OUR_PROVIDERS: dict[str, dict[str, str]] = {"scripted": {}, "local": LOCAL_RUNTIME, PROFILE_PROVIDER: {}}

LANGCHAIN_PROVIDERS: dict[str, str] = {
    # Copied from langchain.chat_models.base._BUILTIN_PROVIDERS (langchain 1.x): the
    # provider names `init_chat_model` accepts and the top-level module each needs.
    # tests/test_preflight.py fails when LangChain's table and this one part ways.
    "anthropic": "langchain_anthropic",
    "anthropic_bedrock": "langchain_aws",
    "azure_ai": "langchain_azure_ai",
    "azure_openai": "langchain_openai",
    "baseten": "langchain_baseten",
    "bedrock": "langchain_aws",
    "bedrock_converse": "langchain_aws",
    "bedrock_mantle_anthropic": "langchain_aws",
    "bedrock_mantle_openai": "langchain_aws",
    "cohere": "langchain_cohere",
    "deepseek": "langchain_deepseek",
    "fireworks": "langchain_fireworks",
    "google_anthropic_vertex": "langchain_google_vertexai",
    "google_genai": "langchain_google_genai",
    "google_vertexai": "langchain_google_vertexai",
    "groq": "langchain_groq",
    "huggingface": "langchain_huggingface",
    "ibm": "langchain_ibm",
    "langsmith": "langchain_openai",
    "litellm": "langchain_litellm",
    "meta": "langchain_meta",
    "mistralai": "langchain_mistralai",
    "nvidia": "langchain_nvidia_ai_endpoints",
    "ollama": "langchain_ollama",
    "openai": "langchain_openai",
    "openrouter": "langchain_openrouter",
    "perplexity": "langchain_perplexity",
    "together": "langchain_together",
    "upstage": "langchain_upstage",
    "xai": "langchain_xai",
}


PROVIDER_EXTRAS = {
    "openai": "openai",
    "azure_openai": "openai",
    "anthropic": "anthropic",
    "google_genai": "google",
    "ollama": "ollama",
}
"""The rubricflow extra (pyproject.toml) that installs a provider's LangChain package."""


def known_providers() -> list[str]:
    return [*OUR_PROVIDERS, *sorted(LANGCHAIN_PROVIDERS)]


def provider_modules(provider: str) -> dict[str, str]:
    """The modules a provider needs on the worker, each with the distribution to install."""
    if provider in OUR_PROVIDERS:
        return OUR_PROVIDERS[provider]
    module = LANGCHAIN_PROVIDERS[provider]
    return {module: module.replace("_", "-")}


def check_provider(spec: str, *, installed: bool = False) -> None:
    """Refuse an unknown provider in a 'provider:model-id' string; with `installed`, also
    one whose package is missing from this Python (`rubricflow doctor`: a worker started
    here). A model id that carries an address is refused: only a worker's profile sets one."""
    provider, _, model_id = (part.strip() for part in spec.partition(":"))
    if "://" in model_id:
        raise RunRefused(
            f"model {spec!r} carries an address: a run cannot choose where a worker sends "
            f"its requests; name a profile of the worker's {MODELS_ENV} file "
            "(--model profile:NAME) whose base_url is that server"
        )
    if provider == PROFILE_PROVIDER:
        return  # a profile is the worker's: its workers say whether they have it
    if provider not in OUR_PROVIDERS and provider not in LANGCHAIN_PROVIDERS:
        raise RunRefused(
            f"unknown model provider {provider!r} in {spec!r}; use one of: " + ", ".join(known_providers())
        )
    if not installed:
        return
    missing = sorted(
        dist for module, dist in provider_modules(provider).items() if importlib.util.find_spec(module) is None
    )
    if missing:
        if provider == "local":
            how = "run `bash deploy/install.sh`"
        elif provider in PROVIDER_EXTRAS:
            how = f"run `pip install 'rubricflow[{PROVIDER_EXTRAS[provider]}]'`"
        else:
            how = f"run `pip install {' '.join(missing)}`"
        raise RunRefused(
            f"model {spec!r} needs the package(s) {', '.join(missing)}, not installed in "
            f"{sys.prefix}: {how} where the worker runs"
        )


KEY_VARIABLES = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GOOGLE_API_KEY", "OPENAI_BASE_URL", "OLLAMA_HOST")
"""The variables the common providers read on a worker, shown by name by `rubricflow doctor`."""


class ProfileRow(TypedDict):
    name: str
    model: str
    base_url: str | None
    structured_output: str
    priced: bool
    problems: list[str]


class ExtraRow(TypedDict):
    extra: str
    installed: bool


class DoctorReport(TypedDict):
    """What `rubricflow doctor` shows (its `--json` too)."""

    providers: list[str]
    extras: dict[str, ExtraRow]
    keys: dict[str, bool]
    profiles_file: str | None
    profiles: list[ProfileRow]
