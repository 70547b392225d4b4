"""`python -m rubricflow.doctor`: what a worker started on this machine could build, as
JSON on stdout (`rubricflow doctor` runs it and shows it). Worker-side: it reads the
worker's model profiles file as the worker does; the CLI never reads it itself.
Exit 0 with the report; 2 with one line on stderr when the profiles file is unusable."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from collections.abc import Mapping, Sequence

from rubricflow.errors import RunRefused
from rubricflow.preflight import (
    KEY_VARIABLES,
    PROVIDER_EXTRAS,
    DoctorReport,
    ExtraRow,
    ProfileRow,
    check_provider,
    known_providers,
    provider_modules,
)
from rubricflow.worker_env import model_profiles
from rubricflow.workflows.run_settings import MODELS_ENV, PROFILE_PROVIDER


def doctor_report(environ: Mapping[str, str] | None = None) -> DoctorReport:
    """What a worker started here can build: providers whose packages import, the key
    variables it sees (names only, never values), and its model profiles with their
    problems. Raises `RunRefused` when the `RUBRICFLOW_MODELS` file itself is unusable."""
    env = dict(os.environ if environ is None else environ)

    def present(provider: str) -> bool:
        return all(importlib.util.find_spec(m) is not None for m in provider_modules(provider))

    try:
        profiles = model_profiles(env.get(MODELS_ENV)) or {}
    except ValueError as exc:
        raise RunRefused(str(exc)) from None
    rows = []
    for name, profile in sorted(profiles.items()):
        problems: list[str] = []
        try:
            check_provider(profile.spec, installed=True)
        except RunRefused as exc:
            problems.append(str(exc))
        if profile.api_key_env and not env.get(profile.api_key_env, "").strip():
            problems.append(f"api_key_env {profile.api_key_env} is not set")
        rows.append(
            ProfileRow(
                name=name,
                model=profile.spec,
                base_url=profile.base_url,
                structured_output=profile.structured_output,
                priced=profile.price is not None,
                problems=problems,
            )
        )
    names = sorted({*KEY_VARIABLES, *(p.api_key_env for p in profiles.values() if p.api_key_env)})
    return DoctorReport(
        providers=[p for p in known_providers() if p != PROFILE_PROVIDER and present(p)],
        extras={p: ExtraRow(extra=f"rubricflow[{e}]", installed=present(p)) for p, e in PROVIDER_EXTRAS.items()},
        keys={n: bool(env.get(n, "").strip()) for n in names},
        profiles_file=env.get(MODELS_ENV, "").strip() or None,
        profiles=rows,
    )


def main(argv: Sequence[str] | None = None) -> int:
    del argv  # no options: the environment is the worker's settings
    try:
        report = doctor_report()
    except RunRefused as exc:
        print(f"rubricflow doctor: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
