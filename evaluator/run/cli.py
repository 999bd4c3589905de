"""dv-eval: validate Kubernetes-style objects against a dv2openapi schema, CEL-free."""

from __future__ import annotations

import argparse
import io
import itertools
import os
import stat
import sys

from evaluator.input.document import InputError
from evaluator.runtime.native import NATIVE, PLAINYAML
from evaluator.runtime.process import cli_signals, closed_stdout
from evaluator.schema.schemaerror import SchemaError

from . import batch as batching
from .batch import file_results, files, plain_results, results
from .completion import SHELLS
from .escaping import terminal
from .kubeconform import only_kubeconforms, translate
from .reporters import FORMATS, REPORTERS, Reporter, Summary
from .routing import Catalog
from .verdict import SKIP, Options, Unusable, Verdict, internal_error, items_of, judge


class _Progress:
    """A one-line counter on stderr, only on a terminal. It never shares a line with a report: a
    report written while it shows clears it first (`_Report`), and the next count draws it again."""

    shown = False  # the counter is on the terminal now

    def __init__(self, total: int | None):
        self.on = sys.stderr.isatty()
        self.total, self.n = total, 0

    def tick(self) -> None:
        self.n += 1
        if self.on and self.n % 50 == 0:
            of = f"/{self.total}" if self.total else ""
            sys.stderr.write(f"\r\033[Kvalidated {self.n}{of} objects")
            sys.stderr.flush()
            _Progress.shown = True

    @staticmethod
    def clear() -> None:
        if _Progress.shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
            _Progress.shown = False

    def done(self) -> None:
        self.clear()


def _jobs(value: str) -> int:
    """`auto` (the cores, at most 4) or a count of worker processes, 1 to 64."""
    if value == "auto":
        return max(1, min(os.cpu_count() or 1, 4))
    if not value.isdigit() or not 1 <= int(value) <= 64:
        raise argparse.ArgumentTypeError(f"{value!r}: expected a number of worker processes (1 to 64) or auto")
    return int(value)


class _Report(io.TextIOBase):
    """Standard output, where the report goes: a write error (a full disk, `> /dev/full`) is one line
    naming it and exit 2 (a closed pipe stays a BrokenPipeError: exit 141)."""

    def write(self, text: str) -> int:
        _Progress.clear()
        return _writing("write", text)

    def flush(self) -> None:
        _writing("flush")

    def close(self) -> None:
        """Nothing: standard output stays open, and is not flushed when this view of it is collected."""


def _writing(method: str, *args: str):
    if sys.stdout is None:  # started with the descriptor closed, as `>&-` leaves it
        raise InputError("standard output is closed")
    try:
        return getattr(sys.stdout, method)(*args)
    except BrokenPipeError:
        raise
    except OSError as e:
        raise InputError(f"cannot write the report to standard output: {e.strerror or e}") from None


class _Help(argparse.RawDescriptionHelpFormatter):
    """As wide as the terminal, as argparse's own default, without importing `shutil` at every start."""

    def __init__(self, prog: str):
        try:
            width = int(os.environ.get("COLUMNS") or 0) or os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, OSError, ValueError):
            width = 0
        super().__init__(prog, width=(width or 80) - 2)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):
        """A usage error: one line and exit 2, as for any unusable input."""
        say(f"{message} (see dv-eval --help)")
        sys.exit(2)


class _Version(argparse.Action):
    """--version: the release, whether the validation walk runs compiled and whether YAML schema files are
    read by the direct reader (see evaluator/runtime/native.py)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs) -> None:
        help = "Print the version, whether validation runs compiled and how YAML schema files are read, then exit."
        super().__init__(option_strings, dest, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from importlib.metadata import version

        walk = "compiled" if NATIVE else "pure Python (no build of it, an outdated one, or DV_EVAL_PURE_PYTHON set)"
        reader = "libyaml, direct" if PLAINYAML else "PyYAML (not built with libyaml's header, or not compiled)"
        _Report().write(f"dv-eval {version('dv2openapi')}, validation walk: {walk}, YAML schema files: {reader}\n")
        _Report().flush()
        sys.exit(0)


class _Completion(argparse.Action):
    """--completion SHELL: the shell's completion script for dv-eval, made from this parser."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from .completion import script

        _Report().write(script(parser, values))
        _Report().flush()
        sys.exit(0)


