"""Writes a deterministic CSV of typed, dirty accounts, for spark/schema.json and spark-test.

    python3 spark/make_accounts.py --rows 1500 --seed 1 --output accounts-1.csv

The columns are id,name,amount,active,joined,plan,code,note, the ones spark/schema.json (a
Frictionless Table Schema) types: an integer id (the primary key), a name of two characters
or more, an amount with a decimal comma and "." between thousands ("1.234,50", quoted in the
CSV), a boolean in words (yes/no, true/false), a date in %d/%m/%Y, a plan from a list
(basic, pro, team), a code of a pattern (ABC-1234, unique) and a free-text note no check
touches. The dirt: ids repeated (a few as "007" for 7, the same integer) or missing or not
integers, names missing ("" or "NA", the schema's missing values) or too short, amounts
negative or in the wrong notation, booleans and dates that do not read (31/02/2024,
2024-01-05), dates before 2000, plans in the wrong case, codes repeated or lowercase, and
every ROW_WIDTH_EVERY-th record a field short or one too many. The ids start at 1 in every
file, so two files of different --seed share their ids: a duplicate only within a file, as
`fastcop clean --schema` checks one file. The same --rows and --seed always give the same
bytes.
"""

import random

import generated_csv

COLUMNS = ["id", "name", "amount", "active", "joined", "plan", "code", "note"]
NAMES = ["Ada Lovelace", "Grace Hopper", "Émilie du Châtelet", "Carl Gauß", "Zoë Straße",
         "Øystein Ore", "José Nuñez", "Siân O'Brien", "Jan Łukasiewicz", "Aiko 🙂"]
PLANS = ["basic", "pro", "team"]
NOTES = ["", "", "", "renewal due", "pays late, call first", 'said "no paper"',
         "line one\nline two", "é\u0301 combining mark"]
# Every ROW_WIDTH_EVERY-th record has a field too few or one too many, by turns.
ROW_WIDTH_EVERY = 397


def identifier(rng, index):
    """The id: the row's number, sometimes an earlier row's (a duplicate), missing or no integer."""
    kind = rng.randrange(40)
    if kind == 0 and index > 10:
        return str(rng.randrange(1, index))  # a duplicate of an earlier id
    if kind == 1 and index > 10:
        return f"{rng.randrange(1, 10):03d}"  # "007": the same integer as 7
    if kind == 2:
        return ""  # missing: a primary key error
    if kind == 3:
        return f"{index}a"
    return str(index)


def name(rng):
    """A required name, sometimes missing or too short."""
    kind = rng.randrange(30)
    if kind == 0:
        return ""
    if kind == 1:
        return "NA"  # a missing value too
    if kind == 2:
        return "X"  # too short
    return rng.choice(NAMES)


def amount(rng):
    """A number with a decimal comma and "." grouping thousands."""
    euros, cents = rng.randrange(0, 20000), rng.randrange(100)
    kind = rng.randrange(25)
    if kind == 0:
        return f"-{euros},{cents:02d}"  # below the minimum
    if kind == 1:
        return f"{euros}.{cents:02d}€"  # not a number
    if kind == 2:
        return ""  # optional
    if euros >= 1000:
        return f"{euros // 1000}.{euros % 1000:03d},{cents:02d}"
    return f"{euros},{cents:02d}"


def active(rng):
    """A boolean in words, optional, sometimes one the schema does not read."""
    if rng.randrange(25) == 0:
        return "maybe"
    return rng.choice(["yes", "no", "yes", "true", "false", ""])


def joined(rng):
    """A required date in %d/%m/%Y, sometimes in another format, impossible or too early."""
    day, month, year = rng.randrange(1, 29), rng.randrange(1, 13), rng.randrange(2000, 2025)
    kind = rng.randrange(30)
    if kind == 0:
        return f"{year}-{month:02d}-{day:02d}"  # ISO, not the schema's format
    if kind == 1:
        return f"31/02/{year}"  # no such day
    if kind == 2:
        return f"{day:02d}/{month:02d}/1999"  # before the minimum
    return f"{day:02d}/{month:02d}/{year}"


def plan(rng):
    """One of PLANS, sometimes in the wrong case, missing or unknown."""
    kind = rng.randrange(30)
    if kind == 0:
        return "Pro"  # the enum is exact
    if kind == 1:
        return ""  # required
    if kind == 2:
        return "gold"
    return rng.choice(PLANS)


def code(rng, index, codes):
    """A unique code of the pattern ABC-1234 (codes: those given so far), sometimes repeated or
    lowercase."""
    kind = rng.randrange(50)
    if kind == 0 and codes:
        return rng.choice(codes)  # a duplicate
    if kind == 1:
        return "abc-1234"  # the pattern wants capitals
    value = f"{'ABCDEFGH'[index % 8]}{'KLMNOPQR'[index // 8 % 8]}Z-{index % 10000:04d}"
    codes.append(value)
    return value


def rows(count, seed):
    """The data rows (without the header)."""
    rng = random.Random(seed)
    codes = []
    for index in range(1, count + 1):
        row = [identifier(rng, index), name(rng), amount(rng), active(rng), joined(rng),
               plan(rng), code(rng, index, codes), rng.choice(NOTES)]
        yield generated_csv.with_wrong_width(row, index, ROW_WIDTH_EVERY)


def main(argv=None):
    """Writes the CSV."""
    generated_csv.main(__doc__.splitlines()[0], COLUMNS, rows, 1500, 1, argv)


if __name__ == "__main__":
    main()
