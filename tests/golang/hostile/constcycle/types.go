// Go refuses it: constants defined through each other.
package constcycle

// +k8s:enum
type E string

const (
	X E = Y
	Y E = X
)

type T struct {
	E E `json:"e"`
}
