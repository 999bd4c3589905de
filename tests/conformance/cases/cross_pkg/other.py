# +k8s:validation-gen=*
# This is a test package.  It exists to demonstrate references to types that
# are not part of the gengo args.  Even though this package purports to have
# validations, it is outside of the args used when generating output_tests,
# and so the generated could should NOT descend into these.
# +k8s:validation-gen-nolint
# (reference: cmd/validation-gen/output_tests/_codegenignore/other)
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
