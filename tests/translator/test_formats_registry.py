"""The API server's string formats (evaluator/apiserver/values/formats.py): each case's verdict is derived from the Go
that kube-apiserver runs (kube-openapi strfmt, Go's net, net/url, net/mail and time packages); the
comment names the rule it exercises. Then the wiring: which formats the server keeps, its wording,
and dv-eval's verdict on a CRD."""

from __future__ import annotations

import textwrap

import pytest

from evaluator.apiserver.request.server import Validator
from evaluator.apiserver.values.formats import FORMATS, effective_format
from evaluator.run.cli import main
from tests.cli import invoke

CASES: dict[str, list[tuple[str, bool, str]]] = {
    "bsonobjectid": [
        ("507f1f77bcf86cd799439011", True, "24 hex digits decode to 12 bytes"),
        ("507F1F77BCF86CD799439011", True, "hex.DecodeString takes upper case"),
        ("507f1f77bcf86cd79943901", False, "odd length: hex.DecodeString fails"),
        ("507f1f77bcf86cd7994390", False, "11 bytes, not 12"),
        ("507f1f77bcf86cd79943901g", False, "not a hex digit"),
    ],
    "uri": [
        ("https://example.com/a?b=c#d", True, "absolute URI; '#' is part of the query (no fragment split)"),
        ("/just/a/path", True, "an absolute path is a request URI"),
        ("mailto:someone", True, "scheme with a rootless rest: opaque, not parsed further"),
        ("urn:a b", True, "opaque part: only control characters are refused"),
        ("*", True, "the special case '*'"),
        ("relative/path", False, "viaRequest: no scheme and no leading '/'"),
        ("", False, "empty url"),
        ("://host", False, "missing protocol scheme"),
        ("http://exa\tmple.com/", False, "invalid control character in URL"),
        ("http://example.com/%zz", False, "invalid URL escape in the path"),
        ("http://%41.example/", False, "a host may %-escape only non-ASCII bytes (or %25)"),
        ("http://ex ample.com/", False, "a space is an invalid host character"),
        ("http://example.com:80/", True, "numeric port"),
        ("http://example.com:8a/", False, "invalid port after host"),
        ("http://a:1:2/", False, "http(s): the first colon starts the port"),
        ("mongodb://a:1:2/", True, "other schemes: the last colon starts the port"),
        ("http://[::1]:8080/", True, "bracketed IPv6 literal with a port"),
        ("http://[1.2.3.4]/", False, "an IPv4 address in brackets is not an IP-literal"),
        ("http://[fe80::1%25eth0]/", True, "zone introduced by %25"),
        ("http://[fe80::1%eth0]/", False, "a bare % in the host is a bad escape"),
        ("http://x[::1]/", False, "'[' after the start of the host"),
        ("http://user:p@ss@example.com/", True, "userinfo may hold '@'; the last '@' ends it"),
        ("http://us er@example.com/", False, "a space is not valid userinfo"),
        ("//example.com/x", True, "no scheme: '//' is just the path"),
    ],
    "email": [
        ("someone@example.com", True, "addr-spec"),
        ("Some One <someone@example.com>", True, "name-addr: phrase and angle-addr"),
        ('"quoted local"@example.com', True, "quoted-string local part"),
        ('""@example.com', False, "empty quoted string in addr-spec"),
        ("someone@[192.0.2.1]", True, "domain-literal holding an IPv4 address"),
        ("someone@[IPv6:2001:db8::1]", True, "domain-literal with the IPv6: prefix"),
        ("someone@[2001:db8::1]", False, "an IPv6 domain-literal needs the IPv6: prefix"),
        ("someone@example.com (Some One)", True, "a trailing comment is the display name"),
        ("someone@example.com (unclosed", False, "misformatted parenthetical comment"),
        ("group: someone@example.com;", True, "a group of one address"),
        ("group: a@example.com, b@example.com;", False, "group with multiple addresses"),
        ("group:;", False, "empty group"),
        ("a@example.com, b@example.com", False, "expected single address"),
        ("someone", False, "missing '@' or angle-addr"),
        ("some..one@example.com", False, "double dot in atom"),
        (".someone@example.com", False, "leading dot in atom"),
        ("someone@example.com.", False, "trailing dot in atom"),
        ("=?utf-8?q?Some_One?= <someone@example.com>", True, "RFC 2047 word in a charset Go decodes"),
        ("=?koi8-r?q?x?= <someone@example.com>", False, "RFC 2047 word in a charset Go has no reader for"),
        ("Some =?koi8-r?q?x?= <someone@example.com>", True, "a phrase's later word failing is ignored"),
        ("s\u00f6me@example.com", True, "RFC 6532: multibyte characters are atext"),
    ],
    "hostname": [
        ("example.com", True, "labels and a top-level label of letters"),
        ("localhost", True, "a single label"),
        ("a-bc", True, "a single label may hold '-' right after its first character"),
        ("ab-c", False, "... but nowhere else (strfmt's single-label pattern)"),
        ("bücher.example", True, "letters of any script"),
        ("ex_ample.com", False, "'_' is neither letter, digit, symbol nor '-'"),
        ("-example.com", False, "a label may not start with '-'"),
        ("example.c", False, "top-level label of at least two letters"),
        ("example.c0m", False, "top-level label of letters only"),
        ("a" * 63 + ".com", True, "a 63-byte label"),
        ("a" * 64 + ".com", False, "a label longer than 63 bytes"),
        (".".join(["a" * 60] * 4) + ".com", True, "247 bytes"),
        (".".join(["a" * 63] * 4) + ".com", False, "longer than 255 bytes"),
        ("", False, "empty"),
    ],
    "ipv4": [
        ("192.0.2.1", True, "dotted decimal"),
        ("192.000.002.001", True, "ParseIPSloppy: leading zeros are read as decimal"),
        ("256.0.0.1", False, "a field above 255"),
        ("192.0.2", False, "three fields"),
        ("::ffff:192.0.2.1", True, "any address ParseIPSloppy accepts that holds a '.'"),
        ("::1", False, "no '.'"),
        (" 192.0.2.1", False, "no trimming"),
    ],
    "ipv6": [
        ("2001:db8::1", True, "compressed IPv6"),
        ("::", True, "the unspecified address"),
        ("::ffff:192.0.2.1", True, "IPv4-mapped"),
        ("::ffff:192.0.2.01", False, "netip: an embedded IPv4 field with a leading zero"),
        ("1:2:3:4:5:6:7:8::", False, "'::' must stand for at least one group"),
        ("00001::", False, "netip: at most four hex digits a group"),
        ("fe80::1%eth0", False, "net.ParseIP refuses zones"),
        ("1::2::3", False, "two '::'"),
        ("192.0.2.1", False, "no ':'"),
    ],
    "cidr": [
        ("192.0.2.0/24", True, "IPv4 prefix"),
        ("2001:db8::/32", True, "IPv6 prefix"),
        ("010.0.0.0/8", True, "ParseCIDRSloppy: leading zeros in the address"),
        ("10.0.0.0/08", True, "dtoi: leading zeros in the length"),
        ("10.0.0.0/33", False, "an IPv4 prefix length above 32"),
        ("::ffff:10.0.0.0/100", True, "an IPv4-mapped address takes IPv6 lengths"),
        ("10.0.0.0", False, "no '/'"),
        ("10.0.0.0/", False, "no length digits"),
    ],
    "mac": [
        ("00:00:5e:00:53:01", True, "six colon-separated bytes"),
        ("00-00-5E-00-53-01", True, "dashes, upper case"),
        ("0000.5e00.5301", True, "dotted groups of four"),
        ("00:00:5e:00:53:01:02:03", True, "EUI-64"),
        ("00:00:5e:00:53", False, "five bytes"),
        ("00:00-5e:00:53:01", False, "one separator throughout"),
        ("00:00:5e:00:53:0g", False, "not a hex digit"),
    ],
    "uuid": [
        ("123e4567-e89b-12d3-a456-426614174000", True, "UUIDPattern"),
        ("123E4567E89B12D3A456426614174000", True, "dashes optional, any case"),
        ("123e4567-e89b-12d3-a456-42661417400", False, "eleven digits in the last group"),
        ("123e4567-e89b-12d3-a456-426614174000\n", False, "Go's $ does not match before a final newline"),
    ],
    "uuid3": [
        ("a3bb189e-8bf9-3888-9912-ace4e6543002", True, "version digit 3"),
        ("a3bb189e-8bf9-4888-9912-ace4e6543002", False, "version digit 4"),
    ],
    "uuid4": [
        ("123e4567-e89b-42d3-a456-426614174000", True, "version 4, variant a"),
        ("123e4567-e89b-42d3-c456-426614174000", False, "variant digit c"),
    ],
    "uuid5": [
        ("886313e1-3b8a-5372-9b90-0c9aee199e5d", True, "version 5, variant 9"),
        ("886313e1-3b8a-4372-9b90-0c9aee199e5d", False, "version digit 4"),
    ],
    "isbn10": [
        ("0-321-75104-3", True, "dashes removed, checksum % 11 == 0"),
        ("080442957X", True, "X as the check digit"),
        ("0321751044", False, "wrong check digit"),
        ("032175104", False, "nine digits"),
    ],
    "isbn13": [
        ("978-0321751041", True, "EAN check digit"),
        ("978 0 321 75104 1", True, "spaces removed"),
        ("9780321751042", False, "wrong check digit"),
    ],
    "isbn": [
        ("0321751043", True, "an ISBN-10"),
        ("9780321751041", True, "an ISBN-13"),
        ("1234567890123", False, "neither"),
    ],
    "creditcard": [
        ("4111 1111 1111 1111", True, "non-digits dropped, Visa pattern, Luhn"),
        ("4111-1111-1111-1112", False, "Luhn fails"),
        ("1234567812345670", False, "Luhn holds but no issuer pattern"),
    ],
    "ssn": [
        ("123-45-6789", True, "dashes"),
        ("123 45 6789", True, "spaces"),
        ("123456789", False, "not 11 bytes"),
        ("123--456789", False, "11 bytes but not the pattern"),
    ],
    "hexcolor": [
        ("#1f1f1F", True, "six hex digits"),
        ("fff", True, "'#' optional, three digits"),
        ("#ffff", False, "four digits"),
    ],
    "rgbcolor": [
        ("rgb(255,0,128)", True, "three bytes"),
        ("rgb( 0 , 10 , 255 )", True, "\\s around the numbers"),
        ("rgb(256,0,0)", False, "above 255"),
        ("rgb(01,0,0)", False, "a leading zero"),
        ("rgb(0,0,0\v)", False, "RE2's \\s has no vertical tab"),
    ],
    "byte": [
        ("aGVsbG8=", True, "base64 with padding"),
        ("aGVsbA==", True, "two padding characters"),
        ("aGVsbG8", False, "govalidator's pattern needs full quanta"),
        ("", False, "at least one quantum"),
        ("aGVs\nbG8=", False, "no line breaks"),
    ],
    "password": [("anything at all", True, "no validation"), ("", True, "no validation")],
    "date": [
        ("2024-02-29", True, "a leap day"),
        ("2023-02-29", False, "day out of range"),
        ("2024-13-01", False, "month out of range"),
        ("2024-1-01", False, "a two-digit month"),
        ("0000-01-01", True, "year 0"),
        ("2024-01-01T00:00:00Z", False, "extra text"),
    ],
    "datetime": [
        ("2024-05-01T10:00:00Z", True, "RFC 3339"),
        ("2024-05-01t10:00:00.123456789+02:00", True, "lower case t, fraction, offset"),
        ("2024-05-01T10:00:00,5Z", True, "the fraction's separator is any character"),
        ("2024-05-01T10:00:00+99:99", True, "offsets are not range-checked"),
        ("2024-05-01T10:00:00ZtXYZ", True, "parts after a second 't' are ignored"),
        ("2024-05-01T24:00:00Z", False, "hour above 23"),
        ("2024-05-01T10:00:60Z", False, "no leap second"),
        ("2024-05-01T10:00:00", False, "a zone is required"),
        ("2024-05-01 10:00:00Z", False, "no 't'"),
        ("2024-02-30T10:00:00Z", False, "the date part must be a date"),
        ("x", False, "cloudnative-pg's validUntil: x"),
    ],
    "duration": [
        ("1h30m", True, "time.ParseDuration"),
        ("-1.5h", True, "sign and fraction"),
        ("1.s", True, "digits before the point are enough"),
        ("1\u00b5s", True, "micro sign"),
        ("0", True, "a bare zero"),
        ("5 minutes", True, "strfmt: a unit starting with its long form"),
        ("3 days", True, "strfmt's extra unit: days"),
        ("in 2 wk please", True, "strfmt: a term anywhere in the text"),
        ("3 hrs", False, "'hrs' is neither 'h', 'hr' nor starts with 'hour'"),
        ("2562048h", True, "ParseDuration overflows, strfmt's sum does not check"),
        ("99999999999999999999s", False, "strconv.Atoi out of range fails the whole"),
        ("1", False, "missing unit"),
        (".s", False, "no digits"),
        ("", False, "empty"),
    ],
    "k8sshortname": [
        ("my-name", True, "RFC 1123 label"),
        ("a" * 63, True, "63 characters"),
        ("a" * 64, False, "64 characters"),
        ("My-name", False, "no upper case"),
    ],
    "k8slongname": [
        ("example.com", True, "dot-separated short names"),
        ("a" * 70 + ".com", True, "no 63 limit on a segment"),
        ("a" * 254, False, "more than 253"),
        ("a..b", False, "empty segment"),
    ],
}