def _parser() -> _Parser:
    p = _Parser(
        prog="dv-eval",
        usage="dv-eval [OPTIONS] NEW [OLD]\n       dv-eval [OPTIONS] --batch PATH...",
        description=__doc__,
        epilog=EPILOG,
        formatter_class=_Help,
        allow_abbrev=False,
    )
    add = p.add_argument
    add(
        "--schema",
        dest="schema_paths",
        action="append",
        default=[],
        metavar="PATH",
        help="OpenAPI document, CRD manifest or Kubernetes OpenAPI document, or a directory of them (repeatable).",
    )
    add(
        "--kubernetes-version",
        metavar="VERSION",
        help="Validate built-in kinds (apps/v1 Deployment, …) with this Kubernetes release's schemas "
        "(e.g. 1.37, or latest; needs the kubernetes-validate package).",
    )
    add(
        "--type",
        dest="type_name",
        metavar="NAME",
        help="Schema to use (a components.schemas name); default: by the object's apiVersion/kind.",
    )
    add(
        "--enable",
        action="append",
        default=[],
        metavar="OPTION",
        help="Enable a validation option / feature gate (repeatable); others are disabled.",
    )
    add("--subresource", metavar="PATH", help='Validate as a write to this subresource, e.g. "/status".')
    add(
        "--no-beta",
        action="store_true",
        help="Do not enforce beta-level rules (DeclarativeValidationBeta=false): report them as shadowed.",
    )
    add("--strict", action="store_true", help="Report unknown fields as the API server's strict field validation does.")
    add(
        "--missing-schemas",
        choices=["error", "skip"],
        default="error",
        metavar="error|skip",
        help="An object no schema covers: report it as an error (the default, as kubeconform does) or skip it "
        "(counted in the summary, as kubeconform's -ignore-missing-schemas).",
    )
    add(
        "--schema-location",
        dest="locations",
        action="append",
        default=[],
        metavar="LOCATION",
        help="Where kubeconform looks a kind's schema up (repeatable, tried in order): default (the built-in "
        "kinds), a folder laid out as kubernetes-json-schema, or a path template such as "
        "'schemas/{{ .ResourceKind }}{{ .KindSuffix }}.json' (docs/kubeconform.md).",
    )
    add(
        "--cache",
        metavar="DIR",
        help="kubeconform's download cache, read for http(s) schema locations (dv-eval downloads nothing).",
    )
    add(
        "--skip",
        dest="skip_kinds",
        action="append",
        default=[],
        metavar="KINDS",
        help="Do not validate these kinds: Kind or apiVersion/Kind (example.com/v1/Widget), comma-separated, "
        "repeatable.",
    )
    add(
        "--reject",
        dest="reject_kinds",
        action="append",
        default=[],
        metavar="KINDS",
        help="Report objects of these kinds as invalid (prohibited), spelled as for --skip.",
    )
    add(
        "--ignore-filename-pattern",
        dest="ignore",
        action="append",
        default=[],
        metavar="REGEX",
        help="Do not read files whose path matches this regular expression (RE2, anywhere in the path; repeatable).",
    )
    add(
        "--as-cluster",
        action="store_true",
        help="Judge objects of dv2openapi's own CRDs as the API server will with the CRD (its CEL renderings, "
        "defaults, metadata) instead of by the declarative rules. Other CRDs are always judged so.",
    )
    add(
        "--declarative-only",
        action="store_true",
        help="Report the declarative rules' verdict alone: leave out the API server's hand-written checks of an "
        "API object's metadata (name format, namespace, labels, annotations), which dv-eval adds by default.",
    )
    add(
        "-o",
        "--output",
        dest="fmt",
        choices=FORMATS,
        default="text",
        metavar="FORMAT",
        help="text (the default): kubectl-style lines; json: a Kubernetes Status (a List in batch mode); "
        "junit: JUnit XML; github: GitHub Actions annotations; tap: Test Anything Protocol; pretty: text in "
        "colour, one line per object.",
    )
    add("--summary", action="store_true", help="End with the summary line also for a single object (tap: a comment).")
    add("--verbose", action="store_true", help="Also print valid and skipped objects (text, pretty).")
    add("--exit-on-error", action="store_true", help="Stop at the first invalid or unusable object.")
    add(
        "-j",
        "-n",
        "--jobs",
        default="auto",
        type=_jobs,
        metavar="N|auto",
        help="Worker processes for batch mode (several files, a directory, or one large stream); `auto` (the "
        "default) uses the cores (at most 4). Input too small to pay for workers (files: under 512 KiB, counting 1 KiB "
        "more for each file; a stream under 4 MiB) is judged in-process whatever N is; the output is the same.",
    )
    add(
        "--against",
        metavar="REV|PATH",
        help="Judge each object as the change the cluster will see, against the previous manifests: a git revision "
        "(origin/main, HEAD~1, a SHA: the same files and folders there) or a file, folder or stream (-) of them. "
        "Objects pair by group, kind, namespace and name: an update, a create, unchanged (not judged) or deleted.",
    )
    add(
        "--batch",
        action="store_true",
        help="Treat every argument as independent objects (no NEW/OLD pair), e.g. for pre-commit.",
    )
    add("-v", "--version", action=_Version)
    add(
        "--completion",
        action=_Completion,
        choices=SHELLS,
        metavar="bash|zsh|fish",
        help="Print the completion script for this shell, then exit (docs/ci.md).",
    )
    add(
        "paths",
        nargs="*",
        metavar="NEW [OLD]",
        help="the object (a create), then the stored one (an update); none: standard input",
    )
    return p


