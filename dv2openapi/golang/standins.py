"""apimachinery's types, as stand-ins with their real wire shapes, so that a package that uses
them translates without a checkout of `k8s.io/apimachinery`.

Each stand-in is Go source written here (the shapes of the types as they appear on the wire, in
the JSON the API server reads), parsed like any package. `ObjectMeta` carries declarative tags
for what the API server checks of every object's metadata that tags can say (name and namespace
formats, label keys and values); the rest of `ValidateObjectMeta` is hand-written Go.
"""

from __future__ import annotations

META = """package v1

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
	// +k8s:optional
	// +k8s:format=k8s-long-name
	Name string `json:"name,omitempty"`
	GenerateName string `json:"generateName,omitempty"`
	// +k8s:optional
	// +k8s:format=k8s-short-name
	Namespace string `json:"namespace,omitempty"`
	SelfLink string `json:"selfLink,omitempty"`
	UID string `json:"uid,omitempty"`
	ResourceVersion string `json:"resourceVersion,omitempty"`
	Generation int64 `json:"generation,omitempty"`
	CreationTimestamp Time `json:"creationTimestamp,omitempty"`
	DeletionTimestamp *Time `json:"deletionTimestamp,omitempty"`
	DeletionGracePeriodSeconds *int64 `json:"deletionGracePeriodSeconds,omitempty"`
	// +k8s:eachKey=+k8s:format=k8s-label-key
	// +k8s:eachVal=+k8s:format=k8s-label-value
	Labels map[string]string `json:"labels,omitempty"`
	Annotations map[string]string `json:"annotations,omitempty"`
	OwnerReferences []OwnerReference `json:"ownerReferences,omitempty"`
	Finalizers []string `json:"finalizers,omitempty"`
	ManagedFields []interface{} `json:"managedFields,omitempty"`
}

type OwnerReference struct {
	APIVersion         string `json:"apiVersion"`
	Kind               string `json:"kind"`
	Name               string `json:"name"`
	UID                string `json:"uid"`
	Controller         *bool  `json:"controller,omitempty"`
	BlockOwnerDeletion *bool  `json:"blockOwnerDeletion,omitempty"`
}

type Condition struct {
	Type               string `json:"type"`
	Status             string `json:"status"`
	ObservedGeneration int64  `json:"observedGeneration,omitempty"`
	LastTransitionTime Time   `json:"lastTransitionTime"`
	Reason             string `json:"reason"`
	Message            string `json:"message"`
}

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

STANDINS = {
    "k8s.io/apimachinery/pkg/apis/meta/v1": META,
    "k8s.io/apimachinery/pkg/api/resource": RESOURCE,
    "k8s.io/apimachinery/pkg/util/intstr": INTSTR,
    "k8s.io/apimachinery/pkg/runtime": RUNTIME,
    "k8s.io/apimachinery/pkg/types": TYPES,
}
