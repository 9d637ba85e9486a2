"""The part of Table Schema v1 that the typed peers (typed_polars.py, typed_duckdb.py) apply,
read from the schema file, with frictionless-py's meanings (the reference; see
typed_frictionless.py and the notes below).

Types: integer, number (decimalChar, groupChar), boolean (trueValues, falseValues), string,
date (format "default" = %Y-%m-%d, or a strptime pattern), datetime ("default" =
YYYY-MM-DDThh:mm:ssZ, the form the spec gives; frictionless-py accepts more, see below).
Constraints: required, unique, minimum, maximum, enum, pattern; primaryKey; missingValues.

How frictionless-py 5 judges a row, which the peers follow:
- a cell equal to a missing value is null: no type check, no constraint but required;
- a cell that does not parse has a type error and no constraint is checked on it; its value
  is null for uniqueness and for the primary key (so a second "x1" in id is no duplicate,
  but the row is rejected for the type error and for a primary key "all None");
- minimum/maximum/enum compare the typed value (Decimal for numbers: exact);
- pattern matches "^PATTERN$" with Python's re (the peers anchor the whole value);
- unique and primaryKey keep the first row holding a typed value valid and reject every later
  row holding the same typed value (7, 007 and +7 are the same id), whatever else is wrong in
  either row.
Values on which the peers would part from frictionless-py are kept out of the generated data
(typed.awk): spaces around numbers (frictionless strips them), "1_000" (Python's int takes
it), NaN and Infinity, misplaced group characters ("12.34" is 1234 with groupChar "."),
datetimes without "Z", with an offset, a fraction or another separator than "T" (dateutil's
isoparse takes them all).
"""
import json
from datetime import datetime

DEFAULT_TRUE = ["true", "True", "TRUE", "1"]
DEFAULT_FALSE = ["false", "False", "FALSE", "0"]
DATE_DEFAULT = "%Y-%m-%d"
DATETIME_DEFAULT = "%Y-%m-%dT%H:%M:%SZ"
TYPES = {"integer", "number", "boolean", "string", "date", "datetime"}
CONSTRAINTS = {"required", "unique", "minimum", "maximum", "enum", "pattern"}


class Field:
    def __init__(self, descriptor):
        self.name = descriptor["name"]
        self.type = descriptor.get("type", "string")
        if self.type not in TYPES:
            raise SystemExit(f"typed_schema: field {self.name}: type {self.type} is not supported here")
        self.format = descriptor.get("format", "default")
        if self.format == "default":
            self.format = {"date": DATE_DEFAULT, "datetime": DATETIME_DEFAULT}.get(self.type)
        elif self.type not in ("date", "datetime"):
            raise SystemExit(f"typed_schema: field {self.name}: format {self.format} is not supported here")
        self.decimal_char = descriptor.get("decimalChar", ".")
        self.group_char = descriptor.get("groupChar", "")
        self.true_values = descriptor.get("trueValues", DEFAULT_TRUE)
        self.false_values = descriptor.get("falseValues", DEFAULT_FALSE)
        self.constraints = dict(descriptor.get("constraints", {}))
        unknown = set(self.constraints) - CONSTRAINTS
        if unknown:
            raise SystemExit(f"typed_schema: field {self.name}: constraints {sorted(unknown)} are not supported here")
        # Bounds and enum values are read as the field's type, as frictionless does.
        for name in ("minimum", "maximum"):
            if name in self.constraints:
                self.constraints[name] = self.read(self.constraints[name])
        if "enum" in self.constraints:
            self.constraints["enum"] = [self.read(value) for value in self.constraints["enum"]]

    def read(self, value):
        """A constraint's value as this field's type (JSON numbers stay numbers)."""
        if not isinstance(value, str):
            return value
        if self.type == "integer":
            return int(value)
        if self.type == "number":
            value = value.replace(self.group_char, "") if self.group_char else value
            return float(value.replace(self.decimal_char, "."))
        if self.type == "date":
            return datetime.strptime(value, self.format).date()
        if self.type == "datetime":
            return datetime.strptime(value, self.format)
        if self.type == "boolean":
            return value in self.true_values
        return value


class Schema:
    def __init__(self, path):
        with open(path, encoding="utf-8") as file:
            descriptor = json.load(file)
        self.fields = [Field(field) for field in descriptor["fields"]]
        self.missing_values = descriptor.get("missingValues", [""])
        if self.missing_values != [""]:
            raise SystemExit("typed_schema: only missingValues [\"\"] is supported here (empty cells are null)")
        key = descriptor.get("primaryKey", [])
        self.primary_key = [key] if isinstance(key, str) else list(key)
        for name in self.primary_key:
            self.field(name)

    def field(self, name):
        for field in self.fields:
            if field.name == name:
                return field
        raise SystemExit(f"typed_schema: the primary key names {name}, which is no field")

    def check_header(self, columns):
        """The peers match fields by name and want the same names as the data's header."""
        names = [field.name for field in self.fields]
        if columns != names:
            raise SystemExit(f"typed_schema: the header {columns} is not the schema's fields {names}")
