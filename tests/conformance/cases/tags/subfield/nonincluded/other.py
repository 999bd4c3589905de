"""Types of cmd/validation-gen/output_tests/_codegenignore/other (package other).

In the reference this package is NOT part of validation-gen's input (it sits under
`_codegenignore`), so none of the tags below generate validations; they are copied
verbatim and are expected never to show up ("you should not see this outside of this pkg").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType

# +k8s:validateFalse="you should not see this outside of this pkg"
StringType = NewType("StringType", str)

# +k8s:validateFalse="you should not see this outside of this pkg"
IntType = NewType("IntType", int)


# +k8s:validateFalse="you should not see this outside of this pkg"
@dataclass
class StructType:
    # +k8s:validateFalse="you should not see this outside of this pkg"
    stringField: str
