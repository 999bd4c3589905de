"""Shell completion for dv-eval (`dv-eval --completion bash|zsh|fish`): a script made from the command
line's own options, so it never falls behind them. Values are completed where they are known: formats
and other choices, files and folders for paths, `default` for --schema-location."""

from __future__ import annotations

import argparse

SHELLS = ("bash", "zsh", "fish")
PATHS = {"--schema", "--schema-location", "--cache"}  # options whose value is a file or folder
REPEATED = {"--schema", "--schema-location", "--skip", "--reject", "--enable", "--ignore-filename-pattern"}
WORDS = {
    "--schema-location": ("default",),
    "--kubernetes-version": ("latest",),
    "--jobs": ("auto",),
}  # offered beside files / alone


class _Option:
    def __init__(self, action: argparse.Action):
        self.names = action.option_strings
        self.long = next((n for n in self.names if n.startswith("--")), self.names[0])
        self.value = action.nargs != 0
        self.choices = [str(c) for c in action.choices or ()]
        self.words = list(self.choices or WORDS.get(self.long, ()))
        self.path = self.long in PATHS
        first = (action.help or "").split(". ")[0].rstrip(".")
        self.help = "one of " + ", ".join(self.choices) if self.choices else first


def script(parser: argparse.ArgumentParser, shell: str) -> str:
    """The completion script of `parser`'s command for `shell`."""
    options = [_Option(a) for a in parser._actions if a.option_strings]
    return {"bash": _bash, "zsh": _zsh, "fish": _fish}[shell](parser.prog, options)


def _bash(prog: str, options: list[_Option]) -> str:
    cases = []
    for o in options:
        if not o.value:
            continue
        pattern = "|".join(o.names)
        if o.path:
            extra = f' $(compgen -W "{" ".join(o.words)}" -- "$cur")' if o.words else ""
            cases.append(f'        {pattern}) COMPREPLY=($(compgen -f -- "$cur"){extra}); return ;;')
        else:
            cases.append(f'        {pattern}) COMPREPLY=($(compgen -W "{" ".join(o.words)}" -- "$cur")); return ;;')
    names = " ".join(n for o in options for n in o.names)
    func = "_" + prog.replace("-", "_")
    return f"""# {prog} completion for bash: eval "$({prog} --completion bash)"
{func}() {{
    local cur="${{COMP_WORDS[COMP_CWORD]}}" prev="${{COMP_WORDS[COMP_CWORD-1]}}"
    case "$prev" in
{chr(10).join(cases)}
    esac
    if [[ "$cur" == -* ]]; then
        COMPREPLY=($(compgen -W "{names}" -- "$cur"))
    else
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}}
complete -o filenames -F {func} {prog}
"""


def _zsh_text(s: str) -> str:
    return s.replace("\\", "\\\\").replace("'", "'\\''").replace("[", "\\[").replace("]", "\\]").replace(":", "\\:")


def _zsh(prog: str, options: list[_Option]) -> str:
    specs = []
    for o in options:
        if o.path:
            value = ":path:_files" if not o.words else f":path:{{_files; compadd {' '.join(o.words)}}}"
        elif o.value:
            value = f":value:({' '.join(o.words)})" if o.words else ":value: "
        else:
            value = ""
        spec = f"[{_zsh_text(o.help)}]{value}"
        if o.long in REPEATED:
            specs += [f"    '*{n}{spec}'" for n in o.names]
        elif len(o.names) == 1:
            specs.append(f"    '{o.names[0]}{spec}'")
        else:  # each name, the others excluded once one is given
            specs.append(f"    '({' '.join(o.names)})'{{{','.join(o.names)}}}'{spec}'")
    func = "_" + prog.replace("-", "_")
    lines = " \\\n".join(specs)
    return f"""#compdef {prog}
# {prog} completion for zsh: eval "$({prog} --completion zsh)" (or save it as {func} in $fpath)
{func}() {{
  _arguments -s \\
{lines} \\
    '*:file:_files'
}}
if [ "$funcstack[1]" = "{func}" ]; then
  {func} "$@"
else
  compdef {func} {prog}
fi
"""


def _fish(prog: str, options: list[_Option]) -> str:
    lines = [f"# {prog} completion for fish: {prog} --completion fish | source"]
    for o in options:
        parts = [f"complete -c {prog}"]
        parts += [f"-s {n[1:]}" if len(n) == 2 else f"-l {n[2:]}" for n in o.names if len(n) == 2 or n.startswith("--")]
        if o.path:
            parts.append("-r -F")
        elif o.value:
            parts.append("-x")
        if o.words:
            parts.append(f"-a '{' '.join(o.words)}'")
        parts.append("-d '" + o.help.replace("\\", "\\\\").replace("'", "\\'") + "'")
        lines.append(" ".join(parts))
    return "\n".join(lines) + "\n"
