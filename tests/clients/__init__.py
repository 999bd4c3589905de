"""Helpers of tests/published/test_clients.py: real client validators (ajv, yaml-language-server over LSP) and
the objects they are compared with dv-eval on."""
