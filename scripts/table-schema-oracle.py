#!/usr/bin/env python3
"""The oracle of FastCop's typed values: frictionless-py's answers for Table Schema fields.

Reads each case below with frictionless-py (`Field.read_cell`), writes the expected canonical
text (or nil for a type error) as a Swift table: Tests/FastCopRecordsTests/TypedValueOracleTables.swift.
The tests themselves do not need Python; run this again (with frictionless-py 5.21, as in
scripts/bench's venv) to regenerate the table after adding cases:

    .build/bench-venv/bin/python scripts/table-schema-oracle.py

FastCop's deliberate differences (docs/table-schema-differences.md) are listed in DIFFERENCES:
the table records FastCop's answer there, with frictionless-py's in a comment.
"""
import datetime
import decimal
import os
import subprocess
import sys

import frictionless

TRUE_FALSE_DEFAULT = None

# (field descriptor without name, [inputs])
CASES = [
    ({"type": "integer"}, [
        "0", "1", "-1", "+1", "01", "007", "-0", " 5", "5 ", "\t5\n", "\u00a05\u3000", "1_000", "1__0", "_1", "1_",
        "1.0", "1e3", "1,000", "0x10", "", " ", "-", "+", "--1", "9223372036854775807", "-9223372036854775808",
        "123456789012345678", "-123456789012345678", "9223372036854775808", "-9223372036854775809",
        "123456789012345678901234567890", "abc", "1 2", "\u0661\u0662", "5\u00a0",
    ]),
    ({"type": "integer", "bareNumber": False}, [
        "$1000", "1000 EUR", "$ 1000", "-$100", "$-100", "1,000", "EUR1000", "100%", "abc", "5-", "1_000",
        "€5", "5€", "  $7  ", "1000.5",
    ]),
    ({"type": "integer", "groupChar": ","}, ["1,000", "1000"]),
    ({"type": "number"}, [
        "0", "1", "1.5", "-1.5", "+1.5", ".5", "5.", "-.5", "1e3", "1E+03", "1.5e-3", "1e-2", "100e-2", "0e5",
        "0.00e5", "0e-3", "-0", "-0.0", "007.50", "1.50", "NaN", "nan", "-nan", "sNaN", "NaN12", "inf", "-inf",
        "Infinity", "-INFINITY", "infinit", " 1.5 ", "1_000.5", "1__0", "i_nf", "1e", "e5", ".", "+-1", "1e+-1",
        "1,5", "1 000", "0x10", "0.1", "0.30000000000000004", "123456789012345678901234567890",
        "1.7976931348623157e308", "2.2250738585072014e-308", "5e-324", "1e-400", "3.14159265358979323846",
        "9007199254740993", "\u00a01.5", "abc", "1.5.5", "1e1_0", "0.0045", "12345e-2", "-0e-3", "123e-5", "1.5e400",
        "-1.5e-400", "1e+0", "1000000000000000000000e-21", "0.000001", "-.0",
    ]),
    ({"type": "number", "decimalChar": ",", "groupChar": "."}, [
        "1.234,56", "1234,56", "1,5", "1.5", "1.234.567", ",5", "1,2,3", "-1.234,5",
    ]),
    ({"type": "number", "decimalChar": ","}, ["1,5", "1.5", "1,5e3"]),
    ({"type": "number", "groupChar": ","}, ["1,234.5", "1,2,3", ",1", "1,234,567"]),
    ({"type": "number", "groupChar": " "}, ["1 234.5", "1 234 567"]),
    ({"type": "number", "bareNumber": False}, [
        "$1.5", "1.5 EUR", "15%", "-$1.5", "$-1.5", "EUR 1.5e3", "1.", "abc", "€1,5",
    ]),
    ({"type": "number", "bareNumber": False, "decimalChar": ",", "groupChar": "."}, ["€1.234,56", "1.234,56 €"]),
    ({"type": "boolean"}, [
        "true", "True", "TRUE", "1", "false", "False", "FALSE", "0", "tRUE", "yes", " true", "true ", "", "01",
    ]),
    ({"type": "boolean", "trueValues": ["yes", "Y"], "falseValues": ["no", "N"]}, [
        "yes", "Y", "y", "no", "N", "true", "false", "1",
    ]),
    ({"type": "boolean", "trueValues": ["x"], "falseValues": ["x"]}, ["x"]),
    ({"type": "date"}, [
        "2024-01-05", "2024-1-5", "2024-01-5", "2024-1-05", "2024-02-29", "2023-02-29", "2026-02-30",
        "2024-13-01", "2024-00-10", "2024-01-00", "0000-01-01", "0001-01-01", "9999-12-31", "1970-01-01",
        "1969-12-31", "20240105", "2024/01/05", " 2024-01-05", "2024-01-05 ", "2024-01-05T00:00:00", "24-01-05",
        "12024-01-05", "2024-01- 5", "2024-01-32", "2024-1-", "abc", "2024-01-05Z", "1900-02-29", "2000-02-29",
        "\u0661\u0662\u0660\u0662-01-05",
    ]),
    ({"type": "date", "format": "%d/%m/%Y"}, [
        "05/01/2024", "5/1/2024", " 5/1/2024", "31/04/2024", "29/02/2024", "05/01/24", "05/01/2024 ", "05-01-2024",
    ]),
    ({"type": "date", "format": "%Y%m%d"}, ["20240105", "2024115", "202411", "2024010"]),
    ({"type": "date", "format": "%d %B %Y"}, [
        "5 January 2024", "05 january 2024", "5   JANUARY   2024", "5 Jan 2024", "5 janvier 2024", "5\tMay\t2024",
        "5January 2024",
    ]),
    ({"type": "date", "format": "%a, %d %b %Y"}, ["Fri, 05 Jan 2024", "Mon, 05 Jan 2024", "fri, 5 jan 2024"]),
    ({"type": "date", "format": "%y-%m-%d"}, ["24-01-05", "68-01-01", "69-01-01", "99-12-31", "00-01-01"]),
    ({"type": "date", "format": "%Y-%j"}, ["2024-001", "2024-366", "2023-366", "2024-60", "2024-5", "2024-000"]),
    ({"type": "date", "format": "%m-%d"}, ["01-05", "02-29"]),
    ({"type": "date", "format": "%Y-%m-%dT%H:%M:%S"}, ["2024-01-05T10:30:00", "2024-01-05t10:30:00"]),
    ({"type": "date", "format": "%Y-%m-%d %z"}, ["2024-01-05 +0100", "2024-01-05 Z"]),
    ({"type": "date", "format": "%%%Y"}, ["%2024", "2024"]),
    ({"type": "date", "format": "%x"}, ["01/05/24", "1/5/24"]),
    ({"type": "time"}, [
        "10:30:00", "00:00:00", "23:59:59", "24:00:00", "24:00:01", "10:30:00.5", "10:30:00,5", "10:30:00.123456",
        "10:30:00.1234567", "10:30:00.", "10:30:00Z", "10:30:00z", "10:30:00+01:00", "10:30:00+0100", "10:30:00+01",
        "10:30:00-05:30", "10:30:00+00:00", "10:30:00-00:00", "10:30:00+24:00", "10:30:00+01:60", "10:30:00+1",
        "10:30", "10:30:0", "1:30:00", "10:30:60", "10:60:00", "25:00:00", " 10:30:00", "10:30:00 ", "103000",
        "10:30:00.5+01:00", "10+01:00", "10:30+01:00", "T10:30:00", "10:30:00+01:0", "10:30:00Z+01",
    ]),
    ({"type": "time", "format": "%H:%M"}, ["10:30", "9:5", "10:30:00", "24:00"]),
    ({"type": "time", "format": "%I:%M %p"}, ["10:30 PM", "12:00 am", "12:00 PM", "1:05 pm", "13:00 PM", "10:30"]),
    ({"type": "time", "format": "%I:%M"}, ["12:30", "11:30"]),
    ({"type": "time", "format": "%H:%M:%S.%f"}, ["10:30:00.5", "10:30:00.123456", "10:30:00.1234567"]),
    ({"type": "time", "format": "%H:%M:%S%z"}, [
        "10:30:00+0100", "10:30:00+01:00", "10:30:00Z", "10:30:00z", "10:30:00-0530", "10:30:00+2400",
        "10:30:00+01:00:30", "10:30:00+010030", "10:30:00+01:0030", "10:30:00+0100:30", "10:30:00+01:00:30.5",
        "10:30:00+0000", "10:30:00+01:00:30.000",
    ]),
    ({"type": "time", "format": "%H:%M:%S %Z"}, ["10:30:00 UTC", "10:30:00 gmt", "10:30:00 CET"]),
    ({"type": "datetime"}, [
        "2024-01-05T10:30:00", "2024-01-05 10:30:00", "2024-01-05x10:30:00", "2024-01-05T10:30:00Z",
        "2024-01-05T10:30:00+01:00", "2024-01-05T10:30:00.5", "2024-01-05T10:30:00,123456789",
        "2024-01-05T24:00:00", "2024-12-31T24:00:00", "9999-12-31T24:00:00", "2024-01-05T10:30",
        "2024-01-05T10:30:00.", "2024-1-05T10:30:00", "2024-02-30T10:30:00", "2024-01-05T10:30:00+0100",
        "2024-01-05T10+01:00", "20240105T10:30:00", "2024-01-05T10:30:00 ", " 2024-01-05T10:30:00",
        "2024-01-05T10:30:00-00:00", "0000-01-05T10:30:00", "2024-01-05T25:30:00", "2024-01-05T10:30:00.000000",
        "1969-12-31T23:59:59.999999", "2024-W01-1T10:30:00", "2024-01-05\u00e910:30:00",
    ]),
    ({"type": "datetime", "format": "%d/%m/%Y %H:%M"}, ["05/01/2024 10:30", "5/1/2024 9:05", "05/01/2024"]),
    ({"type": "datetime", "format": "%Y-%m-%dT%H:%M:%S%z"}, [
        "2024-01-05T10:30:00+0100", "2024-01-05T10:30:00Z", "2024-01-05T10:30:00",
    ]),
    ({"type": "datetime", "format": "%c"}, ["Fri Jan  5 10:30:00 2024", "Fri Jan 05 10:30:00 2024"]),
    ({"type": "year"}, [
        "2024", "0099", "0000", "9999", "99", "12345", "-123", "+123", " 123", "1_00", "abcd", "20 4", "\u00a0123",
        "2024 ",
    ]),
    ({"type": "string"}, ["abc", "", " x ", "é"]),
    ({"type": "any"}, ["abc", "1"]),
    ({"type": "string", "format": "uri"}, [
        "http://example.com", "mailto:a@b", "a:", "1a:b", "example.com", "http://exa mple.com/a b", "http://[::1]:80/",
        "http://host:abc/", "x+y.z-w:rest", "", "http://\u00e9.com", "C:\\path", "urn:isbn:123", " http://x", "http:",
        "h_t:x", "\u00e9:x",
    ]),
    ({"type": "string", "format": "binary"}, [
        "", "YQ==", "YQ=", "YQ", "Y", "YWJj", "YWJj\n", "Y W J j", "YQ==YWJj", "YQ=a", "!!!!", "YWJ", "\u00e9", "YQ===",
        "=YQ==", "YWJjZA=", "a=b=", "ab=c", "YQ==\u00e9", "YW=Jj", "+/+/",
    ]),
    ({"type": "string", "format": "uuid"}, [
        "12345678-1234-5678-1234-567812345678", "{12345678-1234-5678-1234-567812345678}",
        "urn:uuid:12345678-1234-5678-1234-567812345678", "12345678123456781234567812345678",
        "1234567812345678123456781234567", "1-2345678123456781234567812345678", "+2345678123456781234567812345678",
        "0x345678123456781234567812345678", " 2345678123456781234567812345678", "1_345678123456781234567812345678",
        "ABCDEF78123456781234567812345678", "g2345678123456781234567812345678", "{{12345678123456781234567812345678}}",
        "uuid:12345678123456781234567812345678", "12345678123456781234567812345678-",
        "\u00a02345678123456781234567812345678", "1__45678123456781234567812345678", "", "uurn:uid:12345678123456781234567812345678",
        "0x_45678123456781234567812345678",
    ]),
    ({"type": "string", "format": "email"}, [
        "a@example.com", "a@b", "a.b@example.co.uk", "a..b@example.com", "a@example.com.", "\"a b\"@example.com",
        "\"ab\"@example.com", "\u00e9@example.com", "a@ex\u00e4mple.com", "a@-example.com", "a@example.c0m",
        "a@example.com1", "a@ex_ample.com", "A@EXAMPLE.COM", "a@localhost", "a@1.2.3.4", "a@[1.2.3.4]", "@example.com",
        "a@@example.com", "a@example..com", "a+b@x.io", "a@x.i", "ab@x.io ", " ab@x.io", "a@xn--bcher-kva.com",
        "a@b.c-d", "a@example.-com", "x" * 65 + "@x.io", "x" * 64 + "@x.io", "a@" + "a" * 63 + ".com",
        "a@" + "a" * 64 + ".com", "a@x__y.com", "a@x.123", "a\u00a0b@x.io", "a@x.io\u00a0", ".a@x.io", "a.@x.io",
        "a\n@x.io", "a@x-.io", "a@x.io-", "a@b\u00fccher.de", "\u00e9\u00e9@x.io", "\u0416@x.io", "a@x.\u00e9\u00e9",
    ]),
]


