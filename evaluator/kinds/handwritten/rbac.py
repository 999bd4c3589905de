"""RBAC's kinds (rbac.authorization.k8s.io) as the API server checks them on create and update
(k8s.io/kubernetes pkg/apis/rbac/validation/validation.go: ValidateRole, ValidateClusterRole,
ValidatePolicyRule, ValidateRoleBinding, ValidateClusterRoleBinding, ValidateRoleBindingSubject),
after the v1 defaults (pkg/apis/rbac/v1/defaults.go): an empty `roleRef.apiGroup` is
rbac.authorization.k8s.io, an empty subject `apiGroup` is "" for a ServiceAccount and
rbac.authorization.k8s.io for a User or a Group. Paths have no `spec.` prefix (`rules[0].verbs`,
`roleRef.kind`, `subjects[0].name`). The objects' names are path segments (ValidateRBACName: any
name but `.` and `..` without `/` or `%`, so `system:controller:foo` is valid), checked with the
metadata (evaluator/apiserver/request/objectmeta.py, `rbac_name`).

How a bad value is printed follows the release: a list (`nonResourceURLs`) as Go's `%#v`
(`[]string{"/metrics"}`) before 1.34, as JSON from 1.34 (kubernetes PR 132314). An aggregation
rule's selector values in `matchExpressions` are label values from 1.26 (AllowInvalidLabelValueInSelector,
kubernetes PR 113699); before, only the selector's own "invalid label selector." error tells of one.

Left out: the duplicate Invalid error `user name cannot be empty` / `group name cannot be empty`
that older releases add to an empty User or Group subject's `Required value` (the release that
dropped it was not established; the object is invalid either way); update-only rules (`roleRef`
may not change); what the server's authorizer checks beyond validation (escalation: a role may not
grant more than its creator holds; a binding's role need not exist). A value of the wrong JSON type
is left to the schema walk: the check that reads it is skipped."""

from __future__ import annotations

from evaluator.apiserver.values.gofmt import go_json, go_quote
from evaluator.apiserver.values.names import is_path_segment_name, name_dns1123_subdomain
from evaluator.schema.errors import INVALID, REQUIRED, FieldError

from .selectors import label_selector, strings_count
from .values import items, not_supported, text

GROUP = "rbac.authorization.k8s.io"  # rbac.GroupName
SUBJECT_KINDS = ("ServiceAccount", "User", "Group")  # as ValidateRoleBindingSubject lists them
NO_RESOURCE_URLS_IN_ROLE = "namespaced rules cannot apply to non-resource URLs"
MIXED_RULE = "rules cannot apply to both regular resources and non-resource URLs"
NO_SELECTORS = "at least one clusterRoleSelector required if aggregationRule is non-nil"


def role(obj: dict, release: tuple) -> list[FieldError]:
    """ValidateRole: each rule, namespaced (no non-resource URLs)."""
    return _rules(obj, True, release)


def cluster_role(obj: dict, release: tuple) -> list[FieldError]:
    """ValidateClusterRole: each rule, then the aggregation rule's selectors."""
    errs = _rules(obj, False, release)
    aggregation = obj.get("aggregationRule")
    if isinstance(aggregation, dict):
        selectors = aggregation.get("clusterRoleSelectors")
        if selectors is None or selectors == []:
            errs.append(FieldError(REQUIRED, "aggregationRule.clusterRoleSelectors", "", NO_SELECTORS))
        for i, selector in items(selectors):
            errs += _cluster_role_selector(selector, f"aggregationRule.clusterRoleSelectors[{i}]", release)
    return errs


def role_binding(obj: dict, release: tuple) -> list[FieldError]:
    """ValidateRoleBinding: a role reference to a Role or a ClusterRole; subjects, namespaced."""
    return _binding(obj, ("Role", "ClusterRole"), True)


def cluster_role_binding(obj: dict, release: tuple) -> list[FieldError]:
    """ValidateClusterRoleBinding: a role reference to a ClusterRole; a ServiceAccount subject
    names its namespace."""
    return _binding(obj, ("ClusterRole",), False)


def _rules(obj: dict, namespaced: bool, release: tuple) -> list[FieldError]:
    errs: list[FieldError] = []
    for i, rule in items(obj.get("rules")):
        errs += _policy_rule(rule, namespaced, f"rules[{i}]", release)
    return errs


