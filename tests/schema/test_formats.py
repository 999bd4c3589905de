"""Tests for evaluator.schema.formats (the Kubernetes ``k8s-*`` string formats).

Example values come from the Kubernetes reference tests
(apimachinery ``pkg/api/validate/strfmt_test.go``, ``content/*_test.go`` and
code-generator ``output_tests/tags/format``); expected details are written out
literally so the wording is checked independently of the implementation.
"""

from __future__ import annotations

import pytest

from evaluator.schema.formats import FORMATS

INVALID = "FieldValueInvalid"
TOO_LONG = "FieldValueTooLong"

LABEL_ERR = (
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters "
    "or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  "
    "or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
)
SUBDOMAIN_RE = "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*"
SUBDOMAIN_ERR = (
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric "
    "characters, '-' or '.', and must start and end with an alphanumeric character "
    f"(e.g. 'example.com', regex used for validation is '{SUBDOMAIN_RE}')"
)
SUBDOMAIN_CASELESS_ERR = (
    "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and "
    "must start and end with an alphanumeric character (e.g. 'Example.com', regex "
    f"used for validation is '{SUBDOMAIN_RE}')"
)
LABEL_KEY_RE = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"
NAME_PART_ERR = (
    "name part must consist of alphanumeric characters, '-', '_' or '.', and must "
    "start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  "
    f"or '123-abc', regex used for validation is '{LABEL_KEY_RE}')"
)
MULTI_SLASH_ERR = (
    "a valid label key must consist of alphanumeric characters, '-', '_' or '.', "
    "and must start and end with an alphanumeric character (e.g. 'MyName',  or "
    f"'my.name',  or '123-abc', regex used for validation is '{LABEL_KEY_RE}') "
    "with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"
)
LABEL_VALUE_ERR = (
    "a valid label must be an empty string or consist of alphanumeric characters, "
    "'-', '_' or '.', and must start and end with an alphanumeric character (e.g. "
    "'MyValue',  or 'my_value',  or '12345', regex used for validation is "
    f"'({LABEL_KEY_RE})?')"
)
C_IDENT_ERR = (
    "a valid C identifier must start with alphabetic character or '_', followed by "
    "a string of alphanumeric characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or "
    "'MyName', regex used for validation is '[A-Za-z_][A-Za-z0-9_]*')"
)
UUID_ERR = "must be a lowercase UUID in 8-4-4-4-12 format"
IP_ERR = "must be a valid IP address (e.g. 10.9.8.7 or 2001:db8::ffff)"
FQN_ERR = "a fully qualified name must be a domain and a name separated by a slash"
DOMAIN_PREFIXED_ERR = "a name must be a domain-prefixed path, such as 'example.com/my-prop'"


def inv(*details: str) -> list[tuple[str, str]]:
    """Build an expected list of Invalid errors."""
    return [(INVALID, d) for d in details]


def check(fmt: str, value: str, expected: list[tuple[str, str]]) -> None:
    assert FORMATS[fmt](value) == expected


def test_format_names() -> None:
    assert set(FORMATS) == {
        "k8s-extended-resource-name",
        "k8s-ip",
        "k8s-label-key",
        "k8s-label-value",
        "k8s-long-name",
        "k8s-long-name-caseless",
        "k8s-path-segment-name",
        "k8s-prefixed-label-key",
        "k8s-resource-fully-qualified-name",
        "k8s-resource-pool-name",
        "k8s-short-name",
        "k8s-uuid",
    }


# --- k8s-short-name --------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    ["abc-123", "foo-bar", "1234", "a", "a--1--2--b", "0", "1-a", "a" * 63],
)
def test_short_name_valid(value: str) -> None:
    check("k8s-short-name", value, [])


@pytest.mark.parametrize(
    "value",
    ["", "-abc-123", "abc-123-", "ABC-123", "abc_123", "Not a DNS label", "a b", " "],
)
def test_short_name_invalid(value: str) -> None:
    check("k8s-short-name", value, inv(LABEL_ERR))


