"""CEL rules as the API server runs them: the engine, the interpreter, cost and limits."""
