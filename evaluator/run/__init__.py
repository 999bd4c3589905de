"""A run of dv-eval: its command lines, routing each object to its schema (built-in kinds too), verdicts,
batches and workers, reports."""