def test_short_name_dots_and_length() -> None:
    check("k8s-short-name", "a.b", inv("must not contain dots"))
    check(
        "k8s-short-name",
        "0123456789" * 6 + "0123",
        inv("must be no more than 63 bytes"),
    )
    check(
        "k8s-short-name",
        "a" * 62 + ".b",
        inv("must be no more than 63 bytes", "must not contain dots"),
    )
    # Lengths are in bytes: 32 two-byte characters exceed 63 bytes.
    check(
        "k8s-short-name",
        "é" * 32,
        inv("must be no more than 63 bytes", LABEL_ERR),
    )


def test_short_name_no_trailing_newline() -> None:
    check("k8s-short-name", "abc\n", inv(LABEL_ERR))


# --- k8s-long-name ---------------------------------------------------------


@pytest.mark.parametrize("value", ["a.b.c", "foo.bar", "1.2.3.4", "a--1--2--b.1", "a" * 253])
def test_long_name_valid(value: str) -> None:
    check("k8s-long-name", value, [])


@pytest.mark.parametrize(
    "value",
    ["", "-a.b.c", "a.b.c-", "A.b.c", "a_b.c", "Not a LongName", "a..b", ".a", "a."],
)
def test_long_name_invalid(value: str) -> None:
    check("k8s-long-name", value, inv(SUBDOMAIN_ERR))


def test_long_name_too_long() -> None:
    check("k8s-long-name", "a" * 254, inv("must be no more than 253 bytes"))
    check(
        "k8s-long-name",
        "A" * 254,
        inv("must be no more than 253 bytes", SUBDOMAIN_ERR),
    )


# --- k8s-long-name-caseless ------------------------------------------------


@pytest.mark.parametrize("value", ["A.b.C", "foo.bar", "1.2.3.4", "Foo.Bar", "A" * 253, "a.B.c.d.e"])
def test_long_name_caseless_valid(value: str) -> None:
    check("k8s-long-name-caseless", value, [])


@pytest.mark.parametrize("value", ["", "-A.b.C", "A.b.C-", "A_b.C", "Not a LongName", "a..b"])
def test_long_name_caseless_invalid(value: str) -> None:
    check("k8s-long-name-caseless", value, inv(SUBDOMAIN_CASELESS_ERR))


def test_long_name_caseless_too_long() -> None:
    check("k8s-long-name-caseless", "a" * 254, inv("must be no more than 253 bytes"))


def test_long_name_caseless_unicode_folding() -> None:
    # RE2 (?i) folds k/K with U+212A and s/S with U+017F, nothing else.
    check("k8s-long-name-caseless", "\u212aube.io", [])
    check("k8s-long-name-caseless", "\u017fub.io", [])
    check("k8s-long-name-caseless", "\u0130o", inv(SUBDOMAIN_CASELESS_ERR))
    check("k8s-long-name-caseless", "\u0131o", inv(SUBDOMAIN_CASELESS_ERR))


# --- k8s-label-key ---------------------------------------------------------

LABEL_KEY_VALID = [
    "app",
    "app-name",
    "app.name",
    "app_name",
    "example.com/app",
    "a" * 63 + "." + "b" * 63 + "." + "c" * 63 + "." + "d" * 55 + "/app",
    "simple",
    "1-starts-with-num",
    "1234",
    "simple/simple",
    "now-with.dashes-and.dots/simple",
    "1.2.3.4/5678",
    "Uppercase_Is_OK_123",
    "example.com/Uppercase_Is_OK_123",
    "requests.storage-foo",
    "a" * 63,
    "a" * 253 + "/" + "b" * 63,
]


@pytest.mark.parametrize("value", LABEL_KEY_VALID)
def test_label_key_valid(value: str) -> None:
    check("k8s-label-key", value, [])


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("", inv("name part must be non-empty", NAME_PART_ERR)),
        ("-app", inv(NAME_PART_ERR)),
        ("app-", inv(NAME_PART_ERR)),
        ("app^", inv(NAME_PART_ERR)),
        ("nospecialchars%^=@", inv(NAME_PART_ERR)),
        ("-cantstartwithadash-", inv(NAME_PART_ERR)),
        ("a" * 64, inv("name part must be no more than 63 bytes")),
        ("only/one/slash", inv(MULTI_SLASH_ERR)),
        ("Example.com/abc", inv("prefix part " + SUBDOMAIN_ERR)),
        ("example_com/abc", inv("prefix part " + SUBDOMAIN_ERR)),
        ("example-.com/app", inv("prefix part " + SUBDOMAIN_ERR)),
        ("example.com/", inv("name part must be non-empty", NAME_PART_ERR)),
        ("/simple", inv("prefix part must be non-empty")),
        ("a" * 254 + "/abc", inv("prefix part must be no more than 253 bytes")),
        (
            "/",
            inv(
                "prefix part must be non-empty",
                "name part must be non-empty",
                NAME_PART_ERR,
            ),
        ),
    ],
)
def test_label_key_invalid(value: str, expected: list[tuple[str, str]]) -> None:
    check("k8s-label-key", value, expected)