def random_cases(seed, count):
    """Random texts near each format's shape (a fixed seed: the table stays the same)."""
    import random
    rng = random.Random(seed)
    shapes = [
        ({"type": "date"}, "2024-01-05", "0123456789- "),
        ({"type": "date", "format": "%d/%m/%Y"}, "05/01/2024", "0123456789/ "),
        ({"type": "date", "format": "%Y%m%d"}, "20240105", "0123456789"),
        ({"type": "time"}, "10:30:00.5+01:00", "0123456789:.,+-Zz "),
        ({"type": "time", "format": "%H:%M:%S%z"}, "10:30:00+01:00", "0123456789:.+-Z"),
        ({"type": "time", "format": "%I:%M %p"}, "10:30 PM", "0123456789: APMapm"),
        ({"type": "datetime"}, "2024-01-05T10:30:00.5+01:00", "0123456789-:T.,+Z "),
        ({"type": "integer"}, "-1_234", "0123456789-+_ "),
        ({"type": "number"}, "-1.5e+3", "0123456789-+._eE "),
        ({"type": "number", "decimalChar": ",", "groupChar": ".", "bareNumber": False}, "$1.234,5", "0123456789-.,$ "),
        ({"type": "year"}, "2024", "0123456789-+_ "),
        ({"type": "string", "format": "binary"}, "YWJjZA==", "YWJjZA=+/ !"),
    ]
    cases = []
    for descriptor, seed_text, alphabet in shapes:
        texts = []
        for _ in range(count):
            text = list(seed_text)
            for _ in range(rng.randint(1, 3)):
                action = rng.random()
                position = rng.randrange(len(text) + 1)
                if action < 0.4 and text:
                    text[min(position, len(text) - 1)] = rng.choice(alphabet)
                elif action < 0.7:
                    text.insert(position, rng.choice(alphabet))
                elif text:
                    del text[min(position, len(text) - 1)]
            texts.append("".join(text))
        cases.append((descriptor, texts))
    return cases


