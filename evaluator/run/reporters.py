"""dv-eval's output formats: text (kubectl), json (Kubernetes Status), junit (CI servers), github
(GitHub Actions workflow commands), tap (Test Anything Protocol) and pretty (kubeconform's coloured
lines). Each reporter gets the results one at a time (a verdict, or an unusable document in its
place), then the summary."""

from __future__ import annotations

import os
import re
from io import TextIOBase

from evaluator.schema.errors import plural

from .escaping import (
    github_data,
    github_property,
    go_quote,
    json_document,
    tap_description,
    tap_reason,
    terminal,
    xml_text,
)
from .verdict import NO_KIND_MATCH, Finding, Unusable, Verdict

FORMATS = ("text", "json", "junit", "github", "tap", "pretty")
CHANGES = ("updated", "created", "unchanged", "deleted")  # with --against (against.py)


class Summary:
    """The counts a run ends with."""

    def __init__(self) -> None:
        self.objects = self.invalid = self.skipped = 0
        self.asked = 0  # of the skipped, those --skip named (the others had no schema)
        self.unusable = 0  # documents (or rests of files) that could not be judged
        self.unchecked = 0  # objects validated without their schema's CEL rules
        self.changes: dict[str, int] = {}  # --against: updated, created, unchanged, deleted (not among the objects)

    @property
    def valid(self) -> int:
        return self.objects - self.invalid - self.skipped - self.unusable

    def line(self) -> str:
        out = f"{plural(self.objects, 'object')}: {self.valid} valid, {self.invalid} invalid"
        if self.unusable:
            out += f", {self.unusable} unusable"
        if self.skipped:
            why = [(n, w) for n, w in ((self.asked, "--skip"), (self.skipped - self.asked, "no schema")) if n]
            out += f", {self.skipped} skipped ({why[0][1] if len(why) == 1 else ', '.join(f'{n} {w}' for n, w in why)})"
        if self.changes:
            out += "; " + ", ".join(f"{self.changes.get(c, 0)} {c}" for c in CHANGES)
        if self.unchecked:
            out += f"; {self.unchecked} validated without their CEL rules (x-kubernetes-validations)"
        return out


class Reporter:
    """Base: `batch` is False for a single object (or an update), True for many; `verbose` also
    reports valid and skipped objects where only failures are (text, pretty); `summary` ends a
    single object's report with the summary too (text, pretty; a comment in tap)."""

    def __init__(self, out: TextIOBase, batch: bool, verbose: bool = False, summary: bool = False):
        self.out, self.batch, self.verbose, self.summary = out, batch, verbose, summary

    def verdict(self, vd: Verdict) -> None:
        raise NotImplementedError

    def unusable(self, u: Unusable) -> None:
        """A document (or the rest of a file) that could not be judged, in place of its verdict."""
        raise NotImplementedError

    def end(self, summary: Summary) -> None:
        raise NotImplementedError

    def write(self, text: str) -> None:
        self.out.write(text + "\n")


def _where(vd: Verdict, f: Finding) -> str:
    return f"{vd.file}:{f.line}"


def title(vd: Verdict) -> str:
    """The object as kubectl names it: its kind, and its name as Go's `%q` prints it."""
    return f"{vd.kind or 'object'} {go_quote(vd.name)}"


_NOTES = {"created": " (create)", "unchanged": " (unchanged)", "deleted": " (deleted)"}


def change(vd: Verdict) -> str:
    """With --against, the object's change, both files named for an update: ` (update:
    web.yaml@origin/main \u2192 web.yaml)`, ` (create)`, ` (unchanged)`, ` (deleted)`; else ""."""
    if vd.change == "updated":
        return f" (update: {vd.old_file} \u2192 {vd.file})"
    return _NOTES.get(vd.change, "")


# -- text ---------------------------------------------------------------------------------------


