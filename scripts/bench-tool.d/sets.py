"""FastCop's character sets, spelled out for the peers (Polars, DuckDB) of scripts/bench-tool.

- collapseWhitespace replaces runs of PCRE2's Unicode `\\s`: White_Space plus U+180E (which
  PCRE2's `\\h` holds);
- trim removes Foundation's `whitespacesAndNewlines` (on Linux): White_Space plus U+200B.
"""

SPACE_RUN = (
    r"[\t\n\x0B\x0C\r \x{85}\x{A0}\x{1680}\x{180E}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}]+"
)
TRIM = "\t\n\x0b\x0c\r \x85\xa0\u1680" + "".join(chr(c) for c in range(0x2000, 0x200C)) + "\u2028\u2029\u202f\u205f\u3000"
EMAIL = r"[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}"
PHONE = r"\+?[0-9]{7,15}"
