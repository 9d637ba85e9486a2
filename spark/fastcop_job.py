"""Cleans CSV files on Spark with `fastcop`: bytes in bulk to fastcop, Arrow batches back.

A task runs, for its data,

    fastcop clean - --format csv --rules RULES -o - --rejects FILE --quiet --summary json

and moves bytes in bulk, with no Python loop over rows:

- --read bytes (the default): Spark lists the input files (binaryFile, one row per file) and
  each file's bytes go to fastcop as they are; fastcop parses the CSV exactly as `fastcop
  clean` does on the file (malformed records and invalid UTF-8 get the same reasons);
- --read rows: Spark reads the CSV (RFC 4180, multi-line) and `mapInArrow` hands the task its
  rows as Arrow record batches, which Arrow's C++ CSV writer streams to fastcop (the way to
  clean any DataFrame of strings). A record Spark finds malformed (a field too few or too
  many) is sent to fastcop as it was written, so fastcop rejects it with its reason.

Arrow's C++ CSV reader turns fastcop's clean rows (its standard output, as they come) and its
rejected rows (the rejects file, with _field and _message) into record batches for Spark. The
task checks fastcop's exit status (0: all clean, 1: some rejected) and that the rows add up
(sent, or read by fastcop = clean + rejected); anything else fails the task, which Spark then
retries.

The binary (scripts/build-static) and the rules reach the executors with --files:

    spark-submit --master local[2] \\
        --files dist/fastcop-linux-x86_64,spark/rules.json \\
        spark/fastcop_job.py --input contacts.csv --output out

writes out/verdict=clean/ and out/verdict=rejected/ (Parquet; see spark_common.py) and prints
a summary; its last line is the same summary as one JSON object, for scripts. The same job
with the rules in Spark SQL functions is spark/sparksql_job.py.
"""

import sys

from pyspark.sql import types as T

import spark_common


def add_arguments(parser):
    """The options of this job only."""
    parser.add_argument(
        "--binary",
        default="fastcop-linux-x86_64",
        help="the fastcop binary shipped with --files, or ALIAS/NAME in an archive shipped "
        "with --archives ARCHIVE#ALIAS (default: %(default)s)",
    )
    parser.add_argument(
        "--rules",
        default="rules.json",
        help="the rules file, shipped like the binary (default: %(default)s)",
    )
    parser.add_argument(
        "--read",
        choices=["bytes", "rows"],
        default="bytes",
        help="bytes (default): each input file's bytes go to fastcop as they are, fastcop "
        "parses the CSV; rows: Spark parses the CSV and hands fastcop Arrow batches, the way "
        "the stage cleans any DataFrame of strings",
    )


