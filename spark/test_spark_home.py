"""Tests of spark/spark_home.py: a SPARK_HOME whose Python workers import compiled PySpark.

    python3 spark/test_spark_home.py

They need the standard library only; scripts/spark-test runs them.
"""

import os
import subprocess
import sys
import tempfile
import unittest
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import spark_home  # noqa: E402

MODULES = {
    "pkg/__init__.py": "",
    "pkg/grüße.py": "WORD = 'grüße'\n",
    "pkg/broken.py": "print 'Python 2'\n",
}


def fake_spark_home(folder):
    """A folder laid out as a Spark installation: bin/, jars/, python/pyspark/ and
    python/lib/ with a zip of MODULES and a file that is not a zip."""
    home = os.path.join(folder, "spark")
    for name in ("bin", "jars", "python/pyspark", "python/lib"):
        os.makedirs(os.path.join(home, name))
    with open(os.path.join(home, "bin", "spark-submit"), "w") as script:
        script.write("#!/bin/sh\n")
    with zipfile.ZipFile(os.path.join(home, "python", "lib", "pyspark.zip"), "w") as archive:
        for name, text in MODULES.items():
            archive.writestr(name, text)
    with open(os.path.join(home, "python", "lib", "PY4J_LICENSE.txt"), "w") as text:
        text.write("license\n")
    return home


def imported_word(zip_path):
    """pkg.grüße.WORD imported by a fresh Python from zip_path alone."""
    return subprocess.run(
        [sys.executable, "-c", "import importlib; print(importlib.import_module('pkg.grüße').WORD)"],
        env={**os.environ, "PYTHONPATH": zip_path}, capture_output=True, text=True,
        check=True).stdout.strip()


class SparkHomeTests(unittest.TestCase):
    """spark_home.make on a fake Spark installation."""

    def setUp(self):
        self.folder = tempfile.TemporaryDirectory(prefix="fastcop-spark-home-test-")
        self.home = fake_spark_home(self.folder.name)
        self.target = os.path.join(self.folder.name, "compiled")

    def tearDown(self):
        self.folder.cleanup()

    def test_links_everything_but_the_zips(self):
        self.assertEqual(spark_home.make(self.home, self.target), ["pyspark.zip"])
        for name in ("bin", "jars", "python/pyspark", "python/lib/PY4J_LICENSE.txt"):
            link = os.path.join(self.target, name)
            self.assertTrue(os.path.islink(link), name)
            self.assertEqual(os.readlink(link), os.path.join(self.home, name))
        self.assertFalse(os.path.islink(os.path.join(self.target, "python", "lib", "pyspark.zip")))

    def test_adds_bytecode_beside_each_module_that_compiles(self):
        spark_home.make(self.home, self.target)
        with zipfile.ZipFile(os.path.join(self.target, "python", "lib", "pyspark.zip")) as out:
            names = sorted(out.namelist())
        self.assertEqual(names, sorted(list(MODULES) + ["pkg/__init__.pyc", "pkg/grüße.pyc"]))

    def test_workers_import_the_bytecode_not_the_source(self):
        spark_home.make(self.home, self.target)
        compiled = os.path.join(self.target, "python", "lib", "pyspark.zip")
        self.assertEqual(imported_word(compiled), "grüße")
        # The same zip with the module's source changed: the bytecode is what runs.
        changed = os.path.join(self.folder.name, "changed.zip")
        with zipfile.ZipFile(compiled) as archive, zipfile.ZipFile(changed, "w") as out:
            for entry in archive.infolist():
                text = archive.read(entry)
                if entry.filename == "pkg/grüße.py":
                    text = b"WORD = 'source'\n"
                out.writestr(entry, text)
        self.assertEqual(imported_word(changed), "grüße")

    def test_refuses_a_folder_that_is_not_spark(self):
        with self.assertRaisesRegex(SystemExit, "is not a Spark installation"):
            spark_home.make(self.folder.name, self.target)

    def test_main_replaces_an_older_copy(self):
        os.makedirs(os.path.join(self.target, "stale"))
        spark_home.main([self.home, self.target])
        self.assertFalse(os.path.exists(os.path.join(self.target, "stale")))
        self.assertTrue(os.path.isfile(os.path.join(self.target, "python", "lib", "pyspark.zip")))


if __name__ == "__main__":
    unittest.main()
