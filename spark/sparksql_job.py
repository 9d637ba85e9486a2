"""The rules of spark/rules.json written in Spark SQL functions, as a Spark user would write them.

The side-by-side job for spark/fastcop_job.py: the same input, the same output layout, no
fastcop. Spark reads the CSV, applies the rules with its own functions (`regexp_replace`,
`lower`, `upper`, `length`, `rlike`, `isin`; Java regular expressions) and writes

    OUTPUT/verdict=clean/      the clean rows, cleaned (Parquet)
    OUTPUT/verdict=rejected/   the rejected rows as they came in, with _field and _message

in one pass. A row Spark's CSV reader finds malformed (a different number of fields than the
header) is rejected with an empty _field and a message, with the record's text in the first
column, as `fastcop clean --rejects` writes it.

    spark-submit --master local[2] spark/sparksql_job.py --input contacts.csv --output out

Where the Spark functions differ from FastCop's filters (none of it shows on the generated
contacts): `length` counts code points where FastCop counts characters (grapheme clusters);
the invisible characters are the Unicode categories Cc and Cf without FastCop's exceptions
(a zero-width joiner between two visible characters, tag sequences of flags); whitespace is
Java's `(?U)\\s`.
"""

import sys

from pyspark.sql import functions as F

import spark_common

RULE_ORDER = ["name", "email", "phone", "country"]
COUNTRIES = ["AT", "DE", "FR", "GB", "IN", "NL", "RU", "US"]

# Unicode whitespace (Java's (?U)\s is the White_Space property) and, for trim, the zero-width
# space, which FastCop's trim removes too.
TRIM = r"(?U)^[\s\x{200B}]+|[\s\x{200B}]+$"
# Control characters but the whitespace ones, format characters and the Hangul fillers.
INVISIBLE = r"[\p{Cf}\x{115F}\x{1160}\x{3164}\x{FFA0}[\p{Cc}&&[^\t\n\x{0B}\f\r\x{85}]]]"
# SwiftCop's email pattern, as the rules select it ({"email": "swiftcop"}).
EMAIL = r"^[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}\z"
PHONE = r"^\+?[0-9]{7,15}\z"


def trimmed(column):
    """FastCop's `trim`: Unicode whitespace (and U+200B) off both ends."""
    return F.regexp_replace(column, TRIM, "")


def rules(frame):
    """The cleaned columns and, per rule, the condition under which the row fails it, with the
    rule's message; the same rules as spark/rules.json."""
    value = {c: F.coalesce(F.col(c), F.lit("")) for c in frame.columns}
    name = F.regexp_replace(F.regexp_replace(value["name"], INVISIBLE, ""), r"(?U)\s+", " ")
    email = F.lower(trimmed(value["email"]))
    phone = F.regexp_replace(value["phone"], "[^0-9+]", "")
    country = F.upper(trimmed(value["country"]))
    cleaned = {"name": name, "email": email, "phone": phone, "country": country}
    failures = {
        "name": (F.length(name) < 2, "Name too short"),
        "email": (~email.rlike(EMAIL), "Invalid email"),
        # optional: an empty value passes
        "phone": ((phone != "") & ~phone.rlike(PHONE), "Invalid phone number"),
        "country": (~country.isin(COUNTRIES), "Unknown country code"),
    }
    return cleaned, failures


def clean(spark, frame, columns, arguments):
    """The job's result: every input column (cleaned for clean rows, as read for rejected
    rows), _field and _message (null for clean rows) and verdict."""
    cleaned, failures = rules(frame)
    failing = [F.when(fails, F.lit(field)) for field, (fails, _) in failures.items()]
    messages = [F.when(fails, F.lit(message)) for fails, message in failures.values()]
    field = F.concat_ws("; ", *failing)
    message = F.concat_ws("; ", *messages)
    corrupt = F.col(spark_common.CORRUPT_COLUMN)
    is_corrupt = corrupt.isNotNull()
    is_clean = ~is_corrupt & (field == "")
    value = {c: F.coalesce(F.col(c), F.lit("")) for c in columns}
    out = []
    for index, c in enumerate(columns):
        as_read = corrupt if index == 0 else F.lit("")
        out.append(
            F.when(is_corrupt, as_read)
            .when(is_clean, cleaned.get(c, value[c]))
            .otherwise(value[c])
            .alias(c)
        )
    out += [
        F.when(is_corrupt, F.lit("")).when(~is_clean, field).alias(spark_common.FIELD_COLUMN),
        F.when(is_corrupt, F.lit(spark_common.MALFORMED_MESSAGE))
        .when(~is_clean, message)
        .alias(spark_common.MESSAGE_COLUMN),
        F.when(is_clean, F.lit("clean")).otherwise(F.lit("rejected")).alias("verdict"),
    ]
    return frame.select(out)


def main(argv=None):
    """Entry point for spark-submit."""
    spark_common.run_job("spark-sql", clean, sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
