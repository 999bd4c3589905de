"""The Kubernetes CEL libraries (`evaluator/apiserver/cel/cellib.py`), on the examples of the Kubernetes CEL
documentation (https://kubernetes.io/docs/reference/using-api/cel/) and the libraries' contracts."""

from __future__ import annotations

import pytest

from evaluator.apiserver.cel import cellib, celrules

TRUE = [
    # lists
    "[1, 2, 3].isSorted()",
    "![3, 1].isSorted()",
    "[1, 2, 3].sum() == 6",
    "[1, 2, 3].max() == 3",
    "[1.5, 0.5].min() == 0.5",
    # regex
    "'abc 123'.find('[0-9]+') == '123'",
    "'1, 2, 3, 4'.findAll('[0-9]+') == ['1', '2', '3', '4']",
    "'1, 2, 3, 4'.findAll('[0-9]+', 2) == ['1', '2']",
    "'abc'.find('[0-9]+') == ''",
    # URLs
    "url('https://example.com/path?k1=a&k2=b&k2=c#frag').getQuery() == {'k1': ['a'], 'k2': ['b', 'c']}",
    "url('https://example.com:80/').getHost() == 'example.com:80'",
    "url('https://[::1]:80/').getHostname() == '::1'",
    "url('https://example.com:80/').getPort() == '80'",
    "url('https://example.com/path with spaces/'.replace(' ', '%20')).getEscapedPath() == '/path%20with%20spaces/'",
    "url('/absolute-path').getScheme() == ''",
    "isURL('https://example.com/') && !isURL('../relative-path')",
    # IP and CIDR
    "isIP('127.0.0.1') && !isIP('127.0.0.1.0') && !isIP('::ffff:1.2.3.4') && !isIP('fe80::1%eth0')",
    "ip('127.0.0.1').family() == 4 && ip('::1').family() == 6",
    "ip('127.0.0.1').isLoopback() && ip('0.0.0.0').isUnspecified()",
    "ip('fe80::1').isLinkLocalUnicast() && ip('ff02::1').isLinkLocalMulticast()",
    "ip('192.168.0.1').isGlobalUnicast() && !ip('255.255.255.255').isGlobalUnicast()",
    "ip.isCanonical('2001:db8::abcd') && !ip.isCanonical('2001:DB8::ABCD')",
    "cidr('192.168.0.0/24').containsIP(ip('192.168.0.1')) && cidr('192.168.0.0/24').containsIP('192.168.0.1')",
    "cidr('192.168.0.0/16').containsCIDR('192.168.10.0/24') && !cidr('192.168.0.0/24').containsCIDR('192.168.0.0/16')",
    "cidr('192.168.0.1/24').masked() == cidr('192.168.0.0/24') && cidr('192.168.0.1/24').ip() == ip('192.168.0.1')",
    "cidr('::1/128').prefixLength() == 128 && isCIDR('10.0.0.0/8') && !isCIDR('10.0.0.0/33')",
    # quantities
    "quantity('1Gi') == quantity('1024Mi') && quantity('500m').asApproximateFloat() == 0.5",
    "isQuantity('1.3G') && !isQuantity('1.3Gi ') && isQuantity('1e999999999') && !isQuantity('1ki')",
    "quantity('50k').add(quantity('20k')) == quantity('70k') && quantity('50k').sub(20000) == quantity('30k')",
    "quantity('1.5').isGreaterThan(quantity('1')) && quantity('50M').isLessThan(quantity('100M'))",
    "quantity('200M').compareTo(quantity('0.2G')) == 0 && quantity('-1').sign() == -1",
    "quantity('1k').isInteger() && quantity('1k').asInteger() == 1000",
    "!quantity('9999999999999999999999').isInteger()",
    # semantic versions
    "isSemver('1.0.0') && !isSemver('1.0') && isSemver('v1.0', true)",
    "!isSemver('1.2-beta', true) && isSemver('v01.02', true) && !isSemver('1.2.3-01') && isSemver('1.2.3-0a')",
    "!isIP('00001::') && isIP('1:2:3:4:5:6:1.2.3.4') && !isIP('1.2.3.4%eth0') && !isCIDR('10.0.0.0/08')",
    # URLs as Go's net/url reads them (the Kubernetes CEL tests' cases)
    "!isURL('https://a:b:c/') && isURL('https:://kubernetes.io/') && !isURL('http://x y/') && isURL('/path')",
    "url('https://example.com/with space/').getEscapedPath() == '/with%20space/'",
    "url('https://example.com/path?key with spaces=value with spaces').getQuery() == "
    "{'key with spaces': ['value with spaces']}",
    "url('https://example.com/path?a=1;b=2&c=%zz&d=3').getQuery() == {'d': ['3']}",
    # the orderings across int, uint and double (CrossTypeNumericComparisons)
    "5 < 10.0 && 15 > 10.0 && 1u <= 2 && 2.5 >= 2 && !(2 < 1u)",
    "semver('1.2.3').major() == 1 && semver('1.2.3').minor() == 2 && semver('1.2.3').patch() == 3",
    "semver('1.0.0-alpha').isLessThan(semver('1.0.0')) && semver('1.0.0-alpha.1').isGreaterThan(semver('1.0.0-alpha'))",
    "semver('1.2.3+build').compareTo(semver('1.2.3')) == 0 && semver('v01.2', true) == semver('1.2.0')",
    # the format library
    "!format.dns1123Label().validate('my-name').hasValue()",
    "format.dns1123Label().validate('MY_NAME').value().size() == 1",
    "format.named('dns1035Label').hasValue() && !format.named('no-such-format').hasValue()",
    "format.named('uuid').value().validate('not-a-uuid').hasValue()",
    "!format.dns1123SubdomainPrefix().validate('my-prefix-').hasValue()",
    "!format.datetime().validate('2024-01-01T00:00:00Z').hasValue() && format.date().validate('2024-02-30').hasValue()",
    # cel-go extensions the server enables: sets, lists, two-variable comprehensions
    "sets.contains([1, 2, 3], [1, 2]) && sets.intersects([1], [1, 2]) && sets.equivalent([1, 2], [2, 1, 1])",
    "[3, 1, 2].sort() == [1, 2, 3] && [[1], [2, 3]].flatten() == [1, 2, 3] && lists.range(2) == [0, 1]",
    "{'a': 1, 'b': 2}.all(k, v, v > 0) && [1, 2].exists(i, v, i == 1 && v == 2)",
    "[1, 2].transformList(i, v, v * 2) == [2, 4]",
    "[1, 2, 1].exists_one(i, v, v == 2) && !{'a': 1, 'b': 1}.exists_one(k, v, v == 1)",
    "'x.exists_one(a, b, c)' == 'x.exists_one(a, b, c)'",
    "size('format.named(\\'x\\')') == 17 && size('s.validate(t)') == 13",  # a rule's text, not a call
]

