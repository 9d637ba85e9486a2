"""Checks that the Spark job's results equal `fastcop clean` run directly on the same file.

    python3 spark/check_results.py --input contacts.csv \\
        --direct-clean direct/clean.csv --direct-rejects direct/rejects.csv --job-output out

Reads the input CSV, the direct run's clean and rejects CSV files, and the job's clean rows
(Parquet, read with PySpark) and rejected rows (CSV). Passes when rows in = clean + rejected
for both runs and the two runs have the same clean rows and the same rejected rows with the
same reasons, compared as multisets of rows (the job does not keep the input's order).
Exits 1 and shows a few differences otherwise.
"""

import argparse
import collections
import csv
import glob
import os
import sys

csv.field_size_limit(sys.maxsize)


def read_csv(paths):
    """The header and rows of one or more CSV files with the same header."""
    header, rows = None, []
    for path in paths:
        with open(path, newline="", encoding="utf-8") as handle:
            reader = csv.reader(handle)
            file_header = next(reader, None)
            if file_header is None:
                continue
            if header is not None and file_header != header:
                raise SystemExit(f"{path}: header {file_header} differs from {header}")
            header = file_header
            rows.extend(reader)
    return header or [], rows


def reasons(fields, messages):
    """The failing fields with their messages, in a canonical order."""
    pairs = zip(fields.split("; "), messages.split("; ")) if fields else [("", messages)]
    return tuple(sorted(pairs))


def rejected_rows(header, rows, columns):
    """Rejected rows as (original values, reasons), from a file with _field and _message."""
    positions = [header.index(c) for c in columns]
    field, message = header.index("_field"), header.index("_message")
    return collections.Counter(
        (tuple(row[p] for p in positions), reasons(row[field], row[message])) for row in rows
    )


def read_parquet(path, columns):
    """The job's clean rows, read with PySpark."""
    from pyspark.sql import SparkSession

    spark = (
        SparkSession.builder.master("local[1]")
        .appName("fastcop-check")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .getOrCreate()
    )
    try:
        spark.sparkContext.setLogLevel("ERROR")
        frame = spark.read.parquet(path).select(*columns)
        return collections.Counter(
            tuple("" if value is None else value for value in row) for row in frame.collect()
        )
    finally:
        spark.stop()


def show_difference(name, left, right):
    """Prints what one multiset has that the other lacks; returns whether they are equal."""
    if left == right:
        return True
    only_direct = list((left - right).elements())
    only_job = list((right - left).elements())
    print(f"{name} differ: {len(only_direct)} only in the direct run, {len(only_job)} only in the job")
    for row in only_direct[:5]:
        print(f"  direct only: {row}")
    for row in only_job[:5]:
        print(f"  job only:    {row}")
    return False


def main(argv=None):
    """Runs the checks; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", required=True)
    parser.add_argument("--direct-clean", required=True)
    parser.add_argument("--direct-rejects", required=True)
    parser.add_argument("--job-output", required=True)
    arguments = parser.parse_args(argv)

    columns, input_rows = read_csv([arguments.input])
    direct_header, direct_clean_rows = read_csv([arguments.direct_clean])
    if direct_header != columns:
        print(f"direct clean header {direct_header} differs from the input's {columns}")
        return 1
    direct_clean = collections.Counter(tuple(row) for row in direct_clean_rows)
    header, rows = read_csv([arguments.direct_rejects])
    direct_rejected = rejected_rows(header, rows, columns)
    header, rows = read_csv(sorted(glob.glob(os.path.join(arguments.job_output, "rejected", "*.csv"))))
    job_rejected = rejected_rows(header, rows, columns)
    job_clean = read_parquet(os.path.join(arguments.job_output, "clean"), columns)

    rows_in = len(input_rows)
    direct_total = sum(direct_clean.values()) + sum(direct_rejected.values())
    job_total = sum(job_clean.values()) + sum(job_rejected.values())
    print(
        f"rows in: {rows_in}; direct: {sum(direct_clean.values())} clean + "
        f"{sum(direct_rejected.values())} rejected; job: {sum(job_clean.values())} clean + "
        f"{sum(job_rejected.values())} rejected"
    )
    ok = True
    if not rows_in == direct_total == job_total:
        print(f"FAIL: rows in ({rows_in}) != clean + rejected (direct {direct_total}, job {job_total})")
        ok = False
    ok = show_difference("clean rows", direct_clean, job_clean) and ok
    ok = show_difference("rejected rows", direct_rejected, job_rejected) and ok
    print("results equal: the job's clean and rejected rows are the direct run's" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
