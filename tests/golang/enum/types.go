// The conformance port tests/conformance/cases/tags/enum, written as Go: both forms of enum
// constants, and a typedef of an enum that is not one.
package enum

// +k8s:enum
type Enum0 string

// +k8s:enum
type Enum1 string

const (
	E1V1 Enum1 = "e1v1"
)

// +k8s:enum
type Enum2 string

const (
	E2V1 = Enum2("e2v1")
	E2V2 Enum2 = "e2v2"
)

// Go `type NotEnum Enum2`: NOT an enum (Go elides the intermediate typedef; modelled as NotEnum -> string).
type NotEnum Enum2

type Struct struct {
	Enum0Field    Enum0    `json:"enum0Field"`
	Enum0PtrField *Enum0   `json:"enum0PtrField"`
	Enum1Field    Enum1    `json:"enum1Field"`
	Enum1PtrField *Enum1   `json:"enum1PtrField"`
	Enum2Field    Enum2    `json:"enum2Field"`
	Enum2PtrField *Enum2   `json:"enum2PtrField"`
	NotEnumField  NotEnum  `json:"notEnumField"`
	NotEnumPtrField *NotEnum `json:"notEnumPtrField"`
}
