"""A SPARK_HOME whose Python workers start without compiling PySpark (scripts/spark-test).

Spark starts its Python workers with PYTHONPATH=$SPARK_HOME/python/lib/pyspark.zip:
$SPARK_HOME/python/lib/py4j-*-src.zip first, ahead of anything installed. Spark ships those
zips with the sources only, and Python never writes bytecode into a zip: every Python worker
daemon compiles the ~1 MB of PySpark and Py4J modules it imports, again each time one starts
(a fresh job, or an executor's first Python task). On a 2-core machine that was about 0.3 s of
the worker's start, 0.45-0.5 s in all, of a job whose fixed cost is a second or two.

    python3 spark/spark_home.py SPARK_HOME TARGET

makes TARGET a copy of SPARK_HOME (a symbolic link to each of its entries) but for
python/lib/*.zip, which it writes again with each module's bytecode beside its source (as
`module.pyc`, which zipimport reads). The bytecode is compiled by the Python running this
script (the workers' Python: PYSPARK_PYTHON) and is unchecked-hash bytecode (PEP 552): the
zips never change, so the source is not looked at; a worker on another Python version finds
the wrong magic number and compiles the source as before. Point SPARK_HOME at TARGET to use
it. On a cluster, the same zips go into the executors' image, next to Spark.
"""

import os
import py_compile
import shutil
import sys
import tempfile
import zipfile

# Where Spark keeps the zips its Python workers import (relative to SPARK_HOME).
LIB = os.path.join("python", "lib")


def compiled_zip(source, target):
    """Writes the zip target: every entry of the zip source, and beside each `.py` entry its
    bytecode (`.pyc`, unchecked-hash). A module that does not compile (Python 2 code in an
    example, say) is left with its source only."""
    with tempfile.TemporaryDirectory(prefix="fastcop-spark-home-") as scratch:
        with zipfile.ZipFile(source) as archive:
            entries = archive.infolist()
            archive.extractall(scratch)
        with zipfile.ZipFile(target + ".partial", "w", zipfile.ZIP_DEFLATED) as out:
            for entry in entries:
                path = os.path.join(scratch, entry.filename)
                out.write(path, entry.filename)
                if entry.is_dir() or not entry.filename.endswith(".py"):
                    continue
                try:
                    py_compile.compile(
                        path, cfile=path + "c", dfile=entry.filename, doraise=True,
                        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
                except py_compile.PyCompileError:
                    continue
                out.write(path + "c", entry.filename + "c")
    os.replace(target + ".partial", target)


def link_entries(source, target, keep):
    """Makes the folder target with a symbolic link to each entry of source but keep."""
    os.makedirs(target)
    for name in sorted(os.listdir(source)):
        if name != keep:
            os.symlink(os.path.join(source, name), os.path.join(target, name))


def make(spark_home, target):
    """Makes target (which must not exist) the copy of spark_home with compiled zips; returns
    the zips it wrote (their names)."""
    spark_home = os.path.abspath(spark_home)
    lib = os.path.join(spark_home, LIB)
    if not os.path.isdir(lib):
        raise SystemExit(f"spark_home: {spark_home} is not a Spark installation (no {LIB}/)")
    if os.path.lexists(target):
        raise SystemExit(f"spark_home: {target} exists already")
    link_entries(spark_home, target, "python")
    link_entries(os.path.join(spark_home, "python"), os.path.join(target, "python"), "lib")
    os.makedirs(os.path.join(target, LIB))
    written = []
    for name in sorted(os.listdir(lib)):
        if name.endswith(".zip"):
            compiled_zip(os.path.join(lib, name), os.path.join(target, LIB, name))
            written.append(name)
        else:
            os.symlink(os.path.join(lib, name), os.path.join(target, LIB, name))
    return written


def main(argv):
    if len(argv) != 2:
        raise SystemExit("usage: spark_home.py SPARK_HOME TARGET")
    partial = argv[1].rstrip("/") + ".partial"
    shutil.rmtree(partial, ignore_errors=True)
    written = make(argv[0], partial)
    shutil.rmtree(argv[1], ignore_errors=True)
    os.rename(partial, argv[1])
    print(f"{argv[1]}: {argv[0]} with compiled {', '.join(written)}")


if __name__ == "__main__":
    main(sys.argv[1:])
