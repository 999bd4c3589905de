// Go refuses it: invalid recursive type alias A.
package aliascycle

type A = B

type B = A

type T struct {
	X A `json:"x"`
}
