// Go refuses it: a struct that holds itself by value (through another struct).
package selfbyvalue

type T struct {
	// By pointer, by slice and by map: allowed.
	P *T         `json:"p,omitempty"`
	L []T        `json:"l,omitempty"`
	M map[string]T `json:"m,omitempty"`
	U U          `json:"u"`
}

type U struct {
	T T `json:"t"`
}
