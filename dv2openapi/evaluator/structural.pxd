# Cython declarations for the compiled build of structural.py (setup.py): a struct's fields walked with
# typed containers (C-level dict lookups and iteration).
import cython

@cython.locals(types=tuple, e=tuple)
cdef _walk_fields(tuple fast_always, dict fast_lazy, dict v, object olds, object path, object ctx)
