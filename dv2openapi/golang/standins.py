"""apimachinery's types, as stand-ins with their real wire shapes, so that a package that uses
them translates without a checkout of `k8s.io/apimachinery`.

Each stand-in is Go source written here (the shapes of the types as they appear on the wire, in
the JSON the API server reads), parsed like any package. The types of `meta/v1` carry exactly the
`+k8s:` tags apimachinery gives them at `eed236ceee2c19c2753a3d93ac0631dc20750454` (the version
the go.mod of kubernetes/api `10b39a39bcee` pins): alpha rules on ObjectMeta's system fields,
OwnerReference, ManagedFieldsEntry and Condition; none on names, namespaces or labels, which the
API server checks by hand-written code (`evaluator.object_meta_errors`).
"""

from __future__ import annotations

META = """package v1

import "k8s.io/apimachinery/pkg/types"

type TypeMeta struct {
	Kind       string `json:"kind,omitempty"`
	APIVersion string `json:"apiVersion,omitempty"`
}

type ListMeta struct {
	SelfLink           string `json:"selfLink,omitempty"`
	ResourceVersion    string `json:"resourceVersion,omitempty"`
	Continue           string `json:"continue,omitempty"`
	RemainingItemCount *int64 `json:"remainingItemCount,omitempty"`
}

type ObjectMeta struct {
	Name string `json:"name,omitempty"`
	GenerateName string `json:"generateName,omitempty"`
	Namespace string `json:"namespace,omitempty"`
	SelfLink string `json:"selfLink,omitempty"`
	// +k8s:alpha(since: "1.37")=+k8s:optional
	// +k8s:alpha(since: "1.37")=+k8s:immutable
	UID types.UID `json:"uid,omitempty"`
	ResourceVersion string `json:"resourceVersion,omitempty"`
	// +k8s:alpha(since: "1.37")=+k8s:optional
	// +k8s:alpha(since: "1.37")=+k8s:minimum=0
	Generation int64 `json:"generation,omitempty"`
	// +k8s:alpha(since: "1.37")=+k8s:immutable
	CreationTimestamp Time `json:"creationTimestamp,omitempty,omitzero"`
	// +k8s:alpha(since: "1.37")=+k8s:optional
	// +k8s:alpha(since: "1.37")=+k8s:immutable
	DeletionTimestamp *Time `json:"deletionTimestamp,omitempty"`
	// +k8s:alpha(since: "1.37")=+k8s:optional
	// +k8s:alpha(since: "1.37")=+k8s:immutable
	DeletionGracePeriodSeconds *int64 `json:"deletionGracePeriodSeconds,omitempty"`
	Labels map[string]string `json:"labels,omitempty"`
	Annotations map[string]string `json:"annotations,omitempty"`
	// +k8s:alpha(since:"1.37")=+k8s:optional
	OwnerReferences []OwnerReference `json:"ownerReferences,omitempty"`
	Finalizers []string `json:"finalizers,omitempty"`
	// +k8s:alpha(since: "1.37")=+k8s:optional
	ManagedFields []ManagedFieldsEntry `json:"managedFields,omitempty"`
}

type OwnerReference struct {
	// +k8s:alpha(since:"1.37")=+k8s:required
	APIVersion string `json:"apiVersion"`
	// +k8s:alpha(since:"1.37")=+k8s:required
	Kind string `json:"kind"`
	// +k8s:alpha(since:"1.37")=+k8s:required
	Name string `json:"name"`
	// +k8s:alpha(since:"1.37")=+k8s:required
	UID types.UID `json:"uid"`
	Controller *bool `json:"controller,omitempty"`
	BlockOwnerDeletion *bool `json:"blockOwnerDeletion,omitempty"`
}

type ManagedFieldsEntry struct {
	Manager string `json:"manager,omitempty"`
	// +k8s:alpha(since: "1.37")=+k8s:required
	Operation ManagedFieldsOperationType `json:"operation,omitempty"`
	APIVersion string `json:"apiVersion,omitempty"`
	Time *Time `json:"time,omitempty"`
	FieldsType string `json:"fieldsType,omitempty"`
	FieldsV1 *FieldsV1 `json:"fieldsV1,omitempty"`
	Subresource string `json:"subresource,omitempty"`
}

// +k8s:alpha(since: "1.37")=+k8s:enum
type ManagedFieldsOperationType string

const (
	ManagedFieldsOperationApply  ManagedFieldsOperationType = "Apply"
	ManagedFieldsOperationUpdate ManagedFieldsOperationType = "Update"
)

type Condition struct {
	// +k8s:alpha(since: "1.37")=+k8s:required
	Type string `json:"type"`
	// +k8s:alpha(since: "1.37")=+k8s:required
	Status ConditionStatus `json:"status"`
	// +k8s:alpha(since: "1.37")=+k8s:optional
	// +k8s:alpha(since: "1.37")=+k8s:minimum=0
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// +k8s:alpha(since: "1.37")=+k8s:customValidation
	LastTransitionTime Time `json:"lastTransitionTime"`
	// +k8s:alpha(since: "1.37")=+k8s:required
	// +k8s:alpha(since: "1.37")=+k8s:maxBytes=1024
	Reason string `json:"reason"`
	Message string `json:"message"`
}

// +k8s:alpha(since: "1.37")=+k8s:enum
type ConditionStatus string

const (
	ConditionTrue    ConditionStatus = "True"
	ConditionFalse   ConditionStatus = "False"
	ConditionUnknown ConditionStatus = "Unknown"
)

type LabelSelector struct {
	MatchLabels      map[string]string          `json:"matchLabels,omitempty"`
	MatchExpressions []LabelSelectorRequirement `json:"matchExpressions,omitempty"`
}

type LabelSelectorRequirement struct {
	Key      string   `json:"key"`
	Operator string   `json:"operator"`
	Values   []string `json:"values,omitempty"`
}

type Time string

type MicroTime string

type Duration string

// Raw JSON: a map of fields (FieldsV1's custom encoding).
type FieldsV1 map[string]interface{}

type GroupVersionKind struct {
	Group   string `json:"group"`
	Version string `json:"version"`
	Kind    string `json:"kind"`
}

type GroupVersionResource struct {
	Group    string `json:"group"`
	Version  string `json:"version"`
	Resource string `json:"resource"`
}

type GroupResource struct {
	Group    string `json:"group"`
	Resource string `json:"resource"`
}

type GroupKind struct {
	Group string `json:"group"`
	Kind  string `json:"kind"`
}

type FieldSelectorRequirement struct {
	Key      string   `json:"key"`
	Operator string   `json:"operator"`
	Values   []string `json:"values,omitempty"`
}

type StatusReason string

type Status struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Status   string         `json:"status,omitempty"`
	Message  string         `json:"message,omitempty"`
	Reason   StatusReason   `json:"reason,omitempty"`
	Details  *StatusDetails `json:"details,omitempty"`
	Code     int32          `json:"code,omitempty"`
}

type StatusDetails struct {
	Name              string        `json:"name,omitempty"`
	Group             string        `json:"group,omitempty"`
	Kind              string        `json:"kind,omitempty"`
	UID               string        `json:"uid,omitempty"`
	Causes            []StatusCause `json:"causes,omitempty"`
	RetryAfterSeconds int32         `json:"retryAfterSeconds,omitempty"`
}

type StatusCause struct {
	Type    string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
	Field   string `json:"field,omitempty"`
}

type List struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []interface{} `json:"items"`
}

type Preconditions struct {
	UID             *string `json:"uid,omitempty"`
	ResourceVersion *string `json:"resourceVersion,omitempty"`
}

type DeleteOptions struct {
	TypeMeta           `json:",inline"`
	GracePeriodSeconds *int64         `json:"gracePeriodSeconds,omitempty"`
	Preconditions      *Preconditions `json:"preconditions,omitempty"`
	OrphanDependents   *bool          `json:"orphanDependents,omitempty"`
	PropagationPolicy  *string        `json:"propagationPolicy,omitempty"`
	DryRun             []string       `json:"dryRun,omitempty"`
}

type CreateOptions struct {
	TypeMeta        `json:",inline"`
	DryRun          []string `json:"dryRun,omitempty"`
	FieldManager    string   `json:"fieldManager,omitempty"`
	FieldValidation string   `json:"fieldValidation,omitempty"`
}

type UpdateOptions = CreateOptions

type PatchOptions struct {
	TypeMeta        `json:",inline"`
	DryRun          []string `json:"dryRun,omitempty"`
	Force           *bool    `json:"force,omitempty"`
	FieldManager    string   `json:"fieldManager,omitempty"`
	FieldValidation string   `json:"fieldValidation,omitempty"`
}

type ListOptions struct {
	TypeMeta        `json:",inline"`
	LabelSelector   string `json:"labelSelector,omitempty"`
	FieldSelector   string `json:"fieldSelector,omitempty"`
	ResourceVersion string `json:"resourceVersion,omitempty"`
	Limit           int64  `json:"limit,omitempty"`
	Continue        string `json:"continue,omitempty"`
}

type GetOptions struct {
	TypeMeta        `json:",inline"`
	ResourceVersion string `json:"resourceVersion,omitempty"`
}
"""

