package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +k8s:supportsSubresource="/status"
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GadgetSpec `json:"spec"`
	// +k8s:optional
	Status *GadgetStatus `json:"status,omitempty"`
}

type GadgetSpec struct {
	// +k8s:optional
	// +k8s:minimum=0
	Replicas *int32 `json:"replicas,omitempty"`
}

type GadgetStatus struct {
	// +k8s:optional
	// +k8s:alpha(since: "1.37")=+k8s:listType=map
	// +k8s:alpha(since: "1.37")=+k8s:listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// A name format of the type's own (core/v1 ReplicationController's tags), at beta: the subfield's
// rules are one group, so an absent name skips the format.
type Sprocket struct {
	metav1.TypeMeta `json:",inline"`
	// +k8s:beta(since: "1.37")=+k8s:subfield(name)=+k8s:optional
	// +k8s:beta(since: "1.37")=+k8s:subfield(name)=+k8s:format=k8s-long-name
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// The same format without optional: an absent name is an empty one, and fails it.
type Cog struct {
	metav1.TypeMeta `json:",inline"`
	// +k8s:beta(since: "1.37")=+k8s:subfield(name)=+k8s:format=k8s-long-name
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