CASES += random_cases(30, 60)

# Where FastCop deliberately answers otherwise: (descriptor key, input) -> FastCop's canonical
# text or None. Each is explained in docs/table-schema-differences.md.
DIFFERENCES = {
    # Only ASCII digits are digits.
    ('{"type": "integer"}', "\u0661\u0662"): None,
    ('{"type": "date"}', "\u0661\u0662\u0660\u0662-01-05"): None,
    # Integers are Int64.
    ('{"type": "integer"}', "9223372036854775808"): None,
    ('{"type": "integer"}', "-9223372036854775809"): None,
    ('{"type": "integer"}', "123456789012345678901234567890"): None,
    # A number whose plain form needs more than 400 zeros is written as Decimal's str writes it.
    ('{"type": "number"}', "-1.5e-400"): "-1.5E-400",
    # UTC offsets with a fraction of a second are refused.
    ('{"type": "time", "format": "%H:%M:%S%z"}', "10:30:00+01:00:30.5"): None,
    # ISO week dates (and ordinal dates, and dates without "-") are not read in the default format.
    ('{"type": "datetime"}', "2024-W01-1T10:30:00"): None,
}


def key(descriptor):
    import json
    return json.dumps(descriptor, sort_keys=False)


def offset_text(value):
    offset = value.utcoffset()
    if offset is None:
        return ""
    seconds = int(offset.total_seconds())
    if seconds == 0:
        return "Z"
    sign = "-" if seconds < 0 else "+"
    seconds = abs(seconds)
    text = f"{sign}{seconds // 3600:02d}:{seconds // 60 % 60:02d}"
    if seconds % 60:
        text += f":{seconds % 60:02d}"
    return text


