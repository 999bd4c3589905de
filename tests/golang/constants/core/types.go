// Constants that another package's enum is defined from (k8s.io/api core/v1's IPFamily).
package core

type IPFamily string

const (
	IPv4Protocol IPFamily = "IPv4"
	IPv6Protocol IPFamily = "IPv6"
)

// A prefix, untyped: no IPFamily.
const Prefix = "IP"
