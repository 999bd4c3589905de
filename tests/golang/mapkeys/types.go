// The conformance port tests/conformance/cases/maps/keys, written as Go.
package keys

// +k8s:validateFalse="type Struct"
type Struct struct {
	// +k8s:validateFalse="field Struct.MapField"
	// +k8s:eachKey=+k8s:validateFalse="field Struct.MapField(keys)"
	MapField map[string]string `json:"mapField"`

	// +k8s:validateFalse="field Struct.MapTypedefField"
	// +k8s:eachKey=+k8s:validateFalse="field Struct.MapTypedefField(keys)"
	MapTypedefField map[UnvalidatedStringType]string `json:"mapTypedefField"`

	// +k8s:validateFalse="field Struct.MapValidatedTypedefField"
	// +k8s:eachKey=+k8s:validateFalse="field Struct.MapValidatedTypedefField(keys)"
	MapValidatedTypedefField map[ValidatedStringType]string `json:"mapValidatedTypedefField"`

	// +k8s:validateFalse="field Struct.MapTypeField"
	// +k8s:eachKey=+k8s:validateFalse="field Struct.MapTypeField(keys)"
	MapTypeField UnvalidatedMapType `json:"mapTypeField"`

	// +k8s:validateFalse="field Struct.ValidatedMapTypeField"
	// +k8s:eachKey=+k8s:validateFalse="field Struct.ValidatedMapTypeField(keys)"
	ValidatedMapTypeField ValidatedMapType `json:"validatedMapTypeField"`
}

// Note: no validations.
type UnvalidatedStringType string

// +k8s:validateFalse="ValidatedStringType"
type ValidatedStringType string

// Note: no validations.
type UnvalidatedMapType map[string]string

// +k8s:validateFalse="ValidatedMapType"
// +k8s:eachKey=+k8s:validateFalse="type ValidatedMapType(keys)"
type ValidatedMapType map[string]string
