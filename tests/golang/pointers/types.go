// The conformance port tests/conformance/cases/pointers, written as Go.
package pointers

type T1 struct {
	// +k8s:validateFalse="field T1.PS"
	PS *string `json:"ps"`
	// +k8s:validateFalse="field T1.PI"
	PI *int `json:"pi"`
	// +k8s:validateFalse="field T1.PB"
	PB *bool `json:"pb"`
	// +k8s:validateFalse="field T1.PF"
	PF *float64 `json:"pf"`

	// +k8s:validateFalse="field T1.PT2"
	PT2 *T2 `json:"pt2"`

	// Duplicate types with no validation.
	AnotherPS *string  `json:"anotherps"`
	AnotherPI *int     `json:"anotherpi"`
	AnotherPB *bool    `json:"anotherpb"`
	AnotherPF *float64 `json:"anotherpf"`
}

// Note: This has validations and is linked into the type-graph of T1.
type T2 struct {
	// +k8s:validateFalse="field T2.PS"
	PS *string `json:"ps"`
	// +k8s:validateFalse="field T2.PI"
	PI *int `json:"pi"`
	// +k8s:validateFalse="field T2.PB"
	PB *bool `json:"pb"`
	// +k8s:validateFalse="field T2.PF"
	PF *float64 `json:"pf"`
}
