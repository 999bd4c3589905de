# Every shape a field takes on the wire, for the client comparison (tests/published/test_clients.py): Go value
# and pointer fields, optional value fields whose rules would fault their zero value, required value
# fields, int-or-string, booleans, numbers, bytes, enums, sets, list-maps, maps, nested and inline
# structs, preserve-unknown fields. Objects of it are generated from base.yaml.
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, NewType, Optional

from dv2openapi.types import int32

# +k8s:minimum=1
# +k8s:maximum=65535
PortNumber = NewType("PortNumber", int32)


# +k8s:enum
class Mode(str, Enum):
    FAST = "Fast"
    SLOW = "Slow"


@dataclass
class ObjectMeta:
    # +k8s:required
    # +k8s:format=k8s-short-name
    name: str
    # +k8s:optional
    namespace: str
    # +k8s:optional
    labels: dict[str, str]


@dataclass
class Endpoint:
    # +k8s:required
    name: str
    # +k8s:optional
    # +k8s:minimum=1
    weight: int32
    port: PortNumber
    # +k8s:optional
    note: Optional[str]


@dataclass
class Shared:
    # +k8s:optional
    # +k8s:maxLength=16
    owner: Optional[str]
    # +k8s:optional
    team: str


@dataclass
class FormsSpec:
    count: int32
    # +k8s:optional
    # +k8s:minimum=1
    optCount: int32
    # +k8s:required
    # +k8s:minimum=1
    reqCount: int
    # +k8s:optional
    # +k8s:exclusiveMinimum=0
    # +k8s:exclusiveMaximum=100
    ptrCount: Optional[int]
    ratio: float
    # +k8s:optional
    flag: bool
    # +k8s:required
    enabled: bool
    size: int | str
    # +k8s:optional
    maybeSize: Optional[int | str]
    # +k8s:optional
    mode: Mode
    # +k8s:required
    reqMode: Mode
    # +k8s:optional
    # +k8s:minLength=2
    # +k8s:maxLength=8
    label: str
    # +k8s:optional
    # +k8s:format=k8s-short-name
    host: str
    # +k8s:optional
    data: bytes
    # +k8s:optional
    # +k8s:listType=set
    # +k8s:maxItems=3
    tags: list[str]
    # +k8s:optional
    # +k8s:minItems=1
    hosts: list[str]
    # +k8s:optional
    # +k8s:listType=map
    # +k8s:listMapKey=name
    endpoints: list[Endpoint]
    # +k8s:optional
    backups: list[Optional[Endpoint]]
    # +k8s:optional
    # +k8s:maxProperties=4
    labels: dict[str, str]
    # +k8s:optional
    counts: dict[str, int32]
    primary: Endpoint
    # +k8s:optional
    secondary: Optional[Endpoint]
    # +k8s:optional
    extra: Any
    Shared: Shared = field(metadata={"inline": True})


@dataclass
class Forms:
    apiVersion: str
    kind: str
    metadata: ObjectMeta
    # +k8s:required
    spec: Optional[FormsSpec]
