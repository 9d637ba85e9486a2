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


COLUMNS = ["id", "name", "email", "phone", "country", "note"]


def failing_first(run):
    """run (a task's function: an iterator in, manifest rows out), but the first attempt of
    partition 0 fails after it wrote all its files."""
    from pyspark import TaskContext

    def task(inputs):
        manifest = list(run(inputs))  # every file of the attempt written
        context = TaskContext.get()
        if context.partitionId() == 0 and context.attemptNumber() == 0:
            raise RuntimeError("the first attempt fails after writing (test)")
        yield from manifest

    return task


@unittest.skipUnless(os.environ.get("FASTCOP_BINARY"), "FASTCOP_BINARY (the fastcop binary) unset")
class SparkRetryTests(unittest.TestCase):
    """The stage with --write task in local Spark, a task attempt failing after it wrote."""

    @classmethod
    def setUpClass(cls):
        from pyspark.sql import SparkSession

        here = os.path.dirname(os.path.abspath(__file__))
        cls.binary = os.path.abspath(os.environ["FASTCOP_BINARY"])
        # local[2, 2]: two threads, a task may fail once (Spark retries it).
        cls.spark = SparkSession.builder.master("local[2, 2]").appName("fastcop-test").config(
            "spark.ui.enabled", "false").getOrCreate()
        for name in ("fastcop_job.py", "spark_common.py", "task_commit.py"):
            cls.spark.sparkContext.addPyFile(os.path.join(here, name))
        cls.spark.sparkContext.addFile(cls.binary)
        cls.spark.sparkContext.addFile(os.path.join(here, "rules.json"))

    @classmethod
    def tearDownClass(cls):
        cls.spark.stop()

    def setUp(self):
        self.folder = tempfile.TemporaryDirectory(prefix="fastcop-retry-")
        self.output = os.path.join(self.folder.name, "out")
        self.staging, self.job = task_commit.staging(self.output)

    def tearDown(self):
        self.folder.cleanup()

    def stage(self, read):
        """make_stage's function for read, writing its files under self.staging."""
        import fastcop_job

        return fastcop_job.make_stage(
            os.path.basename(self.binary), ("--rules", "rules.json"), COLUMNS, read,
            self.spark.sparkContext.accumulator(0),
            {"staging": self.staging, "codec": "snappy", "plain_columns": ["id"],
             "row_group_bytes": 1 << 20})

    def assert_committed_once(self, manifest, ids, rejected):
        """The manifest has partition 0's second attempt; committing it writes each of ids
        once, rejected of them rejected."""
        self.assertIn((0, 1), {(row["partition"], row["attempt"]) for row in manifest})
        self.assertTrue(os.path.isdir(os.path.join(
            self.staging.removeprefix("file://"), "part-00000-attempt-0")))
        self.assertEqual(task_commit.commit(self.output, self.staging, self.job, manifest,
                                            "snappy"), len(ids))
        back = self.spark.read.parquet(self.output)
        self.assertEqual(back.where("verdict = 'rejected'").count(), rejected)
        self.assertEqual(sorted(r["id"] for r in back.select("id").collect()), sorted(ids))
        self.assertEqual(sorted(os.listdir(self.output)),
                         ["_SUCCESS", "verdict=clean", "verdict=rejected"])

    def test_a_retried_task_is_committed_once(self):
        """--read rows --write task: mapInArrow over a DataFrame of rows."""
        from pyspark.sql import types as T

        import spark_common

        rows = [(str(i), f"Name {i}", f"user{i}@example.com" if i % 3 else "bad",
                 "+4930123456", "DE", "") for i in range(40)]
        frame = self.spark.createDataFrame(
            [row + (None,) for row in rows],
            T.StructType([T.StructField(c, T.StringType())
                          for c in COLUMNS + [spark_common.CORRUPT_COLUMN]])).repartition(2)
        manifest = [row.asDict() for row in frame.mapInArrow(
            failing_first(self.stage("rows")), task_commit.MANIFEST_SCHEMA).collect()]
        self.assert_committed_once(manifest, [row[0] for row in rows],
                                   sum(1 for row in rows if row[2] == "bad"))

    def test_a_retried_path_task_is_committed_once(self):
        """--read path --write task: an RDD of file paths (paths_stage), a task per file."""
        import fastcop_job

        paths, ids, rejected = [], [], 0
        for number in range(2):
            path = os.path.join(self.folder.name, f"part-{number}.csv")
            with open(path, "w", encoding="utf-8") as text:
                text.write(",".join(COLUMNS) + "\n")
                for i in range(20):
                    email = "bad" if i % 4 == 0 else f"juergen{i}@example.com"
                    rejected += email == "bad"
                    ids.append(f"{number}-{i}")
                    text.write(f"{number}-{i},Jürgen {i},{email},+4930123456,DE,\n")
            paths.append("file:" + path)
        run = failing_first(fastcop_job.paths_stage(self.stage("path")))
        manifest = self.spark.sparkContext.parallelize(paths, 2).mapPartitions(run).collect()
        self.assertEqual({(row["partition"], row["attempt"]) for row in manifest},
                         {(0, 1), (1, 0)})
        self.assert_committed_once(manifest, ids, rejected)


if __name__ == "__main__":
    unittest.main()
