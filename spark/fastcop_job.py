"""Cleans CSV files on Spark with `fastcop`: bytes in bulk to fastcop, Arrow batches back.

A task runs, for its data,

    fastcop clean - --format csv --rules RULES -o - --rejects PIPE --quiet --summary json

(with --schema SCHEMA, a Frictionless Table Schema, `--schema SCHEMA` in place of `--rules
RULES`: one of the two; rules.json when neither is given) and moves bytes in bulk, with no
Python loop over rows:

- --read bytes (the default): Spark lists the input files (binaryFile, one row per file) and
  each file's bytes go to fastcop as they are; fastcop parses the CSV exactly as `fastcop
  clean` does on the file (malformed records and invalid UTF-8 get the same reasons);
- --read path: the same, but fastcop opens each file itself (Spark lists the files and
  reads none of them): for files every executor sees at the same path (file: paths, which
  Spark's own reader also needs on every executor). With --write task no DataFrame is
  needed at all: the driver lists the files and an RDD of their paths (one partition per
  file, or --partitions N) runs the stage, with no SQL planning, file scan, generated code or
  Arrow stream between Spark and the task (a second or more of a fresh job's fixed cost);
- --read rows: Spark reads the CSV (RFC 4180, multi-line) and `mapInArrow` hands the task its
  rows as Arrow record batches, which Arrow's C++ CSV writer streams to fastcop (the way to
  clean any DataFrame of strings). A record Spark finds malformed (a field too few or too
  many) is sent to fastcop as it was written, so fastcop rejects it with its reason.

Arrow's C++ CSV reader turns fastcop's clean rows (its standard output, as they come) and its
rejected rows (with _field and _message, from a named pipe read while fastcop writes it) into
record batches for Spark; with --write task the task writes them to Parquet itself
(task_commit.py) and hands Spark only a manifest. The task checks fastcop's exit status (0:
all clean, 1: some rejected) and that the rows add up (sent, or read by fastcop = clean +
rejected); anything else fails the task, which Spark then retries.

The binary (scripts/build-static) and the rules (or the schema) reach the executors with
--files:

    spark-submit --master local[2] \\
        --files dist/fastcop-linux-x86_64,spark/rules.json \\
        spark/fastcop_job.py --input contacts.csv --output out

    spark-submit --master local[2] \\
        --files dist/fastcop-linux-x86_64,spark/schema.json \\
        spark/fastcop_job.py --input accounts/ --schema schema.json --output out

writes out/verdict=clean/ and out/verdict=rejected/ (Parquet; see spark_common.py) and prints
a summary; its last line is the same summary as one JSON object, for scripts. The same job
with the rules in Spark SQL functions is spark/sparksql_job.py.

UNIQUENESS. A schema's `unique` fields and `primaryKey` (and a rules file's `unique` and
`primaryKey`) are decided by one fastcop process over the rows it sees, in order: the first
row with a key is kept, a later one is rejected as a "duplicate of row N", N counted in that
process's input. The answers are `fastcop clean`'s on a file only when the whole file, in
order, goes to one fastcop:

- --read bytes: binaryFile makes each file one row (its whole content; a file is never
  split, whatever spark.sql.files.maxPartitionBytes says) and the task runs one fastcop per
  row, so each file goes whole, in order, to one fastcop, also when several small files share
  a partition or --partitions N moves them;
- --read path: the same, fastcop opening each file itself (one path per row, or per element
  of the RDD of paths);
- --read rows: Spark's CSV reader gives a file's rows to one partition, several files to the
  same partition, and the job then spreads the rows over partitions (--partitions) with no
  order kept, and the task sends the records Spark finds malformed to a fastcop of their
  own. No fastcop sees a whole file: a duplicate in another partition would pass unseen and
  "row N" would name the wrong row. So with rules or a schema that check uniqueness the job
  refuses --read rows (before reading anything) and says to use --read bytes or --read
  path. Rules or a schema without `unique` and `primaryKey` judge each row alone, and all
  three modes give `fastcop clean`'s answers.

With several input files (a folder or a glob), uniqueness is checked within each file, as
`fastcop clean` checks the one file it is given: a key found in two files is not a
duplicate. The summary says so (a sentence, and "uniqueness" in its JSON: the keys, where
they were checked, the number of files). The driver reads the rules or schema (the copy
--files gives it) to know whether they check uniqueness.
"""

import json
import os
import sys