def time_text(value):
    text = f"{value.hour:02d}:{value.minute:02d}:{value.second:02d}"
    if value.microsecond:
        text += f".{value.microsecond:06d}"
    return text


def canonical(field_type, value):
    if field_type in ("string", "any"):
        return value
    if field_type == "integer":
        return str(value)
    if field_type == "number":
        if value.is_nan():
            return "NaN"
        if value.is_infinite():
            return "-Infinity" if value < 0 else "Infinity"
        return format(value, "f")
    if field_type == "boolean":
        return "true" if value else "false"
    if field_type == "date":
        return value.isoformat()
    if field_type == "year":
        return f"{value:04d}"
    if field_type == "time":
        return time_text(value) + offset_text(value)
    if field_type == "datetime":
        return value.date().isoformat() + "T" + time_text(value) + offset_text(value)
    raise ValueError(field_type)


def swift_string(text):
    out = []
    for ch in text:
        code = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif 0x20 <= code < 0x7F:
            out.append(ch)
        else:
            out.append("\\u{%X}" % code)
    return '"' + "".join(out) + '"'


def swift_field(descriptor):
    args = [f".{descriptor['type']}"]
    parts = [f"kind: {args[0]}"]
    if "format" in descriptor:
        parts.append(f"format: {swift_string(descriptor['format'])}")
    if "decimalChar" in descriptor:
        parts.append(f"decimalChar: {swift_string(descriptor['decimalChar'])}")
    if "groupChar" in descriptor:
        parts.append(f"groupChar: {swift_string(descriptor['groupChar'])}")
    if "bareNumber" in descriptor:
        parts.append(f"bareNumber: {'true' if descriptor['bareNumber'] else 'false'}")
    if "trueValues" in descriptor:
        parts.append("trueValues: [" + ", ".join(swift_string(v) for v in descriptor["trueValues"]) + "]")
    if "falseValues" in descriptor:
        parts.append("falseValues: [" + ", ".join(swift_string(v) for v in descriptor["falseValues"]) + "]")
    return "FieldType(" + ", ".join(parts) + ")"


