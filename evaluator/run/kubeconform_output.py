"""kubeconform's report formats (json, junit, tap, text, pretty), field for field as kubeconform v0.7.0
prints them, for a run with kubeconform's command line: each object is valid, invalid, an error or
skipped, as kubeconform classes its results. What kubeconform prints raw, names and messages, is
escaped for each grammar (`escaping.py`), so no manifest can forge a line, a test point or a tag."""

from __future__ import annotations

import os
import re
import time
from io import TextIOBase

from .escaping import json_document, tap_description, terminal, xml_text
from .reporters import Reporter, Summary
from .verdict import DUPLICATE_FIELD, NO_KIND_MATCH, REJECT, Unusable, Verdict

FORMATS = ("json", "junit", "pretty", "tap", "text")
VALID, INVALID, ERROR, SKIPPED, EMPTY = "statusValid", "statusInvalid", "statusError", "statusSkipped", ""


class Result:
    """One of kubeconform's results: the file, the object's signature, its status and its error."""

    def __init__(self, path: str, status: str, msg: str = "", kind: str = "", name: str = "", version: str = ""):
        self.path = "stdin" if path == "-" else path  # kubeconform names standard input so
        self.status, self.msg = status, msg
        self.kind, self.name, self.version, self.namespace = kind, name, version, ""
        self.errors: list[dict] = []  # validationErrors: {"path": JSON pointer, "msg"}

    def qualified(self) -> str:
        return f"{self.version}/{self.kind}/{self.namespace}/{self.name}"


def pointer(field: str) -> str:
    """A Kubernetes field path (`spec.containers[0].ports[1]`, `metadata.labels[a.b/c]`) as kubeconform
    writes an instance location: each step after a `/`, unescaped."""
    steps = re.findall(r"\[([^\]]*)\]|([^.\[]+)", field)
    return "".join("/" + (key or name) for key, name in steps)


def _body(message: str, field: str) -> str:
    return message[len(field) + 2 :] if field and message.startswith(field + ": ") else message


def result(r: Verdict | Unusable) -> Result:
    """kubeconform's result for a verdict, or for a document that could not be judged (an error)."""
    if isinstance(r, Unusable):
        reason = r.reason[len(r.file) + 2 :] if r.reason.startswith(r.file + ": ") else r.reason
        return Result(r.file, ERROR, reason)
    name = r.generate_name + "{{ generateName }}" if r.generate_name else r.name
    out = Result(r.file, VALID, "", r.kind, name, r.api_version)
    out.namespace = r.namespace
    found = r.rejected + r.errors
    if r.skipped:
        out.status = SKIPPED
    elif r.flag == REJECT:
        out.status, out.msg = ERROR, f"prohibited resource kind {r.kind}"
    elif any(f.reason == NO_KIND_MATCH for f in found):
        missing = "kind" if not r.kind else "apiVersion" if not r.api_version else ""
        out.status = ERROR
        out.msg = f"error while parsing: missing '{missing}' key" if missing else f"could not find schema for {r.kind}"
    elif any(f.reason == DUPLICATE_FIELD for f in r.rejected):
        out.status = ERROR
        out.msg = "error unmarshalling resource: " + "; ".join(f.message for f in r.rejected)
    elif found:
        out.status = INVALID
        out.msg = found[0].message if len(found) == 1 else "[" + ", ".join(f.message for f in found) + "]"
        out.errors = [{"path": pointer(f.field), "msg": _body(f.message, f.field)} for f in found]
    return out