EPILOG = """\
Each object is validated with the schema of its apiVersion/kind, from the
--schema files and directories, or Kubernetes' own (--kubernetes-version).

Batch mode: NEW may be a multi-document YAML stream, a directory (every
*.yaml, *.yml, *.json file below it) or several files; each document is
validated as a create, and only invalid ones are printed, then a summary.
A document that cannot be used is reported in its place; the others are
still validated.

Exit codes: 0 valid, 1 invalid, 2 unusable input (the reason is on stderr;
in batch mode: any document unusable), 130/143 interrupted (SIGINT/SIGTERM).

Examples:
  dv-eval --schema schemas/widget.openapi.yaml widget.yaml
  dv-eval --schema schemas/widget.openapi.yaml new.yaml old.yaml --enable HugeWidgets
  dv-eval --schema crds/ --kubernetes-version 1.37 --strict manifests/ -o junit --jobs 2
"""


def main(argv: list[str] | None = None) -> None:
    """Validate NEW (a create) or NEW against OLD (an update); exits with the verdict's code."""
    with cli_signals():
        try:
            parser = _parser()
            try:
                args, spelled = translate(sys.argv[1:] if argv is None else argv)
            except InputError as e:
                parser.error(str(e))
            # options may follow the paths; after `--` everything is a path (argparse mixes these up)
            a = parser.parse_args(args) if "--" in args else parser.parse_intermixed_args(args)
            against, old = a.against, []
            if against is not None:
                from .against import is_path

                if not against:
                    parser.error("argument --against: expected a git revision or a path")
                old = [against] if is_path(against) else []
            paths = a.paths or ([_stdin()] if against is None or old else ["."])
            # kubeconform's way (its spelling, its schema locations or none, standard input by default):
            # every path is a file to validate, never NEW and OLD
            batch = (
                a.batch
                or against is not None
                or spelled
                or bool(a.locations)
                or not (a.schema_paths or a.kubernetes_version)
                or not a.paths
            )
            twice = _read_twice(a.schema_paths, paths + old, not batch and len(paths) == 2)
            if twice:
                parser.error(twice)
            opts = _options(a)
            if sys.stdout is None:  # started with the descriptor closed, as `>&-` leaves it
                raise InputError("standard output is closed")
            # kubeconform's own command line (its spelling or its schema locations, none of dv-eval's options):
            # kubeconform's report formats
            drop_in = (spelled or bool(a.locations)) and only_kubeconforms(sys.argv[1:] if argv is None else argv)
            output = _Output(a.fmt, a.verbose, a.summary, a.exit_on_error, drop_in)
            ignored = _ignored(a.ignore)
            if against is not None:
                code = _against(opts, output, a.jobs, against, paths, ignored)
            else:
                code = _run(opts, output, a.jobs, batch, paths, ignored)
            _Report().flush()  # a write error is said here, not lost at exit
        except BrokenPipeError:
            closed_stdout()
        except InputError as e:
            say(str(e))
            sys.exit(2)
        except SchemaError as e:
            for line in getattr(e, "lines", None) or [str(e)]:
                say(f"schema: {line}")
            sys.exit(2)
        except RecursionError:
            say("input nests too deeply to validate")
            sys.exit(2)
        except Exception as e:  # a bug of ours: still one line and exit 2, never a traceback
            say(internal_error(e))
            sys.exit(2)
    sys.exit(code)