from pyspark import RDD
from pyspark.sql import types as T

import spark_common
import task_commit

# The size of the row groups the task writer (--write task) writes, in bytes of Arrow data
# gathered before each: as Spark's writer (parquet.block.size, 128 MB), and with the same
# price, a task holds up to this much per verdict.
TASK_ROW_GROUP_BYTES = 128 << 20


def add_arguments(parser):
    """The options of this job only."""
    parser.add_argument(
        "--binary",
        default="fastcop-linux-x86_64",
        help="the fastcop binary shipped with --files, or ALIAS/NAME in an archive shipped "
        "with --archives ARCHIVE#ALIAS (default: %(default)s)",
    )
    checks = parser.add_mutually_exclusive_group()
    checks.add_argument(
        "--rules",
        help="the rules file, shipped like the binary (default: rules.json, when --schema is "
        "not given)",
    )
    checks.add_argument(
        "--schema",
        help="a Frictionless Table Schema (JSON), shipped like the binary, instead of a rules "
        "file: each task runs `fastcop clean --schema SCHEMA`. Its unique fields and "
        "primaryKey are checked within each input file, which --read bytes and --read path "
        "give whole to one fastcop; --read rows refuses them (see UNIQUENESS)",
    )
    parser.add_argument(
        "--read",
        choices=["bytes", "path", "rows"],
        default="bytes",
        help="bytes (default): each input file's bytes go to fastcop as they are, fastcop "
        "parses the CSV; path: fastcop opens each file itself (Spark lists them and reads "
        "none: for files every executor sees at the same path, file: paths); rows: Spark "
        "parses the CSV and hands fastcop Arrow batches, the way the stage cleans any "
        "DataFrame of strings",
    )
    parser.add_argument(
        "--write",
        choices=["spark", "task"],
        default="spark",
        help="spark (default): the stage's rows go back to Spark as a DataFrame, which Spark's "
        "writer writes; task: each task writes its rows to Parquet itself (pyarrow) and the "
        "driver commits one attempt per partition (task_commit.py): faster, but the output "
        "must be a path the executors can write (a shared file system, hdfs://, s3://) and "
        "nothing downstream sees a DataFrame",
    )


def checks_file(arguments):
    """The option and the file the stage hands `fastcop clean`: ("--schema", SCHEMA), or
    ("--rules", RULES), rules.json when neither was given."""
    if arguments.schema is not None:
        return "--schema", arguments.schema
    return "--rules", arguments.rules or "rules.json"


def driver_copy(name):
    """The driver's path of a file shipped with --files (in SparkFiles' folder in client mode,
    in the working folder in cluster mode), or None when the driver has no such file."""
    from pyspark import SparkFiles

    for path in (SparkFiles.get(name), os.path.abspath(name)):
        if os.path.isfile(path):
            return path
    return None


def unique_keys(text, schema):
    """What a rules file (schema=False) or a Table Schema (schema=True), given as its JSON
    text, checks for duplicates, in words: ["primary key id", "unique code"]; empty when it
    checks none. A file of another shape gives what can be read of it (fastcop refuses the
    file itself, with the place of the mistake). Raises ValueError when it is not JSON."""
    document = json.loads(text)
    if not isinstance(document, dict):
        return []
    fields = document.get("fields")
    if schema and isinstance(fields, list):
        named = [(field.get("name"), field.get("constraints"))
                 for field in fields if isinstance(field, dict)]
        named = [(name, checks.get("unique")) for name, checks in named
                 if isinstance(checks, dict)]
    elif not schema and isinstance(fields, dict):
        named = [(name, field.get("unique")) for name, field in fields.items()
                 if isinstance(field, dict)]
    else:
        named = []
    keys = []
    primary = document.get("primaryKey")
    if isinstance(primary, str):
        primary = [primary]
    if isinstance(primary, list) and primary:
        keys.append("primary key " + ", ".join(str(name) for name in primary))
    keys += [f"unique {name}" for name, unique in named if unique is True]
    return keys


