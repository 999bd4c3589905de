// Level wrappers keep the semantics of the tag they wrap: validation-gen's alpha and beta
// tags only mark the level of the wrapped tag's validations (shapes from k8s.io/api: core/v1
// Toleration and PodSpec, rbac/v1 RoleBinding, apps/v1 StatefulSetSpec).
package levels

type Toleration struct {
	// +k8s:alpha(since: "1.37")=+k8s:optional
	// +k8s:alpha(since: "1.37")=+k8s:format=k8s-label-key
	Key string `json:"key,omitempty"`
}

type RoleRef struct {
	// +k8s:beta=+k8s:required
	Name string `json:"name"`
}

type Claim struct {
	// +k8s:required
	// +k8s:format=k8s-long-name
	Name string `json:"name"`
}

type Spec struct {
	// +k8s:optional
	// +k8s:alpha(since: "1.37")=+k8s:dependentForbidden("group")
	Workload *string `json:"workload,omitempty"`

	// +k8s:optional
	Group *string `json:"group,omitempty"`

	// +k8s:optional
	// +k8s:beta=+k8s:dependentRequired("limit")
	PerIndex *int32 `json:"perIndex,omitempty"`

	// +k8s:optional
	Limit *int32 `json:"limit,omitempty"`

	// +k8s:optional
	Tolerations []Toleration `json:"tolerations,omitempty"`

	// +k8s:alpha=+k8s:immutable
	RoleRef RoleRef `json:"roleRef"`

	// Items whose own rules are not run here.
	// +k8s:optional
	// +k8s:alpha(since: "1.37")=+k8s:eachVal=+k8s:opaqueType
	Templates []Claim `json:"templates,omitempty"`
}