def make_stage(binary_name, rules_name, columns, read, rows_seen):
    """The function for DataFrame.mapInArrow: for read="rows", one fastcop process per
    partition of rows (the input columns and CORRUPT_COLUMN); for read="bytes", one per file
    of a binaryFile DataFrame (its content column). Everything it uses is imported inside, so
    the executors need nothing from this project but the binary and the rules."""
    corrupt_column = spark_common.CORRUPT_COLUMN
    reasons = [spark_common.FIELD_COLUMN, spark_common.MESSAGE_COLUMN]

    def stage(batches):
        import json
        import os
        import shutil
        import stat
        import subprocess
        import tempfile
        import threading

        import pyarrow as pa
        import pyarrow.csv as pacsv
        from pyspark import SparkFiles

        def shipped(name):
            # --files puts a file in SparkFiles' folder; --archives unpacks an archive there
            # (or, on YARN, in the task's working folder) under its alias: "alias/file".
            for path in (SparkFiles.get(name), os.path.abspath(name)):
                if os.path.exists(path):
                    return path
            raise FileNotFoundError(f"{name} was not shipped to this executor: pass it to "
                                    f"spark-submit with --files (or in an archive with --archives)")

        binary, rules = shipped(binary_name), shipped(rules_name)
        mode = os.stat(binary).st_mode
        if not mode & stat.S_IXUSR:
            os.chmod(binary, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        header = pa.schema([(c, pa.string()) for c in columns])
        out_schema = pa.schema([(c, pa.string()) for c in columns + reasons])
        rejects_columns = columns + ["_row", "_line"] + reasons
        read_options = pacsv.ReadOptions(block_size=4 << 20)
        parse_options = pacsv.ParseOptions(newlines_in_values=True)
        # A row rejected for invalid UTF-8 comes back with its bytes as they were: read them
        # unchecked, then repaired by valid_utf8.
        convert_options = pacsv.ConvertOptions(
            column_types={c: pa.string() for c in rejects_columns}, check_utf8=False)

        def valid_utf8(table):
            """The table with each invalid UTF-8 sequence replaced by U+FFFD (Spark's strings
            must be UTF-8); a loop over the values only when some are invalid, which is rare."""
            try:
                table.validate(full=True)
                return table
            except pa.ArrowInvalid:
                return pa.table({
                    name: pa.array([None if v is None else v.decode("utf-8", "replace")
                                    for v in column.cast(pa.binary()).to_pylist()], pa.string())
                    for name, column in zip(table.column_names, table.columns)
                })

        def checked_columns(table, expected, what):
            if table.column_names != expected:
                raise RuntimeError(f"fastcop's {what} have the columns {table.column_names}, "
                                   f"the job expects {expected} (does every file have one header?)")
            return table

        def fastcop(feed, what):
            """Runs `fastcop clean` on the CSV that feed(stdin) writes (from another thread);
            yields its clean rows, then its rejected rows, as batches of out_schema; returns
            the number of rows fastcop read (its JSON summary's rowsIn)."""
            scratch = tempfile.mkdtemp(prefix="fastcop-")
            rejects = os.path.join(scratch, "rejects.csv")
            process = subprocess.Popen(
                [binary, "clean", "-", "--format", "csv", "--rules", rules, "-o", "-",
                 "--rejects", rejects, "--quiet", "--summary", "json"],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            )
            failure, errors = [], []

            def feeding():
                try:
                    feed(process.stdin)
                except BaseException as error:  # raised again from the task below
                    failure.append(error)
                finally:
                    try:
                        process.stdin.close()
                    except BrokenPipeError:
                        pass

            threads = [threading.Thread(target=feeding),
                       threading.Thread(target=lambda: errors.append(process.stderr.read()))]
            for thread in threads:
                thread.start()
            try:
                answered = 0
                if process.stdout.peek(1):  # no output at all for an empty input
                    for batch in pacsv.open_csv(process.stdout, read_options, parse_options,
                                                pacsv.ConvertOptions(column_types=header)):
                        table = checked_columns(pa.Table.from_batches([batch]), columns,
                                                "clean rows")
                        nulls = pa.nulls(table.num_rows, pa.string())
                        answered += table.num_rows
                        yield from pa.Table.from_arrays(
                            table.columns + [nulls, nulls], schema=out_schema).to_batches()
                process.stdout.read()
                for thread in threads:
                    thread.join()
                status = process.wait()
                said = b"".join(errors).decode("utf-8", "replace").strip()
                if failure:
                    raise RuntimeError(f"feeding fastcop {what} failed: {failure[0]!r}; "
                                       f"fastcop said: {said}")
                if status not in (0, 1):
                    raise RuntimeError(f"fastcop exited with status {status} on {what}: {said}")
                try:
                    summary = json.loads(said.splitlines()[-1])
                except (IndexError, ValueError):
                    # Not fastcop's answer: for example the loader's, on an executor whose
                    # glibc is older than the binary's (`GLIBC_2.35' not found).
                    raise RuntimeError(f"fastcop gave no summary on {what} (status {status}): "
                                       f"{said}") from None
                if os.path.getsize(rejects):
                    table = checked_columns(
                        pacsv.read_csv(rejects, read_options, parse_options, convert_options),
                        rejects_columns, "rejected rows")
                    table = valid_utf8(table.select(columns + reasons))
                    answered += table.num_rows
                    yield from table.cast(out_schema).to_batches()
                if answered != summary["rowsIn"]:
                    raise RuntimeError(f"fastcop read {summary['rowsIn']} rows of {what} but "
                                       f"{answered} came back")
                return answered
            finally:
                if process.poll() is None:
                    process.kill()
                    process.wait()
                shutil.rmtree(scratch, ignore_errors=True)

        if read == "bytes":
            seen = 0
            for batch in batches:
                paths, contents = batch.column("path"), batch.column("content")
                for index in range(batch.num_rows):
                    content = contents[index].as_buffer()
                    seen += yield from fastcop(lambda stdin: stdin.write(content),
                                               paths[index].as_py())
            rows_seen.add(seen)
            return

        sent, malformed = [0], []

        import pyarrow.compute as pc  # (about 0.1 s to import; --read bytes needs none of it)

        def feed_rows(stdin):
            with pacsv.CSVWriter(stdin, header) as writer:
                for batch in batches:
                    corrupt = batch.column(corrupt_column)
                    if corrupt.null_count < len(corrupt):
                        malformed.extend(corrupt.filter(pc.is_valid(corrupt)).to_pylist())
                        batch = batch.filter(pc.is_null(corrupt))
                    batch = pa.RecordBatch.from_arrays(
                        [batch.column(c) for c in columns], schema=header)
                    sent[0] += batch.num_rows
                    writer.write_batch(batch)

        answered = yield from fastcop(feed_rows, "a partition")
        if malformed:
            # fastcop reads the records as they were written and says what is wrong with them.
            text = (",".join(columns) + "\n" + "\n".join(malformed) + "\n").encode("utf-8")
            sent[0] += len(malformed)
            answered += yield from fastcop(lambda stdin: stdin.write(text), "malformed records")
        if answered != sent[0]:
            raise RuntimeError(f"fastcop answered {answered} rows for the {sent[0]} it was sent")
        rows_seen.add(sent[0])

    return stage


def main(argv=None):
    """Entry point for spark-submit."""
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    # The Python workers import distutils (PySpark checks pyarrow's version with it), which
    # the setuptools of a virtual environment replaces with its own copy, importing
    # pkg_resources first: 0.2-0.3 s of every worker's start. The standard library's is
    # enough.
    spark = (SparkSession.builder.appName("fastcop-fastcop")
             .config("spark.executorEnv.SETUPTOOLS_USE_DISTUTILS", "stdlib").getOrCreate())
    rows_seen = spark.sparkContext.accumulator(0)

    def read_bytes(spark, arguments):
        if arguments.partitions < 0:
            # Each file is one task either way (one row of binaryFile); fastcop uses all the
            # cores the executor gives it. Spreading the files over tasks takes --partitions N.
            arguments.partitions = 0
        columns = spark_common.header(spark, arguments.input)
        return spark.read.format("binaryFile").load(arguments.input), columns

    def clean(spark, frame, columns, arguments):
        schema = T.StructType(
            [T.StructField(c, T.StringType())
             for c in columns + [spark_common.FIELD_COLUMN, spark_common.MESSAGE_COLUMN]]
        )
        stage = make_stage(arguments.binary, arguments.rules, columns, arguments.read,
                           rows_seen)
        result = frame.mapInArrow(stage, schema)
        is_clean = result[spark_common.MESSAGE_COLUMN].isNull()
        return result.withColumn(
            spark_common.VERDICT_COLUMN,
            F.when(is_clean, F.lit("clean")).otherwise(F.lit("rejected")),
        )

    def reader(arguments):
        return read_bytes if arguments.read == "bytes" else None

    spark_common.run_job("fastcop", clean, sys.argv[1:] if argv is None else argv,
                         add_arguments=add_arguments, counted=lambda: rows_seen.value,
                         reader=reader)


if __name__ == "__main__":
    main()