def test_every_format_of_the_registry_has_cases():
    assert set(CASES) == set(FORMATS)


@pytest.mark.parametrize(
    "fmt, value, expected",
    [pytest.param(f, v, e, id=f"{f}: {rule}") for f, cases in CASES.items() for v, e, rule in cases],
)
def test_format(fmt, value, expected):
    assert FORMATS[fmt](value) is expected


@pytest.mark.parametrize(
    "schema, kept",
    [
        ({"type": "string", "format": "date-time"}, "date-time"),
        ({"type": "string", "format": "date--time"}, "date--time"),  # names are compared without dashes
        ({"type": "string", "format": "int32"}, ""),  # not a string format
        ({"type": "string", "format": "uint8"}, ""),  # unknown: dropped, not an error
        ({"type": "integer", "format": "int32"}, "int32"),
        ({"type": "integer", "format": "date-time"}, ""),  # a string format on an integer
        ({"type": "number", "format": "double"}, "double"),
        ({"type": "boolean", "format": "byte"}, ""),
        ({"x-kubernetes-int-or-string": True, "format": "uuid"}, "uuid"),
    ],
)
def test_the_server_keeps_only_formats_it_supports_on_their_types(schema, kept):
    assert effective_format(schema) == kept


def _server(props: dict) -> Validator:
    schema = {"type": "object", "properties": {"spec": {"type": "object", "properties": props}}}
    crd = {
        "spec": {
            "group": "example.com",
            "names": {"kind": "T"},
            "versions": [{"name": "v1", "schema": {"openAPIV3Schema": schema}}],
        }
    }
    return Validator(crd)