def text(vd: Verdict) -> str:
    """kubectl-style text for one verdict."""
    if vd.skipped:
        return terminal(f"{title(vd)} skipped: {vd.skipped} ({vd.file}:{vd.line})")
    if vd.change in ("unchanged", "deleted"):
        return terminal(f"{title(vd)} {vd.change} ({vd.file}:{vd.line})")
    lines = [f"The {title(vd)} is invalid{change(vd)}:"] if vd.failed else [f"{title(vd)} is valid{change(vd)}"]
    lines += [f"* {f.message} ({_where(vd, f)})" for f in vd.rejected + vd.errors]
    if vd.shadowed:
        lines.append("Shadowed (not enforced):")
        lines += [f"  * {f.message} ({_where(vd, f)}) [{f.level}]" for f in vd.shadowed]
    return "\n".join(map(terminal, lines))


class TextReporter(Reporter):
    def verdict(self, vd: Verdict) -> None:
        if not self.batch or self.verbose or vd.failed or vd.shadowed or vd.change == "deleted":
            self.write(text(vd))

    def unusable(self, u: Unusable) -> None:
        self.write(terminal(f"error: {u.reason}"))

    def end(self, summary: Summary) -> None:
        if self.batch or self.summary:
            self.write(summary.line())


# -- json ---------------------------------------------------------------------------------------


def _cause(vd: Verdict, f: Finding) -> dict:
    """A StatusCause as the API server writes it: its message is the error's body (`field.Error.
    ErrorBody`), the field apart; file and line added."""
    body = f.message[len(f.field) + 2 :] if f.field and f.message.startswith(f.field + ": ") else f.message
    c = {"reason": f.reason, "message": body, "field": f.field}
    if f.origin:
        c["origin"] = f.origin
    c["file"], c["line"] = vd.file, f.line
    return c


def status(vd: Verdict) -> dict:
    """The Kubernetes Status object for one verdict (file and line added to each cause)."""
    group = vd.api_version.rpartition("/")[0] if isinstance(vd.api_version, str) else ""
    details: dict = {"name": vd.name, "group": group, "kind": vd.kind} if group else {"name": vd.name, "kind": vd.kind}
    out = {"kind": "Status", "apiVersion": "v1", "metadata": {}}
    if vd.skipped:
        out.update(status="Success", code=200, reason="Skipped", message=f"not validated: {vd.skipped}")
    elif not vd.failed:
        out.update(status="Success", code=200)
    elif any(f.reason == NO_KIND_MATCH for f in vd.rejected):
        out.update(status="Failure", code=404, reason="NotFound", message=vd.rejected[0].message)
    elif vd.rejected:  # strict field validation fails the request before validation runs
        version = vd.api_version.rpartition("/")[2]
        joined = ", ".join(f.message for f in vd.rejected)
        message = f'{vd.kind} in version "{version}" cannot be handled as a {vd.kind}: strict decoding error: {joined}'
        out.update(status="Failure", code=400, reason="BadRequest", message=message)
    else:
        # `NewInvalid`: the qualified kind, and the errors as an aggregate prints them
        messages = [f.message for f in vd.errors]
        joined = messages[0] if len(messages) == 1 else "[" + ", ".join(messages) + "]"
        qualified = f"{vd.kind}.{group}" if group else vd.kind
        message = f"{qualified or 'object'} {go_quote(vd.name)} is invalid: {joined}"

        out.update(status="Failure", message=message, reason="Invalid", code=422)
    out["details"] = details
    if vd.failed:
        details["causes"] = [_cause(vd, f) for f in vd.rejected + vd.errors]
    if vd.shadowed:
        details["shadowedCauses"] = [_cause(vd, f) for f in vd.shadowed]
    if vd.change:  # --against: the change, and where the old object was
        out["change"] = vd.change
    if vd.old_file:
        out["previous"] = {"file": vd.old_file, "line": vd.old_line}
    return out


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