RESOURCE = """package resource

// A quantity: a string such as "500m" or "1Gi", or a number.
type Quantity interface{}
"""

INTSTR = """package intstr

type IntOrString = __intstr
"""

RUNTIME = """package runtime

type RawExtension interface{}

type Unknown interface{}

type Object interface{}
"""

TYPES = """package types

type UID string

type NodeName string

type NamespacedName struct {
	Namespace string `json:"namespace"`
	Name      string `json:"name"`
}
"""

# Types whose JSON is their own encoding (MarshalJSON), not their Go shape: read from the stand-ins
# also when apimachinery's source is read.
WIRE = {
    "k8s.io/apimachinery/pkg/apis/meta/v1": {"Time", "MicroTime", "Duration", "FieldsV1"},
    "k8s.io/apimachinery/pkg/api/resource": {"Quantity"},
    "k8s.io/apimachinery/pkg/util/intstr": {"IntOrString"},
    "k8s.io/apimachinery/pkg/runtime": {"RawExtension", "Unknown", "Object"},
}

# Hand-written validations of apimachinery that its generated code calls (+k8s:customValidation on
# a field), as the tag that checks the same: (package, struct, field) -> tag name.
HANDWRITTEN = {
    # ValidateCustom_Condition_LastTransitionTime: Required when the time is zero.
    ("k8s.io/apimachinery/pkg/apis/meta/v1", "Condition", "LastTransitionTime"): "required",
}

STANDINS = {
    "k8s.io/apimachinery/pkg/apis/meta/v1": META,
    "k8s.io/apimachinery/pkg/api/resource": RESOURCE,
    "k8s.io/apimachinery/pkg/util/intstr": INTSTR,
    "k8s.io/apimachinery/pkg/runtime": RUNTIME,
    "k8s.io/apimachinery/pkg/types": TYPES,
}
