"""CRD admission: a CustomResourceDefinition decoded and checked as the API server does on create."""
