"""Compares the rows a tool rejected with the rows frictionless-py rejected.

Usage: python typed_verdicts.py REJECTS_CSV FRICTIONLESS_ROWS [--show N]

REJECTS_CSV is a rejects file with a _row column (1-based data-row numbers): FastCop's
--rejects (it adds _row,_line,_field,_message) or a peer's (typed_polars.py, typed_duckdb.py).
FRICTIONLESS_ROWS is typed_frictionless.py's ROWS file (row number, tab, error types).
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

tool = {}
repeated = 0
with open(rejects_path, newline="", encoding="utf-8") as file:
    for record in csv.DictReader(file):
        row = int(record["_row"])
        if row in tool:
            repeated += 1
        tool[row] = record

reference = {}
with open(frictionless_path, encoding="utf-8") as file:
    for line in file:
        row, _, kinds = line.rstrip("\n").partition("\t")
        reference[int(row)] = kinds

both = tool.keys() & reference.keys()
only_tool = sorted(tool.keys() - reference.keys())
only_reference = sorted(reference.keys() - tool.keys())
print(f"rejected by both: {len(both)}; only by {rejects_path}: {len(only_tool)}; only by frictionless-py: {len(only_reference)}")
if repeated:
    print(f"{rejects_path} lists {repeated} rows more than once")


def cells(record):
    return ",".join(value for name, value in record.items() if not name.startswith("_"))


def reasons(record):
    return "; ".join(f"{name}={record[name]}" for name in ("_field", "_message") if record.get(name))


for row in only_tool[:show]:
    record = tool[row]
    print(f"  row {row}: only {rejects_path}: {cells(record)}  [{reasons(record)}]")
for row in only_reference[:show]:
    print(f"  row {row}: only frictionless-py: {reference[row]}")
sys.exit(1 if only_tool or only_reference else 0)
