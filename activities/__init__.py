"""Everything that touches the world: models, tools, grading."""
