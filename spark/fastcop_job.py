"""Cleans a data set on Spark by piping its partitions through `fastcop`.

The job reads a CSV file (RFC 4180, with a header row; quoted fields may hold commas, quotes
and line breaks) or a text file (one value per line, the field `line`), sends each partition's
rows as JSON Lines to `fastcop clean - --format jsonl --rules RULES --output-mode lines`, and
reads back exactly one line per row: `ok<TAB>cleaned row` or
`rejected<TAB>fields<TAB>messages<TAB>original row`. Clean rows are written as Parquet,
rejected rows as CSV with their reasons; the counts are printed and checked
(rows in = clean + rejected).

The `fastcop` binary (built by scripts/build-static) and the rules file reach the executors
the way Spark ships files:

    spark-submit --master local[2] \\
        --files dist/fastcop-linux-x86_64,spark/rules.json \\
        spark/fastcop_job.py --input contacts.csv --output out

writes out/clean (Parquet) and out/rejected (CSV), and prints a summary; its last line is the
same summary as one JSON object, for scripts.
"""

import argparse
import json
import os
import stat
import subprocess
import sys
import threading
import time

from pyspark import SparkFiles
from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql import types as T

# A row's columns as fastcop writes them in JSON Lines: every value a string.
ROW_TYPE = T.MapType(T.StringType(), T.StringType())

# Columns the job adds to rejected rows (the first two as in `fastcop clean --rejects`).
FIELD_COLUMN = "_field"
MESSAGE_COLUMN = "_message"
INPUT_COLUMN = "_input"


def parse_arguments(argv):
    """The job's command line."""
    parser = argparse.ArgumentParser(
        description="Clean a data set with fastcop on Spark: clean rows to Parquet, "
        "rejected rows with reasons to CSV."
    )
    parser.add_argument("--input", required=True, help="CSV file (with a header) or text file")
    parser.add_argument(
        "--output", required=True, help="folder for clean/ (Parquet) and rejected/ (CSV)"
    )
    parser.add_argument(
        "--format",
        choices=["csv", "text"],
        default=None,
        help="input format (default: csv for *.csv, else text)",
    )
    parser.add_argument(
        "--binary",
        default="fastcop-linux-x86_64",
        help="file name of the fastcop binary shipped with --files (default: %(default)s)",
    )
    parser.add_argument(
        "--rules",
        default="rules.json",
        help="file name of the rules file shipped with --files (default: %(default)s)",
    )
    parser.add_argument(
        "--partitions",
        type=int,
        default=0,
        help="partitions to pipe in parallel (default: Spark's default parallelism)",
    )
    return parser.parse_args(argv)


def shipped_file(name):
    """The local path of a file shipped with --files (or SparkContext.addFile), on this
    executor, made executable when it is the binary."""
    path = SparkFiles.get(os.path.basename(name))
    if not os.path.exists(path):
        raise FileNotFoundError(
            f"{name} was not shipped to this executor: pass it to spark-submit with --files"
        )
    return path