def uniqueness(arguments):
    """The uniqueness the job's rules or schema check (unique_keys' words), read on the
    driver; raises SystemExit when --read rows cannot check it as `fastcop clean` does (see
    the module's UNIQUENESS), or when the driver cannot read the file to know."""
    option, name = checks_file(arguments)
    path = driver_copy(name)
    if path is None:
        raise SystemExit(f"{option} {name}: the driver has no such file (looked in the folder "
                         f"of the files shipped with --files, and in {os.getcwd()}): ship it "
                         f"with spark-submit --files, as the binary")
    try:
        with open(path, encoding="utf-8-sig") as handle:
            keys = unique_keys(handle.read(), option == "--schema")
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise SystemExit(f"{option} {name}: cannot read it on the driver to see whether it "
                         f"checks uniqueness: {error}") from None
    if keys and arguments.read == "rows":
        raise SystemExit(
            f"--read rows cannot check what {option} {name} asks ({'; '.join(keys)}): "
            f"duplicates are found by one fastcop over all of a file's rows, in order, and "
            f"with --read rows Spark spreads a file's rows over partitions (its malformed "
            f"records go to fastcop apart), so a duplicate in another partition would pass "
            f"unseen and the rows named in the messages would be wrong. Use --read bytes "
            f"(or --read path for file: inputs): each file goes whole, in order, to one "
            f"fastcop, and the answers are fastcop clean's on that file")
    return keys


def uniqueness_note(keys, files):
    """The summary's words (a sentence, and an entry for its JSON) on where the uniqueness
    in keys (unique_keys' words) was checked, for an input of files files."""
    scope = (f"within each of the {files} input files (one fastcop per file, its rows in "
             f"order), as `fastcop clean` checks one file: a key repeated in two files is "
             f"not a duplicate" if files > 1 else
             "over the whole input file, its rows in order, by one fastcop, as `fastcop "
             "clean` checks it")
    return ([f"uniqueness ({'; '.join(keys)}) checked {scope}"],
            {"uniqueness": {"keys": keys, "checked_within": "each file", "files": files}})


def write_parts(results, schema, staging, plain_columns, codec, row_group_bytes):
    """The task's own Parquet writer (--write task), run in the Python worker: writes the
    (verdict, batch) pairs of results to one Parquet file per verdict, with pyarrow's C++
    writer, under the staging folder of this task attempt (STAGING/part-PPPPP-attempt-A/
    verdict=V/data.parquet; task_commit.py moves the files of one attempt per partition into
    place once the job has succeeded). Each file has schema (the job's columns; no verdict
    column: it is the folder's name, as in Spark's partitioned write), codec as its
    compression, plain_columns without dictionary encoding, and row groups of about
    row_group_bytes of Arrow data (batches are gathered until then: pyarrow starts a row
    group at every write). Returns the manifest, one row per file, as dicts of
    task_commit.MANIFEST_SCHEMA's columns (manifest_batch makes them a record batch)."""
    import concurrent.futures

    import pyarrow as pa
    import pyarrow.fs as pafs
    import pyarrow.parquet as pq
    from pyspark import TaskContext

    context = TaskContext.get()
    partition, attempt = context.partitionId(), context.attemptNumber()
    files, root = pafs.FileSystem.from_uri(staging)
    folder = f"{root.rstrip('/')}/part-{partition:05d}-attempt-{attempt}"
    dictionary = [name for name in schema.names if name not in plain_columns]
    writers, pending, pending_bytes, rows = {}, {}, {}, {}

    def flush(verdict):
        pending_bytes[verdict] = 0
        batches = pending.pop(verdict, [])
        if not batches:
            return
        if verdict not in writers:
            files.create_dir(f"{folder}/verdict={verdict}", recursive=True)
            writers[verdict] = pq.ParquetWriter(
                f"{folder}/verdict={verdict}/data.parquet", schema, filesystem=files,
                compression={"lz4_raw": "lz4"}.get(codec, codec), use_dictionary=dictionary)
        writers[verdict].write_table(pa.Table.from_batches(batches, schema))

    try:
        for verdict, batch in results:
            if not batch.num_rows:
                continue
            pending.setdefault(verdict, []).append(batch)
            rows[verdict] = rows.get(verdict, 0) + batch.num_rows
            pending_bytes[verdict] = pending_bytes.get(verdict, 0) + batch.nbytes
            if pending_bytes[verdict] >= row_group_bytes:
                flush(verdict)
        # Each verdict's last row group (for most tasks, all of it) written at once: pyarrow's
        # writer lets go of the GIL, so the files are encoded on two cores.
        with concurrent.futures.ThreadPoolExecutor(max(1, len(pending))) as pool:
            for written in [pool.submit(flush, verdict) for verdict in list(pending)]:
                written.result()
    finally:
        for writer in writers.values():
            writer.close()
    return [{"partition": partition, "attempt": attempt, "verdict": verdict,
             "file": f"part-{partition:05d}-attempt-{attempt}/verdict={verdict}/data.parquet",
             "rows": rows[verdict]} for verdict in sorted(writers)]


