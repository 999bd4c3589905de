# cython: language_level=3
"""Plain YAML data read straight from libyaml's events: the fast path for schema files (schemacache)
and for small object files whose objects are all valid (batch).

`loader` composes YAML through PyYAML, which makes a Python node and two marks per YAML node: for a
1.7 MB schema that is ~120 ms of a ~30 ms parse, and importing PyYAML is ~10 ms of every start.
This module drives the same libyaml parser from C and builds the values directly, resolving scalars
with the loader's own functions (`yamlvalues`). It handles the common subset only: maps, lists and
scalars without anchors, aliases, explicit tags or merge keys, no duplicate or non-scalar keys,
within half of MAX_DEPTH and MAX_NODES. On anything else, and on any error, `read` returns None and
the caller reads the text with `loader`, which decides and words the error; on the subset both give
the same values (tests/test_plainyaml.py). Built only where libyaml's header is at hand (setup.py).
"""

from cpython.unicode cimport PyUnicode_DecodeUTF8

from .yamlvalues import MAX_DEPTH, MAX_NODES, _Bad, _HINTS, _WORDS, _key, _number, _plain


cdef extern from "yaml.h":
    ctypedef enum yaml_event_type_t:
        YAML_NO_EVENT
        YAML_STREAM_START_EVENT
        YAML_STREAM_END_EVENT
        YAML_DOCUMENT_START_EVENT
        YAML_DOCUMENT_END_EVENT
        YAML_ALIAS_EVENT
        YAML_SCALAR_EVENT
        YAML_SEQUENCE_START_EVENT
        YAML_SEQUENCE_END_EVENT
        YAML_MAPPING_START_EVENT
        YAML_MAPPING_END_EVENT

    ctypedef enum yaml_encoding_t:
        YAML_UTF8_ENCODING

    ctypedef struct yaml_event_scalar_t:
        unsigned char *anchor
        unsigned char *tag
        unsigned char *value
        size_t length
        int plain_implicit

    ctypedef struct yaml_event_collection_t:
        unsigned char *anchor
        unsigned char *tag

    ctypedef union yaml_event_data_t:
        yaml_event_scalar_t scalar
        yaml_event_collection_t sequence_start
        yaml_event_collection_t mapping_start

    ctypedef struct yaml_mark_t:
        size_t line

    ctypedef struct yaml_event_t:
        yaml_event_type_t type
        yaml_event_data_t data
        yaml_mark_t start_mark

    ctypedef struct yaml_parser_t:
        pass

    void yaml_get_version(int *major, int *minor, int *patch)
    int yaml_parser_initialize(yaml_parser_t *parser)
    void yaml_parser_delete(yaml_parser_t *parser)
    void yaml_parser_set_input_string(yaml_parser_t *parser, const unsigned char *input, size_t size)
    void yaml_parser_set_encoding(yaml_parser_t *parser, yaml_encoding_t encoding)
    int yaml_parser_parse(yaml_parser_t *parser, yaml_event_t *event)
    void yaml_event_delete(yaml_event_t *event)


cdef bint _HINT[256]  # a plain scalar starting with it may be more than text (loader._resolve)
cdef bint _WORD[256]  # ... and then only one of go-yaml's words (`yes`, `~`, ...): no number starts with it
for _c in range(256):
    _HINT[_c] = chr(_c) in _HINTS
    _WORD[_c] = _HINT[_c] and chr(_c) not in "0123456789+-."
cdef size_t _LONGEST_WORD = max(len(w) for w in _WORDS)
cdef Py_ssize_t _MAX_NODES = MAX_NODES // 2, _MAX_DEPTH = MAX_DEPTH // 2  # C integers: checked at every event


_TEXT = object()  # not one of go-yaml's words


class _Unsupported(Exception):
    """Outside the subset (or an error): the loader reads this text."""


