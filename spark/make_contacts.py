"""Writes a deterministic CSV of dirty contacts, for spark/fastcop_job.py and scripts/spark-test.

    python3 spark/make_contacts.py --rows 200000 --output contacts.csv

The columns are id,name,email,phone,country,note (the ones spark/rules.json cleans, plus a
free-text note that no rule touches). The dirt is the kind forms and spreadsheet exports
have: stray spaces and case, zero-width spaces, names with accents, ß, emoji and combining
marks, quoted fields holding commas, doubled quotes and line breaks, phone numbers in every
notation, empty optional fields, plain mistakes, and a few records with a field too few or too
many. The same --rows and --seed always give
the same bytes.
"""

import random

import generated_csv

FIRST = ["Ada", "Grace", "Alan", "Émilie", "Carl", "Katherine", "Sofia", "Hedy", "Jürgen",
         "Zoë", "Øystein", "Marie", "José", "Siân", "Chloé", "Dmitri", "Ngozi", "Aiko"]
LAST = ["Lovelace", "Hopper", "Turing", "du Châtelet", "Gauß", "Johnson", "Kovalevskaya",
        "Lamarr", "Straße", "Nuñez", "Curie", "O'Brien", "Łukasiewicz", "Smith", "Okafor"]
DOMAINS = ["example.com", "mail.example.org", "navy.mil", "exemple.fr", "beispiel.de",
           "example.co.uk"]
COUNTRIES = ["AT", "DE", "FR", "GB", "IN", "NL", "RU", "US"]
NOTES = ["", "", "", "", "call after 5pm", "prefers email, not phone",
         'said "don\'t call" twice', "line one\nline two", "🙂 friendly",
         "VIP; see ticket #42", "  padded note  ", "e\u0301te\u0301 contact (combining marks)"]


def name(rng, index):
    """A name, sometimes dirty."""
    first, last = rng.choice(FIRST), rng.choice(LAST)
    kind = rng.randrange(12)
    if kind == 0:
        return f"  {first}   {last} "  # stray spaces
    if kind == 1:
        return f"{first}\u200b {last}"  # zero-width space
    if kind == 2:
        return f"{last}, {first}"  # a comma: quoted in the CSV
    if kind == 3:
        return first[:1]  # too short
    if kind == 4:
        return f"{first} {last} 🚀"
    if kind == 5:
        return f"{first} \"{last[:3]}\" {last}"  # quotes inside: doubled in the CSV
    return f"{first} {last}"


# Local parts of email addresses are ASCII (SwiftCop's email pattern wants that).
ASCII_FOLD = str.maketrans({"é": "e", "ü": "u", "ë": "e", "ø": "o", "ó": "o", "â": "a",
                            "ç": "c", "ñ": "n", "ł": "l", "ß": "ss"})


def email(rng, index):
    """An email address, sometimes invalid or dirty."""
    first = rng.choice(FIRST).lower()
    local = f"{first.translate(ASCII_FOLD)}.{index}"
    domain = rng.choice(DOMAINS)
    kind = rng.randrange(20)
    if kind in (0, 1, 2):
        return f" {local.upper()}@{domain.upper()} "  # trim + lowercase make it clean
    if kind == 3:
        return f"{local}@"  # no domain
    if kind == 4:
        return f"{local}@@{domain}"
    if kind == 5:
        return f"{local} at {domain}"
    if kind == 6:
        return ""
    if kind == 7:
        return f"{first}.{index}@{domain}"  # a non-ASCII local part
    return f"{local}@{domain}"


def phone(rng, index):
    """A phone number in one of many notations, sometimes too short or empty (optional)."""
    digits = "".join(rng.choice("0123456789") for _ in range(10))
    kind = rng.randrange(12)
    if kind == 0:
        return f"+44 20 {digits[:4]} {digits[4:8]}"
    if kind == 1:
        return f"({digits[:3]}) {digits[3:6]}-{digits[6:]}"
    if kind == 2:
        return digits[:3]  # too short
    if kind == 3:
        return ""  # optional: clean
    if kind == 4:
        return f"call {digits[:3]}-KNUTH"
    return f"+{digits[:2]} {digits[2:5]} {digits[5:]}"


def country(rng, index):
    """A country code in any case, sometimes unknown."""
    code = rng.choice(COUNTRIES)
    kind = rng.randrange(12)
    if kind == 0:
        return code.lower()
    if kind == 1:
        return f" {code} "
    if kind == 2:
        return rng.choice(["XX", "Germany", "", "U.S."])
    return code


# Every MALFORMED_EVERY-th record has a number of fields other than the header's (a field
# short or one too many, by turns), as a broken export would: it must be rejected with its
# reason, never dropped.
MALFORMED_EVERY = 4999


def rows(count, seed):
    """The data rows (without the header)."""
    rng = random.Random(seed)
    for index in range(1, count + 1):
        row = [str(index), name(rng, index), email(rng, index), phone(rng, index),
               country(rng, index), rng.choice(NOTES)]
        yield generated_csv.with_wrong_width(row, index, MALFORMED_EVERY)


def main(argv=None):
    """Writes the CSV."""
    columns = ["id", "name", "email", "phone", "country", "note"]
    generated_csv.main(__doc__.splitlines()[0], columns, rows, 200_000, 9, argv)


if __name__ == "__main__":
    main()
