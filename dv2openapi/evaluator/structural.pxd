# Cython declarations for the compiled build of structural.py (setup.py): a struct's fields walked with
# typed containers (C-level dict lookups and iteration, and a C call into a struct field's walk).
import cython

@cython.locals(types=tuple, e=tuple, tables=tuple)
cdef _walk_fields(tuple fast_always, dict fast_lazy, dict v, object olds, object path, object ctx)

cdef _walk_items(list v, tuple types, object detail, object fn, tuple tables, object path, object ctx)
