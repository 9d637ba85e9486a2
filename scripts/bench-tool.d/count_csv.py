"""Prints the number of records (header excluded) of each CSV file given, space-separated."""
import csv
import sys

counts = []
for path in sys.argv[1:]:
    with open(path, newline="", encoding="utf-8") as file:
        counts.append(str(sum(1 for _ in csv.reader(file)) - 1))
print(" ".join(counts))