def make_pipe(binary_name, rules_name):
    """A function for RDD.mapPartitions that pipes one partition's JSON lines through
    `fastcop clean --output-mode lines` and yields its output lines, checking one output line
    per input line and the exit status (0: all clean, 1: some rejected, 2: an error)."""

    def pipe_partition(lines):
        binary = shipped_file(binary_name)
        mode = os.stat(binary).st_mode
        if not mode & stat.S_IXUSR:
            os.chmod(binary, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        rules = shipped_file(rules_name)
        process = subprocess.Popen(
            [binary, "clean", "-", "--format", "jsonl", "--rules", rules, "--output-mode", "lines", "--quiet"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        sent = [0]
        failure = []

        def feed():
            try:
                for line in lines:
                    process.stdin.write(line.encode("utf-8") + b"\n")
                    sent[0] += 1
            except BaseException as error:  # report it from the task, not from this thread
                failure.append(error)
            finally:
                try:
                    process.stdin.close()
                except BrokenPipeError:
                    pass

        errors = []
        error_reader = threading.Thread(target=lambda: errors.append(process.stderr.read()))
        error_reader.start()
        writer = threading.Thread(target=feed)
        writer.start()
        received = 0
        for output in process.stdout:
            received += 1
            yield output.decode("utf-8").rstrip("\n")
        writer.join()
        status = process.wait()
        error_reader.join()
        message = b"".join(errors).decode("utf-8", "replace").strip()
        if failure:
            raise RuntimeError(f"feeding fastcop failed: {failure[0]!r}; fastcop said: {message}")
        if status not in (0, 1):
            raise RuntimeError(f"fastcop exited with status {status}: {message}")
        if received != sent[0]:
            raise RuntimeError(f"fastcop wrote {received} lines for {sent[0]} rows: {message}")

    return pipe_partition


def read_input(spark, path, input_format):
    """The input as a DataFrame of strings (CSV: its columns; text: the column `line`)."""
    if input_format == "csv":
        # RFC 4180: quotes are escaped by doubling them; quoted fields may span lines.
        return (
            spark.read.option("header", True)
            .option("multiLine", True)
            .option("escape", '"')
            .option("inferSchema", False)
            .option("mode", "PERMISSIVE")
            .csv(path)
        )
    return spark.read.text(path).withColumnRenamed("value", "line")


def run(spark, arguments):
    """Runs the job; returns the summary as a dict."""
    start = time.monotonic()
    input_format = arguments.format or ("csv" if arguments.input.endswith(".csv") else "text")
    frame = read_input(spark, arguments.input, input_format)
    columns = frame.columns
    # Empty CSV fields come back as null; fastcop reads them as empty strings, so send "".
    frame = frame.select([F.coalesce(F.col(c), F.lit("")).alias(c) for c in columns])
    partitions = arguments.partitions or spark.sparkContext.defaultParallelism
    if frame.rdd.getNumPartitions() < partitions:
        # A multi-line CSV file is read as one partition: spread it before piping.
        frame = frame.repartition(partitions)

    piped = frame.toJSON().mapPartitions(make_pipe(arguments.binary, arguments.rules))
    lines = spark.createDataFrame(piped.map(lambda line: (line,)), "value string")
    # ok<TAB>row, or rejected<TAB>fields<TAB>messages<TAB>row (a JSON row may hold tabs: the
    # row is whatever follows the status's or the messages' tab).
    results = lines.select(
        F.substring_index("value", "\t", 1).alias("status"),
        F.split("value", "\t", 2).getItem(1).alias("ok_row"),
        F.split("value", "\t", 4).alias("parts"),
    ).persist()

    rows_in = frame.count()
    counts = {row["status"]: row["count"] for row in results.groupBy("status").count().collect()}
    clean_count = counts.get("ok", 0)
    rejected_count = counts.get("rejected", 0)
    if rows_in != clean_count + rejected_count:
        raise RuntimeError(f"{rows_in} rows in, but fastcop answered {counts}")

    clean_row = F.from_json("ok_row", ROW_TYPE)
    clean = results.where(F.col("status") == "ok").select(
        [clean_row.getItem(c).alias(c) for c in columns]
    )
    clean.write.mode("overwrite").parquet(os.path.join(arguments.output, "clean"))

    # As `fastcop clean --rejects` writes them: the row as it came in, the failing fields and
    # their messages (each joined by "; "). A line fastcop could not read has no fields; the
    # job then keeps that line in _input.
    fields = F.col("parts").getItem(1)
    original = F.col("parts").getItem(3)
    readable = fields != ""
    rejected_row = F.when(readable, F.from_json(original, ROW_TYPE))
    rejected = results.where(F.col("status") == "rejected").select(
        [rejected_row.getItem(c).alias(c) for c in columns]
        + [
            fields.alias(FIELD_COLUMN),
            F.col("parts").getItem(2).alias(MESSAGE_COLUMN),
            F.when(~readable, original).alias(INPUT_COLUMN),
        ]
    )
    (
        rejected.write.mode("overwrite")
        .option("header", True)
        .option("escape", '"')
        .option("ignoreLeadingWhiteSpace", False)
        .option("ignoreTrailingWhiteSpace", False)
        .csv(os.path.join(arguments.output, "rejected"))
    )
    results.unpersist()
    seconds = time.monotonic() - start
    return {
        "input": arguments.input,
        "rows": rows_in,
        "clean": clean_count,
        "rejected": rejected_count,
        "seconds": round(seconds, 3),
        "rows_per_second": round(rows_in / seconds) if seconds > 0 else None,
        "partitions": partitions,
    }


def main(argv=None):
    """Entry point for spark-submit."""
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    spark = SparkSession.builder.appName("fastcop").getOrCreate()
    try:
        summary = run(spark, arguments)
    finally:
        spark.stop()
    print(
        f"fastcop on Spark: {summary['rows']} rows in, {summary['clean']} clean, "
        f"{summary['rejected']} rejected, in {summary['seconds']} s "
        f"({summary['rows_per_second']} rows/s, {summary['partitions']} partitions)"
    )
    print(f"clean rows: {os.path.join(arguments.output, 'clean')} (Parquet)")
    print(f"rejected rows: {os.path.join(arguments.output, 'rejected')} (CSV, with {FIELD_COLUMN}, {MESSAGE_COLUMN})")
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
