"""dv-eval: validate Kubernetes-style objects against a dv2openapi schema, CEL-free."""

from __future__ import annotations

import itertools
import json
import os
import sys

import click

from dv2openapi.process import cli_signals, closed_stdout

from . import schemacache
from .batch import file_results, files, results
from .errors import FieldError
from .loader import InputError, iter_docs, load_one
from .schemaerror import SchemaError
from .select import schema_root
from .verdict import Options, Unusable, Verdict, internal_error, judge

REASONS = {
    "FieldValueNotFound": "FieldValueNotFound",
    "FieldValueRequired": "FieldValueRequired",
    "FieldValueDuplicate": "FieldValueDuplicate",
    "FieldValueInvalid": "FieldValueInvalid",
    "FieldValueNotSupported": "FieldValueNotSupported",
    "FieldValueForbidden": "FieldValueForbidden",
    "FieldValueTooLong": "FieldValueTooLong",
    "FieldValueTooMany": "FieldValueTooMany",
    "FieldValueTooFew": "FieldValueTooFew",
    "FieldValueTooShort": "FieldValueTooShort",
    "FieldValueTypeInvalid": "FieldValueTypeInvalid",
    "InternalError": "InternalError",
}


def status(vd: Verdict) -> dict:
    """The Kubernetes Status object for one verdict."""

    def cause(e: FieldError) -> dict:
        c = {"reason": REASONS.get(e.type, e.type), "message": str(e), "field": e.field}
        if e.origin:
            c["origin"] = e.origin
        return c

    if not vd.errors:
        out = {
            "kind": "Status",
            "apiVersion": "v1",
            "metadata": {},
            "status": "Success",
            "code": 200,
            "details": {"name": vd.name, "kind": vd.kind},
        }
    else:
        out = {
            "kind": "Status",
            "apiVersion": "v1",
            "metadata": {},
            "status": "Failure",
            "message": f'{vd.kind} "{vd.name}" is invalid: ' + ", ".join(str(e) for e in vd.errors),
            "reason": "Invalid",
            "code": 422,
            "details": {"name": vd.name, "kind": vd.kind, "causes": [cause(e) for e in vd.errors]},
        }
    if vd.shadowed:
        out["details"]["shadowedCauses"] = [cause(e) for e in vd.shadowed]
    return out


def text(vd: Verdict) -> str:
    """kubectl-style text."""

    def line(e):
        where = vd.lines.get(id(e))
        return f"* {e}" + (f" ({vd.file}:{where})" if where else "")

    if vd.errors:
        out = [f'The {vd.kind} "{vd.name}" is invalid:'] + [line(e) for e in vd.errors]
    else:
        out = [f'{vd.kind} "{vd.name}" is valid']
    if vd.shadowed:
        out.append("Shadowed (not enforced):")
        out += ["  " + line(e) + f" [{e.level}]" for e in vd.shadowed]
    return "\n".join(out)


def _emit(vd: Verdict, fmt: str, sink: list | None) -> None:
    if fmt == "json":
        if sink is None:
            click.echo(json.dumps(status(vd), indent=2))
        else:
            sink.append(status(vd))
    else:
        click.echo(text(vd))


