# core/v1 ReplicationController, with the declarative tags Kubernetes migrated
# it to (replicas, minReadySeconds, selector, template).
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from dv2openapi.types import int32


@dataclass
class ObjectMeta:
    # +k8s:optional
    # +k8s:format=k8s-long-name
    name: str
    # +k8s:optional
    # +k8s:format=k8s-short-name
    namespace: str
    # +k8s:optional
    # +k8s:eachKey=+k8s:format=k8s-label-key
    # +k8s:eachVal=+k8s:format=k8s-label-value
    labels: dict[str, str]


@dataclass
class Container:
    # +k8s:required
    # +k8s:format=k8s-short-name
    name: str
    # +k8s:required
    image: str


@dataclass
class PodSpec:
    # +k8s:required
    # +k8s:listType=map
    # +k8s:listMapKey=name
    containers: list[Container]


@dataclass
class PodTemplateSpec:
    # +k8s:optional
    metadata: Optional[ObjectMeta]
    # +k8s:optional
    spec: Optional[PodSpec]


@dataclass
class ReplicationControllerSpec:
    # Replicas is the number of desired replicas.
    # +k8s:optional
    # +k8s:minimum=0
    replicas: Optional[int32]
    # Minimum number of seconds for which a newly created pod should be ready.
    # +k8s:optional
    # +k8s:minimum=0
    minReadySeconds: int32
    # +k8s:optional
    # +k8s:eachKey=+k8s:format=k8s-label-key
    # +k8s:eachVal=+k8s:format=k8s-label-value
    selector: dict[str, str]
    # +k8s:optional
    template: Optional[PodTemplateSpec]


@dataclass
class ReplicationControllerStatus:
    # +k8s:optional
    # +k8s:minimum=0
    replicas: int32
    # +k8s:optional
    # +k8s:minimum=0
    readyReplicas: int32


@dataclass
class ReplicationController:
    apiVersion: str
    kind: str
    # +k8s:optional
    metadata: Optional[ObjectMeta]
    # +k8s:optional
    spec: Optional[ReplicationControllerSpec]
    # +k8s:optional
    status: Optional[ReplicationControllerStatus]
