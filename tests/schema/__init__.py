"""The schema engine: compiling, walking, keywords, formats, strict checks, the compiled build."""