class KubeconformReporter(Reporter):
    """Collects kubeconform's results, a file without any object as an empty result (as kubeconform
    reads one), and counts them; each format prints them its way."""

    def __init__(
        self, out: TextIOBase, files: list[str], verbose: bool = False, summary: bool = False, stop: bool = False
    ):
        super().__init__(out, True, verbose, summary)
        self.files, self.stop = files, stop  # stop: -exit-on-error, the files after a failure are not read
        self.stdin = files == ["-"]
        self.next, self.current_seen = 0, False
        self.counts = dict.fromkeys((VALID, INVALID, ERROR, SKIPPED), 0)
        self.paths: set[str] = set()
        self.failed = False

    def verdict(self, vd: Verdict) -> None:
        self._reach(vd.file)
        self._add(result(vd))

    def unusable(self, u: Unusable) -> None:
        self._reach(u.file)
        self._add(result(u))

    def end(self, summary: Summary) -> None:
        if not (self.stop and self.failed):
            self._reach(None)
        self.finish()

    def _reach(self, path: str | None) -> None:
        """Empty results for the files before `path` (all that are left, for None) that held no object."""
        if path is not None and path not in self.files[self.next :]:
            return
        while self.next < len(self.files) and self.files[self.next] != path:
            if not self.current_seen:
                self._add(Result(self.files[self.next], EMPTY))
            self.next += 1
            self.current_seen = False
        self.current_seen = self.next < len(self.files)

    def _add(self, r: Result) -> None:
        self.paths.add(r.path)
        if r.status:
            self.counts[r.status] += 1
        self.failed = self.failed or r.status in (INVALID, ERROR)
        self.add(r)

    def add(self, r: Result) -> None:
        raise NotImplementedError

    def finish(self) -> None:
        raise NotImplementedError

    def summary_line(self) -> str:
        """text's and pretty's last line (with -summary)."""
        c = self.counts
        n = sum(c.values())
        found = f"{n} resource{'s' if n > 1 else ''} found"
        where = "parsing stdin" if self.stdin else f"in {len(self.paths)} file{'s' if len(self.paths) > 1 else ''}"
        counts = f"Valid: {c[VALID]}, Invalid: {c[INVALID]}, Errors: {c[ERROR]}, Skipped: {c[SKIPPED]}"
        return f"Summary: {found} {where} - {counts}"


class Text(KubeconformReporter):
    """`path - Kind name is invalid: msg` per failure (and valid and skipped objects with -verbose)."""

    def add(self, r: Result) -> None:
        if r.status == VALID and self.verbose:
            self.write(terminal(f"{r.path} - {r.kind} {r.name} is valid"))
        elif r.status == INVALID:
            self.write(terminal(f"{r.path} - {r.kind} {r.name} is invalid: {r.msg}"))
        elif r.status == ERROR:
            what = f"{r.kind} {r.name} " if r.kind and r.name else ""
            self.write(terminal(f"{r.path} - {what}failed validation: {r.msg}"))
        elif r.status == SKIPPED and self.verbose:
            self.write(terminal(f"{r.path} - {r.name} {r.kind} skipped"))  # name first, as kubeconform prints it

    def finish(self) -> None:
        if self.summary:
            self.write(self.summary_line())


class Pretty(Text):
    """text's results with a coloured mark (none with NO_COLOR set)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        plain = bool(os.environ.get("NO_COLOR"))
        self.red, self.green, self.yellow, self.reset = (
            ("",) * 4 if plain else ("\033[31m", "\033[32m", "\033[33m", "\033[0m")
        )

    def add(self, r: Result) -> None:
        red, reset = self.red, self.reset
        path, kind, name, msg = (terminal(s) for s in (r.path, r.kind, r.name, r.msg))
        if r.status == VALID and self.verbose:
            self.write(f"{self.green}\u2714{reset} {path}: {self.green}{kind} {name} is valid{reset}")
        elif r.status == INVALID:
            self.write(f"{red}\u2716{reset} {path}: {red}{kind} {name} is invalid: {msg}{reset}")
        elif r.status == ERROR:  # kubeconform's order: the kind, then the name beside the message
            what = (
                f"{kind} failed validation: {name} {msg}" if r.kind and r.name else f"failed validation: {name} {msg}"
            )
            self.write(f"{red}\u2716{reset} {path}: {red}{what}{reset}")
        elif r.status == SKIPPED and self.verbose:
            what = f"{kind} {name} skipped" if r.kind and r.name else f"{kind} skipped" if r.kind else "skipped"
            self.write(f"{self.yellow}-{reset} {path}: {self.yellow}{what}{reset}")


class Tap(KubeconformReporter):
    """TAP version 13: a test point per result, as it comes; an empty file `ok N - path (empty)`."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.n = 0

    def add(self, r: Result) -> None:
        self.n += 1
        if self.n == 1:
            self.write("TAP version 13")
        path, qualified, msg = tap_description(r.path), tap_description(r.qualified()), tap_description(r.msg)
        line = {
            VALID: f"ok {self.n} - {path} ({qualified})",
            INVALID: f"not ok {self.n} - {path} ({qualified}): {msg}",
            EMPTY: f"ok {self.n} - {path} (empty)",
            ERROR: f"not ok {self.n} - {path}: {msg}",
            SKIPPED: f"ok {self.n} - {path} ({qualified}) # skip",
        }[r.status]
        self.write(line)

    def finish(self) -> None:
        self.write(f"1..{self.n}")


