# Typed rows for the typed-checks section of scripts/bench-tool (deterministic: srand(30)),
# judged by scripts/bench-tool.d/typed-schema.json (Table Schema v1). Ten columns:
#   id        integer, required, unique (the primary key)  errors: text, empty, an earlier id
#   age       integer 0..130, required                     errors: text, 42.5, 131, -1, empty
#   score     number 0..100 (optional)                     errors: text, 12,5, 100.5, -1.25
#   price     number "1.234,56" (decimalChar ",", groupChar ".", minimum 0; optional)
#                                                          errors: text, 12,5,0, -12,50
#   active    boolean, the default true/false values (optional)  errors: yes, no, T
#   country   string, one of twelve codes, required       errors: XX, de, empty
#   joined    date (ISO), 2000-01-01 or later, required    errors: 2026-02-30, 2025-13-01,
#                                                          1999-12-31, text, empty
#   birthday  date "%d/%m/%Y" (optional)                   errors: 31/04/2020, 29/02/2021,
#                                                          2020-04-01
#   updated   datetime "2026-03-04T05:06:07Z", required    errors: 2026-02-30T.., T25:.., a
#                                                          date alone, empty
#   code      string [A-Z]{3}-[0-9]{4}, required           errors: AB-1234, abc-1234, empty
# A price holds the CSV delimiter, so it is always quoted ("1.234,56"), as is the score "12,5";
# nothing else is quoted.
# Every column also has empty cells: a missing value, an error only where the field is
# required. Values are plain ASCII; no blank lines, no spaces around values, no
# value on which Table Schema readers are known to differ (see the report of issue 30: no
# "1_000", " 5", NaN, misplaced group dots, datetimes without Z or with offsets).
#
# Usage: awk -v n=ROWS -f typed.awk > typed.csv
function two(x) { return sprintf("%02d", x) }
function month_days(y, m) {
    if (m == 2) return (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28
    return (m == 4 || m == 6 || m == 9 || m == 11) ? 30 : 31
}
# grouped(N): N with a "." between groups of three digits (1234567 -> 1.234.567).
function grouped(x,    s, out) {
    s = sprintf("%d", x); out = ""
    while (length(s) > 3) { out = "." substr(s, length(s) - 2) out; s = substr(s, 1, length(s) - 3) }
    return s out
}
BEGIN {
    srand(30)
    e = 0.004   # each error kind, per cell
    blank = 0.005
    nc = split("DE FR GB US ES IT NL BE CH AT SE PL", countries, " ")
    nb = split("true false 1 0 true false True FALSE TRUE False", booleans, " ")
    print "id,age,score,price,active,country,joined,birthday,updated,code"
    for (i = 1; i <= n; i++) {
        r = rand()
        if (r < e) id = "x" i
        else if (r < e + blank) id = ""
        else if (r < 4 * e && i > 1) id = int(rand() * (i - 1)) + 1
        else id = i

        r = rand()
        if (r < e) age = "abc"
        else if (r < 2 * e) age = "42.5"
        else if (r < 3 * e) age = "131"
        else if (r < 4 * e) age = "-1"
        else if (r < 4 * e + blank) age = ""
        else age = int(rand() * 131)

        r = rand()
        if (r < e) score = "n/a"
        else if (r < 2 * e) score = "\"12,5\""
        else if (r < 3 * e) score = "100.5"
        else if (r < 4 * e) score = "-1.25"
        else if (r < 4 * e + blank) score = ""
        else score = sprintf("%.2f", int(rand() * 10001) / 100)

        r = rand()
        if (r < e) price = "free"
        else if (r < 2 * e) price = "\"12,5,0\""
        else if (r < 3 * e) price = "\"-12,50\""
        else if (r < 3 * e + blank) price = ""
        else {
            cents = int(rand() * (rand() < 0.5 ? 100000 : 1000000000))
            price = "\"" grouped(int(cents / 100)) "," two(cents % 100) "\""
        }

        r = rand()
        if (r < e) active = "yes"
        else if (r < 2 * e) active = "no"
        else if (r < 3 * e) active = "T"
        else if (r < 3 * e + blank) active = ""
        else active = booleans[int(rand() * nb) + 1]

        r = rand()
        if (r < e) country = "XX"
        else if (r < 2 * e) country = "de"
        else if (r < 2 * e + blank) country = ""
        else country = countries[int(rand() * nc) + 1]

        r = rand()
        if (r < e) joined = "2026-02-30"
        else if (r < 2 * e) joined = "2025-13-01"
        else if (r < 3 * e) joined = "1999-12-31"
        else if (r < 4 * e) joined = "yesterday"
        else if (r < 4 * e + blank) joined = ""
        else {
            y = 2000 + int(rand() * 27); m = int(rand() * 12) + 1; d = int(rand() * month_days(y, m)) + 1
            joined = y "-" two(m) "-" two(d)
        }

        r = rand()
        if (r < e) birthday = "31/04/2020"
        else if (r < 2 * e) birthday = "29/02/2021"
        else if (r < 3 * e) birthday = "2020-04-01"
        else if (r < 3 * e + blank) birthday = ""
        else {
            y = 1930 + int(rand() * 90); m = int(rand() * 12) + 1; d = int(rand() * month_days(y, m)) + 1
            birthday = two(d) "/" two(m) "/" y
        }

        r = rand()
        if (r < e) updated = "2026-02-30T10:00:00Z"
        else if (r < 2 * e) updated = "2026-03-04T25:00:00Z"
        else if (r < 3 * e) updated = "2026-03-04"
        else if (r < 3 * e + blank) updated = ""
        else {
            y = 2020 + int(rand() * 7); m = int(rand() * 12) + 1; d = int(rand() * month_days(y, m)) + 1
            updated = y "-" two(m) "-" two(d) "T" two(int(rand() * 24)) ":" two(int(rand() * 60)) ":" two(int(rand() * 60)) "Z"
        }

        r = rand()
        if (r < e) code = "AB-1234"
        else if (r < 2 * e) code = "abc-1234"
        else if (r < 3 * e) code = "ABCD-123"
        else if (r < 3 * e + blank) code = ""
        else code = sprintf("%c%c%c-%04d", 65 + int(rand() * 26), 65 + int(rand() * 26), 65 + int(rand() * 26), int(rand() * 10000))

        print id "," age "," score "," price "," active "," country "," joined "," birthday "," updated "," code
    }
}