def _errors(props: dict, spec: dict) -> list[tuple]:
    obj = {"apiVersion": "example.com/v1", "kind": "T", "metadata": {"name": "t"}, "spec": spec}
    return [(e.type, e.field, e.detail) for e in _server(props).validate(obj)]


def test_a_failed_format_is_a_type_error_quoted_as_go_quotes():
    props = {"at": {"type": "string", "format": "date-time"}}
    assert _errors(props, {"at": "x"}) == [
        ("FieldValueTypeInvalid", "spec.at", 'spec.at in body must be of type date-time: "x"')
    ]
    (err,) = _errors(props, {"at": "\u00e9\t\u00a0\x01"})
    assert err[2] == 'spec.at in body must be of type date-time: "\u00e9\\t\\u00a0\\x01"'  # strconv.Quote
    assert _errors(props, {"at": "2024-05-01T10:00:00Z"}) == []


def test_a_non_string_value_is_checked_by_the_type_validator_against_the_format():
    props = {"at": {"type": "string", "format": "date-time"}}
    assert _errors(props, {"at": 5}) == [
        ("FieldValueTypeInvalid", "spec.at", 'spec.at in body must be of type date-time: "int64"')
    ]
    assert _errors(props, {"at": True}) == [
        ("FieldValueTypeInvalid", "spec.at", 'spec.at in body must be of type date-time: ""')
    ]
    assert _errors(props, {"at": ["x"]}) == []  # go-openapi lets a slice through a string with a format