class _Progress:
    """A one-line counter on stderr, only on a terminal."""

    def __init__(self, total: int | None):
        self.on = sys.stderr.isatty()
        self.total, self.n = total, 0

    def tick(self) -> None:
        self.n += 1
        if self.on and self.n % 50 == 0:
            of = f"/{self.total}" if self.total else ""
            sys.stderr.write(f"\rvalidated {self.n}{of} objects")
            sys.stderr.flush()

    def done(self) -> None:
        if self.on and self.n >= 50:
            sys.stderr.write("\r\033[K")


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--schema",
    "schema_path",
    required=True,
    metavar="FILE",
    help="OpenAPI document (dv2openapi openapi) or CRD manifest (dv2openapi crd).",
)
@click.option(
    "--type",
    "type_name",
    metavar="NAME",
    help="Schema to use (a components.schemas name); default: by the object's apiVersion/kind, else the only schema.",
)
@click.option(
    "--enable",
    multiple=True,
    metavar="OPTION",
    help="Enable a validation option / feature gate (repeatable); others are disabled.",
)
@click.option("--subresource", metavar="PATH", help='Validate as a write to this subresource, e.g. "/status".')
@click.option(
    "--no-beta",
    is_flag=True,
    help="Do not enforce beta-level rules (DeclarativeValidationBeta=false): report them as shadowed.",
)
@click.option(
    "-o",
    "--output",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: kubectl-style lines; json: a Kubernetes Status object (a List of them in batch mode).",
)
@click.option(
    "-j",
    "--jobs",
    default=1,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Worker processes for batch mode (several files or a directory).",
)
@click.option(
    "--batch", is_flag=True, help="Treat every argument as independent objects (no NEW/OLD pair), e.g. for pre-commit."
)
@click.argument("new", metavar="NEW")
@click.argument("old", metavar="[OLD]", required=False)
@click.argument("more", nargs=-1, metavar="")
def main(schema_path, type_name, enable, subresource, no_beta, fmt, jobs, batch, new, old, more):
    """Validate NEW (a create) or NEW against OLD (an update).

    \b
    Batch mode: NEW may be a multi-document YAML stream, a directory (every
    *.yaml, *.yml, *.json file below it) or several files; each document is
    validated as a create, and only invalid ones are printed, then a summary.
    A document that cannot be used is reported in its place; the others are
    still validated.

    \b
    Exit codes: 0 valid, 1 invalid, 2 unusable input (the reason is on stderr;
    in batch mode: any document unusable), 130/143 interrupted (SIGINT/SIGTERM).

    \b
    Examples:
      dv-eval --schema schemas/widget.openapi.yaml widget.yaml
      dv-eval --schema schemas/widget.openapi.yaml new.yaml old.yaml --enable HugeWidgets
      dv-eval --schema schemas/widget.crd.yaml manifests/ -o json --jobs 2
    """
    with cli_signals():
        try:
            code = _run(schema_path, type_name, enable, subresource, not no_beta, fmt, jobs, batch, new, old, more)
        except BrokenPipeError:
            closed_stdout()
        except (InputError, SchemaError) as e:
            click.echo(f"dv-eval: {e}", err=True)
            sys.exit(2)
        except RecursionError:
            click.echo("dv-eval: input nests too deeply to validate", err=True)
            sys.exit(2)
        except Exception as e:  # a bug of ours: still one line and exit 2, never a traceback
            click.echo(f"dv-eval: {internal_error(e)}", err=True)
            sys.exit(2)
    sys.exit(code)


def _run(schema_path, type_name, enable, subresource, beta, fmt, jobs, batch, new, old, more) -> int:
    try:
        schema = schemacache.load(schema_path)
    except InputError as e:
        raise InputError(f"schema: {e}") from None
    opts = Options(schema, type_name, tuple(enable), subresource, beta)
    if type_name:
        schema_root(schema, type_name)  # fail early on an unknown --type
    paths = (new,) + ((old,) if old else ()) + tuple(more)
    batch = batch or len(paths) > 2 or os.path.isdir(new) or bool(old and os.path.isdir(old))
    if not batch:
        stream = iter_docs(new)
        first = list(itertools.islice(stream, 2))  # peek: one document, or a stream to batch
        if old:
            if len(first) != 1 or next(stream, None) is not None:
                raise InputError(f"{new}: an update needs exactly one new document")
            vd = judge(opts, first[0], load_one(old))
        elif not first:
            raise InputError(f"{new}: no documents")
        elif len(first) == 1:
            vd = judge(opts, first[0], None)
        elif jobs > 1 and new != "-":
            return _batch(fmt, 1, results(opts, [new], jobs))  # a stream: cut into pieces for the workers
        else:
            return _batch(fmt, 1, file_results(opts, new, itertools.chain(first, stream)))
        _emit(vd, fmt, None)
        return 1 if vd.errors else 0
    found = files(paths)
    return _batch(fmt, len(found), results(opts, found, jobs))


def unusable_status(u: Unusable) -> dict:
    """A failed Status for a document that could not be judged (400 bad input, 500 our bug)."""
    return {
        "kind": "Status",
        "apiVersion": "v1",
        "metadata": {},
        "status": "Failure",
        "message": u.reason,
        "reason": "InternalError" if u.internal else "BadRequest",
        "code": 500 if u.internal else 400,
    }


def _batch(fmt: str, nfiles: int, found) -> int:
    """Print the results (only the invalid or unusable ones in text), then the summary; the exit code."""
    sink: list | None = [] if fmt == "json" else None
    progress = _Progress(nfiles if nfiles > 1 else None)
    invalid = bad = total = 0
    for r in found:
        total += 1
        if isinstance(r, Unusable):
            bad += 1
            if sink is not None:
                sink.append(unusable_status(r))
            else:
                click.echo(f"error: {r.reason}")
        else:
            invalid += bool(r.errors)
            if r.errors or r.shadowed or fmt == "json":
                _emit(r, fmt, sink)
        progress.tick()
    progress.done()
    if sink is not None:
        click.echo(json.dumps({"kind": "List", "apiVersion": "v1", "items": sink}, indent=2))
    else:
        valid = total - invalid - bad
        click.echo(f"{total} objects: {valid} valid, {invalid} invalid" + (f", {bad} unusable" if bad else ""))
    return 2 if bad else (1 if invalid else 0)


if __name__ == "__main__":
    main()
