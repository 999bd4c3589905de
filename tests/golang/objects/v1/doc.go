// API objects built on apimachinery's meta/v1 types (ObjectMeta, Condition), read through the
// built-in stand-ins: their declarative rules are apimachinery's own, and the server's checks of
// names, namespaces and labels are not among them.
// +groupName=objects.example.com
package v1
