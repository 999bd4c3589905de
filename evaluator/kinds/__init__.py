"""What the API server does to built-in kinds beyond their schemas: Go's decoding, metadata, hand-written
and update checks."""
