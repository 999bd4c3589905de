"""kubeconform's command line, read as Go's flag package reads it: `-flag` or `--flag`, a value as
`-flag value` or `-flag=value`, a boolean switched off as `-flag=false`. Its flags become dv-eval's
options (`-h`, `-v` and `-n` are dv-eval's own too); everything else is passed on as written."""

from __future__ import annotations

import re

from evaluator.input.document import InputError

# kubeconform's boolean flags -> dv-eval's arguments (none: accepted, nothing to do offline)
SWITCHES: dict[str, tuple[str, ...]] = {
    "strict": ("--strict",),
    "summary": ("--summary",),
    "verbose": ("--verbose",),
    "exit-on-error": ("--exit-on-error",),
    "ignore-missing-schemas": ("--missing-schemas", "skip"),
    "debug": (),  # it prints how schemas are downloaded; none are
    "insecure-skip-tls-verify": (),  # for downloads, which dv-eval does not make
}
# kubeconform's flags with a value -> dv-eval's option
VALUED = {
    "schema-location": "--schema-location",
    "skip": "--skip",
    "reject": "--reject",
    "ignore-filename-pattern": "--ignore-filename-pattern",
    "output": "--output",
    "kubernetes-version": "--kubernetes-version",
    "cache": "--cache",
}
OWN = ("n", "h", "v")  # kubeconform's flags that are dv-eval's own too (-n N, help, version)
_FLAG = re.compile(r"(--?)([a-z][a-z0-9-]*)(?:=(.*))?", re.S)
_TRUE, _FALSE = ("1", "t", "T", "TRUE", "true", "True"), ("0", "f", "F", "FALSE", "false", "False")


def translate(args: list[str]) -> tuple[list[str], bool]:
    """dv-eval's arguments for `args`, and whether kubeconform's own spelling (a long flag after one
    dash) was used. A usage error is an InputError."""
    out: list[str] = []
    spelled = False
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "--":
            out += args[i - 1 :]
            break
        m = _FLAG.fullmatch(arg)
        if m is None or (m[2] not in SWITCHES and m[2] not in VALUED):
            out.append(arg)
            continue
        dash, name, value = m[1], m[2], m[3]
        spelled = spelled or (dash == "-" and len(name) > 1)
        if name in SWITCHES:
            if value is None or value in _TRUE:
                out += SWITCHES[name]
            elif value not in _FALSE:
                raise InputError(f'invalid boolean value "{value}" for {dash}{name}')
            continue
        if value is None:
            if i == len(args):
                raise InputError(f"flag needs an argument: {dash}{name}")
            value = args[i]
            i += 1
        out += [VALUED[name], value]
    return out, spelled


def only_kubeconforms(args: list[str]) -> bool:
    """Whether every option of `args` (before `--`) is one of kubeconform's flags: a command line
    kubeconform itself would run, whose reports are then printed in kubeconform's formats."""
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "--":
            return True
        if arg == "-" or not arg.startswith("-"):
            continue
        m = _FLAG.fullmatch(arg)
        if m is None or (m[2] not in SWITCHES and m[2] not in VALUED and m[2] not in OWN):
            return False
        i += m[3] is None and (m[2] in VALUED or m[2] == "n")  # the value that follows
    return True
