"""The API server's model: the request pipeline, CRD admission, the server's verdicts on recorded CRDs."""
