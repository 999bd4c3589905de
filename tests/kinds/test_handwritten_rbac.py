"""RBAC's kinds judged by the API server's hand-written validation, each case from the server function
named beside it (k8s.io/kubernetes pkg/apis/rbac/validation/validation.go, after
pkg/apis/rbac/v1/defaults.go)."""

from __future__ import annotations

import copy

import pytest

from tests.builtin_checks import errors as _errors
from tests.builtin_checks import run as _run
from tests.builtin_checks import verdict as _verdict

pytest.importorskip("kubernetes_validate", reason="built-in kinds need the kubernetes-validate package ([test] extra)")

API = "rbac.authorization.k8s.io/v1"
GROUP = "rbac.authorization.k8s.io"
NO_SELECTORS = "at least one clusterRoleSelector required if aggregationRule is non-nil"
EXISTS = "'Exists' or 'DoesNotExist'"
ROLE = {
    "apiVersion": API,
    "kind": "Role",
    "metadata": {"name": "config-reader", "namespace": "monitoring"},
    "rules": [
        {"apiGroups": [""], "resources": ["configmaps"], "resourceNames": ["prometheus-config"], "verbs": ["get"]},
        {"apiGroups": ["", "apps"], "resources": ["pods", "deployments"], "verbs": ["get", "list", "watch"]},
    ],
}
CLUSTER_ROLE = {
    "apiVersion": API,
    "kind": "ClusterRole",
    "metadata": {"name": "system:controller:foo"},
    "rules": [
        {"apiGroups": [""], "resources": ["nodes/metrics"], "verbs": ["get"]},
        {"nonResourceURLs": ["/metrics", "/healthz/*"], "verbs": ["get"]},
    ],
}
AGGREGATED = {  # the shape of Kubernetes' own `admin` / `view` ClusterRoles
    "apiVersion": API,
    "kind": "ClusterRole",
    "metadata": {"name": "monitoring-view"},
    "aggregationRule": {
        "clusterRoleSelectors": [
            {"matchLabels": {"rbac.example.com/aggregate-to-monitoring": "true"}},
            {"matchExpressions": [{"key": "rbac.example.com/tier", "operator": "In", "values": ["view", "edit"]}]},
        ]
    },
    "rules": [],
}
CLUSTER_ROLE_BINDING = {  # kube-prometheus' prometheus-k8s binding, with a User and a Group besides
    "apiVersion": API,
    "kind": "ClusterRoleBinding",
    "metadata": {"name": "prometheus-k8s", "labels": {"app.kubernetes.io/name": "prometheus"}},
    "roleRef": {"apiGroup": GROUP, "kind": "ClusterRole", "name": "prometheus-k8s"},
    "subjects": [
        {"kind": "ServiceAccount", "name": "prometheus-k8s", "namespace": "monitoring"},
        {"kind": "User", "name": "system:kube-controller-manager"},
        {"kind": "Group", "name": "system:masters", "apiGroup": GROUP},
    ],
}
ROLE_BINDING = {
    "apiVersion": API,
    "kind": "RoleBinding",
    "metadata": {"name": "argocd:application-controller", "namespace": "argocd"},
    "roleRef": {"apiGroup": GROUP, "kind": "ClusterRole", "name": "system:controller:foo"},
    "subjects": [{"kind": "ServiceAccount", "name": "argocd-application-controller"}],  # the binding's namespace
}


def _with(obj: dict, **fields) -> dict:
    out = copy.deepcopy(obj)
    out.update(fields)
    return out


def test_realistic_rbac_objects_stay_valid(tmp_path):
    for obj in (ROLE, CLUSTER_ROLE, AGGREGATED, CLUSTER_ROLE_BINDING, ROLE_BINDING):
        assert _verdict(tmp_path, obj) == (0, []), obj
    r = _run(tmp_path, ROLE, CLUSTER_ROLE, AGGREGATED, CLUSTER_ROLE_BINDING, ROLE_BINDING, version="1.37")
    assert r.exit_code == 0, r.output


