"""CRD rendering and the API server's CRD admission, for dv2openapi's types.

`render` turns an OpenAPI document into a CRD (rules rendered as CEL by `rules` and `formats`),
`admit` makes it admissible, `check` judges a CRD as the API server's admission does (with
`celast` / `celcost` for CEL compilation and cost, `defaults` for `default` values).
"""

from .render import to_crd

__all__ = ["to_crd"]
