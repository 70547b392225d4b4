"""Workflow classes and the pydantic contract of a grading run."""
