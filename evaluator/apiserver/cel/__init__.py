"""CEL rules (`x-kubernetes-validations`) as the API server runs them: compile, cost, evaluate."""