def test_rbac_names_are_path_segments_so_colons_are_valid(tmp_path):
    # ValidateRBACName: path.IsValidPathSegmentName, not a DNS subdomain (kube-prometheus, argo-cd)
    for obj in (ROLE, CLUSTER_ROLE, ROLE_BINDING, CLUSTER_ROLE_BINDING):
        obj = copy.deepcopy(obj)
        obj["metadata"]["name"] = "system:controller:foo"
        assert _verdict(tmp_path, obj) == (0, []), obj["kind"]
    bad = _with(CLUSTER_ROLE, metadata={"name": "a/b%c"})
    assert _verdict(tmp_path, bad) == (
        1,
        [f"metadata.name: Invalid value: \"a/b%c\": may not contain '{c}'" for c in "/%"],
    )
    # ValidateRBACName ignores `prefix`: a generateName is a path segment name too, so not '.'
    assert _verdict(tmp_path, _with(CLUSTER_ROLE, metadata={"generateName": ".."})) == (
        1,
        ["metadata.generateName: Invalid value: \"..\": may not be '..'"],
    )


def test_policy_rules(tmp_path):
    # ValidatePolicyRule: `len(rule.Verbs) == 0` -> Required "verbs must contain at least one value"
    rule = {"apiGroups": [""], "resources": ["pods"], "verbs": []}
    assert _verdict(tmp_path, _with(ROLE, rules=[rule])) == (
        1,
        ["rules[0].verbs: Required value: verbs must contain at least one value"],
    )
    # with no `verbs` at all the published schema's `required` says it too: once, in the server's words
    rule = {"apiGroups": [""], "resources": ["pods"]}
    assert _verdict(tmp_path, _with(ROLE, rules=[rule])) == (
        1,
        ["rules[0].verbs: Required value: verbs must contain at least one value"],
    )
    # ValidatePolicyRule: a resource rule needs apiGroups and resources (resourceNames may name several)
    rule = {"apiGroups": [], "verbs": ["get"], "resourceNames": ["a", "b"]}
    assert _verdict(tmp_path, _with(CLUSTER_ROLE, rules=[rule])) == (
        1,
        [
            "rules[0].apiGroups: Required value: resource rules must supply at least one api group",
            "rules[0].resources: Required value: resource rules must supply at least one resource",
        ],
    )
    # a null rule is the zero PolicyRule
    assert _errors(_with(ROLE, rules=[None]))[1:] == [
        "rules[0].apiGroups: Required value: resource rules must supply at least one api group",
        "rules[0].resources: Required value: resource rules must supply at least one resource",
    ]


def test_non_resource_urls(tmp_path):
    # ValidatePolicyRule(isNamespaced=true): a Role may not name non-resource URLs
    rule = {"nonResourceURLs": ["/metrics"], "verbs": ["get"]}
    detail = "namespaced rules cannot apply to non-resource URLs"
    assert _verdict(tmp_path, _with(ROLE, rules=[rule])) == (
        1,
        [f'rules[0].nonResourceURLs: Invalid value: []string{{"/metrics"}}: {detail}'],
    )
    # ValidatePolicyRule: a rule with non-resource URLs has no apiGroups, resources or resourceNames
    rule = {"nonResourceURLs": ["/metrics", "/api"], "apiGroups": [""], "verbs": ["get"]}
    detail = "rules cannot apply to both regular resources and non-resource URLs"
    assert _verdict(tmp_path, _with(CLUSTER_ROLE, rules=[rule])) == (
        1,
        [f'rules[0].nonResourceURLs: Invalid value: []string{{"/metrics", "/api"}}: {detail}'],
    )
    # field.Error prints a []string as JSON from 1.34 (kubernetes PR 132314), with `%#v` before
    assert _verdict(tmp_path, _with(CLUSTER_ROLE, rules=[rule]), version="1.34") == (
        1,
        [f'rules[0].nonResourceURLs: Invalid value: ["/metrics","/api"]: {detail}'],
    )


def test_role_ref(tmp_path):
    # ValidateRoleBinding: roleRef.apiGroup NotSupported, roleRef.kind Role or ClusterRole, name a path segment
    ref = {"apiGroup": "rbac.example.com", "kind": "ServiceAccount", "name": "a/b"}
    assert _verdict(tmp_path, _with(ROLE_BINDING, roleRef=ref)) == (
        1,
        [
            'roleRef.apiGroup: Unsupported value: "rbac.example.com": supported values: "rbac.authorization.k8s.io"',
            'roleRef.kind: Unsupported value: "ServiceAccount": supported values: "Role", "ClusterRole"',
            "roleRef.name: Invalid value: \"a/b\": may not contain '/'",
        ],
    )
    # ValidateClusterRoleBinding: only a ClusterRole
    ref = {"apiGroup": GROUP, "kind": "Role", "name": "x"}
    assert _verdict(tmp_path, _with(CLUSTER_ROLE_BINDING, roleRef=ref)) == (
        1,
        ['roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"'],
    )
    # `len(RoleRef.Name) == 0` -> Required; an empty apiGroup is defaulted (SetDefaults_RoleBinding)
    assert _errors(_with(ROLE_BINDING, roleRef={"apiGroup": "", "kind": "Role", "name": ""})) == [
        "roleRef.name: Required value"
    ]