def manifest_batch(manifest):
    """The manifest's rows (dicts, as write_parts returns them) as a record batch of
    task_commit.MANIFEST_SCHEMA, for mapInArrow. (pa.array on a list imports pandas, when
    installed, about 0.2 s of a task: the RDD of paths (paths_stage) hands Spark the dicts.)"""
    import pyarrow as pa

    return pa.RecordBatch.from_pydict({
        "partition": pa.array([row["partition"] for row in manifest], pa.int32()),
        "attempt": pa.array([row["attempt"] for row in manifest], pa.int32()),
        "verdict": pa.array([row["verdict"] for row in manifest], pa.string()),
        "file": pa.array([row["file"] for row in manifest], pa.string()),
        "rows": pa.array([row["rows"] for row in manifest], pa.int64()),
    })


def make_stage(binary_name, checks, columns, read, rows_seen, parts=None):
    """The function for DataFrame.mapInArrow: for read="rows", one fastcop process per
    partition of rows (the input columns and CORRUPT_COLUMN); for read="bytes", one per file
    of a binaryFile DataFrame (its content column); for read="path", one per file of a
    binaryFile DataFrame's path column, which fastcop opens itself. It yields the rows (the
    input columns, FIELD_COLUMN, MESSAGE_COLUMN) to Spark, or, given parts (the options of
    write_parts), writes them to Parquet itself and yields only the manifest of the files it
    wrote. Called as stage(None, paths) (read="path", with parts; see paths_stage) it runs on
    the file: URIs of paths instead and yields the manifest's rows as dicts.
    checks: the option and the file for fastcop (checks_file's ("--rules", RULES) or
    ("--schema", SCHEMA)). Everything it uses is imported inside (or defined in this file), so
    the executors need nothing from this project but the binary and the rules or schema."""
    checks_option, checks_name = checks
    corrupt_column = spark_common.CORRUPT_COLUMN
    reasons = [spark_common.FIELD_COLUMN, spark_common.MESSAGE_COLUMN]

    def stage(batches, paths=None):
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

        binary, checks_path = shipped(binary_name), shipped(checks_name)
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

        def rejected_batches(batch):
            """fastcop's rejected rows (a batch of its rejects CSV) as batches of out_schema."""
            table = checked_columns(pa.Table.from_batches([batch]), rejects_columns,
                                    "rejected rows")
            return valid_utf8(table.select(columns + reasons)).cast(out_schema).to_batches()

        def read_rejects(fifo, batches, failure):
            """Reads fastcop's rejects CSV from the named pipe fifo as fastcop writes it,
            appending its record batches to batches (a thread: fastcop's two outputs are
            read at once, so neither waits for the other, and the rejected rows are ready
            when fastcop ends instead of parsed after it)."""
            try:
                with open(fifo, "rb") as stream:
                    if stream.peek(1):  # nothing at all when no row was rejected
                        batches.extend(pacsv.open_csv(stream, read_options, parse_options,
                                                      convert_options))
            except BaseException as error:  # raised again from the task
                failure.append(error)

        def release(fifo, reader):
            """Ends reader's wait to open fifo when fastcop never opened it (it failed first):
            opening the pipe for writing and closing it gives the reader an empty stream."""
            while reader.is_alive():
                try:
                    os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
                except OSError:  # the reader is not in open() yet, or is reading already
                    pass
                reader.join(0.05)

        def fastcop(feed, what, source="-"):
            """Runs `fastcop clean` on the CSV that feed(stdin) writes (from another thread),
            or, when feed is None, on the file source; yields its clean rows and its rejected
            rows as they come, as (verdict, batch of out_schema); returns the number of rows
            fastcop read (its JSON summary's rowsIn)."""
            scratch = tempfile.mkdtemp(prefix="fastcop-")
            rejects = os.path.join(scratch, "rejects.csv")
            os.mkfifo(rejects)
            process = subprocess.Popen(
                [binary, "clean", source, "--format", "csv", checks_option, checks_path, "-o", "-",
                 "--rejects", rejects, "--quiet", "--summary", "json"],
                stdin=subprocess.DEVNULL if feed is None else subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            )
            failure, errors, rejected = [], [], []

            def feeding():
                if feed is None:
                    return
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
            reader = threading.Thread(target=read_rejects, args=(rejects, rejected, failure),
                                      daemon=True)
            for thread in threads + [reader]:
                thread.start()
            try:
                answered = 0

                def drained():
                    """The rejected rows read so far, as (verdict, batch) pairs."""
                    nonlocal answered
                    while rejected:
                        for out in rejected_batches(rejected.pop(0)):
                            answered += out.num_rows
                            yield "rejected", out

                if process.stdout.peek(1):  # no output at all for an empty input
                    for batch in pacsv.open_csv(process.stdout, read_options, parse_options,
                                                pacsv.ConvertOptions(column_types=header)):
                        table = checked_columns(pa.Table.from_batches([batch]), columns,
                                                "clean rows")
                        nulls = pa.nulls(table.num_rows, pa.string())
                        answered += table.num_rows
                        for out in pa.Table.from_arrays(
                                table.columns + [nulls, nulls], schema=out_schema).to_batches():
                            yield "clean", out
                        yield from drained()
                process.stdout.read()
                for thread in threads:
                    thread.join()
                status = process.wait()
                release(rejects, reader)
                said = b"".join(errors).decode("utf-8", "replace").strip()
                if failure:
                    raise RuntimeError(f"feeding fastcop {what} or reading its rejects failed: "
                                       f"{failure[0]!r}; fastcop said: {said}")
                if status not in (0, 1):
                    raise RuntimeError(f"fastcop exited with status {status} on {what}: {said}")
                try:
                    summary = json.loads(said.splitlines()[-1])
                except (IndexError, ValueError):
                    # Not fastcop's answer: for example the loader's, on an executor whose
                    # glibc is older than the binary's (`GLIBC_2.35' not found).
                    raise RuntimeError(f"fastcop gave no summary on {what} (status {status}): "
                                       f"{said}") from None
                yield from drained()
                if answered != summary["rowsIn"]:
                    raise RuntimeError(f"fastcop read {summary['rowsIn']} rows of {what} but "
                                       f"{answered} came back")
                return answered
            finally:
                if process.poll() is None:
                    process.kill()
                    process.wait()
                release(rejects, reader)
                shutil.rmtree(scratch, ignore_errors=True)

        def local_file(path):
            """The local path of a file: URI of binaryFile's path column (file:/a/b or
            file:///a/b); raises FileNotFoundError naming it when this executor has no such
            file (--read path needs the input where every executor sees it, as Spark's own
            reader of file: paths does)."""
            local = path
            if local.startswith("file://"):
                local = local[len("file://"):]
            elif local.startswith("file:"):
                local = local[len("file:"):]
            if not os.path.isfile(local):
                raise FileNotFoundError(f"--read path: {path} is not a file on this executor "
                                        f"(looked for {local}); use --read bytes")
            return local

        def files_results():
            """A binaryFile partition: fastcop on each file's bytes as they are (read bytes),
            or on the file itself, which fastcop opens (read path: no content column); or
            the paths given to the stage (read path)."""
            seen = 0
            for path in paths or ():
                seen += yield from fastcop(None, path, local_file(path))
            for batch in batches or ():
                names = batch.column("path")
                for index in range(batch.num_rows):
                    path = names[index].as_py()
                    if read == "path":
                        seen += yield from fastcop(None, path, local_file(path))
                        continue
                    content = batch.column("content")[index].as_buffer()
                    seen += yield from fastcop(lambda stdin: stdin.write(content), path)
            rows_seen.add(seen)

        def rows_results():
            """A partition of rows: Arrow's CSV writer streams them to fastcop."""
            import pyarrow.compute as pc  # (about 0.1 s to import; --read bytes needs none)

            sent, malformed = [0], []

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
                # fastcop reads the records as they were written and says what is wrong.
                text = (",".join(columns) + "\n" + "\n".join(malformed) + "\n").encode("utf-8")
                sent[0] += len(malformed)
                answered += yield from fastcop(lambda stdin: stdin.write(text),
                                               "malformed records")
            if answered != sent[0]:
                raise RuntimeError(f"fastcop answered {answered} rows for the {sent[0]} it "
                                   f"was sent")
            rows_seen.add(sent[0])

        results = rows_results() if read == "rows" else files_results()
        if parts is None:
            for _, batch in results:
                yield batch
        elif paths is not None:
            yield from write_parts(results, out_schema, **parts)
        else:
            yield manifest_batch(write_parts(results, out_schema, **parts))

    return stage