def entry() -> None:
    """The `dv-eval` command: `main`, then, with the output flushed, an exit that skips the
    interpreter's teardown of every object one by one (~5 ms of a one-file run)."""
    try:
        main()
    except SystemExit as e:
        if type(e.code) is not int:
            raise
        try:
            for stream in (sys.stdout, sys.stderr):
                if stream is not None:  # None: started with the descriptor closed
                    stream.flush()
        except (OSError, ValueError):
            raise e from None  # the usual exit, which reports it as usual
        os._exit(e.code)


def _options(a: argparse.Namespace) -> Options:
    """The schemas and choices of the command line: --schema files first, then --schema-location in
    order (`default`: the built-in kinds), else --kubernetes-version's built-in kinds; with none of
    them, the built-in kinds of the latest release, as kubeconform's default location."""
    if a.cache is not None and not os.path.isdir(a.cache):
        raise InputError(f"--cache {a.cache}: no such folder")
    catalog = Catalog()
    for path in a.schema_paths:
        catalog.add_path(path)
    version = a.kubernetes_version
    if a.locations:
        from .locations import DEFAULT, finder

        builtin = _builtin(version, f"--schema-location default {NEEDS}") if DEFAULT in a.locations else None
        catalog.find = finder(a.locations, builtin, version, a.strict, a.cache)
    elif version or not a.schema_paths:
        builtin = _builtin(version, None if a.schema_paths or version else NO_SCHEMA)
        catalog.find = builtin
    else:
        builtin = None
    catalog.builtin = builtin
    if a.type_name:
        catalog.named(a.type_name)  # fail early on an unknown --type
    catalog.check_kinds(a.type_name)
    return Options(
        catalog,
        a.type_name,
        tuple(a.enable),
        a.subresource,
        not a.no_beta,
        a.strict,
        a.missing_schemas == "error",
        _kinds(a.skip_kinds, "--skip"),
        a.as_cluster,
        _kinds(a.reject_kinds, "--reject"),
        a.declarative_only,
    )


NEEDS = "needs the kubernetes-validate package: pip install 'dv2openapi[kubernetes]'"
NO_SCHEMA = (
    "no schema: pass --schema PATH or --schema-location LOCATION (repeatable); Kubernetes' built-in kinds, "
    f"the default, {NEEDS}"
)


def _builtin(version: str | None, missing: str | None):
    """The built-in kinds of `version` (latest if None); `missing` replaces the message when
    kubernetes-validate is not installed."""
    from .builtin import MissingPackage, lookup

    try:
        return lookup(version or "latest")
    except MissingPackage:
        if missing is None:
            raise
        raise InputError(missing) from None


def _kinds(values: list[str], flag: str) -> frozenset:
    """Kinds and apiVersion/Kinds (`Widget`, `v1/ConfigMap`, `example.com/v1/Widget`), comma-separated."""
    out = set()
    for kinds in values:
        for k in (k.strip() for k in kinds.split(",")):
            if not k:
                continue
            parts = k.split("/")
            if len(parts) > 3 or not all(parts):
                raise InputError(f"{flag} {k}: not a kind, nor apiVersion/kind (example.com/v1/Widget, v1/ConfigMap)")
            out.add(k)
    return frozenset(out)


def _ignored(patterns: list[str]):
    """A test of a file's path for --ignore-filename-pattern (RE2, as kubeconform's Go regexps), or None."""
    if not patterns:
        return None
    import re2  # only when patterns are given

    try:
        compiled = [re2.compile(p) for p in patterns]
    except re2.error as e:
        raise InputError(f"--ignore-filename-pattern: {e}") from None
    return lambda path: any(c.search(path) for c in compiled)


def _stdin() -> str:
    """`-` when no path is given: standard input, unless it is a terminal (or another character
    device, such as /dev/null: kubeconform's test), where nothing would ever be piped in."""
    try:
        device = stat.S_ISCHR(os.fstat(sys.stdin.fileno()).st_mode)
    except (AttributeError, OSError, ValueError):  # closed, or not a descriptor: said when it is read
        device = False
    if device:
        raise InputError(
            "no file to validate, and standard input is a terminal: name files or directories (- for standard input) "
            "(see dv-eval --help)"
        )
    return "-"


