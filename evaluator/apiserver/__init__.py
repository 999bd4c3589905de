"""A model of kube-apiserver's custom-resource validation.

`validate(crd, new, old)` does what the custom-resource strategy does with a
request (kubernetes/apiextensions-apiserver, `customResourceStrategy.Validate`
/ `ValidateUpdate`): prune unknown fields, drop non-nullable nulls, coerce
embedded resources, default, OpenAPI schema validation (with the server's
string formats), ObjectMeta, embedded resources, list-type invariants, then the
`x-kubernetes-validations` CEL rules (run by Google's C++ CEL runtime,
`cel-expr-python`) unless a blocking schema error was found; on update,
validation ratcheting (KEP-4008) drops errors of unchanged nodes.

Its rooms: `request` (the pipeline above), `crd` (a CRD's decoding and admission), `cel` (the rules,
their cost and limits), `values` (values read as the Go libraries the server runs read them).
Import the stage you need (`evaluator.apiserver.request.server`, `...values.names`): this package
imports nothing by itself, so the evaluator can use its name validators without loading CEL.
"""
