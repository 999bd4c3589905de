# Cython declarations for the compiled build of structural.py (setup.py): a create's walk of struct
# fields and list items with typed containers and fields (C-level dict lookups, iteration and
# attribute reads, and a C call into a struct field's walk).
import cython

cdef class Field:
    cdef readonly object name, zero, detail, check
    cdef readonly tuple types, tables
    cdef readonly bint required

@cython.locals(f=Field)
cdef _walk_fields(tuple fast_always, dict fast_lazy, dict v, object olds, object path, object ctx)

cdef _walk_items(list v, tuple types, object detail, object fn, tuple tables, object path, object ctx)