# --- k8s-prefixed-label-key ------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [
        "example.com/app",
        "simple.com/simple",
        "now-with-dashes.com/simple",
        "1-num.2-num.com/3-num",
        "1234.com/5678",
        "1.2.3.4/5678",
        "example.com/Uppercase_Is_OK_123",
        "a" * 253 + "/" + "b" * 63,
    ],
)
def test_prefixed_label_key_valid(value: str) -> None:
    check("k8s-prefixed-label-key", value, [])


@pytest.mark.parametrize(
    "value",
    [
        "app",
        "app-name",
        "app.name",
        "app_name",
        "1234",
        "requests.storage-foo",
        "a" * 63,
    ],
)
def test_prefixed_label_key_missing_prefix(value: str) -> None:
    check(
        "k8s-prefixed-label-key",
        value,
        inv("must include a prefix (e.g. 'example.com/key')"),
    )


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("", inv("name part must be non-empty", NAME_PART_ERR)),
        ("-app", inv(NAME_PART_ERR)),
        ("app^", inv(NAME_PART_ERR)),
        ("a" * 64, inv("name part must be no more than 63 bytes")),
        ("only/one/slash", inv(MULTI_SLASH_ERR)),
        ("Example.com/abc", inv("prefix part " + SUBDOMAIN_ERR)),
        ("example.com/", inv("name part must be non-empty", NAME_PART_ERR)),
        ("/simple", inv("prefix part must be non-empty")),
        ("a" * 254 + "/abc", inv("prefix part must be no more than 253 bytes")),
    ],
)
def test_prefixed_label_key_invalid(value: str, expected: list[tuple[str, str]]) -> None:
    check("k8s-prefixed-label-key", value, expected)


# --- k8s-label-value -------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [
        "valid-value",
        "valid.value",
        "valid_value",
        "a",
        "123-abc",
        "Valid-Value",
        "a" + "b" * 61 + "c",
        "",
        "1234",
    ],
)
def test_label_value_valid(value: str) -> None:
    check("k8s-label-value", value, [])


@pytest.mark.parametrize(
    "value",
    [
        "-invalid-value",
        "invalid-value-",
        ".invalid.value",
        "invalid.value.",
        "_invalid_value",
        "invalid_value_",
        "invalid@value",
        "Not a LabelValue",
        "nospecialchars%^=@",
        "Tama-nui-te-rā.is.Māori.sun",
        "\\backslashes\\are\\bad",
    ],
)
def test_label_value_invalid(value: str) -> None:
    check("k8s-label-value", value, inv(LABEL_VALUE_ERR))


def test_label_value_too_long() -> None:
    check("k8s-label-value", "a" + "b" * 62 + "c", inv("must be no more than 63 bytes"))
    check(
        "k8s-label-value",
        "-" + "b" * 63,
        inv("must be no more than 63 bytes", LABEL_VALUE_ERR),
    )


# --- k8s-path-segment-name -------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [
        "valid-name",
        "foo.bar.baz",
        "MyResource",
        "resource123",
        "my_resource",
        "sha256:ABCDEF012345@ABCDEF012345",
        "Iñtërnâtiônàlizætiøn",
        ".test",
        "..test",
        "",
    ],
)
def test_path_segment_name_valid(value: str) -> None:
    check("k8s-path-segment-name", value, [])


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (".", inv("may not be '.'")),
        ("..", inv("may not be '..'")),
        ("foo/bar", inv("may not contain '/'")),
        ("foo%bar", inv("may not contain '%'")),
        ("foo/bar%baz", inv("may not contain '/'", "may not contain '%'")),
        ("%/", inv("may not contain '/'", "may not contain '%'")),
    ],
)
def test_path_segment_name_invalid(value: str, expected: list[tuple[str, str]]) -> None:
    check("k8s-path-segment-name", value, expected)


