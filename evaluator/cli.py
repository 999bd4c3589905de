"""dv-eval: validate Kubernetes-style objects against a dv2openapi schema, CEL-free."""

from __future__ import annotations

import itertools
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import click

from . import compile as compile_schema
from . import schemacache
from .errors import FieldError
from .loader import Doc, InputError, iter_docs, load_one
from .schemaerror import SchemaError
from .select import schema_root

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
EXTS = (".yaml", ".yml", ".json")


@dataclass
class Options:
    schema: dict
    type_name: str | None
    enable: tuple
    subresource: str | None
    beta: bool


@dataclass
class Verdict:
    kind: str
    name: str
    file: str
    errors: list
    shadowed: list
    lines: dict  # id(error) -> line

    def __getstate__(self) -> dict:  # a worker's verdict: error ids change on the way, positions do not
        return {**self.__dict__, "lines": [self.lines.get(id(e)) for e in self.errors + self.shadowed]}

    def __setstate__(self, state: dict) -> None:
        lines = state.pop("lines")
        self.__dict__.update(state)
        self.lines = {id(e): n for e, n in zip(self.errors + self.shadowed, lines, strict=True) if n}


_CACHE: dict = {}


def _validator(opts: Options, obj: object):
    doc, ref = schema_root(opts.schema, opts.type_name, obj)
    if ref not in _CACHE:
        _CACHE[ref] = compile_schema(doc, ref.rsplit("/", 1)[1])
    return _CACHE[ref]


def judge(opts: Options, new: Doc, old: Doc | None) -> Verdict:
    """Validate one object (and its old version) and split enforced from shadowed errors."""
    obj = new.value
    if not isinstance(obj, dict):
        raise InputError(f"{new.file}: document {new.index + 1}: the root must be a mapping, got {type(obj).__name__}")
    v = _validator(opts, obj)
    try:
        errs = v.validate(
            obj, old.value if old else None, options=opts.enable, subresource=opts.subresource, update=old is not None
        )
    except RecursionError:
        raise InputError(f"{new.file}: document {new.index + 1}: nesting too deep to validate") from None
    shadow = [e for e in errs if e.level == "alpha" or (e.level == "beta" and not opts.beta)]
    enforced = [e for e in errs if e not in shadow]
    meta = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
    lines = {id(e): new.line_of(e.field) for e in errs}
    return Verdict(
        str(obj.get("kind") or v.name),
        str(meta.get("name") or ""),
        new.file,
        enforced,
        shadow,
        {k: val for k, val in lines.items() if val},
    )


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


def _files(paths: tuple[str, ...]) -> list[str]:
    out = []
    for p in paths:
        if os.path.isdir(p):
            out += sorted(str(f) for f in Path(p).rglob("*") if f.suffix in EXTS and f.is_file())
        else:
            out.append(p)
    return out


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

    \b
    Exit codes: 0 valid, 1 invalid, 2 unusable input (the reason is on stderr).

    \b
    Examples:
      dv-eval --schema schemas/widget.openapi.yaml widget.yaml
      dv-eval --schema schemas/widget.openapi.yaml new.yaml old.yaml --enable HugeWidgets
      dv-eval --schema schemas/widget.crd.yaml manifests/ -o json --jobs 2
    """
    try:
        code = _run(schema_path, type_name, enable, subresource, not no_beta, fmt, jobs, batch, new, old, more)
    except (InputError, SchemaError) as e:
        click.echo(f"dv-eval: {e}", err=True)
        sys.exit(2)
    except RecursionError:
        click.echo("dv-eval: input nests too deeply to validate", err=True)
        sys.exit(2)
    except Exception as e:  # a bug of ours: still one line and exit 2, never a traceback
        click.echo(f"dv-eval: internal error (please report): {type(e).__name__}: {e}", err=True)
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
            return _batch(opts, [new], fmt, jobs)  # a stream: cut into pieces for the workers
        else:
            return _batch(opts, [new], fmt, 1, _verdicts(opts, new, itertools.chain(first, stream)))
        _emit(vd, fmt, None)
        return 1 if vd.errors else 0
    return _batch(opts, list(paths), fmt, jobs)


def _batch(opts: Options, paths: list[str], fmt: str, jobs: int, results=None) -> int:
    files = _files(tuple(paths))
    sink: list | None = [] if fmt == "json" else None
    progress = _Progress(len(files) if len(files) > 1 else None)
    invalid = bad = total = 0
    if results is None:
        results = _results(opts, files, jobs)
    for _path, verdicts, err in results:
        if err:
            bad += 1
            click.echo(f"dv-eval: {err}", err=True)
        for vd in verdicts:
            total += 1
            invalid += bool(vd.errors)
            if vd.errors or vd.shadowed or fmt == "json":
                _emit(vd, fmt, sink)
            progress.tick()
    progress.done()
    if sink is not None:
        click.echo(json.dumps({"kind": "List", "apiVersion": "v1", "items": sink}, indent=2))
    else:
        click.echo(
            f"{total} objects: {total - invalid} valid, {invalid} invalid" + (f"; {bad} files unusable" if bad else "")
        )
    return 2 if bad else (1 if invalid else 0)


def _results(opts: Options, files: list[str], jobs: int):
    if jobs > 1:
        from . import parallel

        if len(files) > 1:
            yield from parallel.over_files(lambda f: list(_verdicts(opts, f, iter_docs(f))), files, jobs)
            return
        if files and files[0] != "-" and os.path.isfile(files[0]) and os.path.getsize(files[0]) >= parallel.MIN_STREAM:

            def piece(path: str, text: str) -> tuple[list, int]:
                results = list(_verdicts(opts, path, iter_docs(path, text)))
                return results, sum(len(r[1]) for r in results)

            yield from parallel.over_stream(piece, files[0], jobs)
            return
    for f in files:
        yield from _verdicts(opts, f, iter_docs(f))


def _verdicts(opts: Options, path: str, docs):
    """(path, [verdict], None) per document, one at a time (flat memory), or (path, [], reason)."""
    try:
        for d in docs:
            yield path, [judge(opts, d, None)], None
    except (InputError, SchemaError) as e:
        yield path, [], str(e)


if __name__ == "__main__":
    main()
