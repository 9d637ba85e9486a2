"""Tests of what the jobs read on the driver before any Spark job (spark_common.py): the CSV
header, read in growing chunks through Hadoop's file system, and the files of an input.

    python3 spark/test_spark_common.py

They need PySpark (a local session, no job is run); scripts/spark-test runs them.
"""

import gzip
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import spark_common  # noqa: E402


class DriverReadTests(unittest.TestCase):
    """spark_common.header and input_files on local files."""

    @classmethod
    def setUpClass(cls):
        from pyspark.sql import SparkSession

        cls.spark = SparkSession.builder.master("local[1]").appName("fastcop-test").config(
            "spark.ui.enabled", "false").getOrCreate()

    @classmethod
    def tearDownClass(cls):
        cls.spark.stop()

    def setUp(self):
        self.folder = tempfile.TemporaryDirectory(prefix="fastcop-header-")

    def tearDown(self):
        self.folder.cleanup()

    def write(self, name, data):
        path = os.path.join(self.folder.name, name)
        with open(path, "wb") as out:
            out.write(data)
        return path

    def test_headers_read_in_growing_chunks(self):
        wide = [f"spalte_ü{number}" for number in range(900)]  # about 10 KB: three chunks
        cases = [
            ("plain.csv", b"id,name\n1,a\n", ["id", "name"]),
            ("bom.csv", "\ufeffid,Straße\n1,a\n".encode(), ["id", "Straße"]),
            ("quoted.csv", b'id,"a, ""b""\nc"\n1,x\n', ["id", 'a, "b"\nc']),
            ("wide.csv", (",".join(wide) + "\n" + ",".join("x" * 900) + "\n").encode(), wide),
            ("header-only.csv", b"id,name", ["id", "name"]),
            ("long-quoted.csv", ('id,"' + "ä" * 5000 + '"\n1,2\n').encode(), ["id", "ä" * 5000]),
        ]
        self.assertGreater(len(cases[3][1]), 2 * spark_common.HEADER_CHUNK)
        for name, data, columns in cases:
            with self.subTest(name):
                self.assertEqual(spark_common.header(self.spark, self.write(name, data)), columns)

    def test_a_compressed_header_is_read_through_its_codec(self):
        path = self.write("data.csv.gz", gzip.compress("id,größe\n1,2\n".encode()))
        self.assertEqual(spark_common.header(self.spark, path), ["id", "größe"])

    def test_an_empty_file_has_no_header(self):
        with self.assertRaisesRegex(SystemExit, "no header row"):
            spark_common.header(self.spark, self.write("empty.csv", b""))

    def test_input_files_of_a_folder_skip_hidden_names(self):
        for name in ("b.csv", "a.csv", "_SUCCESS", ".a.csv.crc"):
            self.write(name, b"id\n1\n")
        files = spark_common.input_files(self.spark, self.folder.name)[1]
        self.assertEqual([path.getName() for path in files], ["a.csv", "b.csv"])
        self.assertTrue(all(path.toString().startswith("file:") for path in files))

    def test_input_files_of_nothing_say_so(self):
        with self.assertRaisesRegex(SystemExit, "no such file, or no file in it"):
            spark_common.input_files(self.spark, os.path.join(self.folder.name, "none*.csv"))


if __name__ == "__main__":
    unittest.main()