def test_subjects(tmp_path):
    # ValidateRoleBindingSubject(isNamespaced=false)
    subjects = [
        {"kind": "ServiceAccount", "name": "Prometheus_K8s", "apiGroup": "v1"},  # a DNS subdomain; apiGroup ""
        {"kind": "User", "name": "jane", "apiGroup": "v1"},
        {"kind": "Group", "name": "", "apiGroup": GROUP},
        {"kind": "Robot", "name": "r2"},
    ]
    code, errors = _verdict(tmp_path, _with(CLUSTER_ROLE_BINDING, subjects=subjects))
    assert code == 1
    assert errors[0].startswith('subjects[0].name: Invalid value: "Prometheus_K8s": a lowercase RFC 1123 subdomain')
    assert errors[1:] == [
        'subjects[0].apiGroup: Unsupported value: "v1": supported values: ""',
        "subjects[0].namespace: Required value",  # a ClusterRoleBinding's ServiceAccount names its namespace
        'subjects[1].apiGroup: Unsupported value: "v1": supported values: "rbac.authorization.k8s.io"',
        "subjects[2].name: Required value",
        'subjects[3].kind: Unsupported value: "Robot": supported values: "ServiceAccount", "User", "Group"',
    ]
    # ValidateRoleBindingSubject(isNamespaced=true): a RoleBinding's ServiceAccount may leave it out;
    # SetDefaults_Subject gives a User or Group without apiGroup rbac.authorization.k8s.io
    subjects = [{"kind": "ServiceAccount", "name": "default"}, {"kind": "User", "name": "u"}]
    subjects.append({"kind": "Group", "name": "g"})
    assert _verdict(tmp_path, _with(ROLE_BINDING, subjects=subjects)) == (0, [])


def test_aggregation_rule(tmp_path):
    # ValidateClusterRole: a non-nil aggregationRule needs at least one selector
    assert _verdict(tmp_path, _with(AGGREGATED, aggregationRule={})) == (
        1,
        [f"aggregationRule.clusterRoleSelectors: Required value: {NO_SELECTORS}"],
    )
    assert _verdict(tmp_path, _with(AGGREGATED, aggregationRule=None)) == (0, [])
    # ValidateLabelSelector of each selector, then LabelSelectorAsSelector's error with its nil selector
    exprs = [
        {"key": "a", "operator": "In", "values": []},
        {"key": "b", "operator": "Exists", "values": ["x"]},
        {"key": "c", "operator": "Equals", "values": ["x"]},
        {"key": "d", "operator": "In", "values": ["not a label value"]},
    ]
    path = "aggregationRule.clusterRoleSelectors[0]"
    bad = _with(AGGREGATED, aggregationRule={"clusterRoleSelectors": [{"matchExpressions": exprs}]})
    code, errors = _verdict(tmp_path, bad)
    assert code == 1
    assert errors[:3] == [
        f"{path}.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
        f"{path}.matchExpressions[1].values: Forbidden: may not be specified when `operator` is {EXISTS}",
        f'{path}.matchExpressions[2].operator: Invalid value: "Equals": not a valid selector operator',
    ]
    value_error = f'{path}.matchExpressions[3].values[0]: Invalid value: "not a label value": a valid label'
    assert errors[3].startswith(value_error)
    assert errors[4:] == [f'{path}: Invalid value: "null": invalid label selector.']
    # before 1.26 ValidateLabelSelector did not check the values: only the selector is reported
    bad = _with(AGGREGATED, aggregationRule={"clusterRoleSelectors": [{"matchExpressions": exprs[3:]}]})
    assert _errors(bad, "1.25") == [f'{path}: Invalid value: "null": invalid label selector.']
    assert len(_errors(bad, "1.26")) == 2
    bad = _with(AGGREGATED, aggregationRule={"clusterRoleSelectors": [{"matchLabels": {"a b": "ok"}}]})
    code, errors = _verdict(tmp_path, bad)
    assert code == 1 and errors[0].startswith(f'{path}.matchLabels: Invalid value: "a b": name part must consist')
    assert errors[1:] == [f'{path}: Invalid value: "null": invalid label selector.']
