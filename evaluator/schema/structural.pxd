# Cython declarations for the compiled build of structural.py (setup.py): a create's walk of struct
# fields, list items and map values with typed containers and fields (C-level dict lookups, iteration
# and attribute reads, C calls into a field's walk, and checks passed without a call: `Accept`).
import cython

from .context cimport Ctx

cdef class Accept:
    cdef readonly frozenset kinds
    cdef readonly object k0
    cdef readonly Py_ssize_t min_len, max_len
    cdef readonly object lo, hi, int_lo, int_hi, members, search
    cdef readonly bint lo_strict, hi_strict

cdef class Tables:
    cdef public tuple always
    cdef public dict fields
    cdef public object build

cdef class Field:
    cdef readonly object name, zero, detail, check, t0
    cdef readonly tuple types
    cdef readonly Tables tables
    cdef readonly bint required
    cdef readonly Accept accept
    cdef readonly Items items
    cdef readonly Field values
    cdef public int rank

cdef class Items:
    cdef readonly Field item
    cdef readonly bint correlate, unique
    cdef readonly object key, field

cdef bint _accepts(Accept a, object x)

@cython.locals(f=Field, errors=list, path=object, made=bint, n=Py_ssize_t, start=Py_ssize_t, rank=int, seen=cython.ulonglong, one=cython.ulonglong)
cdef _walk_fields(tuple fast_always, dict fields, dict v, object olds, object parent, object key, Ctx ctx)

cdef bint _passes(Field f, object x)

@cython.locals(tables=Tables)
cdef _run_field(Field f, object x, object olds, object path, object name, Ctx ctx)

cdef _walk_list(Items w, list v, object path, Ctx ctx)

cdef _walk_items(list v, Field item, object path, Ctx ctx)

cdef _walk_values(dict v, Field f, object path, Ctx ctx)

cpdef _duplicates(object key, object field, object v, object path, object ctx)