# --- k8s-uuid --------------------------------------------------------------


def test_uuid_valid() -> None:
    check("k8s-uuid", "123e4567-e89b-12d3-a456-426614174000", [])


@pytest.mark.parametrize(
    "value",
    [
        "123E4567-E89B-12D3-A456-426614174000",
        "urn:uuid:123e4567-e89b-12d3-a456-426614174000",
        "123e4567e89b12d3a456426614174000",
        "123e4567-e89b-12d3-a456-42661417400",
        "123e4567-e89b-12d3-a456-42661417400g",
        "123e4567-e89b-12d3-a4564-26614174000",
        "",
        "not-a-uuid",
        "123e4567-e89b-12d3-a456-42661417400é",
    ],
)
def test_uuid_invalid(value: str) -> None:
    check("k8s-uuid", value, inv(UUID_ERR))


# --- k8s-resource-pool-name ------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [
        "a.valid.long-name",
        "a.valid.long-name/another.one",
        "a/b/c.d.e",
        "1.2.3/4.5.6",
        "foo.bar",
        "1.2.3.4",
    ],
)
def test_resource_pool_name_valid(value: str) -> None:
    check("k8s-resource-pool-name", value, [])


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("", inv("segment 0: must not be empty")),
        ("/a.b.c", inv("segment 0: must not be empty")),
        ("a.b.c/", inv("segment 1: must not be empty")),
        ("a.b.c//d.e.f", inv("segment 1: must not be empty")),
        ("/", inv("segment 0: must not be empty", "segment 1: must not be empty")),
        ("a.valid.name/Not.Valid", inv("segment 1: " + SUBDOMAIN_ERR)),
        ("a.valid.name/-not-valid", inv("segment 1: " + SUBDOMAIN_ERR)),
        ("a.valid.name/not_valid", inv("segment 1: " + SUBDOMAIN_ERR)),
        ("a..b", inv("segment 0: " + SUBDOMAIN_ERR)),
        ("Not a ResourcePoolName", inv("segment 0: " + SUBDOMAIN_ERR)),
        (
            "Not/Valid/Either",
            inv(
                "segment 0: " + SUBDOMAIN_ERR,
                "segment 1: " + SUBDOMAIN_ERR,
                "segment 2: " + SUBDOMAIN_ERR,
            ),
        ),
        (
            "a.valid.name/" + "b" * 253,
            [(TOO_LONG, "may not be more than 253 bytes")],
        ),
        (
            "b" * 254,
            [
                (TOO_LONG, "may not be more than 253 bytes"),
                (INVALID, "segment 0: must be no more than 253 bytes"),
            ],
        ),
    ],
)
def test_resource_pool_name_invalid(value: str, expected: list[tuple[str, str]]) -> None:
    check("k8s-resource-pool-name", value, expected)


# --- k8s-extended-resource-name --------------------------------------------


@pytest.mark.parametrize(
    "value",
    [
        "example-kub.io/foo",
        "example.com/my-resource",
        "my-domain.org/foo",
        "example.com/another-resource",
        "example.com/my_resource",
        "example.com/My-Resource",
        "example.com/my.resource",
    ],
)
def test_extended_resource_name_valid(value: str) -> None:
    check("k8s-extended-resource-name", value, [])


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("foo", inv(DOMAIN_PREFIXED_ERR)),
        ("my-resource", inv(DOMAIN_PREFIXED_ERR)),
        (
            "a" * 64,
            inv(DOMAIN_PREFIXED_ERR, "name part must be no more than 63 bytes"),
        ),
        ("", inv(DOMAIN_PREFIXED_ERR, NAME_PART_ERR)),
        (
            "/",
            inv(
                "prefix part " + SUBDOMAIN_ERR,
                "name part must be non-empty",
                NAME_PART_ERR,
            ),
        ),
        (
            "something.kubernetes.io/foo",
            inv('must not have "kubernetes.io/" domain'),
        ),
        ("kubernetes.io/foo", inv('must not have "kubernetes.io/" domain')),
        ("kubernetes.io/my-resource", inv('must not have "kubernetes.io/" domain')),
        ("requests.example.com/foo", inv('must not have "requests." prefix')),
        (
            "example.com/" + "a" * 64,
            inv("name part must be no more than 63 bytes"),
        ),
        ("example.com/my-resource-", inv(NAME_PART_ERR)),
        ("example.com/-my-resource", inv(NAME_PART_ERR)),
        ("example.com/", inv("name part must be non-empty", NAME_PART_ERR)),
        ("a/b/c", inv(MULTI_SLASH_ERR)),
    ],
)
def test_extended_resource_name_invalid(value: str, expected: list[tuple[str, str]]) -> None:
    check("k8s-extended-resource-name", value, expected)


