# Cython declarations for the compiled build of validator.py (setup.py): a validation's result,
# made once per validation.

cdef class Result(list):
    cdef public list shadowed, enforced