cdef object _scalar(yaml_event_t *event, bint key):
    """A scalar's value as loader builds it; a key as sigs.k8s.io/yaml writes it into JSON."""
    # (the event's members by name: yaml.h's nested structs have no type names to point at)
    if event.data.scalar.anchor != NULL or event.data.scalar.tag != NULL:
        raise _Unsupported
    cdef const unsigned char *chars = event.data.scalar.value
    cdef size_t length = event.data.scalar.length
    text = PyUnicode_DecodeUTF8(<const char *>chars, length, "strict")
    if not event.data.scalar.plain_implicit or not (length == 0 or _HINT[chars[0]]):  # as loader._resolve
        return text
    if key and text == "<<":  # a merge key
        raise _Unsupported
    if _WORD[chars[0]]:  # `name`, `None of ...`: one of the words, else the text (as _plain decides)
        v = _WORDS.get(text, _TEXT) if length <= _LONGEST_WORD else _TEXT
        if v is _TEXT:
            return text
    else:
        v = _plain(text)
    t = type(v)
    if t is str:
        return v
    if key:
        return _key(v, text)
    return _number(v) if t is float or t is int else v


cdef object _read(yaml_parser_t *parser):
    cdef yaml_event_t event
    cdef yaml_event_type_t kind
    cdef list docs = []
    cdef list stack = []  # the open collections, innermost last
    cdef object root = None, value, top = None
    cdef object key = None  # the key read in the innermost map, whose value comes next (or None)
    cdef bint in_map = False, opens
    cdef Py_ssize_t nodes = 0, size, line = 0, event_line
    while True:
        if not yaml_parser_parse(parser, &event):
            raise _Unsupported
        try:
            kind = event.type
            event_line = event.start_mark.line + 1
            opens = False
            if kind == YAML_SCALAR_EVENT:
                value = _scalar(&event, in_map and key is None)
            elif kind == YAML_MAPPING_START_EVENT or kind == YAML_SEQUENCE_START_EVENT:
                if event.data.mapping_start.anchor != NULL or event.data.mapping_start.tag != NULL:
                    raise _Unsupported
                value = {} if kind == YAML_MAPPING_START_EVENT else []
                opens = True
            elif kind == YAML_MAPPING_END_EVENT or kind == YAML_SEQUENCE_END_EVENT:
                stack.pop()
                top = stack[-1] if stack else None
                in_map = type(top) is dict  # its value just ended: a key comes next
                continue
            elif kind == YAML_DOCUMENT_START_EVENT:
                root, nodes, line = None, 0, 0
                continue
            elif kind == YAML_DOCUMENT_END_EVENT:
                if root is not None:  # an empty or `null` document: skipped, as loader skips it
                    docs.append((root, line))
                continue
            elif kind == YAML_STREAM_END_EVENT:
                return docs
            elif kind == YAML_STREAM_START_EVENT:
                continue
            else:  # an alias
                raise _Unsupported
        finally:
            yaml_event_delete(&event)
        nodes += 1
        if nodes > _MAX_NODES:
            raise _Unsupported
        if top is None:
            root, line = value, event_line
        elif not in_map:
            (<list>top).append(value)
        elif key is None:
            if opens:  # a map or list as a key
                raise _Unsupported
            key = value
        else:
            size = len(<dict>top)
            (<dict>top)[key] = value
            if len(<dict>top) == size:  # a duplicate key
                raise _Unsupported
            key = None
        if opens:
            if len(stack) >= _MAX_DEPTH:
                raise _Unsupported
            stack.append(value)
            top = value
            in_map = kind == YAML_MAPPING_START_EVENT


_BOM = b"\xef\xbb\xbf"  # U+FEFF in UTF-8


cdef bytes _as_read(bytes data):
    """Line breaks as a file in text mode reads them; a byte order mark that starts the data dropped,
    as the loader's libyaml (and go-yaml) drops it (told the encoding, libyaml would count it as
    line 1's first column)."""
    if b"\r" in data:
        data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    return data[len(_BOM):] if data.startswith(_BOM) else data


cdef bytes _start(yaml_parser_t *parser, bytes data):
    """`parser` initialized on `data` as a file in text mode reads it (`_as_read`); the data it reads,
    which the caller keeps alive until it deletes the parser."""
    data = _as_read(data)
    if not yaml_parser_initialize(parser):
        raise MemoryError
    yaml_parser_set_input_string(parser, <const unsigned char *>data, len(data))
    yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
    return data