def main():
    lines = [
        "// Generated by scripts/table-schema-oracle.py from frictionless-py "
        + frictionless.__version__ + " (Python " + sys.version.split()[0] + "): do not edit.",
        "@testable import FastCopRecords",
        "",
        "/// frictionless-py's answers: (field type, text, canonical value or nil for a type error).",
        "let typedValueOracleCases: [(FieldType, String, String?)] = [",
    ]
    for descriptor, inputs in CASES:
        field = frictionless.Schema.from_descriptor({"fields": [dict(name="f", **descriptor)], "missingValues": []}).fields[0]
        for text in inputs:
            value, notes = field.read_cell(text)
            expected = None if (value is None or notes) else canonical(descriptor["type"], value)
            comment = ""
            difference_key = (key(descriptor), text)
            if difference_key in DIFFERENCES:
                fastcop = DIFFERENCES[difference_key]
                comment = "FastCop differs; frictionless-py: " + ("nil" if expected is None else swift_string(expected))
                lines.append(f"    // {comment}")
                expected = fastcop
            shown = "nil" if expected is None else swift_string(expected)
            lines.append(f"    ({swift_field(descriptor)}, {swift_string(text)}, {shown}),")
    lines.append("]")
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "Tests", "FastCopRecordsTests", "TypedValueOracleTables.swift")
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")
    # Formatted as scripts/lint wants it.
    root = os.path.join(here, "..")
    subprocess.run(["swift", "format", "--in-place", "--configuration", os.path.join(root, ".swift-format"), path],
                   check=False)
    print(f"wrote {len(CASES)} fields' cases to {os.path.relpath(path)}")


if __name__ == "__main__":
    main()
