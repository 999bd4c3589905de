# +k8s:validation-gen=TypesWithField=TypeMeta
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass

# validateTrue should sort after validateFalse, but all the validateFalse
# should retain their order.


# +k8s:validateTrue="type T1 #0"
# +k8s:validateFalse="type T1 #1"
# +k8s:validateFalse="type T1 #2"
# +k8s:validateFalse="type T1 #3"
@dataclass
class T1:
    # +k8s:validateTrue="field T1.S true"
    # +k8s:validateFalse="field T1.S false #1"
    # +k8s:validateFalse="field T1.S false #2"
    # +k8s:validateFalse="field T1.S false #3"
    s: str
    # +k8s:validateTrue="field T1.T2 true"
    # +k8s:validateFalse="field T1.T2 false #1"
    # +k8s:validateFalse="field T1.T2 false #2"
    # +k8s:validateFalse="field T1.T2 false #3"
    t2: T2


# +k8s:validateTrue="type T2 true"
# +k8s:validateFalse="type T2 false #1"
# +k8s:validateFalse="type T2 false #2"
@dataclass
class T2:
    # +k8s:validateTrue="field T2.S true"
    # +k8s:validateFalse="field T2.S false #1"
    # +k8s:validateFalse="field T2.S false #2"
    s: str
