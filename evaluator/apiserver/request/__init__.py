"""The custom-resource request pipeline: prune, default, validate, ratchet, metadata."""
