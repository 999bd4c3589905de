"""dv2openapi: tagged Python types -> OpenAPI v3 documents and CRD manifests."""

from __future__ import annotations

import sys

import click

from .catalog import tags_markdown, tags_text
from .crd import to_crd
from .errors import InputError
from .frontend import build_model
from .openapi import to_openapi
from .output import OutputError, dump_yaml, write_file
from .process import cli_signals, closed_stdout

OUTPUT_HELP = "Write here instead of stdout (atomically; a symlink is followed, a FIFO or device written directly)."


def _out(text: str, path: str | None) -> None:
    if path:
        try:
            write_file(path, text)
        except OutputError as e:
            _fail(e)
    else:
        click.echo(text, nl=False)


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
def main():
    """Translate Python dataclasses tagged with Kubernetes `+k8s:` validation tags.

    \b
    Tags go in `# +k8s:...` comments directly above a field, a class or a
    NewType, exactly as on Go types; see `dv2openapi tags` for the catalog.
    """


@main.command()
@click.argument("types_file", metavar="TYPES.py")
@click.option(
    "--type",
    "type_names",
    multiple=True,
    metavar="NAME",
    help="Emit only this type and the types it uses (repeatable). Default: every type in the file.",
)
@click.option("-o", "--output", metavar="FILE", help=OUTPUT_HELP)
def openapi(types_file, type_names, output):
    """Emit an OpenAPI 3 document (YAML) for the types in TYPES.py.

    \b
    Example: dv2openapi openapi examples/widget/types.py -o schemas/widget.openapi.yaml
    """
    warnings: list[str] = []
    try:
        doc = to_openapi(build_model(types_file, list(type_names) or None), warnings)
    except InputError as e:
        _fail(e)
    for w in warnings:
        click.echo(f"warning: {w}", err=True)
    _out(dump_yaml(doc), output)


@main.command()
@click.argument("types_file", metavar="TYPES.py")
@click.option("--type", "kind", required=True, metavar="KIND", help="The root type (the CRD's kind).")
@click.option("--group", required=True, help="API group, e.g. example.com.")
@click.option("--version", default="v1", show_default=True, help="API version name.")
@click.option("--scope", default="Namespaced", show_default=True, type=click.Choice(["Namespaced", "Cluster"]))
@click.option("--plural", help="Plural resource name (default: lower-case kind + s).")
@click.option("-o", "--output", metavar="FILE", help=OUTPUT_HELP)
def crd(types_file, kind, group, version, scope, plural, output):
    """Emit an apiextensions.k8s.io/v1 CustomResourceDefinition for KIND.

    \b
    Rules a CRD cannot state become CEL x-kubernetes-validations where CEL can
    say them; the rest are warned about on stderr, and the whole OpenAPI
    document is embedded in an annotation so dv-eval keeps every rule.
    """
    try:
        warnings: list[str] = []
        doc = to_openapi(build_model(types_file, [kind]), warnings)
        manifest = to_crd(doc, kind, group, version, scope, plural, warnings.append)
    except InputError as e:
        _fail(e)
    for w in dict.fromkeys(warnings):
        click.echo(f"warning: {w}", err=True)
    _out(dump_yaml(manifest), output)


@main.command()
@click.option("--markdown", is_flag=True, help="Render the catalog as the docs/tags.md table.")
def tags(markdown):
    """Print the tag catalog (from the registry)."""
    click.echo(tags_markdown() if markdown else tags_text(), nl=False)


if __name__ == "__main__":
    main()
