// Go refuses it: an array holds its elements by value.
package arraycycle

type T struct {
	A [2]T `json:"a"`
}
