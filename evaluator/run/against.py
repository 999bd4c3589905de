"""`dv-eval --against REV|PATH`: every new object judged as the change the cluster will see.

The old side is a git revision (the same files and folders at that revision, read by `gitrev`) or a
file, folder or stream of the previous manifests. Objects pair by identity — API group, kind,
namespace and name, wherever their files moved, Lists expanded — with the namespace defaulted the
same way on both sides (`default` for a namespaced kind, none for a cluster-scoped one). A pair is
judged as an update of the old object (as `dv-eval new.yaml old.yaml`), an identical pair is
`unchanged` and not judged, an object with no old twin is a create, and an old object with no new
twin is reported `deleted` (not an error)."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable, Iterator

from evaluator.input.document import Doc, InputError
from evaluator.runtime import native

from .batch import files
from .verdict import Options, Unusable, Verdict, guarded, items_of

UPDATED, CREATED, UNCHANGED, DELETED = "updated", "created", "unchanged", "deleted"
CHANGES = (UPDATED, CREATED, UNCHANGED, DELETED)

# Built-in kinds that are not namespaced (`kubectl api-resources --namespaced=false`), by (group, kind):
# the server drops their namespace; every other built-in kind is defaulted to the request's namespace.
CLUSTER_SCOPED = frozenset(
    [("", k) for k in ("Namespace", "Node", "PersistentVolume", "ComponentStatus")]
    + [("rbac.authorization.k8s.io", k) for k in ("ClusterRole", "ClusterRoleBinding")]
    + [("apiextensions.k8s.io", "CustomResourceDefinition"), ("apiregistration.k8s.io", "APIService")]
    + [
        ("admissionregistration.k8s.io", k)
        for k in (
            "ValidatingWebhookConfiguration",
            "MutatingWebhookConfiguration",
            "ValidatingAdmissionPolicy",
            "ValidatingAdmissionPolicyBinding",
            "MutatingAdmissionPolicy",
            "MutatingAdmissionPolicyBinding",
        )
    ]
    + [
        ("storage.k8s.io", k)
        for k in ("StorageClass", "CSIDriver", "CSINode", "VolumeAttachment", "VolumeAttributesClass")
    ]
    + [("scheduling.k8s.io", "PriorityClass"), ("node.k8s.io", "RuntimeClass")]
    + [("networking.k8s.io", k) for k in ("IngressClass", "IPAddress", "ServiceCIDR")]
    + [("certificates.k8s.io", k) for k in ("CertificateSigningRequest", "ClusterTrustBundle")]
    + [("flowcontrol.apiserver.k8s.io", k) for k in ("FlowSchema", "PriorityLevelConfiguration")]
    + [("internal.apiserver.k8s.io", "StorageVersion"), ("storagemigration.k8s.io", "StorageVersionMigration")]
    + [("resource.k8s.io", k) for k in ("DeviceClass", "ResourceSlice", "DeviceTaintRule")]
    + [("policy", "PodSecurityPolicy")]
)
DEFAULT_NAMESPACE = "default"


class OldObject:
    """An object of the old side: its document, and where it was (`web.yaml@origin/main`, line)."""

    def __init__(self, doc: Doc, file: str, line: int):
        self.doc, self.file, self.line = doc, file, line


class OldSide:
    """The old side's objects by identity; `judge` pairs and judges one new document."""

    def __init__(self, label: str, cluster_scoped: frozenset):
        self.label = label  # REV or PATH, as given
        self.cluster_scoped = cluster_scoped
        self.objects: dict[tuple, OldObject] = {}
        self.warnings: list[str] = []  # old documents that could not be read, hence not paired

    def key(self, api_version: object, kind: object, namespace: object, name: object) -> tuple | None:
        """An object's identity: (group, kind, namespace as the server defaults it, name); None when it
        has no name (a `generateName` object is always a create)."""
        if not isinstance(kind, str) or not isinstance(name, str) or not name or not isinstance(api_version, str):
            return None
        group = api_version.rpartition("/")[0]
        if (group, kind) in self.cluster_scoped:
            namespace = ""
        elif not isinstance(namespace, str) or not namespace:
            namespace = DEFAULT_NAMESPACE
        return (group, kind, namespace, name)

    def key_of(self, obj: object) -> tuple | None:
        if not isinstance(obj, dict):
            return None
        meta = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
        return self.key(obj.get("apiVersion"), obj.get("kind"), meta.get("namespace"), meta.get("name"))

    def add(self, doc: Doc, file: str) -> None:
        for d in items_of(doc) or [doc]:
            key = None if d.error else self.key_of(d.value)
            if key is not None:  # the last one of an identity wins, as the last apply does
                # its value and line only: a YAML node per value, kept for the run, would weigh on every
                # pass of the garbage collector
                self.objects[key] = OldObject(Doc(d.value, file, d.index), file, d.line_of("") or 1)

    def judge(self, opts: Options, doc: Doc) -> Verdict | Unusable:
        """A new document judged as an update of its old twin, a create, or unchanged (not judged)."""
        key = None if doc.error else self.key_of(doc.value)
        old = self.objects.get(key) if key is not None else None
        if old is None:
            r = guarded(opts, doc, None)
            change = CREATED
        elif _same(doc.value, old.doc.value):
            obj = doc.value
            meta = obj.get("metadata")
            r = Verdict(obj["kind"], meta["name"], obj["apiVersion"], doc.file, doc.line_of("") or 1)
            r.namespace = str(meta.get("namespace") or "")
            change = UNCHANGED
        else:
            r = guarded(opts, doc, old.doc)
            change = UPDATED
        if isinstance(r, Verdict):
            r.change = change
            if old is not None:
                r.old_file, r.old_line = old.file, old.line
        return r

    def with_deleted(self, found: Iterator) -> Iterator:
        """The results of the new side, then a `deleted` verdict for each old object no new one paired with."""
        seen = set()
        try:
            for r in found:
                if type(r) is Verdict and r.change in (UPDATED, UNCHANGED):
                    seen.add(self.key(r.api_version, r.kind, r.namespace, r.name))
                yield r
        finally:
            getattr(found, "close", lambda: None)()  # --exit-on-error: stops the workers, if any
        for key, old in self.objects.items():
            if key in seen:
                continue
            obj = old.doc.value
            meta = obj.get("metadata")
            vd = Verdict(obj["kind"], meta["name"], obj["apiVersion"], old.file, old.line)
            vd.namespace = str(meta.get("namespace") or "")
            vd.change, vd.old_file, vd.old_line = DELETED, old.file, old.line
            yield vd


