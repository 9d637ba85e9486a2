"""Cleans a CSV file on Spark with `fastcop`: whole Arrow batches in, whole Arrow batches out.

Spark reads the CSV (RFC 4180, with a header; quoted fields may hold commas, quotes and line
breaks) and hands each partition to a Python worker as Arrow record batches (`mapInArrow`).
The worker starts one `fastcop` process for the partition and moves bytes in bulk, with no
Python loop over rows: Arrow's C++ CSV writer turns each batch into CSV on fastcop's standard
input, Arrow's C++ CSV reader turns fastcop's clean rows (standard output) and rejected rows
(a file, with _field and _message) back into batches:

    fastcop clean - --format csv --rules RULES -o - --rejects FILE --quiet

The worker checks that the rows it sent are the clean rows plus the rejected rows it got back
and fastcop's exit status (0: all clean, 1: some rejected; anything else fails the task, which
Spark then retries). A record Spark's CSV reader finds malformed (a number of fields other
than the header's) is sent to fastcop as it was written, so fastcop rejects it with its
reason, as `fastcop clean` does on the file.

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
        help="file name of the fastcop binary shipped with --files (default: %(default)s)",
    )
    parser.add_argument(
        "--rules",
        default="rules.json",
        help="file name of the rules file shipped with --files (default: %(default)s)",
    )


def make_stage(binary_name, rules_name, columns, corrupt_column, rows_seen):
    """The function for DataFrame.mapInArrow: one fastcop process per partition. Everything it
    uses is imported inside, so the executors need nothing from this project but the binary
    and the rules."""

    def stage(batches):
        import os
        import shutil
        import stat
        import subprocess
        import tempfile
        import threading

        import pyarrow as pa
        import pyarrow.compute as pc
        import pyarrow.csv as pacsv
        from pyspark import SparkFiles

        def shipped(name):
            path = SparkFiles.get(os.path.basename(name))
            if not os.path.exists(path):
                raise FileNotFoundError(
                    f"{name} was not shipped to this executor: pass it to spark-submit with --files"
                )
            return path

        binary, rules = shipped(binary_name), shipped(rules_name)
        mode = os.stat(binary).st_mode
        if not mode & stat.S_IXUSR:
            os.chmod(binary, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        strings = {c: pa.string() for c in columns + ["_row", "_line", "_field", "_message"]}
        read_options = pacsv.ReadOptions(block_size=4 << 20)
        parse_options = pacsv.ParseOptions(newlines_in_values=True)
        convert_options = pacsv.ConvertOptions(column_types=strings, include_columns=None)
        out_schema = pa.schema([(c, pa.string()) for c in columns + ["_field", "_message"]])
        null_reasons = None

        def with_reasons(table, field, message):
            arrays = [table.column(c) for c in columns] + [field, message]
            return pa.Table.from_arrays(arrays, schema=out_schema)

        def run(feed):
            """Runs fastcop on what feed(stdin) writes; yields the clean rows' table batches,
            then returns (status, stderr, rejects table) through a list."""
            scratch = tempfile.mkdtemp(prefix="fastcop-")
            rejects = os.path.join(scratch, "rejects.csv")
            process = subprocess.Popen(
                [binary, "clean", "-", "--format", "csv", "--rules", rules, "-o", "-",
                 "--rejects", rejects, "--quiet"],
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
                clean = process.stdout.peek(1) if hasattr(process.stdout, "peek") else b"?"
                if clean:
                    reader = pacsv.open_csv(process.stdout, read_options, parse_options,
                                            convert_options)
                    for batch in reader:
                        yield pa.Table.from_batches([batch])
                process.stdout.read()
                for thread in threads:
                    thread.join()
                status = process.wait()
                said = b"".join(errors).decode("utf-8", "replace").strip()
                if failure:
                    raise RuntimeError(f"feeding fastcop failed: {failure[0]!r}; fastcop said: {said}")
                if status not in (0, 1):
                    raise RuntimeError(f"fastcop exited with status {status}: {said}")
                table = pacsv.read_csv(rejects, read_options, parse_options, convert_options)
                yield ("rejected", table)
            finally:
                if process.poll() is None:
                    process.kill()
                    process.wait()
                shutil.rmtree(scratch, ignore_errors=True)

        def clean_and_rejected(feed):
            """Yields the output batches of one fastcop run; returns its row count."""
            nonlocal null_reasons
            rows = 0
            for item in run(feed):
                if isinstance(item, tuple):
                    table = item[1]
                    table = with_reasons(table, table.column("_field"), table.column("_message"))
                else:
                    table = item
                    if null_reasons is None or len(null_reasons) < table.num_rows:
                        null_reasons = pa.nulls(max(table.num_rows, 1 << 16), pa.string())
                    nulls = null_reasons.slice(0, table.num_rows)
                    table = with_reasons(table, nulls, nulls)
                rows += table.num_rows
                yield from table.to_batches()
            return rows

        sent, malformed = [0], []
        header = pa.schema([(c, pa.string()) for c in columns])

        def feed_partition(stdin):
            with pacsv.CSVWriter(stdin, header) as writer:
                for batch in batches:
                    if corrupt_column in batch.schema.names:
                        corrupt = batch.column(corrupt_column)
                        if corrupt.null_count < len(corrupt):
                            malformed.extend(corrupt.filter(pc.is_valid(corrupt)).to_pylist())
                            batch = batch.filter(pc.is_null(corrupt))
                    batch = pa.RecordBatch.from_arrays(
                        [batch.column(c) for c in columns], schema=header)
                    sent[0] += batch.num_rows
                    writer.write_batch(batch)

        answered = yield from clean_and_rejected(feed_partition)
        if malformed:
            # fastcop reads the records as they were written and says what is wrong with them.
            text = (",".join(columns) + "\n" + "\n".join(malformed) + "\n").encode("utf-8")
            sent[0] += len(malformed)
            answered += yield from clean_and_rejected(lambda stdin: stdin.write(text))
        if answered != sent[0]:
            raise RuntimeError(f"fastcop answered {answered} rows for the {sent[0]} it was sent")
        rows_seen.add(sent[0])

    return stage


def main(argv=None):
    """Entry point for spark-submit."""
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    spark = SparkSession.builder.appName("fastcop-fastcop").getOrCreate()
    rows_seen = spark.sparkContext.accumulator(0)

    def clean(spark, frame, columns, arguments):
        schema = T.StructType(
            [T.StructField(c, T.StringType())
             for c in columns + [spark_common.FIELD_COLUMN, spark_common.MESSAGE_COLUMN]]
        )
        stage = make_stage(arguments.binary, arguments.rules, columns,
                           spark_common.CORRUPT_COLUMN, rows_seen)
        result = frame.mapInArrow(stage, schema)
        is_clean = result[spark_common.MESSAGE_COLUMN].isNull()
        return result.withColumn(
            spark_common.VERDICT_COLUMN,
            F.when(is_clean, F.lit("clean")).otherwise(F.lit("rejected")),
        )

    spark_common.run_job("fastcop", clean, sys.argv[1:] if argv is None else argv,
                         add_arguments=add_arguments, counted=lambda: rows_seen.value)


if __name__ == "__main__":
    main()
