"""A schema the evaluator cannot use."""


class SchemaError(ValueError):
    """Unusable schema: dangling $ref, unknown x-dv-* keyword, bad keyword value."""