class Json(KubeconformReporter):
    """`{"resources": [...]}` (failures, every result with -verbose), and `"summary"` with -summary."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.resources: list[dict] = []

    def add(self, r: Result) -> None:
        if self.verbose or r.status in (INVALID, ERROR):
            doc = {"filename": r.path, "kind": r.kind, "name": r.name, "version": r.version, "status": r.status}
            doc["msg"] = r.msg
            if r.errors:
                doc["validationErrors"] = r.errors
            self.resources.append(doc)

    def finish(self) -> None:
        doc: dict = {"resources": self.resources}
        if self.summary:
            c = self.counts
            doc["summary"] = {"valid": c[VALID], "invalid": c[INVALID], "errors": c[ERROR], "skipped": c[SKIPPED]}
        self.write(json_document(doc))


class Junit(KubeconformReporter):
    """JUnit XML as kubeconform writes it: a testsuite per file, a testcase per object (`name` its
    [namespace/]name, `classname` Kind@apiVersion), the run's seconds on the root."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.started = time.monotonic()
        self.suites: dict[str, dict] = {}

    def add(self, r: Result) -> None:
        if r.status == EMPTY:
            return
        suite = self.suites.setdefault(r.path, {"id": len(self.suites) + 1, "cases": [], "failures": 0, "errors": 0})
        suite.setdefault("skipped", 0)
        suite["failures"] += r.status == INVALID
        suite["errors"] += r.status == ERROR
        suite["skipped"] += r.status == SKIPPED
        suite["cases"].append(r)

    def finish(self) -> None:
        cases = [r for s in self.suites.values() for r in s["cases"]]
        count = {s: sum(r.status == s for r in cases) for s in (INVALID, ERROR, SKIPPED)}
        seconds = _go_float(time.monotonic() - self.started)
        lines = [
            f'<testsuites name="kubeconform" time="{seconds}" tests="{len(cases)}" failures="{count[INVALID]}" '
            f'disabled="{count[SKIPPED]}" errors="{count[ERROR]}">'
        ]
        for path, s in self.suites.items():
            lines.append(
                f'  <testsuite name="{_xml(path)}" id="{s["id"]}" tests="{len(s["cases"])}" failures="{s["failures"]}" '
                f'errors="{s["errors"]}" disabled="0" skipped="{s["skipped"]}">'
            )
            for r in s["cases"]:
                name = f"{r.namespace}/{r.name}" if r.namespace else r.name
                case = f'    <testcase name="{_xml(name)}" classname="{_xml(r.kind)}@{_xml(r.version)}" time="0">'
                inner = {
                    INVALID: f'<failure message="{_xml(r.msg)}" type=""></failure>',
                    ERROR: f'<error message="{_xml(r.msg)}" type=""></error>',
                    SKIPPED: '<skipped message=""></skipped>',
                }.get(r.status)
                lines += [case, f"      {inner}", "    </testcase>"] if inner else [case + "</testcase>"]
            lines.append("  </testsuite>")
        if len(lines) == 1:
            lines[0] += "</testsuites>"
        else:
            lines.append("</testsuites>")
        self.write("\n".join(lines))


_GO_XML = {
    "&": "&amp;",
    "<": "&lt;",
    ">": "&gt;",
    '"': "&#34;",
    "'": "&#39;",
    "\t": "&#x9;",
    "\n": "&#xA;",
    "\r": "&#xD;",
}


def _xml(s: str) -> str:
    """An attribute value as Go's encoding/xml escapes it (what XML cannot hold escaped by `xml_text`)."""
    return re.sub("[&<>\"'\t\n\r]", lambda m: _GO_XML[m[0]], xml_text(s))


def _go_float(x: float) -> str:
    """A float as Go's encoding/xml writes one (`strconv.FormatFloat(x, 'g', -1, 64)`)."""
    text = repr(x)
    return text[:-2] if text.endswith(".0") else text


REPORTERS = {"json": Json, "junit": Junit, "pretty": Pretty, "tap": Tap, "text": Text}
