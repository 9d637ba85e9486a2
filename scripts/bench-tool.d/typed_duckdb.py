"""A Table Schema's typed checks in DuckDB SQL: clean rows (as read) to CLEAN, the others (as
read, plus _row: the 1-based data-row number, as FastCop's rejects) to REJECTS, both in input
order.

Usage: python typed_duckdb.py INPUT SCHEMA CLEAN REJECTS
Prints "CLEAN REJECTED" (row counts). The meanings are frictionless-py's (typed_schema.py).
"""
import sys
from datetime import date, datetime

import duckdb
from typed_schema import Schema

source, schema_path, clean_path, rejects_path = sys.argv[1:5]
schema = Schema(schema_path)


def literal(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, datetime):
        return f"TIMESTAMP '{value.isoformat(sep=' ')}'"
    if isinstance(value, date):
        return f"DATE '{value.isoformat()}'"
    return "'" + str(value).replace("'", "''") + "'"


def ident(name):
    return '"' + name.replace('"', '""') + '"'


def typed(field):
    """The cell as the field's type; NULL when it is missing or does not parse."""
    raw = ident(field.name)
    if field.type == "integer":
        # TRY_CAST alone rounds '42.5' to 43 and takes '1e3'; Python's int takes neither.
        return f"CASE WHEN regexp_full_match({raw}, '[+-]?[0-9]+') THEN TRY_CAST({raw} AS BIGINT) END"
    if field.type == "number":
        text = f"replace({raw}, {literal(field.group_char)}, '')" if field.group_char else raw
        if field.decimal_char != ".":
            # frictionless: a "." left once the group characters are gone is no number.
            text = (f"CASE WHEN NOT contains({text}, '.') "
                    f"THEN replace({text}, {literal(field.decimal_char)}, '.') END")
        return f"TRY_CAST({text} AS DOUBLE)"
    if field.type == "boolean":
        trues = ", ".join(map(literal, field.true_values))
        falses = ", ".join(map(literal, field.false_values))
        return f"CASE WHEN {raw} IN ({trues}) THEN true WHEN {raw} IN ({falses}) THEN false END"
    if field.type == "date":
        return f"CAST(try_strptime({raw}, {literal(field.format)}) AS DATE)"
    if field.type == "datetime":
        return f"try_strptime({raw}, {literal(field.format)})"
    return raw


values = [f"{typed(field)} AS {ident('_t_' + field.name)}" for field in schema.fields]
checks = []
for field in schema.fields:
    raw, value = ident(field.name), ident("_t_" + field.name)
    checks.append(f"({raw} IS NULL OR {value} IS NOT NULL)")  # the type
    c = field.constraints
    if c.get("required"):
        checks.append(f"{raw} IS NOT NULL")
    if "minimum" in c:
        checks.append(f"({value} IS NULL OR {value} >= {literal(c['minimum'])})")
    if "maximum" in c:
        checks.append(f"({value} IS NULL OR {value} <= {literal(c['maximum'])})")
    if "enum" in c:
        checks.append(f"({value} IS NULL OR {value} IN ({', '.join(map(literal, c['enum']))}))")
    if "pattern" in c:
        checks.append(f"({value} IS NULL OR regexp_full_match({value}, {literal(c['pattern'])}))")
    if c.get("unique"):
        # The first row holding a value stays valid; a NULL (missing or mistyped) is no value.
        checks.append(f"({value} IS NULL OR row_number() OVER (PARTITION BY {value} ORDER BY _row) = 1)")
if schema.primary_key:
    key = [ident("_t_" + name) for name in schema.primary_key]
    checks.append("(" + " OR ".join(f"{k} IS NOT NULL" for k in key) + ")")  # not all NULL
    # A one-field key that is also unique was checked above: the same rows, not computed twice.
    if not (len(key) == 1 and schema.field(schema.primary_key[0]).constraints.get("unique")):
        checks.append(f"row_number() OVER (PARTITION BY {', '.join(key)} ORDER BY _row) = 1")

con = duckdb.connect()
# Every column as text; an empty cell (the one missing value) is NULL. A table keeps the rows in
# input order (preserve_insertion_order), so rowid + 1 is the data-row number.
con.execute(
    "CREATE TEMP TABLE raw AS SELECT * FROM read_csv($source, all_varchar = true, header = true,"
    " delim = ',', quote = '\"', escape = '\"')",
    {"source": source},
)
columns = [row[0] for row in con.execute("DESCRIBE raw").fetchall()]
schema.check_header(columns)
listed = ", ".join(map(ident, columns))
con.execute(
    f"CREATE TEMP TABLE judged AS WITH typed AS (SELECT {listed}, rowid + 1 AS _row, {', '.join(values)} FROM raw)"
    f" SELECT {listed}, _row, ({' AND '.join(checks)}) AS _ok FROM typed"
)
con.execute(f"COPY (SELECT {listed} FROM judged WHERE _ok ORDER BY _row) TO {literal(clean_path)} (HEADER)")
con.execute(
    f"COPY (SELECT {listed}, _row FROM judged WHERE NOT _ok ORDER BY _row) TO {literal(rejects_path)} (HEADER)"
)
clean, rejected = con.execute("SELECT count(*) FILTER (WHERE _ok), count(*) FILTER (WHERE NOT _ok) FROM judged").fetchone()
print(clean, rejected)
