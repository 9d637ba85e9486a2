"""Tests of what spark/fastcop_job.py decides on the driver: --rules or --schema, what they
check for duplicates, and which --read may check it (unique fields and primary keys need each
file whole, in order, in one fastcop; --read rows is refused).

    python3 spark/test_fastcop_job.py

They need PySpark importable (no session is started); scripts/spark-test runs them.
"""

import argparse
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import fastcop_job  # noqa: E402

SCHEMA = {"fields": [
    {"name": "id", "type": "integer", "constraints": {"required": True}},
    {"name": "code", "type": "string", "constraints": {"unique": True}},
    {"name": "plan", "type": "string", "constraints": {"unique": False}},
    {"name": "note"},
], "primaryKey": "id"}


def options(*argv):
    """The job's options parsed from argv (besides --input and --output)."""
    parser = argparse.ArgumentParser()
    fastcop_job.add_arguments(parser)
    return parser.parse_args(list(argv))


class ChecksFileTests(unittest.TestCase):
    """--rules or --schema: one of them, rules.json by default."""

    def test_schema(self):
        self.assertEqual(fastcop_job.checks_file(options("--schema", "s.json")),
                         ("--schema", "s.json"))

    def test_rules(self):
        self.assertEqual(fastcop_job.checks_file(options("--rules", "r.json")),
                         ("--rules", "r.json"))

    def test_default_is_rules_json(self):
        self.assertEqual(fastcop_job.checks_file(options()), ("--rules", "rules.json"))

    def test_both_refused(self):
        with open(os.devnull, "w") as quiet:
            stderr, sys.stderr = sys.stderr, quiet
            try:
                with self.assertRaises(SystemExit):
                    options("--rules", "r.json", "--schema", "s.json")
            finally:
                sys.stderr = stderr


class UniqueKeysTests(unittest.TestCase):
    """unique_keys: what a schema or a rules file checks for duplicates."""

    def test_schema(self):
        self.assertEqual(fastcop_job.unique_keys(json.dumps(SCHEMA), schema=True),
                         ["primary key id", "unique code"])

    def test_schema_primary_key_of_several_fields(self):
        schema = dict(SCHEMA, primaryKey=["id", "plan"])
        self.assertEqual(fastcop_job.unique_keys(json.dumps(schema), schema=True),
                         ["primary key id, plan", "unique code"])

    def test_schema_without_keys(self):
        schema = {"fields": [{"name": "id", "type": "integer"}]}
        self.assertEqual(fastcop_job.unique_keys(json.dumps(schema), schema=True), [])

    def test_rules_file(self):
        rules = {"fields": {"email": {"trials": ["email"], "unique": True},
                            "name": {"unique": False}}}
        self.assertEqual(fastcop_job.unique_keys(json.dumps(rules), schema=False),
                         ["unique email"])
        rules["primaryKey"] = ["email"]
        self.assertEqual(fastcop_job.unique_keys(json.dumps(rules), schema=False),
                         ["primary key email", "unique email"])

    def test_the_shipped_files(self):
        here = os.path.dirname(os.path.abspath(__file__))
        with open(os.path.join(here, "rules.json"), encoding="utf-8") as rules:
            self.assertEqual(fastcop_job.unique_keys(rules.read(), schema=False), [])
        with open(os.path.join(here, "schema.json"), encoding="utf-8") as schema:
            self.assertEqual(fastcop_job.unique_keys(schema.read(), schema=True),
                             ["primary key id", "unique code"])

    def test_other_shapes_give_what_can_be_read(self):
        self.assertEqual(fastcop_job.unique_keys("[]", schema=True), [])
        # A rules file's fields given to --schema: fastcop refuses it with its place.
        self.assertEqual(fastcop_job.unique_keys('{"fields": {"a": {"unique": true}}}',
                                                 schema=True), [])

    def test_not_json(self):
        with self.assertRaises(ValueError):
            fastcop_job.unique_keys("{", schema=True)


class UniquenessTests(unittest.TestCase):
    """uniqueness: --read bytes and path check it per file, --read rows refuses it."""

    def setUp(self):
        self.folder = tempfile.TemporaryDirectory(prefix="fastcop-job-")
        self.schema = os.path.join(self.folder.name, "schema.json")
        with open(self.schema, "w", encoding="utf-8") as handle:
            handle.write("\ufeff" + json.dumps(SCHEMA))  # a byte order mark, as fastcop allows
        self.driver_copy = fastcop_job.driver_copy
        fastcop_job.driver_copy = lambda name: name if os.path.isfile(name) else None

    def tearDown(self):
        fastcop_job.driver_copy = self.driver_copy
        self.folder.cleanup()

    def test_bytes_and_path_check_it(self):
        for read in ("bytes", "path"):
            self.assertEqual(
                fastcop_job.uniqueness(options("--schema", self.schema, "--read", read)),
                ["primary key id", "unique code"])

    def test_rows_refuses_it(self):
        with self.assertRaises(SystemExit) as refused:
            fastcop_job.uniqueness(options("--schema", self.schema, "--read", "rows"))
        message = str(refused.exception.code)
        self.assertIn("--read rows cannot check", message)
        self.assertIn("primary key id; unique code", message)
        self.assertIn("Use --read bytes", message)

    def test_rows_takes_a_schema_without_keys(self):
        with open(self.schema, "w", encoding="utf-8") as handle:
            json.dump({"fields": [{"name": "id", "type": "integer"}]}, handle)
        self.assertEqual(fastcop_job.uniqueness(options("--schema", self.schema, "--read", "rows")),
                         [])

    def test_a_file_the_driver_lacks(self):
        with self.assertRaises(SystemExit) as refused:
            fastcop_job.uniqueness(options("--schema", "no-such-schema.json"))
        self.assertIn("ship it with spark-submit --files", str(refused.exception.code))

    def test_the_summary_says_where(self):
        sentences, entries = fastcop_job.uniqueness_note(["primary key id"], 3)
        self.assertIn("within each of the 3 input files", sentences[0])
        self.assertEqual(entries, {"uniqueness": {"keys": ["primary key id"],
                                                  "checked_within": "each file", "files": 3}})
        sentences, _ = fastcop_job.uniqueness_note(["primary key id"], 1)
        self.assertIn("over the whole input file", sentences[0])


if __name__ == "__main__":
    unittest.main()
