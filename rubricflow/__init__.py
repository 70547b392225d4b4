"""rubricflow: LLM agents that must meet a rubric, run durably on Temporal."""
