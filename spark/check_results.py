"""Checks that the Spark jobs' results equal `fastcop clean` run directly on the same file.

    python3 spark/check_results.py --input contacts.csv \\
        --direct-clean direct/clean.csv --direct-rejects direct/rejects.csv \\
        --job fastcop=out-fastcop --job spark-sql=out-sparksql

Reads the input CSV, the direct run's clean and rejects CSV files, and each job's output
(OUTPUT/verdict=clean/ and OUTPUT/verdict=rejected/, Parquet, read with pyarrow). Passes when,
for the direct run and every job, rows in = clean + rejected, and every job has the direct
run's clean rows and its rejected rows with the same reasons (failing fields and messages),
compared as multisets of rows (Spark does not keep the input's order). A record that could not
be read (a malformed CSV record: no failing field, only a message) must be rejected by every
job with a message; its message is compared for jobs named in --own-malformed-message (the
Spark SQL job says "malformed CSV record" where fastcop says how it is malformed).
Exits 1 and shows a few differences otherwise.

For a job over several files (a folder), give --input, --direct-clean and --direct-rejects
once per file, in the same order (`fastcop clean` run on each file): the direct results are
the union of the files' (so a unique key is checked within each file, as the job checks it).
"""

import argparse
import collections
import csv
import sys

import pyarrow.csv as pacsv
import pyarrow.dataset as ds

csv.field_size_limit(sys.maxsize)

UNREADABLE = "(a message)"


def read_csv(path):
    """The header and rows of a CSV file (Python's reader: a malformed record is one row)."""
    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.reader(handle)
        header = next(reader, None) or []
        return header, list(reader)


def reasons(field, message, own_malformed):
    """The failing fields with their messages, in a canonical order; a row that could not be
    read has no field and only a message."""
    if not field:
        return (("", UNREADABLE if own_malformed and message else message),)
    return tuple(sorted(zip(field.split("; "), message.split("; "))))


def direct_results(clean_path, rejects_path, columns):
    """The direct run's clean rows and a function giving its rejected rows."""
    header, rows = read_csv(clean_path)
    if header != columns:
        raise SystemExit(f"direct clean header {header} differs from the input's {columns}")
    clean = collections.Counter(tuple(row) for row in rows)
    header, rows = read_csv(rejects_path)
    positions = [header.index(c) for c in columns]
    field, message = header.index("_field"), header.index("_message")

    def rejected(own_malformed):
        return collections.Counter(
            (tuple(row[p] for p in positions), reasons(row[field], row[message], own_malformed))
            for row in rows
        )

    return clean, rejected


def all_direct_results(arguments, columns):
    """direct_results over every file's pair of --direct-clean and --direct-rejects."""
    if not len(arguments.input) == len(arguments.direct_clean) == len(arguments.direct_rejects):
        raise SystemExit("give --input, --direct-clean and --direct-rejects once per file")
    results = [direct_results(clean, rejects, columns)
               for clean, rejects in zip(arguments.direct_clean, arguments.direct_rejects)]

    def rejected(own_malformed):
        return sum((each(own_malformed) for _, each in results), collections.Counter())

    return sum((clean for clean, _ in results), collections.Counter()), rejected


def job_results(path, columns, own_malformed):
    """A job's clean and rejected rows, from its Parquet output."""
    table = ds.dataset(path, format="parquet", partitioning="hive").to_table()
    clean, rejected = collections.Counter(), collections.Counter()
    names = columns + ["_field", "_message", "verdict"]
    data = [table.column(n).to_pylist() for n in names]
    for values in zip(*data):
        row = tuple("" if v is None else v for v in values[: len(columns)])
        field, message, verdict = values[len(columns):]
        if verdict == "clean":
            clean[row] += 1
        else:
            rejected[(row, reasons(field or "", message or "", own_malformed))] += 1
    return clean, rejected


def show_difference(name, left, right):
    """Prints what one multiset has that the other lacks; returns whether they are equal."""
    if left == right:
        return True
    only_direct = list((left - right).elements())
    only_job = list((right - left).elements())
    print(f"  {name} differ: {len(only_direct)} only in the direct run, {len(only_job)} only in the job")
    for row in only_direct[:5]:
        print(f"    direct only: {row}")
    for row in only_job[:5]:
        print(f"    job only:    {row}")
    return False


def main(argv=None):
    """Runs the checks; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", required=True, action="append")
    parser.add_argument("--direct-clean", required=True, action="append")
    parser.add_argument("--direct-rejects", required=True, action="append")
    parser.add_argument("--job", action="append", default=[], metavar="NAME=OUTPUT")
    parser.add_argument("--own-malformed-message", action="append", default=[], metavar="NAME")
    arguments = parser.parse_args(argv)

    columns, rows_in = None, 0
    for path in arguments.input:
        header, input_rows = read_csv(path)
        if columns is not None and header != columns:
            raise SystemExit(f"{path}: header {header} differs from the first input's {columns}")
        columns, rows_in = header, rows_in + len(input_rows)
    direct_clean, direct_rejected = all_direct_results(arguments, columns)
    direct_total = sum(direct_clean.values()) + sum(direct_rejected(False).values())
    print(
        f"rows in: {rows_in}; fastcop clean: {sum(direct_clean.values())} clean + "
        f"{direct_total - sum(direct_clean.values())} rejected"
    )
    ok = rows_in == direct_total
    if not ok:
        print(f"FAIL: rows in ({rows_in}) != clean + rejected of fastcop clean ({direct_total})")
    for job in arguments.job:
        name, _, path = job.partition("=")
        own = name in arguments.own_malformed_message
        clean, rejected = job_results(path, columns, own)
        total = sum(clean.values()) + sum(rejected.values())
        print(f"{name}: {sum(clean.values())} clean + {sum(rejected.values())} rejected")
        if total != rows_in:
            print(f"  FAIL: rows in ({rows_in}) != clean + rejected ({total})")
            ok = False
        ok = show_difference("clean rows", direct_clean, clean) and ok
        ok = show_difference("rejected rows", direct_rejected(own), rejected) and ok
    print("results equal: every job's clean and rejected rows are fastcop clean's" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
