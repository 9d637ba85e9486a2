"""What spark/fastcop_job.py and spark/sparksql_job.py share: the command line, reading the CSV,
writing the results in one pass and the summary. Runs on the driver only (the executors'
code of fastcop_job.py does not import it, so it needs no --py-files).

Both jobs write OUTPUT/verdict=clean/ and OUTPUT/verdict=rejected/ (Parquet): every input
column (cleaned for clean rows, as read for rejected rows), _field and _message (the failing
fields and their messages, each joined by "; ", as in `fastcop clean --rejects`; null for
clean rows).
"""

import argparse
import csv
import io
import json
import os
import time

from pyspark import RDD
from pyspark.sql import SparkSession
from pyspark.sql import types as T

FIELD_COLUMN = "_field"
MESSAGE_COLUMN = "_message"
VERDICT_COLUMN = "verdict"
# Where Spark's CSV reader puts the text of a record it finds malformed (PERMISSIVE mode).
CORRUPT_COLUMN = "_corrupt_record"
# The message of a malformed record in the Spark SQL job (fastcop says how it is malformed).
MALFORMED_MESSAGE = "malformed CSV record"


def argument_parser(description):
    """The options both jobs take; a job adds its own."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--input", required=True, help="CSV file (RFC 4180, with a header)")
    parser.add_argument(
        "--output", required=True, help="folder for verdict=clean/ and verdict=rejected/ (Parquet)"
    )
    parser.add_argument(
        "--sink",
        choices=["parquet", "noop"],
        default="parquet",
        help="parquet (default): write the results; noop: compute them and throw them away "
        "(Spark's no-op sink), to time the stage without the writing",
    )
    parser.add_argument(
        "--partitions",
        type=int,
        default=-1,
        help="spread the rows over N partitions before cleaning (default: Spark's default "
        "parallelism; 0: keep the partitions as read, one per file for a multi-line CSV)",
    )
    parser.add_argument(
        "--plain-columns",
        default="",
        metavar="COLUMNS",
        help="columns (comma-separated) written to Parquet without dictionary encoding: those "
        "whose values are (nearly) all different, such as ids, emails, phone numbers (see "
        "parquet_options)",
    )
    parser.add_argument(
        "--parquet-codec",
        choices=PARQUET_CODECS,
        default="snappy",
        help="the Parquet files' compression (default: %(default)s, Spark's default)",
    )
    return parser


# The compression codecs both jobs (and the FastCop stage's task writer) can write.
PARQUET_CODECS = ["snappy", "zstd", "lz4_raw", "none"]


def parquet_options(plain_columns, codec="snappy"):
    """The Parquet writer's options for the job's write: dictionary encoding off for each
    of plain_columns (comma-separated names), on for the others (Parquet's default).

    Parquet starts every column chunk with a dictionary and falls back to plain encoding when
    the dictionary outgrows its page (1 MB): for a column of (nearly) unique values the
    writer hashes and looks up every value, builds the dictionary, then re-encodes what it
    wrote as plain values, and the file is no smaller for it. On 300,000 generated contacts
    (id, email, phone nearly unique; name, country, note a few thousand values at most)
    turning it off for id, email and phone cut the writing task's CPU time by 30% (0.68 to
    0.48 CPU-s, a warm JVM, best of 4) for files of the same size (7.4 MB); off for every
    column, 0.43 CPU-s but files 40% larger (10.3 MB)."""
    options = {f"parquet.enable.dictionary#{name}": "false"
               for name in parquet_columns(plain_columns)}
    options["compression"] = codec
    return options


def parquet_columns(names):
    """The column names of a comma-separated list (--plain-columns)."""
    return [name.strip() for name in names.split(",") if name.strip()]


CSV_OPTIONS = {"header": True, "multiLine": True, "escape": '"', "inferSchema": False}


def input_files(spark, path):
    """The Hadoop file system and the files that Spark reads for path (qualified Paths): the
    file itself, or, for a folder or a glob (`data/*.csv`), the files it names or holds
    (not those in subfolders), sorted by name, but those Spark treats as hidden (`_…`,
    `.…`)."""
    jvm = spark.sparkContext._jvm
    configuration = spark.sparkContext._jsc.hadoopConfiguration()
    where = jvm.org.apache.hadoop.fs.Path(path)
    files = where.getFileSystem(configuration)
    named = list(files.globStatus(where) or [])
    if len(named) == 1 and named[0].isFile() and not any(c in path for c in "*?[{"):
        return files, [named[0].getPath()]  # one file, named as it is: read even if hidden
    found = []
    for status in named:
        found += files.listStatus(status.getPath()) if status.isDirectory() else [status]
    names = sorted(
        (status.getPath() for status in found
         if status.isFile() and not status.getPath().getName().startswith(("_", "."))),
        key=lambda file: file.getName(),
    )
    if not names:
        raise SystemExit(f"{path}: no such file, or no file in it "
                         f"({files.makeQualified(where).toString()})")
    return files, names


# The bytes of the file header() asks for first (then twice as many each time, up to 64 KB,
# until the first record is whole): Py4J hands a byte array over as base64 text, and 64 KB
# at once took 50-70 ms of a job's fixed cost where a header needs a few hundred bytes.
HEADER_CHUNK = 1 << 12


def header(spark, path, listed=None):
    """The columns of the CSV file's header (of its first file by name, for a folder or a glob;
    see input_files). listed: input_files(spark, path) when the caller has it already (the input
    is then not listed again).

    Read on the driver through Hadoop's file system (any path Spark reads: local, HDFS, S3;
    a compressed file through its codec), with no Spark job: asking Spark's CSV reader for
    the columns ran a job, and loaded the CSV source, before the real work started (about a
    second of the FastCop stage's time, which never uses Spark's CSV reader). The first
    record is parsed as RFC 4180 (a quoted name may hold commas and line breaks); a UTF-8
    byte order mark is dropped."""
    files, names = listed or input_files(spark, path)
    where = names[0]
    configuration = spark.sparkContext._jsc.hadoopConfiguration()
    jvm = spark.sparkContext._jvm
    codec = jvm.org.apache.hadoop.io.compress.CompressionCodecFactory(configuration).getCodec(where)
    stream = files.open(where)
    try:
        if codec is not None:
            stream = codec.createInputStream(stream)
        text, size = b"", HEADER_CHUNK
        while True:
            chunk = bytes(stream.readNBytes(size))
            text += chunk
            ended = len(chunk) < size
            first, complete = first_record(text.decode("utf-8-sig", "replace"))
            if complete or ended:
                break
            size = min(size * 2, 1 << 16)
    finally:
        stream.close()
    if not first:
        raise SystemExit(f"{where.toString()}: no header row (the file is empty or its first "
                         f"record is not valid CSV)")
    return first


def first_record(text):
    """The first CSV record of text (None when it is not valid CSV) and whether it is known
    to be whole: a second record starts after it (else more text may continue it)."""
    records = csv.reader(io.StringIO(text, newline=""))
    try:
        first = next(records, None)
    except csv.Error:  # a quoted name still open where the text ends
        return None, False
    try:
        return first, next(records, None) is not None
    except csv.Error:  # the second record is cut short: the first is whole
        return first, True


def read_input(spark, arguments):
    """The CSV file as a DataFrame of strings, its columns and the column CORRUPT_COLUMN
    (the record's text when Spark finds it malformed, else null); and the header's columns."""
    path = arguments.input
    options = CSV_OPTIONS
    columns = header(spark, path)
    schema = T.StructType(
        [T.StructField(c, T.StringType()) for c in columns + [CORRUPT_COLUMN]]
    )
    frame = (
        spark.read.options(**options)
        .option("mode", "PERMISSIVE")
        .option("columnNameOfCorruptRecord", CORRUPT_COLUMN)
        .schema(schema)
        .csv(path)
    )
    return frame, columns


def spread(spark, frame, partitions):
    """The frame over `partitions` partitions (-1: Spark's default parallelism; 0: as read).
    A multi-line CSV file is read as one partition. An RDD (a reader's own stage) is left as
    it is: its reader spreads it."""
    if isinstance(frame, RDD):
        return frame
    if partitions < 0:
        partitions = spark.sparkContext.defaultParallelism
    if partitions and frame.rdd.getNumPartitions() != partitions:
        frame = frame.repartition(partitions)
    return frame


def write_without_sort(spark):
    """Lets the write partitioned by verdict stream each task's rows to one open file per
    verdict instead of sorting them by verdict first. By default (Spark 3.4+, planned writes)
    Spark sorts a task's rows by the partition column before writing: the whole task's output
    is buffered and sorted after the last row, and only then written, a serial tail of about a
    third of the FastCop stage's time. With planned writes off and room for one concurrent
    writer per verdict (two; the threshold must exceed it), rows are written as they come.
    Both jobs write this way."""
    spark.conf.set("spark.sql.optimizer.plannedWrite.enabled", "false")
    spark.conf.set("spark.sql.maxConcurrentOutputFileWriters", "3")


def run_job(name, clean, argv, add_arguments=None, counted=None, reader=None, writer=None,
            notes=None):
    """Parses argv, reads the input, applies clean(spark, frame, columns, arguments), writes
    the result partitioned by verdict, and prints a summary (its last line as JSON).
    `counted()`, when given, returns the rows the cleaning stage saw, to check against the
    rows written; `reader(arguments)`, when it returns a function, reads the input instead
    of read_input (into a DataFrame, or an RDD that the writer's own stage takes);
    `writer(arguments)`, when it returns a function, cleans and writes the
    frame itself (called as clean is) instead of clean and Spark's writer; `notes()`, when
    given, returns None or (sentences, entries): lines printed after the summary's first and
    entries added to its JSON (what the job wants a reader of its output to know)."""
    parser = argument_parser(f"Clean a CSV file on Spark ({name})")
    if add_arguments:
        add_arguments(parser)
    arguments = parser.parse_args(argv)
    spark = SparkSession.builder.appName(f"fastcop-{name}").getOrCreate()
    try:
        # The clock starts once the SparkSession is created (the JVM and SparkContext are
        # up). Spark builds the session's state (catalog, analyzer, SQL conf) lazily, at its
        # first use, about a second: that stays inside the clock, as it always was.
        start = time.monotonic()
        read = (reader and reader(arguments)) or read_input
        frame, columns = read(spark, arguments)
        unknown = [name for name in parquet_columns(arguments.plain_columns) if name not in columns]
        if unknown:
            raise SystemExit(f"--plain-columns: no column {', '.join(unknown)} in "
                             f"{arguments.input} (its columns: {', '.join(columns)})")
        frame = spread(spark, frame, arguments.partitions)
        write = writer and writer(arguments)
        if write and arguments.sink == "noop":
            raise SystemExit(f"{name}: --sink noop times the stage without writing, and this "
                             f"job's writer is part of its stage: leave one of them out")
        if not write:
            write_without_sort(spark)
        if write:
            write(spark, frame, columns, arguments)
            seconds = time.monotonic() - start
            seen = counted() if counted else None
            written = spark.read.parquet(arguments.output).groupBy(VERDICT_COLUMN).count().collect()
        elif arguments.sink == "noop":
            result = clean(spark, frame, columns, arguments)
            result.write.format("noop").mode("overwrite").save()
            seconds = time.monotonic() - start
            seen = counted() if counted else None  # before counting runs the stage again
            written = result.groupBy(VERDICT_COLUMN).count().collect()
        else:
            result = clean(spark, frame, columns, arguments)
            (result.write.mode("overwrite").partitionBy(VERDICT_COLUMN)
             .options(**parquet_options(arguments.plain_columns, arguments.parquet_codec))
             .parquet(arguments.output))
            seconds = time.monotonic() - start
            seen = counted() if counted else None
            written = spark.read.parquet(arguments.output).groupBy(VERDICT_COLUMN).count().collect()
        counts = {row[VERDICT_COLUMN]: row["count"] for row in written}
        partitions = (frame if isinstance(frame, RDD) else frame.rdd).getNumPartitions()
    finally:
        spark.stop()
    rows = counts.get("clean", 0) + counts.get("rejected", 0)
    if seen is not None and seen != rows:
        raise SystemExit(f"{name}: the cleaning stage saw {seen} rows but {rows} were written")
    summary = {
        "job": name,
        "input": arguments.input,
        "rows": rows,
        "clean": counts.get("clean", 0),
        "rejected": counts.get("rejected", 0),
        "seconds": round(seconds, 3),
        "rows_per_second": round(rows / seconds) if seconds > 0 else None,
        "partitions": partitions,
    }
    sentences, entries = (notes and notes()) or ([], {})
    summary.update(entries)
    print(
        f"{name}: {rows} rows, {summary['clean']} clean, {summary['rejected']} rejected, "
        f"read to written in {summary['seconds']} s ({summary['rows_per_second']} rows/s, "
        f"{partitions} partitions) -> {os.path.join(arguments.output, 'verdict=…')}"
    )
    for sentence in sentences:
        print(f"{name}: {sentence}")
    print(json.dumps(summary))
    return summary