def _same(a: object, b: object) -> bool:
    """The same value, types included (`1`, `1.0` and `true` are equal in Python, not to the server)."""
    if a != b:
        return False
    import json

    return json.dumps(a, sort_keys=True, default=repr) == json.dumps(b, sort_keys=True, default=repr)


def _docs(file: str, data: bytes) -> Iterator[Doc]:
    """The documents of an old file's bytes (the direct reader where it reads them, else the loader)."""
    found = None
    if native.PLAINYAML:
        from evaluator.input.plainyaml import read

        found = read(data)
    if found is not None:
        for index, (value, line) in enumerate(found):
            yield Doc(value, file, index, start=line, data=data)
        return
    from evaluator.input.loader import iter_docs

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{file}: not UTF-8 text") from None
    yield from iter_docs(file, text, duplicates="keep")


def _read(side: OldSide, file: str, data: bytes) -> None:
    """The objects of one old file into `side`; a file that cannot be read is a warning, not a verdict."""
    try:
        for doc in _docs(file, data):
            side.add(doc, file)
    except InputError as e:
        side.warnings.append(f"{e}: the objects after it are not paired (judged as creates)")


def cluster_scoped(catalog) -> frozenset:
    """The built-in cluster-scoped kinds and those of the catalog's CRDs with `scope: Cluster`."""
    crds = {
        (g, k)
        for (g, _, k), t in catalog.by_gvk.items()
        if t.crd is not None and (t.crd.get("spec") or {}).get("scope") == "Cluster"
    }
    return CLUSTER_SCOPED | crds


def is_path(against: str) -> bool:
    """Whether `--against` names the old side's manifests (a file, a folder, `-`) rather than a revision."""
    return against == "-" or os.path.exists(against)


def from_path(path: str, scoped: frozenset, ignored: Callable[[str], bool] | None) -> OldSide:
    """The old side from a file, a folder of files, or standard input (`-`)."""
    side = OldSide(path, scoped)
    for file in files([path], ignored):
        if file == "-":
            data = sys.stdin.buffer.read() if sys.stdin is not None else b""
        else:
            try:
                with open(file, "rb") as f:
                    data = f.read()
            except OSError as e:
                raise InputError(f"--against {path}: {file}: cannot read: {e.strerror}") from None
        _read(side, file, data)
    gc.freeze()  # the old side lives as long as the run: out of the garbage collector's passes
    return side


def from_revision(rev: str, paths: list[str], scoped: frozenset, ignored: Callable[[str], bool] | None) -> OldSide:
    """The old side from the same files and folders (`paths`, of the working tree) at git revision `rev`."""
    from evaluator.input.gitrev import Revision

    if "-" in paths:
        raise InputError(f"--against {rev}: a revision pairs files of the repository, not standard input")
    first = paths[0]
    revision = Revision(rev, first if os.path.isdir(first) else os.path.dirname(os.path.abspath(first)))
    wanted = [revision.relative(p) for p in paths]
    side = OldSide(rev, scoped)
    here = os.getcwd()
    for path, data in revision.files(wanted):
        shown = os.path.relpath(os.path.join(revision.top, path), here)
        if ignored is not None and ignored(shown):
            continue
        _read(side, f"{shown}@{rev}", data)
    gc.freeze()  # the old side lives as long as the run: out of the garbage collector's passes
    return side
