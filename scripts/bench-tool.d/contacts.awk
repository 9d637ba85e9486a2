# The dirty contact rows of scripts/bench-tool (deterministic: srand(42)): quoted commas, quotes
# and line breaks in quoted fields, CRLF rows, no-break and zero-width spaces, mixed case,
# non-ASCII names, bad emails and phones. Usage: awk -v n=ROWS -f contacts.awk > contacts.csv
BEGIN {
    srand(42)
    nbsp = "\302\240"; zwsp = "\342\200\213"
    split("ada grace alan émilie carl katherine sofia hedy jürgen zoë marie linus barbara donald edsger", first, " ")
    split("Lovelace Hopper Turing Châtelet Gauß Johnson Kovalevskaya Lamarr Müller Smith Curie Torvalds Liskov Knuth Dijkstra", last, " ")
    split("example.com mail.example.org navy.mil exemple.fr beispiel.de example.co.uk", domain, " ")
    split("Paris|Zürich|New York, NY|São Paulo|Berlin|\"The\" Hague", city, "|")
    printf "id,name,email,phone,city\n"
    for (i = 1; i <= n; i++) {
        f = first[int(rand() * 15) + 1]; l = last[int(rand() * 15) + 1]
        r = rand()
        if (r < 0.1) name = "\"" l ", " f "\""
        else if (r < 0.15) name = "\"" f "\n" l "\""
        else if (r < 0.3) name = "  " f "   " l " "
        else if (r < 0.4) name = nbsp f nbsp nbsp l zwsp
        else if (r < 0.45) name = "\"" f " \"\"" toupper(substr(l, 1, 1)) "\"\" " l "\""
        else if (r < 0.47) name = " "
        else name = f " " l
        d = domain[int(rand() * 6) + 1]
        r = rand()
        if (r < 0.05) email = f "@"
        else if (r < 0.25) email = " " toupper(f) "." l "@" d " "
        else if (r < 0.35) email = zwsp f "." i "@" toupper(d) nbsp
        else if (r < 0.4) email = f "." i "@@" d
        else email = f "." i "@" d
        r = rand()
        if (r < 0.3) phone = "+44 20 7946 " int(rand() * 10000)
        else if (r < 0.6) phone = "(202) 555-" int(rand() * 10000)
        else if (r < 0.9) phone = "+33 1 23 45 " int(rand() * 100)
        else if (r < 0.95) phone = "\"+1 (555), ext.\"" 
        else phone = "12"
        c = city[int(rand() * 6) + 1]
        if (c ~ /[,"]/) { gsub(/"/, "\"\"", c); c = "\"" c "\"" }
        printf "%d,%s,%s,%s,%s%s\n", i, name, email, phone, c, (rand() < 0.2 ? "\r" : "")
    }
}
