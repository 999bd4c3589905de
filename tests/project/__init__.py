"""The repository as a user meets it: README commands, CI, packaging, layout, examples, public suites."""
