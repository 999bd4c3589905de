// Go refuses it: invalid recursive type A.
package typedefcycle

type A B

type B A

type T struct {
	X A `json:"x"`
}
