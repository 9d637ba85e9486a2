"""What the data generators for spark-test share (make_contacts.py, make_accounts.py): the
command line that writes their rows as CSV, and the malformed records they mix in."""

import argparse
import csv
import sys


def with_wrong_width(row, index, every):
    """The row, or, when `index` is a multiple of `every`, the row a field short or one too
    many, by turns, as a broken export would write it: it must be rejected with its reason,
    never dropped."""
    if index % every != 0:
        return row
    return row[:-1] if index // every % 2 else row + ["an extra field"]


def main(description, columns, rows, default_rows, default_seed, argv=None):
    """Writes the header `columns` and `rows(count, seed)` as CSV (LF line ends) to --output
    (stdout by default), for --rows and --seed."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--rows", type=int, default=default_rows)
    parser.add_argument("--seed", type=int, default=default_seed)
    parser.add_argument("--output", default="-", help="file to write (default: stdout)")
    arguments = parser.parse_args(argv)
    out = (open(arguments.output, "w", newline="", encoding="utf-8")
           if arguments.output != "-" else sys.stdout)
    try:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows(rows(arguments.rows, arguments.seed))
    finally:
        if out is not sys.stdout:
            out.close()