def test_a_dropped_format_checks_nothing_and_leaves_the_plain_type_error():
    assert _errors({"n": {"type": "string", "format": "uint8"}}, {"n": "x"}) == []
    assert _errors({"n": {"type": "string", "format": "uint8"}}, {"n": 5}) == [
        ("FieldValueTypeInvalid", "spec.n", 'spec.n in body must be of type string: "integer"')
    ]
    assert _errors({"n": {"type": "integer", "format": "date-time"}}, {"n": 5}) == []


CRD = """\
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: backups.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Backup, plural: backups, singular: backup, listKind: BackupList}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              validUntil: {type: string, format: date-time}
"""


@pytest.mark.parametrize(
    "value, code", [("x", 1), ("2024-05-01T10:00:00Z", 0), ("2024-05-01 10:00:00", 1), ("2024-05-01T10:00:00+02:00", 0)]
)
def test_dv_eval_gives_the_servers_verdict_on_a_date_time_field(tmp_path, value, code):
    (tmp_path / "crd.yaml").write_text(CRD)
    obj = tmp_path / "backup.yaml"
    obj.write_text(
        textwrap.dedent(f"""\
            apiVersion: example.com/v1
            kind: Backup
            metadata: {{name: b}}
            spec: {{validUntil: "{value}"}}
            """)
    )
    r = invoke(main, ["--schema", str(tmp_path / "crd.yaml"), str(obj)])
    assert r.exit_code == code, r.output
    wording = f'spec.validUntil: Invalid value: "{value}": spec.validUntil in body must be of type date-time: "{value}"'
    assert (wording in r.output) is (code == 1), r.output