class _Output:
    """How the results are reported: the format, and kubeconform's reporting flags."""

    def __init__(self, fmt: str, verbose: bool, summary: bool, exit_on_error: bool, kubeconform: bool = False):
        self.fmt, self.verbose, self.summary, self.exit_on_error = fmt, verbose, summary, exit_on_error
        self.kubeconform = kubeconform and fmt != "github"  # kubeconform's formats (it has no github)

    def reporter(self, batch: bool, files: list[str] | None = None) -> Reporter:
        """The run's reporter; kubeconform's, given the files a kubeconform run reads (its empty files count)."""
        if self.kubeconform and files is not None:
            from .kubeconform_output import REPORTERS as KUBECONFORM

            return KUBECONFORM[self.fmt](_Report(), files, self.verbose, self.summary, self.exit_on_error)
        return REPORTERS[self.fmt](_Report(), batch, verbose=self.verbose, summary=self.summary)


def _run(opts: Options, out: _Output, jobs: int, batch: bool, paths: list[str], ignored) -> int:
    new, old = paths[0], paths[1] if len(paths) == 2 else None
    batch = batch or len(paths) > 2 or os.path.isdir(new) or bool(old and os.path.isdir(old))
    if not batch:
        fast = None if old else plain_results(opts, new)  # a valid file: no PyYAML (see batch.plain_results)
        if fast is not None and len(fast) == 1:
            tally = _Tally(out.reporter(False))
            tally.add(fast[0])
            return tally.finish()
        if fast is not None:  # blank, or several documents: a batch, as below
            return _batch(out, 1, iter(fast))
        from evaluator.input.loader import iter_docs, load_one

        stream = iter_docs(new, duplicates="keep")  # duplicate keys: --strict errors, else warnings
        first = []  # peek: one document, or a stream to batch
        # a file that cannot be read is one line on stderr; a report format gets it as a well-formed
        # report (as in batch mode), the unreadable file reported in its place, still exit 2
        reported = out.fmt not in ("text", "pretty") and "-" not in (new, old)
        try:
            first += itertools.islice(stream, 2)
        except InputError:  # unreadable after a first document: a stream, reported document by document
            if reported and old:
                return _batch(out, 2, results(opts, [new, old], 1))
            if old or (not first and not reported) or new == "-":
                raise
            return _batch(out, 1, file_results(opts, new))
        if old:
            if len(first) != 1 or next(stream, None) is not None:
                raise InputError(f"{new}: an update needs exactly one new document")
            try:
                stored = load_one(old)
            except InputError:
                if not reported:
                    raise
                return _batch(out, 2, results(opts, [new, old], 1))
            if not _same_object(first[0].value, stored.value):
                say(
                    f"{new} and {old} hold different objects (kind, name or namespace differ), "
                    "not an update: each is judged as a create"
                )
                return _batch(out, 2, results(opts, [new, old], 1))
            vd = judge(opts, first[0], stored)
        elif not first or (len(first) == 1 and items_of(first[0]) is not None):
            # a blank or comment-only file passes, as it does in a directory; a List is a batch
            return _batch(out, 1, file_results(opts, new, iter(first)))
        elif len(first) == 1:
            vd = judge(opts, first[0], None)
        elif new != "-" and (jobs > 1 or os.path.getsize(new) > batching.FAST_MAX):
            return _batch(out, 1, results(opts, [new], jobs))  # a stream: cut into pieces
        else:
            return _batch(out, 1, file_results(opts, new, itertools.chain(first, stream)))
        tally = _Tally(out.reporter(False))
        tally.add(vd)
        return tally.finish()
    found = files(paths, ignored)
    return _batch(out, len(found), results(opts, found, jobs), found)


def _against(opts: Options, out: _Output, jobs: int, against: str, paths: list[str], ignored) -> int:
    """--against: the new side's objects paired with the old side's and judged as changes; then the deleted."""
    from .against import cluster_scoped, from_path, from_revision, is_path

    scoped = cluster_scoped(opts.catalog)
    side = from_path(against, scoped, ignored) if is_path(against) else from_revision(against, paths, scoped, ignored)
    for warning in side.warnings:
        say(f"warning: {warning}")
    opts.pairing = side.judge
    found = files(paths, ignored)
    return _batch(out, len(found), side.with_deleted(results(opts, found, jobs)))