def paths_stage(stage):
    """The function for RDD.mapPartitions that runs stage (make_stage's, read="path", with
    parts) on a partition of file paths (file: URIs); yields the manifest's rows as dicts."""

    def run(paths):
        yield from stage(None, list(paths))

    return run


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
    # What the rules or schema check for duplicates, and over how many files (see uniqueness).
    unique = {"keys": [], "files": 1}

    def read_bytes(spark, arguments):
        if arguments.partitions < 0:
            # Each file is one task either way (one row of binaryFile); fastcop uses all the
            # cores the executor gives it. Spreading the files over tasks takes --partitions N.
            arguments.partitions = 0
        listing = spark_common.input_files(spark, arguments.input)
        unique["files"] = len(listing[1])
        columns = spark_common.header(spark, arguments.input, listing)
        if arguments.read == "path":
            listed = listing[1]
            scheme = listed[0].toUri().getScheme()
            if scheme != "file":
                raise SystemExit(f"--read path: {arguments.input} is on a {scheme}: file "
                                 f"system, which fastcop cannot open; use --read bytes")
            if arguments.write == "task":
                # The stage's own writer needs no DataFrame: the driver lists the files,
                # an RDD hands them to the tasks (one per file by default), and no SQL
                # planning, binaryFile scan, generated code or Arrow stream is in the way.
                paths = [path.toString() for path in listed]
                slices = arguments.partitions if arguments.partitions > 0 else len(paths)
                arguments.partitions = 0
                return spark.sparkContext.parallelize(paths, min(slices, len(paths))), columns
        files = spark.read.format("binaryFile").load(arguments.input)
        if arguments.read == "path":
            # Without the content column binaryFile lists the files and reads none of them.
            files = files.select("path")
        return files, columns

    def clean(spark, frame, columns, arguments):
        schema = T.StructType(
            [T.StructField(c, T.StringType())
             for c in columns + [spark_common.FIELD_COLUMN, spark_common.MESSAGE_COLUMN]]
        )
        stage = make_stage(arguments.binary, checks_file(arguments), columns, arguments.read,
                           rows_seen)
        result = frame.mapInArrow(stage, schema)
        is_clean = result[spark_common.MESSAGE_COLUMN].isNull()
        return result.withColumn(
            spark_common.VERDICT_COLUMN,
            F.when(is_clean, F.lit("clean")).otherwise(F.lit("rejected")),
        )

    def write_in_tasks(spark, frame, columns, arguments):
        """--write task: the stage's tasks write the Parquet files, the driver commits them
        (task_commit.py); returns the rows the committed files hold."""
        staging, job = task_commit.staging(arguments.output)
        try:
            parts = {"staging": staging, "codec": arguments.parquet_codec,
                     "plain_columns": spark_common.parquet_columns(arguments.plain_columns),
                     "row_group_bytes": TASK_ROW_GROUP_BYTES}
            stage = make_stage(arguments.binary, checks_file(arguments), columns,
                               arguments.read, rows_seen, parts)
            if isinstance(frame, RDD):  # file paths (--read path)
                manifest = frame.mapPartitions(paths_stage(stage)).collect()
            else:
                manifest = [row.asDict() for row in
                            frame.mapInArrow(stage, task_commit.MANIFEST_SCHEMA).collect()]
            return task_commit.commit(arguments.output, staging, job, manifest,
                                      arguments.parquet_codec)
        except BaseException:
            task_commit.abort(staging)
            raise

    def reader(arguments):
        # First of all, before any file is read: whether the rules or schema check
        # uniqueness, and whether this --read can check it as fastcop clean does.
        unique["keys"] = uniqueness(arguments)
        return read_bytes if arguments.read in ("bytes", "path") else None

    def notes():
        return uniqueness_note(unique["keys"], unique["files"]) if unique["keys"] else None

    def writer(arguments):
        return write_in_tasks if arguments.write == "task" else None

    spark_common.run_job("fastcop", clean, sys.argv[1:] if argv is None else argv,
                         add_arguments=add_arguments, counted=lambda: rows_seen.value,
                         reader=reader, writer=writer, notes=notes)


if __name__ == "__main__":
    main()
