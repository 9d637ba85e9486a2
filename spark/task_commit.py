"""The commit protocol of the FastCop stage's own Parquet writer (fastcop_job.py --write task).

With --write task the stage's tasks write their Parquet files themselves (pyarrow's C++ writer,
in the Python worker) instead of handing their rows to Spark's writer, and return to Spark
only a manifest: one row per file written. This module is the driver's half, the part that a
Hadoop output committer plays for Spark's own writer:

- `staging(output)`: before the job, a fresh folder OUTPUT/_temporary/fastcop-UUID/ (hidden
  from readers: Spark and pyarrow skip names starting with `_`). Each task attempt writes
  under its own folder in it, named by partition and attempt (part-PPPPP-attempt-A/), so a
  retried or speculative attempt never writes over another's files.
- `commit(...)`: after the action succeeded, with the manifest Spark collected. Spark returns
  the result of exactly one successful attempt per partition (a failed attempt's result is
  never returned, a speculative duplicate's is dropped), so the manifest names the files to
  keep; every other attempt's files stay in staging and go with it. The commit checks that
  each partition came from one attempt, removes what OUTPUT held before (as Spark's
  mode("overwrite") does, but only now, after the job succeeded), moves each kept file to
  OUTPUT/verdict=V/part-PPPPP-UUID.c000[.CODEC].parquet, writes _SUCCESS and removes the
  staging folder.
- `abort(...)`: when the job failed: removes the staging folder; OUTPUT is as it was.

As with Hadoop's FileOutputCommitter (v1), the moves of the job commit are not one atomic
step: a driver that dies during them leaves OUTPUT without _SUCCESS. Files are moved with
the file system's rename, which is cheap on a local or shared POSIX file system and HDFS (on
an object store such as S3 a rename is a copy, as for Hadoop's committer).

Paths are opened with pyarrow's file systems (`pyarrow.fs.FileSystem.from_uri`): a local
path (on a cluster: a shared mount that every executor sees at the same path), or a URI
pyarrow knows (hdfs://, s3://, gs://).
"""

import collections
import os
import uuid

# The manifest each task returns: one row per Parquet file it wrote (a Spark DDL schema).
MANIFEST_SCHEMA = "partition int, attempt int, verdict string, file string, rows long"


def uri(output):
    """output as a URI: a local path (made absolute) as file://PATH, a URI as it is."""
    return output if "://" in output else "file://" + os.path.abspath(output)


def location(where):
    """The pyarrow file system and path of where (a local path or a URI); raises ValueError
    naming it when pyarrow cannot open it."""
    import pyarrow.fs as pafs

    try:
        files, path = pafs.FileSystem.from_uri(uri(where))
    except Exception as error:  # pyarrow raises ArrowInvalid, ArrowNotImplementedError, ...
        raise ValueError(f"--write task: pyarrow cannot open {where} ({error}); give a local "
                         f"path or an hdfs://, s3:// or gs:// URI, or use --write spark") from None
    return files, path.rstrip("/")


def staging(output):
    """A new, empty staging folder for one job's task attempts: its URI (for the tasks) and
    the job's id (which names the committed files)."""
    job = uuid.uuid4().hex
    folder = f"{uri(output).rstrip('/')}/_temporary/fastcop-{job}"
    files, path = location(folder)
    files.create_dir(path, recursive=True)
    return folder, job


def committed_files(manifest):
    """The manifest's rows (dicts of MANIFEST_SCHEMA's columns) grouped by partition; raises
    RuntimeError when a partition's files come from more than one attempt (Spark returns
    one successful attempt per partition: anything else would duplicate rows)."""
    by_partition = collections.defaultdict(list)
    for row in manifest:
        by_partition[row["partition"]].append(row)
    for partition, rows in by_partition.items():
        attempts = sorted({row["attempt"] for row in rows})
        if len(attempts) != 1:
            raise RuntimeError(f"task commit: partition {partition} has files of attempts "
                               f"{attempts}, expected one attempt")
    return by_partition


def commit(output, staging_uri, job, manifest, codec):
    """Moves the files of the manifest (one successful attempt per partition) from staging
    into OUTPUT/verdict=V/, replacing what OUTPUT held, writes OUTPUT/_SUCCESS and removes
    staging. Returns the number of rows the manifest says were written."""
    import pyarrow.fs as pafs

    files, root = location(output)
    _, stage = location(staging_uri)
    by_partition = committed_files(manifest)
    for info in files.get_file_info(pafs.FileSelector(root)):
        if info.base_name == "_temporary":
            continue
        if info.type == pafs.FileType.Directory:
            files.delete_dir(info.path)
        else:
            files.delete_file(info.path)
    suffix = "" if codec == "none" else f".{codec}"
    rows = 0
    for partition in sorted(by_partition):
        for row in by_partition[partition]:
            folder = f"{root}/verdict={row['verdict']}"
            files.create_dir(folder, recursive=True)
            files.move(f"{stage}/{row['file']}",
                       f"{folder}/part-{partition:05d}-{job}.c000{suffix}.parquet")
            rows += row["rows"]
    with files.open_output_stream(f"{root}/_SUCCESS"):
        pass
    abort(staging_uri)
    return rows


def abort(staging_uri):
    """Removes the staging folder (every attempt's files) and, when empty, _temporary."""
    import pyarrow.fs as pafs

    files, stage = location(staging_uri)
    if files.get_file_info(stage).type == pafs.FileType.Directory:
        files.delete_dir(stage)
    parent = stage.rsplit("/", 1)[0]
    if not files.get_file_info(pafs.FileSelector(parent, allow_not_found=True)):
        files.delete_dir(parent)
