"""Validates INPUT against a Table Schema with frictionless-py, the reference for the typed checks.

Usage: python typed_frictionless.py INPUT SCHEMA [ROWS]

Prints "CLEAN REJECTED" (data-row counts). ROWS, when given, gets one line per rejected data
row: its number (1-based over data rows, as FastCop's _row), a tab and its errors as TYPE/FIELD
(type-error/age, constraint-error/code, unique-error/id; primary-key has no field),
comma-separated, in the order frictionless reports them. frictionless numbers rows from the
header (row 1), so a data row's number is its rowNumber minus 1. A table-level error (a label
the schema lacks, or lacks in that place) is printed to stderr and the exit status is 1: the
rows are then judged by position and the comparison would mean nothing.
"""
import json
import sys

from frictionless import Resource, Schema, validate

source, schema_path = sys.argv[1:3]
rows_path = sys.argv[3] if len(sys.argv) > 3 else None

# The schema is read here and passed as a descriptor: frictionless refuses an absolute path
# (or one with "..") as "not safe".
with open(schema_path, encoding="utf-8") as file:
    schema = Schema.from_descriptor(json.load(file))
resource = Resource(source, schema=schema)
# Nothing cut: more errors than cells.
report = validate(resource, limit_errors=10**12)
task = report.tasks[0]
header_rows = resource.dialect.header_rows
if header_rows != [1]:
    sys.exit(f"typed_frictionless: expected one header row (row 1), the dialect says {header_rows}")

by_row = {}
table_errors = []
for error in task.errors:
    row_number = getattr(error, "row_number", None)
    if row_number is None:
        table_errors.append(error)
    else:
        field = getattr(error, "field_name", "")
        by_row.setdefault(row_number - 1, []).append(f"{error.type}/{field}" if field else error.type)
for error in table_errors:
    print(f"typed_frictionless: {error.type}: {error.message}", file=sys.stderr)
if task.warnings:
    print("typed_frictionless: warnings:", task.warnings, file=sys.stderr)

if "rows" not in task.stats:
    sys.exit(2)  # the resource could not be read (the error is printed above)
data_rows = task.stats["rows"]
if rows_path:
    with open(rows_path, "w", encoding="utf-8") as out:
        for row in sorted(by_row):
            out.write(f"{row}\t{','.join(by_row[row])}\n")
print(data_rows - len(by_row), len(by_row))
sys.exit(1 if table_errors else 0)
