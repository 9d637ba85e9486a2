"""Tests of the FastCop stage's own writer and its commit protocol (fastcop_job.py --write
task, task_commit.py): a failed or duplicate task attempt never adds, loses or half-writes
rows.

    FASTCOP_BINARY=dist/fastcop-linux-x86_64 python3 spark/test_task_commit.py

The commit tests need pyarrow only; the Spark test (a local[2] session, a task whose first
attempt fails after writing all its files, and Spark retrying it) needs PySpark and the
binary (FASTCOP_BINARY; skipped when unset). scripts/spark-test runs them.
"""

import os
import sys
import tempfile
import unittest

import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import task_commit  # noqa: E402

SCHEMA = pa.schema([("id", pa.string()), ("_field", pa.string()), ("_message", pa.string())])


def write_attempt(staging, partition, attempt, verdict, ids):
    """Writes the file a task attempt would, as write_parts names it; its manifest row."""
    relative = f"part-{partition:05d}-attempt-{attempt}/verdict={verdict}/data.parquet"
    path = os.path.join(staging.removeprefix("file://"), relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    message = None if verdict == "clean" else "bad"
    pq.write_table(pa.table({"id": ids, "_field": [message] * len(ids),
                             "_message": [message] * len(ids)}, SCHEMA), path)
    return {"partition": partition, "attempt": attempt, "verdict": verdict,
            "file": relative, "rows": len(ids)}


def read_ids(output):
    """The (verdict, id) pairs of a committed output folder, sorted."""
    table = ds.dataset(output, format="parquet", partitioning="hive").to_table()
    return sorted(zip(table.column("verdict").to_pylist(), table.column("id").to_pylist()))


class CommitTests(unittest.TestCase):
    """task_commit's commit and abort on a local folder."""

    def setUp(self):
        self.folder = tempfile.TemporaryDirectory(prefix="fastcop-commit-")
        self.output = os.path.join(self.folder.name, "out")

    def tearDown(self):
        self.folder.cleanup()

    def test_commits_the_manifests_attempt_only(self):
        staging, job = task_commit.staging(self.output)
        write_attempt(staging, 0, 0, "clean", ["a-failed"])  # a failed attempt's files
        kept = [write_attempt(staging, 0, 1, "clean", ["a", "ü"]),
                write_attempt(staging, 0, 1, "rejected", ["b"]),
                write_attempt(staging, 1, 0, "clean", ["c"])]
        write_attempt(staging, 1, 1, "clean", ["c"])  # a speculative duplicate, not returned
        rows = task_commit.commit(self.output, staging, job, kept, "snappy")
        self.assertEqual(rows, 4)
        self.assertEqual(read_ids(self.output), [("clean", "a"), ("clean", "c"), ("clean", "ü"),
                                                 ("rejected", "b")])
        self.assertEqual(sorted(os.listdir(self.output)),
                         ["_SUCCESS", "verdict=clean", "verdict=rejected"])
        self.assertEqual(sorted(os.listdir(os.path.join(self.output, "verdict=clean"))),
                         [f"part-00000-{job}.c000.snappy.parquet",
                          f"part-00001-{job}.c000.snappy.parquet"])

    def test_replaces_what_the_output_held(self):
        os.makedirs(os.path.join(self.output, "verdict=old"))
        staging, job = task_commit.staging(self.output)
        kept = [write_attempt(staging, 0, 0, "clean", ["new"])]
        task_commit.commit(self.output, staging, job, kept, "none")
        self.assertEqual(read_ids(self.output), [("clean", "new")])

    def test_refuses_two_attempts_of_one_partition(self):
        staging, job = task_commit.staging(self.output)
        both = [write_attempt(staging, 3, 0, "clean", ["x"]),
                write_attempt(staging, 3, 1, "rejected", ["y"])]
        with self.assertRaisesRegex(RuntimeError, "partition 3 has files of attempts"):
            task_commit.commit(self.output, staging, job, both, "snappy")

    def test_abort_leaves_the_output_as_it_was(self):
        os.makedirs(os.path.join(self.output, "verdict=clean"))
        staging, _ = task_commit.staging(self.output)
        write_attempt(staging, 0, 0, "clean", ["half"])
        task_commit.abort(staging)
        self.assertEqual(os.listdir(self.output), ["verdict=clean"])

    def test_names_an_output_pyarrow_cannot_open(self):
        with self.assertRaisesRegex(ValueError, "pyarrow cannot open nosuch://x"):
            task_commit.staging("nosuch://x/out")


@unittest.skipUnless(os.environ.get("FASTCOP_BINARY"), "FASTCOP_BINARY (the fastcop binary) unset")
class SparkRetryTests(unittest.TestCase):
    """The stage with --write task in local Spark, a task attempt failing after it wrote."""

    def test_a_retried_task_is_committed_once(self):
        from pyspark import TaskContext
        from pyspark.sql import SparkSession
        from pyspark.sql import types as T

        import fastcop_job
        import spark_common

        here = os.path.dirname(os.path.abspath(__file__))
        binary = os.path.abspath(os.environ["FASTCOP_BINARY"])
        # local[2, 2]: two threads, a task may fail once (Spark retries it).
        spark = SparkSession.builder.master("local[2, 2]").appName("fastcop-test").config(
            "spark.ui.enabled", "false").getOrCreate()
        try:
            for name in ("fastcop_job.py", "spark_common.py", "task_commit.py"):
                spark.sparkContext.addPyFile(os.path.join(here, name))
            spark.sparkContext.addFile(binary)
            spark.sparkContext.addFile(os.path.join(here, "rules.json"))
            columns = ["id", "name", "email", "phone", "country", "note"]
            rows = [(str(i), f"Name {i}", f"user{i}@example.com" if i % 3 else "bad",
                     "+4930123456", "DE", "") for i in range(40)]
            frame = spark.createDataFrame(
                [row + (None,) for row in rows],
                T.StructType([T.StructField(c, T.StringType())
                              for c in columns + [spark_common.CORRUPT_COLUMN]])).repartition(2)
            with tempfile.TemporaryDirectory(prefix="fastcop-retry-") as folder:
                output = os.path.join(folder, "out")
                staging, job = task_commit.staging(output)
                stage = fastcop_job.make_stage(
                    os.path.basename(binary), "rules.json", columns, "rows",
                    spark.sparkContext.accumulator(0),
                    {"staging": staging, "codec": "snappy", "plain_columns": ["id"],
                     "row_group_bytes": 1 << 20})

                def failing_first(batches):
                    manifest = list(stage(batches))  # every file of the attempt written
                    context = TaskContext.get()
                    if context.partitionId() == 0 and context.attemptNumber() == 0:
                        raise RuntimeError("the first attempt fails after writing (test)")
                    yield from manifest

                manifest = [row.asDict() for row in frame.mapInArrow(
                    failing_first, task_commit.MANIFEST_SCHEMA).collect()]
                attempts = {(row["partition"], row["attempt"]) for row in manifest}
                self.assertIn((0, 1), attempts)
                self.assertTrue(os.path.isdir(os.path.join(
                    staging.removeprefix("file://"), "part-00000-attempt-0")))
                task_commit.commit(output, staging, job, manifest, "snappy")
                back = spark.read.parquet(output)
                self.assertEqual(back.count(), len(rows))
                self.assertEqual(back.where("verdict = 'rejected'").count(),
                                 sum(1 for row in rows if row[2] == "bad"))
                self.assertEqual(sorted(r["id"] for r in back.select("id").collect()),
                                 sorted(row[0] for row in rows))
                self.assertEqual(sorted(os.listdir(output)),
                                 ["_SUCCESS", "verdict=clean", "verdict=rejected"])
        finally:
            spark.stop()


if __name__ == "__main__":
    unittest.main()
