# Cython declarations for the compiled build of deep.py (setup.py): the depth measure in C.
cdef bint _within(object v, int levels) except -1
cdef bint _dict_within(dict d, int levels) except -1
cdef bint _list_within(list lst, int levels) except -1
