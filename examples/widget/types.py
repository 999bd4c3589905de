# A Widget custom resource in example.com: a realistic CRD written as tagged
# Python types. Validation rules are the same +k8s: tags Kubernetes uses.
#
# +k8s:supportsSubresource="/status"
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Optional

from dv2openapi.types import int32


# +k8s:enum
class Size(str, Enum):
    SMALL = "Small"
    MEDIUM = "Medium"
    LARGE = "Large"
    # Only offered while the HugeWidgets feature gate is on.
    # +k8s:ifDisabled("HugeWidgets")=+k8s:enumExclude
    HUGE = "Huge"


@dataclass
class ObjectMeta:
    # +k8s:required
    # +k8s:format=k8s-short-name
    name: str
    # +k8s:optional
    namespace: str
    # +k8s:optional
    # +k8s:eachKey=+k8s:format=k8s-label-key
    # +k8s:eachVal=+k8s:maxLength=63
    labels: dict[str, str]


@dataclass
class GitSource:
    # +k8s:required
    url: str
    # +k8s:optional
    # +k8s:maxLength=255
    revision: str


@dataclass
class ImageSource:
    # +k8s:required
    # +k8s:maxLength=512
    image: str


@dataclass
class Port:
    # +k8s:required
    # +k8s:format=k8s-short-name
    name: str
    # +k8s:minimum=1
    # +k8s:maximum=65535
    port: int32
    # +k8s:optional
    # +k8s:neq="SCTP"
    protocol: str


@dataclass
class WidgetSpec:
    # The size of the widget; Huge only with the HugeWidgets gate.
    # +k8s:required
    size: Size

    # How many replicas; may only grow.
    # +k8s:minimum=0
    # +k8s:monotonic
    replicas: int32

    # Where the widget comes from: exactly one source, named by sourceType.
    # +k8s:unionDiscriminator
    sourceType: str
    # +k8s:unionMember(memberName: "Git")
    # +k8s:optional
    git: Optional[GitSource]
    # +k8s:unionMember(memberName: "Image")
    # +k8s:optional
    image: Optional[ImageSource]

    # The storage class: may be set once, never changed or cleared.
    # +k8s:optional
    # +k8s:update=NoModify,NoClear
    storageClassName: Optional[str]

    # The cluster the widget is bound to; never changes.
    # +k8s:required
    # +k8s:immutable
    clusterRef: str

    # +k8s:optional
    # +k8s:listType=map
    # +k8s:listMapKey=name
    # +k8s:maxItems=16
    # +k8s:item(name: "metrics")=+k8s:subfield(port)=+k8s:minimum=1024
    ports: list[Port]

    # Beta rule: at most 8 tags.
    # +k8s:optional
    # +k8s:beta(since: "1.35")=+k8s:maxItems=8
    # +k8s:listType=set
    tags: list[str]

    # Alpha rule: shadowed, reported but never enforced.
    # +k8s:optional
    # +k8s:alpha(since: "1.36")=+k8s:maxLength=32
    description: str

    # Only allowed while the WidgetPriorities gate is on.
    # +k8s:optional
    # +k8s:ifDisabled("WidgetPriorities")=+k8s:forbidden
    priority: Optional[int]


@dataclass
class Condition:
    # +k8s:required
    type: str
    # +k8s:required
    status: ConditionStatus
    # +k8s:optional
    reason: str


# +k8s:enum
class ConditionStatus(str, Enum):
    TRUE = "True"
    FALSE = "False"
    UNKNOWN = "Unknown"


@dataclass
class WidgetStatus:
    # +k8s:optional
    # +k8s:minimum=0
    readyReplicas: int32
    # +k8s:optional
    # +k8s:listType=map
    # +k8s:listMapKey=type
    conditions: list[Condition]


@dataclass
class Widget:
    apiVersion: str
    kind: str
    metadata: ObjectMeta
    spec: WidgetSpec
    # +k8s:optional
    status: Optional[WidgetStatus]