def _policy_rule(rule: dict, namespaced: bool, path: str, release: tuple) -> list[FieldError]:
    """ValidatePolicyRule: verbs; a non-resource URL rule has no resources (and is not a Role's);
    a resource rule names API groups and resources."""
    errs: list[FieldError] = []
    if strings_count(rule.get("verbs")) == 0:
        errs.append(FieldError(REQUIRED, f"{path}.verbs", "", "verbs must contain at least one value"))
    counts = [strings_count(rule.get(k)) for k in ("nonResourceURLs", "apiGroups", "resources", "resourceNames")]
    if None in counts:
        return errs
    urls, groups, resources, names = counts
    if urls:
        shown = [u or "" for u in rule["nonResourceURLs"]]
        if namespaced:
            errs.append(_ListInvalid(f"{path}.nonResourceURLs", shown, NO_RESOURCE_URLS_IN_ROLE, release))
        if groups or resources or names:
            errs.append(_ListInvalid(f"{path}.nonResourceURLs", shown, MIXED_RULE, release))
        return errs
    if not groups:
        detail = "resource rules must supply at least one api group"
        errs.append(FieldError(REQUIRED, f"{path}.apiGroups", "", detail))
    if not resources:
        errs.append(FieldError(REQUIRED, f"{path}.resources", "", "resource rules must supply at least one resource"))
    return errs


class _ListInvalid(FieldError):
    """field.Invalid with a []string bad value, printed as the release's field.Error prints it."""

    __slots__ = ("release",)

    def __init__(self, path: str, values: list[str], detail: str, release: tuple):
        super().__init__(INVALID, path, values, detail)
        self.release = release

    def body(self) -> str:
        values: list[str] = self.bad_value  # type: ignore[assignment]
        if self.release >= (1, 34):
            shown = go_json(values)
        else:
            shown = "[]string{" + ", ".join(go_quote(v) for v in values) + "}"
        return f"Invalid value: {shown}: {self.detail}"


def _cluster_role_selector(selector: dict, path: str, release: tuple) -> list[FieldError]:
    """ValidateLabelSelector of one clusterRoleSelector, then LabelSelectorAsSelector's verdict: it
    cannot read a selector with a bad key, value, operator or value count (labels.NewRequirement's
    checks, the values checked at every release), and the server reports the selector whole with its
    nil result as the bad value."""
    errs, unreadable = label_selector(selector, path, release)
    if unreadable:
        errs.append(FieldError(INVALID, path, "null", "invalid label selector."))
    return errs


def _binding(obj: dict, kinds: tuple[str, ...], namespaced: bool) -> list[FieldError]:
    """ValidateRoleBinding / ValidateClusterRoleBinding: the role reference's group, kind and name
    (a path segment), then each subject."""
    errs: list[FieldError] = []
    ref = obj.get("roleRef")
    if ref is None:
        ref = {}
    if isinstance(ref, dict):
        group = text(ref.get("apiGroup"))
        if group is not None and (group or GROUP) != GROUP:  # SetDefaults_(Cluster)RoleBinding
            errs.append(not_supported("roleRef.apiGroup", group, (GROUP,)))
        kind = text(ref.get("kind"))
        if kind is not None and kind not in kinds:
            errs.append(not_supported("roleRef.kind", kind, kinds))
        name = text(ref.get("name"))
        if name == "":
            errs.append(FieldError(REQUIRED, "roleRef.name", "", ""))
        elif name is not None:
            errs += [FieldError(INVALID, "roleRef.name", name, m) for m in is_path_segment_name(name)]
    for i, subject in items(obj.get("subjects")):
        errs += _subject(subject, namespaced, f"subjects[{i}]")
    return errs


def _subject(subject: dict, namespaced: bool, path: str) -> list[FieldError]:
    """ValidateRoleBindingSubject: a name; a ServiceAccount's a DNS subdomain, its apiGroup "", its
    namespace given in a ClusterRoleBinding; a User's or Group's apiGroup rbac.authorization.k8s.io."""
    name, kind, group = text(subject.get("name")), text(subject.get("kind")), text(subject.get("apiGroup"))
    errs: list[FieldError] = []
    if name == "":
        errs.append(FieldError(REQUIRED, f"{path}.name", "", ""))
    if kind is None:
        return errs
    if kind == "ServiceAccount":
        if name:
            errs += [FieldError(INVALID, f"{path}.name", name, m) for m in name_dns1123_subdomain(name)]
        if group:
            errs.append(not_supported(f"{path}.apiGroup", group, ("",)))
        if not namespaced and text(subject.get("namespace"), "x") == "":
            errs.append(FieldError(REQUIRED, f"{path}.namespace", "", ""))
    elif kind in ("User", "Group"):
        if group is not None and (group or GROUP) != GROUP:  # SetDefaults_Subject
            errs.append(not_supported(f"{path}.apiGroup", group, (GROUP,)))
    else:
        errs.append(not_supported(f"{path}.kind", kind, SUBJECT_KINDS))
    return errs
