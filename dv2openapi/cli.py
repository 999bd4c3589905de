"""dv2openapi: tagged Python types or Go API packages -> OpenAPI v3 documents and CRD manifests."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from evaluator.apiserver.values.names import is_dns1035_label, is_dns1123_subdomain
from evaluator.runtime.process import cli_signals, closed_stdout

from .catalog import tags_markdown, tags_text
from .clients import declare_kinds, file_name, for_clients, to_jsonschema
from .crd import to_crd
from .errors import InputError
from .frontend import build_model
from .isolate import run_isolated
from .openapi import to_openapi
from .output import OutputError, dump_yaml, refuse_inputs, write_file

OUTPUT_HELP = "Write here instead of stdout (atomically; a symlink is followed, a FIFO or device written directly)."


def _out(text: str, path: str | None) -> None:
    """Write `text` to `path`, or to standard output; a write error is one line naming where, exit 2."""
    try:
        if path:
            write_file(path, text)
        else:
            _stdout(text)
    except OutputError as e:
        _fail(e)


def _stdout(text: str) -> None:
    """`text` on standard output; a write error (a full disk, `> /dev/full`) is an `OutputError`
    (a closed pipe stays a BrokenPipeError: exit 141)."""
    try:
        click.echo(text, nl=False)
    except BrokenPipeError:
        raise
    except OSError as e:
        raise OutputError(f"standard output: cannot write: {e.strerror or e}") from None


def _fail(e: Exception) -> None:
    click.echo(f"dv2openapi: {e}", err=True)
    sys.exit(2)


class _Group(click.Group):
    """Turns an unforeseen failure into one line and exit 2, never a traceback."""

    def invoke(self, ctx):
        with cli_signals():
            try:
                return super().invoke(ctx)
            except (click.ClickException, click.exceptions.Exit, click.Abort):
                raise
            except BrokenPipeError:
                closed_stdout()
            except Exception as e:  # a bug of ours, or user code failing in a way we did not foresee
                _fail(f"internal error (please report): {type(e).__name__}: {e}")


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="dv2openapi", message="%(prog)s %(version)s")
def main():
    """Translate types tagged with Kubernetes `+k8s:` validation tags: Python
    dataclasses, or Go API packages as Kubernetes writes them (k8s.io/api).

    \b
    Tags go in `# +k8s:...` comments directly above a field, a class or a
    NewType, exactly as on Go types (`// +k8s:...` there); see
    `dv2openapi tags` for the catalog.
    """


GO_MODULE_HELP = (
    "For a Go package: where an imported module or package lives, as IMPORT/PATH=DIR (repeatable); "
    "the nearest go.mod is read without it, and apimachinery's types have built-in stand-ins."
)


def _go_modules(ctx, param, values) -> dict[str, str]:
    out = {}
    for v in values:
        path, sep, directory = v.partition("=")
        if not sep or not path or not directory:
            raise click.BadParameter(f"{v!r}: expected IMPORT/PATH=DIR", ctx=ctx, param=param)
        out[path] = directory
    return out


def _model(types_file: str, type_names: list[str] | None, modules: dict[str, str]):
    """The type model of a Python types file, or of a Go package (a directory or a .go file)."""
    if Path(types_file).is_dir() or types_file.endswith(".go"):
        from .golang.model import build_go_model

        return build_go_model(types_file, type_names, modules)
    return build_model(types_file, type_names)


@main.command()
@click.argument("types_file", metavar="TYPES.py|GO_PACKAGE")
@click.option(
    "--type",
    "type_names",
    multiple=True,
    metavar="NAME",
    help="Emit only this type and the types it uses (repeatable). Default: every type in the file.",
)
@click.option(
    "--go-module", "modules", multiple=True, metavar="IMPORT/PATH=DIR", callback=_go_modules, help=GO_MODULE_HELP
)
@click.option(
    "--group",
    default=None,
    help='API group of the kinds (the structs with apiVersion and kind fields), e.g. example.com ("" for the '
    "core group): dv-eval then routes only their apiVersion to them. Default: none (any apiVersion).",
)
@click.option("--version", default="v1", show_default=True, help="API version of the kinds (with --group).")
@click.option("-o", "--output", metavar="FILE", help=OUTPUT_HELP)
def openapi(types_file, type_names, modules, group, version, output):
    """Emit an OpenAPI 3 document (YAML) for the types in TYPES.py, or in a Go package (a
    directory of .go files, or one .go file, as Kubernetes' own API types are written).
    Published for client validators too: a field may be null wherever Kubernetes' decoder takes
    it (docs/clients.md).

    \b
    Examples:
      dv2openapi openapi examples/widget/types.py --group example.com -o schemas/widget.openapi.yaml
      dv2openapi openapi ~/src/k8s.io/api/resource/v1 -o resource-v1.openapi.yaml
    """
    if group is not None:
        _check_group_version(group, version)
    _emit(_openapi, types_file, list(type_names) or None, modules, group, version, output=output)


def _check_group_version(group: str, version: str) -> None:
    if group and (is_dns1123_subdomain(group) or "." not in group):
        _fail(f'--group {group!r}: must be a DNS subdomain with at least one dot, or "" for the core group')
    if is_dns1035_label(version):
        _fail(f"--version {version!r}: must be a DNS-1035 label (lower-case letters, digits, '-'), e.g. v1beta1")


def _openapi(
    types_file: str, type_names: list[str] | None, modules: dict[str, str], group: str | None, version: str
) -> tuple[str, list[str]]:
    warnings: list[str] = []
    doc = to_openapi(_model(types_file, type_names, modules), warnings)
    if group is not None:
        doc = declare_kinds(doc, group, version)
    return dump_yaml(for_clients(doc)), warnings


def _emit(translate, types_file: str, *args, output: str | None, every_warning: bool = True) -> None:
    """Translate in a child process (the types file's code runs there), then print warnings and write."""
    if output:
        try:
            refuse_inputs(output, [types_file])  # before anything runs: -o types.py never replaces the source
        except OutputError as e:
            _fail(e)
    try:
        text, warnings = run_isolated(translate, types_file, *args, what=types_file)
    except InputError as e:
        _fail(e)
    for w in dict.fromkeys(warnings) if every_warning else summarize(warnings):
        click.echo(f"warning: {w}", err=True)
    _out(text, output)


@main.command()
@click.argument("types_file", metavar="TYPES.py|GO_PACKAGE")
@click.option("--type", "kind", required=True, metavar="KIND", help="The root type (the CRD's kind).")
@click.option("--group", required=True, help="API group, e.g. example.com.")
@click.option("--version", default="v1", show_default=True, help="API version name.")
@click.option("--scope", default="Namespaced", show_default=True, type=click.Choice(["Namespaced", "Cluster"]))
@click.option("--plural", help="Plural resource name (default: lower-case kind + s).")
@click.option("-o", "--output", metavar="FILE", help=OUTPUT_HELP)
@click.option("-v", "--verbose", is_flag=True, help="Print every warning (default: one line per kind of warning).")
@click.option(
    "--go-module", "modules", multiple=True, metavar="IMPORT/PATH=DIR", callback=_go_modules, help=GO_MODULE_HELP
)
def crd(types_file, kind, group, version, scope, plural, output, verbose, modules):
    """Emit an apiextensions.k8s.io/v1 CustomResourceDefinition for KIND.

    \b
    Rules a CRD cannot state become CEL x-kubernetes-validations where CEL can
    say them; the rest are summarized on stderr (all of them with --verbose),
    and the whole OpenAPI document is embedded in an annotation so dv-eval
    keeps every rule. The CRD is checked against the API server's CRD
    validation (names, structural schema, list types, CEL compilation and
    cost) before it is written.
    """
    _emit(_crd, types_file, kind, group, version, scope, plural, modules, output=output, every_warning=verbose)


def _crd(
    types_file: str, kind: str, group: str, version: str, scope: str, plural: str | None, modules: dict[str, str]
) -> tuple[str, list]:
    warnings: list[str] = []
    doc = to_openapi(_model(types_file, [kind], modules), warnings)
    manifest = to_crd(doc, kind, group, version, scope, plural, warnings.append)
    return dump_yaml(manifest), warnings


@main.command()
@click.argument("types_file", metavar="TYPES.py|GO_PACKAGE")
@click.option("--type", "kind", required=True, metavar="KIND", help="The root type (the kind).")
@click.option("--group", required=True, help='API group, e.g. example.com ("" for the core group).')
@click.option("--version", default="v1", show_default=True, help="API version name.")
@click.option("--id-base", default="", metavar="URL", help="Prefix of each file's $id (default: none, the file name).")
@click.option("-o", "--output", "directory", required=True, metavar="DIR", help="Directory to write the two files in.")
@click.option(
    "--go-module", "modules", multiple=True, metavar="IMPORT/PATH=DIR", callback=_go_modules, help=GO_MODULE_HELP
)
def jsonschema(types_file, kind, group, version, id_base, directory, modules):
    """Write standalone JSON Schemas (draft-07) for KIND into DIR: KIND_VERSION.json and
    KIND_VERSION-strict.json (the kind lower-cased; strict: unknown fields are errors), as
    openapi2jsonschema and the CRDs catalog name them, for kubeconform, yaml-language-server,
    ajv or python-jsonschema.

    \b
    Example:
      dv2openapi jsonschema examples/widget/types.py --type Widget --group example.com -o schemas/jsonschema
      kubeconform -schema-location \\
        'schemas/jsonschema/{{ .ResourceKind }}_{{ .ResourceAPIVersion }}{{ .StrictSuffix }}.json' widget.yaml
    """
    _check_group_version(group, version)
    paths = [str(Path(directory) / file_name(kind, version, strict)) for strict in (False, True)]
    for path in paths:
        try:
            refuse_inputs(path, [types_file])
        except OutputError as e:
            _fail(e)
    try:
        texts, warnings = run_isolated(_jsonschema, types_file, kind, group, version, id_base, modules, what=types_file)
    except InputError as e:
        _fail(e)
    for w in dict.fromkeys(warnings):
        click.echo(f"warning: {w}", err=True)
    try:
        Path(directory).mkdir(parents=True, exist_ok=True)
    except OSError as e:
        _fail(f"{directory}: cannot create the directory: {e.strerror or e}")
    for path, text in zip(paths, texts, strict=True):
        _out(text, path)


def _jsonschema(
    types_file: str, kind: str, group: str, version: str, id_base: str, modules: dict[str, str]
) -> tuple[list[str], list[str]]:
    warnings: list[str] = []
    doc = to_openapi(_model(types_file, [kind], modules), warnings)
    texts = [
        json.dumps(to_jsonschema(doc, kind, group, version, strict, id_base), indent=2) + "\n"
        for strict in (False, True)
    ]
    return texts, warnings


def summarize(warnings: list[str], shown: int = 3) -> list[str]:
    """One line per distinct warning text, naming up to `shown` of the fields it concerns."""
    by_reason: dict[str, list[str]] = {}
    for w in dict.fromkeys(warnings):
        where, sep, reason = w.partition(": ")
        if not sep or " " in where:
            where, reason = "", w
        by_reason.setdefault(reason, []).append(where)
    out = []
    for reason, wheres in by_reason.items():
        named = [w for w in wheres if w]
        if not named:
            out.append(reason)
            continue
        more = f" and {len(named) - shown} more (--verbose)" if len(named) > shown else ""
        out.append(f"{', '.join(named[:shown])}{more}: {reason}")
    return out


@main.command()
@click.option("--markdown", is_flag=True, help="Render the catalog as the docs/tags.md table.")
def tags(markdown):
    """Print the tag catalog (from the registry)."""
    _out(tags_markdown() if markdown else tags_text(), None)


if __name__ == "__main__":
    main()
