"""Reading input: files, directories, streams and git revisions, parsed as the API server parses YAML and JSON."""
