"""Reading input: YAML and JSON streams, files, directories, the schema cache; hostile input."""
