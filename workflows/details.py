"""What the Temporal Web UI shows as a thread's current details (markdown)."""

from __future__ import annotations

from rubricflow.workflows.state import ThreadState, iteration, max_iterations

MAX_GAP_CHARS = 200


def render_details(state: ThreadState) -> str:
    """Status, phase and budget, then the last pass's criteria as a table."""
    lines = [
        f"**status** {state.status} · **phase** {state.phase} · "
        f"**iteration** {iteration(state)}/{max_iterations(state) or '-'}"
    ]
    if state.evaluations:
        last = state.evaluations[-1]
        who = f" (reviewer {last.reviewer})" if last.reviewer else ""
        lines += ["", f"last pass {last.iteration}: **{last.result}**{who}", "",
                  "| criterion | verdict | gap |", "| --- | --- | --- |"]
        for c in last.criteria:
            gap = (c.gap or "").replace("\n", " ").replace("|", "\\|")[:MAX_GAP_CHARS]
            lines.append(f"| {c.name} | {'pass' if c.passed else 'FAIL'} | {gap} |")
    return "\n".join(lines)
