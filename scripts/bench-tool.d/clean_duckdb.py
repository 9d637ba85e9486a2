"""rules.json in DuckDB SQL: clean rows (cleaned) to CLEAN, the others (as read) to REJECTS.

Usage: python clean_duckdb.py INPUT CLEAN REJECTS
"""
import sys

import duckdb
from sets import EMAIL, PHONE, SPACE_RUN, TRIM

source, clean_path, rejects_path = sys.argv[1:4]
con = duckdb.connect()
con.execute(
    """
    CREATE TEMP TABLE judged AS
    WITH cleaned AS (
        SELECT *,
            trim(regexp_replace(coalesce(name, ''), $space_run, ' ', 'g'), $trim) AS _name,
            lower(trim(coalesce(email, ''), $trim)) AS _email,
            regexp_replace(coalesce(phone, ''), '[^0-9+]', '', 'g') AS _phone
        FROM read_csv($source, all_varchar = true, header = true, delim = ',', quote = '"', escape = '"',
                      strict_mode = false)  -- rows end in LF or CRLF, mixed
    )
    SELECT *, (length(_name) > 0 AND regexp_full_match(_email, $email)
               AND regexp_full_match(_phone, $phone)) AS _ok
    FROM cleaned
    """,
    {"space_run": SPACE_RUN, "trim": TRIM, "email": EMAIL, "phone": PHONE, "source": source},
)
con.execute(
    f"COPY (SELECT * EXCLUDE (name, email, phone, _ok) RENAME (_name AS name, _email AS email, _phone AS phone)"
    f" FROM judged WHERE _ok) TO '{clean_path}' (HEADER)"
)
con.execute(
    f"COPY (SELECT * EXCLUDE (_name, _email, _phone, _ok) FROM judged WHERE NOT _ok) TO '{rejects_path}' (HEADER)"
)
