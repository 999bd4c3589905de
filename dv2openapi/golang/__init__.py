"""The Go frontend: Go API packages (as Kubernetes writes them) -> the same type model as Python types."""
