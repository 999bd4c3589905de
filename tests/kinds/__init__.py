"""Built-in kinds: their schemas, Go decoding, hand-written and update checks."""
