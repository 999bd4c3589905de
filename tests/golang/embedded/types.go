// The conformance port tests/conformance/cases/embedded, written as Go.
package embedded

// Go: T1 embeds `T2 json:""` and `*T3 json:""` (an empty json name keeps a field embedded):
// their fields are promoted in JSON, and at the root their paths name the Go type ("T3.stringField").
type T1 struct {
	// NOTE: It's weird to have IntField in both, but Go allows it.
	T2  `json:""`
	*T3 `json:""`
}

type T2 struct {
	// +k8s:validateFalse="T2.IntField"
	IntField int `json:"intField"`
}

type T3 struct {
	// +k8s:validateFalse="T3.StringField"
	StringField string `json:"stringField"`

	// +k8s:validateFalse="T3.IntField"
	IntField int `json:"intField"`
}
