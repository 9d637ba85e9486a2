"""A Table Schema's typed checks in Polars: clean rows (as read) to CLEAN, the others (as read,
plus _row: the 1-based data-row number, as FastCop's rejects) to REJECTS.

Usage: python typed_polars.py INPUT SCHEMA CLEAN REJECTS
Prints "CLEAN REJECTED" (row counts). The meanings are frictionless-py's (typed_schema.py).
"""
import sys

import polars as pl
from typed_schema import Schema

source, schema_path, clean_path, rejects_path = sys.argv[1:5]
schema = Schema(schema_path)
# Every column as text; an empty cell (the one missing value) is null.
rows = pl.scan_csv(source, infer_schema=False).with_row_index("_row", offset=1)
columns = [name for name in rows.collect_schema().names() if name != "_row"]
schema.check_header(columns)


def typed(field):
    """The cell as the field's type; null when it is missing or does not parse."""
    raw = pl.col(field.name)
    if field.type == "integer":
        return raw.cast(pl.Int64, strict=False)
    if field.type == "number":
        text = raw.str.replace_all(field.group_char, "", literal=True) if field.group_char else raw
        if field.decimal_char != ".":
            # frictionless: a "." left once the group characters are gone is no number.
            text = pl.when(text.str.contains(".", literal=True)).then(None).otherwise(
                text.str.replace_all(field.decimal_char, ".", literal=True))
        return text.cast(pl.Float64, strict=False)
    if field.type == "boolean":
        return (pl.when(raw.is_in(field.true_values)).then(True)
                .when(raw.is_in(field.false_values)).then(False).otherwise(None))
    if field.type == "date":
        return raw.str.to_date(field.format, strict=False)
    if field.type == "datetime":
        return raw.str.to_datetime(field.format, strict=False)
    return raw


values = {field.name: typed(field).alias(f"_t_{field.name}") for field in schema.fields}
checks = []
for field in schema.fields:
    raw, value = pl.col(field.name), pl.col(f"_t_{field.name}")
    checks.append(raw.is_null() | value.is_not_null())  # the type
    c = field.constraints
    if c.get("required"):
        checks.append(raw.is_not_null())
    if "minimum" in c:
        checks.append(value.is_null() | (value >= c["minimum"]))
    if "maximum" in c:
        checks.append(value.is_null() | (value <= c["maximum"]))
    if "enum" in c:
        checks.append(value.is_null() | value.is_in(c["enum"]))
    if "pattern" in c:
        checks.append(value.is_null() | value.str.contains(f"^(?:{c['pattern']})$"))
    if c.get("unique"):
        # The first row holding a value stays valid; a null (missing or mistyped) is no value.
        checks.append(value.is_null() | value.is_first_distinct())
if schema.primary_key:
    key = [pl.col(f"_t_{name}") for name in schema.primary_key]
    checks.append(pl.any_horizontal([k.is_not_null() for k in key]))  # not all null
    # A one-field key that is also unique was checked above: the same rows, not computed twice.
    if not (len(key) == 1 and schema.field(schema.primary_key[0]).constraints.get("unique")):
        checks.append(pl.struct(key).is_first_distinct())

judged = rows.with_columns(values.values()).with_columns(pl.all_horizontal(checks).alias("_ok")).select(
    [*columns, "_row", "_ok"]).collect()
clean = judged.filter(pl.col("_ok"))
rejects = judged.filter(~pl.col("_ok"))
clean.select(columns).write_csv(clean_path)
rejects.select([*columns, "_row"]).write_csv(rejects_path)
print(clean.height, rejects.height)
