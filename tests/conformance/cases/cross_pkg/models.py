# +k8s:validation-gen=*
# +k8s:validation-gen-scheme-registry=k8s.io/code-generator/cmd/validation-gen/testscheme.Scheme
# +k8s:validation-gen-test-fixture=validateFalse
# +k8s:validation-gen-nolint
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from other import IntType, StringType, StructType
from primitives import T1 as primitives_T1
from primitives import T2 as primitives_T2
from primitives import T3 as primitives_T3
from typedefs import E1 as typedefs_E1
from typedefs import E2 as typedefs_E2
from typedefs import E3 as typedefs_E3
from typedefs import E4 as typedefs_E4


@dataclass
class T1:
    # +k8s:validateTrue="field T1.PrimitivesT1"
    primitivest1: primitives_T1
    # +k8s:validateTrue="field T1.PrimitivesT1Ptr"
    primitivest1Ptr: Optional[primitives_T1]
    # +k8s:validateTrue="field T1.PrimitivesT2"
    primitivest2: primitives_T2
    # +k8s:validateTrue="field T1.PrimitivesT2Ptr"
    primitivest2Ptr: Optional[primitives_T1]
    # +k8s:validateTrue="field T1.PrimitivesT3"
    primitivest3: primitives_T3
    # +k8s:validateTrue="field T1.PrimitivesT3Ptr"
    primitivest3Ptr: Optional[primitives_T1]
    # T4 and T5 are not root types in that pkg and are not linked into any
    # root type's transitive graph, so they have no functions.

    # +k8s:validateTrue="field T1.TypedefsE1"
    typedefse1: typedefs_E1
    # +k8s:validateTrue="field T1.TypedefsE1Ptr"
    typedefse1Ptr: Optional[typedefs_E1]
    # +k8s:validateTrue="field T1.TypedefsE2"
    typedefse2: typedefs_E2
    # +k8s:validateTrue="field T1.TypedefsE2Ptr"
    typedefse2Ptr: Optional[typedefs_E2]
    # +k8s:validateTrue="field T1.TypedefsE3"
    typedefse3: typedefs_E3
    # +k8s:validateTrue="field T1.TypedefsE3Ptr"
    typedefse3Ptr: Optional[typedefs_E3]
    # +k8s:validateTrue="field T1.TypedefsE4"
    typedefse4: typedefs_E4
    # +k8s:validateTrue="field T1.TypedefsE4Ptr"
    typedefse4Ptr: Optional[typedefs_E4]

    # +k8s:validateTrue="field T1.OtherString"
    # +k8s:opaqueType
    otherString: StringType
    # +k8s:validateTrue="field T1.OtherStringPtr"
    # +k8s:opaqueType
    otherStringPtr: Optional[StringType]
    # +k8s:validateTrue="field T1.OtherInt"
    # +k8s:opaqueType
    otherInt: IntType
    # +k8s:validateTrue="field T1.OtherIntPtr"
    # +k8s:opaqueType
    otherIntPtr: Optional[IntType]
    # +k8s:validateTrue="field T1.OtherStruct"
    # +k8s:opaqueType
    otherStruct: StructType
    # +k8s:validateTrue="field T1.OtherStructPtr"
    # +k8s:opaqueType
    otherStructPtr: Optional[StructType]

    # +k8s:validateTrue="field T1.SliceOfOtherStruct"
    # +k8s:eachVal=+k8s:validateTrue="field T1.SliceOfOtherStruct values"
    # +k8s:eachVal=+k8s:opaqueType
    sliceOfOtherStruct: list[StructType]

    # +k8s:validateTrue="field T1.ListMapOfOtherStruct"
    # +k8s:eachVal=+k8s:validateTrue="field T1.SliceOfOtherStruct values"
    # +k8s:listType=map
    # +k8s:listMapKey=stringField
    # +k8s:eachVal=+k8s:opaqueType
    listMapOfOtherStruct: list[StructType]

    # +k8s:validateTrue="field T1.MapOfOtherStringToOtherStruct"
    # +k8s:eachKey=+k8s:validateTrue="field T1.MapOfOtherStringToOtherStruct keys"
    # +k8s:eachVal=+k8s:validateTrue="field T1.MapOfOtherStringToOtherStruct values"
    # +k8s:eachKey=+k8s:opaqueType
    # +k8s:eachVal=+k8s:opaqueType
    mapOfOtherStringToOtherStruct: dict[StringType, StructType]