ERRORS = {
    "quantity('1.3Gi ')": "quantities must match the regular expression",
    "quantity('1e999999999')": "is not evaluated",  # at once: the power of ten is not computed
    "quantity('1.5').asInteger()": "cannot convert value to integer",
    "semver('1.02.3')": 'Minor number must not contain leading zeroes "02"',
    "semver('v1.0')": "No Major.Minor.Patch elements found",  # blang/semver's Parse, unnormalized
    "semver('99999999999999999999.0.0')": 'strconv.ParseUint: parsing "99999999999999999999": value out of range',
    # Go's netip words the parse errors the library wraps (CIDRs twice)
    "ip('192.168.0.1.0')": 'IP Address "192.168.0.1.0" parse error during conversion from string: '
    'ParseAddr("192.168.0.1.0"): IPv4 address too long',
    "ip('2001:db8:::68')": 'ParseAddr("2001:db8:::68"): each colon-separated field must have at least one digit '
    '(at ":68")',
    "ip('fe80::1%eth0')": 'IP address "fe80::1%eth0" with zone value is not allowed',
    "cidr('192.168.0.0/')": "network address parse error during conversion from string: network address parse error "
    'during conversion from string: netip.ParsePrefix("192.168.0.0/"): bad bits after slash: ""',
    "cidr('10.0.0.0/8').containsIP('10.0.0.300')": "no such overload",  # the library's own quirk
    "ip('::ffff:1.2.3.4')": "IPv4-mapped IPv6 address",
    "cidr('10.0.0.0/33')": "parse error during conversion from string",
    "url('../relative')": 'URL parse error during conversion from string: parse "../relative": invalid URI for request',
    "url('https://a:b:c/')": 'parse "https://a:b:c/": invalid port ":b:c" after host',  # http(s): the first colon
    "[].min()": "min called on empty list",
    "'x'.find('(')": "Illegal regex: error parsing regexp: missing )",
}


