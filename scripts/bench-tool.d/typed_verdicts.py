"""Compares the rows a tool rejected with the rows frictionless-py rejected.

Usage: python typed_verdicts.py REJECTS_CSV FRICTIONLESS_ROWS [--show N]

REJECTS_CSV is a rejects file with a _row column (1-based data-row numbers): FastCop's
--rejects (it adds _row,_line,_field,_message) or a peer's (typed_polars.py, typed_duckdb.py).
FRICTIONLESS_ROWS is typed_frictionless.py's ROWS file (row number, tab, errors), or another
rejects CSV (a name ending in .csv) to compare two tools.
Prints how many rows both rejected and, for each side, the rows only it rejected (the first N,
10 by default) with the row's cells and the reasons each side gave. Exits 1 when they differ.
"""
import csv
import sys

args = sys.argv[1:]
show = 10
if "--show" in args:
    at = args.index("--show")
    show = int(args[at + 1])
    del args[at : at + 2]
rejects_path, frictionless_path = args


def read_rejects(path):
    """{row: record} of a rejects CSV, and how many rows it lists more than once."""
    rows, repeated = {}, 0
    with open(path, newline="", encoding="utf-8") as file:
        for record in csv.DictReader(file):
            row = int(record["_row"])
            repeated += row in rows
            rows[row] = record
    return rows, repeated


def cells(record):
    return ",".join(value for name, value in record.items() if not name.startswith("_"))


def reasons(record):
    return "; ".join(f"{name}={record[name]}" for name in ("_field", "_message") if record.get(name))


tool, repeated = read_rejects(rejects_path)
if frictionless_path.endswith(".csv"):
    other, _ = read_rejects(frictionless_path)
    reference = {row: f"{cells(record)}  [{reasons(record)}]" for row, record in other.items()}
    reference_name = frictionless_path
else:
    reference_name = "frictionless-py"
    reference = {}
    with open(frictionless_path, encoding="utf-8") as file:
        for line in file:
            row, _, kinds = line.rstrip("\n").partition("\t")
            reference[int(row)] = kinds

both = tool.keys() & reference.keys()
only_tool = sorted(tool.keys() - reference.keys())
only_reference = sorted(reference.keys() - tool.keys())
print(f"rejected by both: {len(both)}; only by {rejects_path}: {len(only_tool)}; only by {reference_name}: {len(only_reference)}")
if repeated:
    print(f"{rejects_path} lists {repeated} rows more than once")

for row in only_tool[:show]:
    record = tool[row]
    print(f"  row {row}: only {rejects_path}: {cells(record)}  [{reasons(record)}]")
for row in only_reference[:show]:
    print(f"  row {row}: only {reference_name}: {reference[row]}")
sys.exit(1 if only_tool or only_reference else 0)