# --- k8s-resource-fully-qualified-name -------------------------------------


@pytest.mark.parametrize(
    "value",
    [
        "prefix.com/name",
        "my-subdomain.example.com/name",
        "my-prefix/my_name",
        "prefix.com/Name",
        "prefix.com/name/extra",  # more than one slash is not checked
    ],
)
def test_resource_fully_qualified_name_valid(value: str) -> None:
    check("k8s-resource-fully-qualified-name", value, [])


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("prefix.com/name.with.dots", inv(C_IDENT_ERR)),
        ("prefix.com/name-with-dashes", inv(C_IDENT_ERR)),
        ("name", inv(FQN_ERR)),
        ("my_name", inv(FQN_ERR)),
        ("", inv(C_IDENT_ERR, FQN_ERR)),
        ("1abc", inv(C_IDENT_ERR, FQN_ERR)),
        (
            "a" * 254 + "/name",
            [
                (TOO_LONG, "may not be more than 63 bytes"),
                (INVALID, "prefix: must be no more than 253 bytes"),
            ],
        ),
        ("a" * 64 + "/name", [(TOO_LONG, "may not be more than 63 bytes")]),
        ("prefix.com/" + "a" * 64, [(TOO_LONG, "may not be more than 32 bytes")]),
        (
            "prefix.com/" + "-" * 33,
            [(TOO_LONG, "may not be more than 32 bytes"), (INVALID, C_IDENT_ERR)],
        ),
        ("a" * 33, [(TOO_LONG, "may not be more than 32 bytes"), (INVALID, FQN_ERR)]),
        ("Prefix.com/name", inv("prefix: " + SUBDOMAIN_ERR)),
        ("prefix.com/", inv("name must not be empty")),
        ("my-prefix/", inv("name must not be empty")),
        ("/name", inv("prefix must not be empty")),
        ("/", inv("prefix must not be empty", "name must not be empty")),
    ],
)
def test_resource_fully_qualified_name_invalid(value: str, expected: list[tuple[str, str]]) -> None:
    check("k8s-resource-fully-qualified-name", value, expected)


# --- k8s-ip ----------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [
        "10.9.8.7",
        "127.0.0.1",
        "127.001.002.003",
        "127.007.008.009",
        "127.010.020.030",
        "0000000001.2.3.4",
        "::",
        "::1",
        "1::",
        "2001:db8::ffff",
        "2001:DB8::1",
        "1:2:3:4:5:6:7:8",
        "::ffff:127.1.2.3",
        "::ffff:127.001.002.003",
        "::ffff:7f01:0203",
        "0:0:0:0:0000:ffff:127.1.2.3",
        "0:0:0:0:000000:ffff:127.1.2.3",
        "0:0:0:0::ffff:127.1.2.3",
        "1:2:3:4:5:6:1.2.3.4",
        "2001:4860:0000:2001:0000:0000:0000:0068",
    ],
)
def test_ip_valid(value: str) -> None:
    check("k8s-ip", value, [])


@pytest.mark.parametrize(
    "value",
    [
        "",
        "abc",
        "-0.0.0.0",
        "0.-1.0.0",
        "0.0.0.-3",
        "127.0.0.256",
        "1.2..4",
        "1.2.3",
        "1.2.3.4.5",
        "1.2.3.4/32",
        " 1.2.3.4",
        "1.2.3.4\n",
        "\uff11.2.3.4",
        "123:",
        ":::",
        "1::2::3",
        "1:2:3:4:5:6:7:8:9",
        "1:2:3:4:5:6:7::8",
        "1:2:3:4:5:6:7:1.2.3.4",
        "10000::",
        "fe80::1%lo0",
        "a1:a2:a3:a4::b1:b2:b3:b4",
    ],
)
def test_ip_invalid(value: str) -> None:
    check("k8s-ip", value, inv(IP_ERR))
