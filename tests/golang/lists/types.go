// Lists whose items' semantics come from wrapped tags (shapes from k8s.io/api: certificates/v1's
// CertificateSigningRequestStatus, resource/v1's ResourceSliceSpec and CounterSet).
package lists

type Condition struct {
	Type string `json:"type"`
	// +k8s:optional
	// +k8s:maxLength=8
	Reason string `json:"reason,omitempty"`
}

type Status struct {
	// A list-map whose uniqueness hand-written code checks: items correlate by key, no
	// uniqueness check is generated.
	// +k8s:optional
	// +k8s:beta(since: "1.37")=+k8s:listType=map
	// +k8s:beta(since: "1.37")=+k8s:listMapKey=type
	// +k8s:beta(since: "1.37")=+k8s:customUnique
	Conditions []Condition `json:"conditions,omitempty"`
}

type Counter struct {
	Value string `json:"value"`
}

type CounterSet struct {
	// +k8s:beta(since: "1.37")=+k8s:required
	// +k8s:beta(since: "1.37")=+k8s:format=k8s-short-name
	Name string `json:"name"`

	// +k8s:beta(since: "1.37")=+k8s:required
	Counters map[string]Counter `json:"counters,omitempty"`
}

type Spec struct {
	// An atomic list whose items are unique by key: items correlate by key (and ratchet).
	// +k8s:optional
	// +k8s:listType=atomic
	// +k8s:beta(since: "1.37")=+k8s:unique=map
	// +k8s:beta(since: "1.37")=+k8s:listMapKey=name
	SharedCounters []CounterSet `json:"sharedCounters,omitempty"`
}
