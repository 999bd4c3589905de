"""The process a run lives in: signals and stdout, room for deep data, the compiled walk or its sources."""