def _read_twice(schema_paths: list[str], paths: list[str], pair: bool) -> str | None:
    """Why the inputs cannot all be read as named, before any is read (else None): a stream (standard
    input, a pipe) named twice, which the second reader would find drained; or, for an update (`pair`),
    NEW and OLD being one file (resolved: links, `./` and `..` do not hide it)."""
    seen: dict = {}
    for label, path in [(f"--schema {p}", p) for p in schema_paths] + [(p, p) for p in paths]:
        key = _stream(path)
        if key is None:
            continue
        if key in seen:
            what = "standard input" if "-" in (path, seen[key][1]) else "pipe"
            return f"{seen[key][0]} and {label} read the same {what}, which can be read only once"
        seen[key] = (label, path)
    new, old = paths[0], paths[-1]
    if pair and "-" not in (new, old) and not os.path.isdir(new) and not os.path.isdir(old):
        try:
            same = os.path.samefile(new, old)
        except OSError:  # unreadable: said when it is read
            same = False
        if same:
            return f"{new} and {old} are the same file: an update needs the stored object (OLD) in a file of its own"
    return None


def _stream(path: str) -> tuple | None:
    """What identifies `path` if it can be read only once (standard input, a pipe, a FIFO, a socket), else None."""
    if path == "-":
        try:
            st = os.fstat(sys.stdin.fileno())
        except (AttributeError, OSError, ValueError):  # closed, or not a file descriptor
            return ("-",)
        return (st.st_dev, st.st_ino)
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISFIFO(st.st_mode) or stat.S_ISSOCK(st.st_mode) else None


def say(message: str) -> None:
    """One line on stderr, whatever the message holds: line breaks and control characters in names
    and keys are shown escaped (`escaping.terminal`), so no path can start a line of its own (a GitHub
    workflow command, a fake finding) or act on the terminal."""
    sys.stderr.write("dv-eval: " + terminal(message) + "\n")
    sys.stderr.flush()


def _same_object(new: object, old: object) -> bool:
    """Whether two documents are one object, for an update: the same kind and name, and the same
    namespace unless the new one names none (it is applied in the stored object's, as `kubectl
    apply -n` would)."""
    (kind, name, namespace), (old_kind, old_name, old_namespace) = _identity(new), _identity(old)
    return (kind, name) == (old_kind, old_name) and namespace in (None, old_namespace)


def _identity(obj: object) -> tuple:
    """What makes a document one object: kind, name and namespace."""
    if not isinstance(obj, dict):
        return (None, None, None)
    meta = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
    return (obj.get("kind"), meta.get("name"), meta.get("namespace") or None)


class _Tally:
    """Feeds a reporter, counts the summary, announces unevaluated CEL rules once per schema."""

    def __init__(self, reporter: Reporter):
        self.reporter, self.summary = reporter, Summary()
        self.announced: set = set()

    def add(self, r: Verdict | Unusable) -> None:
        s = self.summary
        if type(r) is Verdict and r.change:  # --against
            s.changes[r.change] = s.changes.get(r.change, 0) + 1
            if r.change == "deleted":  # not an object of the new side
                self.reporter.verdict(r)
                return
        s.objects += 1
        if isinstance(r, Unusable):
            s.unusable += 1
            self.reporter.unusable(r)
            return
        s.invalid += r.failed
        s.skipped += bool(r.skipped)
        s.asked += bool(r.skipped) and r.flag == SKIP
        for w in r.warnings:
            why = "the API server's warning" if w.reason == "Warning" else "the last value is used; --strict rejects it"
            say(f"warning: {r.file}:{w.line}: {w.message} ({why})")
        if r.unchecked_rules:
            s.unchecked += 1
            if r.schema not in self.announced:
                self.announced.add(r.schema)
                say(
                    f"warning: {r.schema}: {r.unchecked_rules} x-kubernetes-validations rule(s) (CEL) "
                    "are not evaluated by dv-eval; its objects are checked without them"
                )
        self.reporter.verdict(r)

    def finish(self) -> int:
        self.reporter.end(self.summary)
        s = self.summary
        return 2 if s.unusable else (1 if s.invalid else 0)


def _batch(out: _Output, nfiles: int, found, files: list[str] | None = None) -> int:
    """Report every result (a verdict, or an unusable document in its place), then the summary; the
    exit code. With --exit-on-error, the first invalid or unusable result is the last one read."""
    tally = _Tally(out.reporter(True, files))
    progress = _Progress(nfiles if nfiles > 1 else None)
    for r in found:
        tally.add(r)
        progress.tick()
        if out.exit_on_error and (isinstance(r, Unusable) or r.failed):
            getattr(found, "close", lambda: None)()  # stops the workers, if any
            break
    progress.done()
    return tally.finish()


if __name__ == "__main__":
    main()