class JsonReporter(Reporter):
    """One Status for a single object; a List of them (every object) with the summary in batch mode."""

    def __init__(self, out: TextIOBase, batch: bool, verbose: bool = False, summary: bool = False):
        super().__init__(out, batch, verbose, summary)
        self.items: list = []

    def verdict(self, vd: Verdict) -> None:
        if self.batch:
            self.items.append(status(vd))
        else:
            self.write(json_document(status(vd)))

    def unusable(self, u: Unusable) -> None:
        self.items.append(unusable_status(u))

    def end(self, summary: Summary) -> None:
        if self.batch:
            counts = {k: getattr(summary, k) for k in ("objects", "valid", "invalid", "skipped", "unusable")}
            counts["withoutCELRules"] = summary.unchecked
            if summary.changes:
                counts.update((c, summary.changes.get(c, 0)) for c in CHANGES)
            doc = {"kind": "List", "apiVersion": "v1", "items": self.items, "summary": counts}
            self.write(json_document(doc))


# -- github -------------------------------------------------------------------------------------


class GithubReporter(Reporter):
    """GitHub Actions workflow commands: an annotation on the line of every finding."""

    def command(self, level: str, file: str, line: int, title_: str, message: str) -> None:
        props = f"file={github_property(file)},line={line},title={github_property(title_)}"
        self.write(f"::{level} {props}::{github_data(message)}")

    def verdict(self, vd: Verdict) -> None:
        if vd.change == "deleted":  # no line of the new side to annotate
            self.write(f"::notice title={github_property(title(vd) + ' deleted')}::{github_data(vd.file)}:{vd.line}")
        for f in vd.rejected + vd.errors:
            self.command("error", vd.file, f.line, f"{title(vd)} is invalid{change(vd)}", f.message)
        for f in vd.shadowed:
            self.command("warning", vd.file, f.line, f"{title(vd)}: shadowed ({f.level}, not enforced)", f.message)

    def unusable(self, u: Unusable) -> None:
        m = re.match(re.escape(u.file) + r":(\d+): ", u.reason)
        where = f",line={m[1]}" if m else ""
        self.write(f"::error file={github_property(u.file)}{where},title=dv-eval::{github_data(u.reason)}")

    def end(self, summary: Summary) -> None:
        self.write(summary.line())


# -- junit --------------------------------------------------------------------------------------


