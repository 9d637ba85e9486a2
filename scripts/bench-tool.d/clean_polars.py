"""rules.json in Polars: clean rows (cleaned) to CLEAN, the others (as read) to REJECTS.

Usage: python clean_polars.py INPUT CLEAN REJECTS
"""
import sys

import polars as pl
from sets import EMAIL, PHONE, SPACE_RUN, TRIM

source, clean_path, rejects_path = sys.argv[1:4]
rows = pl.scan_csv(source, infer_schema=False, empty_string_is_null=False)
name = pl.col("name").str.replace_all(SPACE_RUN, " ").str.strip_chars(TRIM)
email = pl.col("email").str.strip_chars(TRIM).str.to_lowercase()
phone = pl.col("phone").str.replace_all(r"[^0-9+]", "")
ok = (name.str.len_bytes() > 0) & email.str.contains(f"^{EMAIL}$") & phone.str.contains(f"^{PHONE}$")
judged = rows.with_columns(
    name.alias("_name"), email.alias("_email"), phone.alias("_phone"), ok.fill_null(False).alias("_ok")
).collect()
columns = rows.collect_schema().names()
clean = judged.filter(pl.col("_ok")).with_columns(
    pl.col("_name").alias("name"), pl.col("_email").alias("email"), pl.col("_phone").alias("phone")
)
clean.select(columns).write_csv(clean_path)
judged.filter(~pl.col("_ok")).select(columns).write_csv(rejects_path)
