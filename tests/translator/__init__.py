"""The translator: tagged Python and Go types to OpenAPI documents and CRDs."""
