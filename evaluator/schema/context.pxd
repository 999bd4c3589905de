# Cython declarations for the compiled build of context.py (setup.py): a validation's state as a C
# struct, made once per validation and read by every check.

cdef class Ctx:
    cdef public list errors
    cdef public object update, options, subresource, level, declared, measured