class JunitReporter(Reporter):
    """JUnit XML: a testsuite per file, a testcase per object (failure, skipped or passed)."""

    def __init__(self, out: TextIOBase, batch: bool, verbose: bool = False, summary: bool = False):
        super().__init__(out, batch, verbose, summary)
        self.files: dict[str, list] = {}

    def verdict(self, vd: Verdict) -> None:
        self.files.setdefault(vd.file, []).append(vd)

    def unusable(self, u: Unusable) -> None:
        self.files.setdefault(u.file, []).append(u)

    def end(self, summary: Summary) -> None:
        import xml.etree.ElementTree as ET

        def sub(parent, tag: str, text: str | None = None, **attrs: str):
            el = ET.SubElement(parent, tag, {k: xml_text(v) for k, v in attrs.items()})
            if text is not None:
                el.text = xml_text(text)
            return el

        root = ET.Element("testsuites", name="dv-eval")
        totals = dict.fromkeys(("tests", "failures", "errors"), 0)
        for file, entries in self.files.items():
            suite = sub(root, "testsuite", name=file)
            counts = dict.fromkeys(("tests", "failures", "errors", "skipped"), 0)
            for e in entries:
                counts["tests"] += 1
                if isinstance(e, Unusable):
                    case = sub(suite, "testcase", name=file, classname=file)
                    sub(case, "error", e.reason, message=e.reason, type="InternalError" if e.internal else "BadRequest")
                    counts["errors"] += 1
                    continue
                # kubeconform's junit.xsd: no file/line attributes on a testcase; they lead each line below
                name = f"{title(e)} ({file}:{e.line}){change(e)}"
                case = sub(suite, "testcase", name=name, classname=e.api_version or file)
                if e.skipped:
                    sub(case, "skipped", e.skipped)
                    counts["skipped"] += 1
                elif e.failed:
                    found = e.rejected + e.errors
                    text = "\n".join(f"{_where(e, f)}: {f.message}" for f in found)
                    sub(case, "failure", text, message=found[0].message, type=found[0].reason)
                    counts["failures"] += 1
                if e.shadowed:
                    text = "\n".join(f"{_where(e, f)}: shadowed [{f.level}]: {f.message}" for f in e.shadowed)
                    sub(case, "system-out", text)
            for k, n in counts.items():
                suite.set(k, str(n))
                if k in totals:
                    totals[k] += n
        for k, n in totals.items():
            root.set(k, str(n))
        ET.indent(root)
        self.write('<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode"))


# -- tap ----------------------------------------------------------------------------------------


class TapReporter(Reporter):
    """TAP version 13, a test point per object as kubeconform numbers them: `ok N - file (apiVersion/
    Kind/namespace/name)`, `not ok` with the findings, `# skip` for a skipped object."""

    def __init__(self, out: TextIOBase, batch: bool, verbose: bool = False, summary: bool = False):
        super().__init__(out, batch, verbose, summary)
        self.n = 0

    def point(self, status: str, description: str, directive: str = "") -> None:
        if not self.n:
            self.write("TAP version 13")
        self.n += 1
        self.write(f"{status} {self.n} - {tap_description(description)}{directive and ' # ' + tap_reason(directive)}")

    def verdict(self, vd: Verdict) -> None:
        name = f"{vd.file} ({vd.api_version}/{vd.kind}/{vd.namespace}/{vd.name}){change(vd)}"
        if vd.skipped or vd.change == "deleted":
            self.point("ok", name, f"skip {vd.skipped or 'deleted: not judged'}")
        elif vd.failed:
            self.point(
                "not ok", f"{name}: " + "; ".join(f"{f.message} (line {f.line})" for f in vd.rejected + vd.errors)
            )
        else:
            self.point("ok", name)

    def unusable(self, u: Unusable) -> None:
        self.point("not ok", u.reason)

    def end(self, summary: Summary) -> None:
        if not self.n:
            self.write("TAP version 13")
        self.write(f"1..{self.n}")
        if self.summary:
            self.write(f"# {tap_reason(summary.line())}")


# -- pretty -------------------------------------------------------------------------------------


class PrettyReporter(Reporter):
    """kubeconform's `pretty`: a coloured mark and one line per object (valid and skipped ones with
    --verbose), each finding on a line below; no colour when NO_COLOR is set."""

    def __init__(self, out: TextIOBase, batch: bool, verbose: bool = False, summary: bool = False):
        super().__init__(out, batch, verbose, summary)
        plain = bool(os.environ.get("NO_COLOR"))
        self.red, self.green, self.yellow, self.reset = (
            ("",) * 4 if plain else ("\033[31m", "\033[32m", "\033[33m", "\033[0m")
        )

    def verdict(self, vd: Verdict) -> None:
        where, name, note = terminal(f"{vd.file}:{vd.line}"), terminal(title(vd)), terminal(change(vd))
        if vd.change == "deleted":
            self.write(f"{self.yellow}-{self.reset} {where}: {self.yellow}{name} deleted{self.reset}")
        elif vd.failed:
            self.write(f"{self.red}\u2716{self.reset} {where}: {self.red}{name} is invalid{note}{self.reset}")
            for f in vd.rejected + vd.errors:
                self.write(terminal(f"    {f.message} ({_where(vd, f)})"))
        elif vd.skipped and (self.verbose or not self.batch):
            why = terminal(vd.skipped)
            self.write(f"{self.yellow}-{self.reset} {where}: {self.yellow}{name} skipped: {why}{self.reset}")
        elif not vd.skipped and (self.verbose or not self.batch):
            self.write(f"{self.green}\u2714{self.reset} {where}: {self.green}{name} is valid{note}{self.reset}")
        for f in vd.shadowed:
            self.write(terminal(f"    shadowed [{f.level}], not enforced: {f.message} ({_where(vd, f)})"))

    def unusable(self, u: Unusable) -> None:
        self.write(f"{self.red}\u2716{self.reset} {self.red}{terminal(u.reason)}{self.reset}")

    def end(self, summary: Summary) -> None:
        if self.batch or self.summary:
            self.write(summary.line())


REPORTERS = {
    "text": TextReporter,
    "json": JsonReporter,
    "github": GithubReporter,
    "junit": JunitReporter,
    "tap": TapReporter,
    "pretty": PrettyReporter,
}
