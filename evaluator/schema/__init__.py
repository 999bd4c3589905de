"""The schema engine: which schema of a document, compiled once into checks, and the walk that runs them."""
