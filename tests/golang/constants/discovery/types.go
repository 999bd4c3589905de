// Enum members defined from other constants, as discovery/v1's AddressType is from core/v1's
// IPFamily, and string constants as Go reads them (escapes, non-ASCII text, `+`, a spec that
// repeats the one before it).
package discovery

import (
	v1 "example.com/dv2openapi/tests/golang/constants/core"
)

// +k8s:enum
type AddressType string

const (
	AddressTypeIPv4 = AddressType(v1.IPv4Protocol)
	AddressTypeIPv6 = AddressType(v1.IPv6Protocol)
	AddressTypeFQDN = AddressType("FQDN")
	// Untyped: not a member.
	Unrelated = "x"
)

// +k8s:enum
type Drink string

const (
	Cafe Drink = "café"
	The  Drink = "th\u00e9"
	Both       = Drink(v1.Prefix + "-" + `raw\n`)
	Octal Drink = ("\101\x42")
	// Another constant of one value: one member.
	Same = Cafe
)

// +k8s:enum
type Size string

const (
	Small, Large Size = "S", "L"
	// The spec repeats the one before it: Size constants "S" and "L", excluded (the values
	// stay: another constant has them).
	// +k8s:enumExclude
	Tiny, Huge
	// +k8s:enumExclude
	Medium Size = "M"
)

type Endpoints struct {
	AddressType AddressType `json:"addressType"`
	Drink       Drink       `json:"drink"`
	Size        Size        `json:"size"`
}
