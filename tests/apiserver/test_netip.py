"""Go's net/netip, as the CEL IP and CIDR libraries read addresses (`evaluator/apiserver/values/netip.py`):
what it accepts and the text of what it refuses."""

import ipaddress

import pytest

from evaluator.apiserver.values.netip import NetipError, is_4in6, parse_addr, parse_prefix

REFUSED = {
    "": 'ParseAddr(""): unable to parse IP',
    "%eth0": 'ParseAddr("%eth0"): missing IPv6 address',
    "1.2.3": 'ParseAddr("1.2.3"): IPv4 address too short',
    "1.2.3.04": 'ParseAddr("1.2.3.04"): IPv4 field has octet with leading zero',
    "1.2.3.256": 'ParseAddr("1.2.3.256"): IPv4 field has value >255',
    "1..2.3": 'ParseAddr("1..2.3"): IPv4 field must have at least one digit (at ".2.3")',
    "1.2.3.4%eth0": 'ParseAddr("1.2.3.4%eth0"): unexpected character (at "%eth0")',
    "fe80::1%": 'ParseAddr("fe80::1%"): zone must be a non-empty string',
    "12345::": 'ParseAddr("12345::"): each group must have 4 or less digits (at "12345::")',
    "1::2::3": 'ParseAddr("1::2::3"): multiple :: in address (at ":3")',
    "1:2:3:4:5:1.2.3.4": 'ParseAddr("1:2:3:4:5:1.2.3.4"): embedded IPv4 address must replace the final 2 fields '
    'of the address (at "1.2.3.4")',
    "1:2:3:4:5:6:7:8:9": 'ParseAddr("1:2:3:4:5:6:7:8:9"): trailing garbage after address (at "9")',
    "1:2:3": 'ParseAddr("1:2:3"): address string too short',
    "1:2:3:4:5:6:7:8::": 'ParseAddr("1:2:3:4:5:6:7:8::"): the :: must expand to at least one field of zeros',
}
PREFIX_REFUSED = {
    "10.0.0.0": "netip.ParsePrefix(\"10.0.0.0\"): no '/'",
    "10.0.0.0/33": 'netip.ParsePrefix("10.0.0.0/33"): prefix length out of range',
    "10.0.0.0/08": 'netip.ParsePrefix("10.0.0.0/08"): bad bits after slash: "08"',
    "10.0.0.0/": 'netip.ParsePrefix("10.0.0.0/"): bad bits after slash: ""',
    "fe80::1%eth0/64": 'netip.ParsePrefix("fe80::1%eth0/64"): IPv6 zones cannot be present in a prefix',
    "999/8": 'netip.ParsePrefix("999/8"): ParseAddr("999"): unable to parse IP',
    "1.2.3.4//16": 'netip.ParsePrefix("1.2.3.4//16"): ParseAddr("1.2.3.4/"): unexpected character (at "/")',
}


@pytest.mark.parametrize("text", sorted(REFUSED))
def test_an_address_is_refused_in_gos_words(text):
    with pytest.raises(NetipError) as e:
        parse_addr(text)
    assert str(e.value) == REFUSED[text]


@pytest.mark.parametrize("text", sorted(PREFIX_REFUSED))
def test_a_prefix_is_refused_in_gos_words(text):
    with pytest.raises(NetipError) as e:
        parse_prefix(text)
    assert str(e.value) == PREFIX_REFUSED[text]


@pytest.mark.parametrize("text", ["192.168.0.1", "::", "2001:db8::68", "1:2:3:4:5:6:1.2.3.4", "::1.2.3.4", "0:0::1"])
def test_an_address_has_the_value_python_reads(text):
    version, value, zone = parse_addr(text)
    assert (version, value, zone) == (ipaddress.ip_address(text).version, int(ipaddress.ip_address(text)), "")


def test_zones_and_mapped_addresses_are_read_for_the_library_to_refuse():
    assert parse_addr("fe80::1%eth0")[2] == "eth0"
    assert is_4in6(parse_addr("::ffff:1.2.3.4")) and not is_4in6(parse_addr("::1.2.3.4"))
    assert parse_prefix("2001:db8::/32") == ((6, int(ipaddress.ip_address("2001:db8::")), ""), 32)
