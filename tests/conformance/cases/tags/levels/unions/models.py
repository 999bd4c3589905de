# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NewType, Optional


@dataclass
class Struct:
    # +k8s:alpha=+k8s:unionDiscriminator
    d: D

    # +k8s:alpha=+k8s:unionMember
    # +k8s:optional
    M1: Optional[M1] = field(metadata={"json": "m1"})

    # +k8s:alpha(since:"1.35")=+k8s:unionMember
    # +k8s:optional
    M2: Optional[M2] = field(metadata={"json": "m2"})


@dataclass
class UnionStructBeta:
    # +k8s:beta=+k8s:unionDiscriminator
    dBeta: BetaD

    # +k8s:beta=+k8s:unionMember
    # +k8s:optional
    M1Beta: Optional[BetaM1] = field(metadata={"json": "m1Beta"})

    # +k8s:beta(since:"1.35")=+k8s:unionMember
    # +k8s:optional
    M2Beta: Optional[BetaM2] = field(metadata={"json": "m2Beta"})


@dataclass
class MyStruct:
    # +k8s:alpha=+k8s:zeroOrOneOfMember
    # +k8s:optional
    Z1: Optional[Z1] = field(metadata={"json": "z1"})

    # +k8s:alpha=+k8s:zeroOrOneOfMember
    # +k8s:optional
    Z2: Optional[Z2] = field(metadata={"json": "z2"})


@dataclass
class MyStructBeta:
    # +k8s:beta=+k8s:zeroOrOneOfMember
    # +k8s:optional
    Z1Beta: Optional[BetaZ1] = field(metadata={"json": "z1Beta"})

    # +k8s:beta=+k8s:zeroOrOneOfMember
    # +k8s:optional
    Z2Beta: Optional[BetaZ2] = field(metadata={"json": "z2Beta"})


D = NewType("D", str)

DM1 = D("M1")
DM2 = D("M2")


@dataclass
class M1:
    pass


@dataclass
class M2:
    pass


BetaD = NewType("BetaD", str)

BetaDM1 = BetaD("M1Beta")
BetaDM2 = BetaD("M2Beta")


@dataclass
class BetaM1:
    pass


@dataclass
class BetaM2:
    pass


@dataclass
class Z1:
    pass


@dataclass
class Z2:
    pass


@dataclass
class BetaZ1:
    pass


@dataclass
class BetaZ2:
    pass


@dataclass
class MyListStruct:
    # +k8s:listType=map
    # +k8s:listMapKey=name
    # +k8s:alpha=+k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
    # +k8s:alpha=+k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
    tasks: list[Task]


@dataclass
class MyListStructBeta:
    # +k8s:listType=map
    # +k8s:listMapKey=name
    # +k8s:beta=+k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
    # +k8s:beta=+k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
    tasksBeta: list[Task]


@dataclass
class Task:
    name: str
    state: str