cdef int _major = 0, _minor = 0, _patch = 0
yaml_get_version(&_major, &_minor, &_patch)
# The libyaml this module was linked with may not be PyYAML's (0.2.6 in PyYAML 6.0.4). From 0.2.5 on
# they differ only where the subset ends anyway: a default nesting limit, and `[ ? ]` (a null key).
_SAME_PARSER = (_major, _minor, _patch) >= (0, 2, 5)


def read(bytes data):
    """The documents of UTF-8 YAML `data` (empty and `null` ones skipped), each as (value, the 1-based
    line where it starts), or None when `loader` must read it: anything outside the subset, any
    error, or a libyaml older than 0.2.5. Line breaks are read as a file in text mode reads them, and a
    byte order mark that starts the data is dropped, as the loader's libyaml (and go-yaml) drops it."""
    cdef yaml_parser_t parser
    if not _SAME_PARSER:
        return None
    data = _start(&parser, data)
    try:
        return _read(&parser)
    except (_Unsupported, _Bad, UnicodeDecodeError):
        return None
    finally:
        yaml_parser_delete(&parser)


cdef tuple _event(yaml_parser_t *parser):
    """The next event as (kind, 1-based line, a scalar's text or None)."""
    cdef yaml_event_t event
    if not yaml_parser_parse(parser, &event):
        raise _Unsupported
    try:
        text = None
        if event.type == YAML_SCALAR_EVENT:
            text = PyUnicode_DecodeUTF8(<const char *>event.data.scalar.value, event.data.scalar.length, "strict")
        return event.type, event.start_mark.line + 1, text
    finally:
        yaml_event_delete(&event)


cdef _skip(yaml_parser_t *parser, int kind):
    """Read past the rest of the node that began with an event of `kind`."""
    cdef int depth = 1 if kind == YAML_MAPPING_START_EVENT or kind == YAML_SEQUENCE_START_EVENT else 0
    while depth:
        kind = _event(parser)[0]
        if kind == YAML_MAPPING_START_EVENT or kind == YAML_SEQUENCE_START_EVENT:
            depth += 1
        elif kind == YAML_MAPPING_END_EVENT or kind == YAML_SEQUENCE_END_EVENT:
            depth -= 1


cdef _index(yaml_parser_t *parser, int kind, Py_ssize_t line, tuple path, dict out):
    """Record the line of the node that began with (kind, line) at `path`, and of every node below."""
    cdef Py_ssize_t index = 0
    out[path] = line
    if kind == YAML_MAPPING_START_EVENT:
        while True:
            kind, _, key = _event(parser)
            if kind == YAML_MAPPING_END_EVENT:
                return
            kind, line, _ = _event(parser)
            if path + (key,) in out:  # a key given twice: the first one's, as the loader's walk finds
                _skip(parser, kind)
            else:
                _index(parser, kind, line, path + (key,), out)
    elif kind == YAML_SEQUENCE_START_EVENT:
        while True:
            kind, line, _ = _event(parser)
            if kind == YAML_SEQUENCE_END_EVENT:
                return
            _index(parser, kind, line, path + (str(index),), out)
            index += 1


def lines(bytes data, Py_ssize_t start):
    """{path: 1-based line} of every node of the document whose value starts on line `start` of
    `data` (a path: the map keys and list indexes down to the node, as text), as the loader's nodes
    give them; None where libyaml fails. One pass over the events: an error's line is then a lookup
    (`Doc.line_of`), however many errors a document has."""
    cdef yaml_parser_t parser
    cdef int kind
    cdef Py_ssize_t line
    cdef dict out = {}
    data = _start(&parser, data)
    try:
        while True:
            kind, line, _ = _event(&parser)
            if kind == YAML_STREAM_END_EVENT:
                return None
            if kind != YAML_DOCUMENT_START_EVENT:
                continue
            kind, line, _ = _event(&parser)  # the document's value
            if line == start:
                _index(&parser, kind, line, (), out)
                return out
            _skip(&parser, kind)
    except (_Unsupported, UnicodeDecodeError):
        return None
    finally:
        yaml_parser_delete(&parser)
