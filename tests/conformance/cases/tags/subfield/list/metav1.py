"""k8s.io/apimachinery/pkg/apis/meta/v1 types used by subfield/list (ObjectMeta and what it uses).

Tags are copied from the apimachinery source the reference builds against. In the reference
the ObjectMeta field is `+k8s:opaqueType`, so none of these type/field tags run in the cases.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, NewType, Optional

# k8s.io/apimachinery/pkg/types.UID (kept here: a module named `types` would shadow the stdlib).
UID = NewType("UID", str)

# metav1.Time: a struct with custom JSON marshalling to an RFC 3339 string.
Time = NewType("Time", str)

# metav1.FieldsV1: custom JSON marshalling; its JSON form is an arbitrary JSON object.
FieldsV1 = NewType("FieldsV1", dict[str, Any])


@dataclass
class ObjectMeta:
    # +optional
    name: str
    # +optional
    generateName: str
    # +optional
    namespace: str
    # +optional
    selfLink: str
    # +optional
    # +k8s:alpha(since: "1.37")=+k8s:optional
    # +k8s:alpha(since: "1.37")=+k8s:immutable
    uid: UID
    # +optional
    resourceVersion: str
    # +optional
    # +k8s:alpha(since: "1.37")=+k8s:optional
    # +k8s:alpha(since: "1.37")=+k8s:minimum=0
    generation: int
    # +optional
    # +k8s:alpha(since: "1.37")=+k8s:immutable
    creationTimestamp: Time
    # +optional
    # +k8s:alpha(since: "1.37")=+k8s:optional
    # +k8s:alpha(since: "1.37")=+k8s:immutable
    deletionTimestamp: Optional[Time]
    # +optional
    # +k8s:alpha(since: "1.37")=+k8s:optional
    # +k8s:alpha(since: "1.37")=+k8s:immutable
    deletionGracePeriodSeconds: Optional[int]
    # +optional
    labels: dict[str, str]
    # +optional
    annotations: dict[str, str]
    # +optional
    # +patchMergeKey=uid
    # +patchStrategy=merge
    # +listType=map
    # +listMapKey=uid
    # +k8s:alpha(since:"1.37")=+k8s:optional
    ownerReferences: list[OwnerReference]
    # +optional
    # +patchStrategy=merge
    # +listType=set
    finalizers: list[str]
    # +optional
    # +listType=atomic
    # +k8s:alpha(since: "1.37")=+k8s:optional
    managedFields: list[ManagedFieldsEntry]


# +structType=atomic
@dataclass
class OwnerReference:
    # +k8s:alpha(since:"1.37")=+k8s:required
    apiVersion: str
    # +k8s:alpha(since:"1.37")=+k8s:required
    kind: str
    # +k8s:alpha(since:"1.37")=+k8s:required
    name: str
    # +k8s:alpha(since:"1.37")=+k8s:required
    uid: UID
    # +optional
    controller: Optional[bool]
    # +optional
    blockOwnerDeletion: Optional[bool]


@dataclass
class ManagedFieldsEntry:
    manager: str
    # +k8s:alpha(since: "1.37")=+k8s:required
    operation: ManagedFieldsOperationType
    apiVersion: str
    # +optional
    time: Optional[Time]
    fieldsType: str
    fieldsV1: Optional[FieldsV1]
    # +optional
    subresource: str


# ManagedFieldsOperationType is the type of operation which lead to a ManagedFieldsEntry being created.
# +k8s:alpha(since: "1.37")=+k8s:enum
class ManagedFieldsOperationType(str, Enum):
    Apply = "Apply"
    Update = "Update"