def _eval(expr: str):
    return celrules.compile_rule(expr, False).eval(data={"self": None})


@pytest.mark.parametrize("expr", TRUE)
def test_library_function_holds(expr):
    result = _eval(expr)
    assert result.plain_value() is True, (expr, result.value())


@pytest.mark.parametrize("expr", sorted(ERRORS))
def test_library_function_fails_with_the_libraries_message(expr):
    result = _eval(expr)
    assert result.type() == celrules.cel.Type.ERROR
    assert ERRORS[expr] in str(result.value())


@pytest.mark.parametrize(
    "expr, words",
    [
        ("self.missing == 1", "no such key: missing"),
        ("self.m['k'] == 1", "no such key: k"),
        ("self.l[3] == 1", "index out of bounds: 3"),
        ("self.l[0] / 0 == 1", "division by zero"),
        ("int(1e100) == 1", "integer overflow"),
        ("uint(-1) == 1u", "unsigned integer overflow"),
        ("int('x') == 1", "type conversion error from 'string' to 'int'"),  # String.ConvertToType
        ("uint('x') == 1u", "type conversion error from 'string' to 'uint'"),
        ("double('x') == 1.0", "type conversion error from 'string' to 'double'"),
        ("bool('x')", "type conversion error from 'string' to 'bool'"),
        (
            "ip('x') == ip('x')",
            'IP Address "x" parse error during conversion from string: ParseAddr("x"): unable to parse IP',
        ),
    ],
)
def test_a_runtime_error_is_worded_as_cel_go_words_it(expr, words):
    # what the server puts before "evaluating rule: ..."
    assert celrules.run(expr, False, {"self": {"m": {}, "l": [1]}}) == (None, words)


def test_string_of_an_ip_or_a_cidr():
    both = "string(ip('2001:db8::68')) == '2001:db8::68' && string(cidr('10.1.2.3/16')) == '10.1.2.3/16'"
    assert _eval(both).plain_value() is True
    assert _eval("string(cidr('10.1.2.3/16').masked()) == '10.1.0.0/16' && string(1) == '1'").plain_value() is True


def test_a_call_no_overload_takes_at_run_time_is_worded_as_the_server_words_it():
    from evaluator.apiserver.request.server import Validator

    port = {"x-kubernetes-int-or-string": True, "x-kubernetes-validations": [{"rule": "self > 0"}]}
    crd = {
        "spec": {
            "group": "example.com",
            "names": {"kind": "T"},
            "versions": [{"name": "v1", "schema": {"openAPIV3Schema": {"type": "object", "properties": {"p": port}}}}],
        }
    }
    obj = {"apiVersion": "example.com/v1", "kind": "T", "metadata": {"name": "x"}, "p": "http"}
    assert [e.detail for e in Validator(crd).validate(obj)] == [
        "'no such overload': call arguments did not match a supported operator, function or macro signature "
        "for rule: self > 0"
    ]


def test_a_url_s_host_as_current_go_reads_it():
    # only an IPv6 address in brackets; http(s) ports start at the first colon, other schemes' at the last
    holds = (
        "!isURL('https://[1.2.3.4]/') && !isURL('https://a[b]/') && isURL('https://[::ffff:1.2.3.4]/') && "
        "url('https://[fe80::1%25en0]:8080/').getHostname() == 'fe80::1%en0' && "
        "!isURL('https://h:8:0/') && isURL('mongodb://h:8:0/')"
    )
    assert _eval(holds).plain_value() is True


def test_index_of_is_respelled_only_where_it_is_called():
    rule = "self.l.indexOf(2) > 0 && 'x.indexOf(1)'.lastIndexOf('x') == 0 && self . lastIndexOf ('a') < 1"
    assert cellib.respell(rule) == (
        "self.l.indexO_(2) > 0 && 'x.indexOf(1)'.lastIndexO_('x') == 0 && self . lastIndexO_ ('a') < 1"
    )
    assert cellib.unspell("no matching overload for 'indexO_'") == "no matching overload for 'indexOf'"
