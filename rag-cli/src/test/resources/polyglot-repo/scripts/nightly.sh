#!/bin/sh
# Writes the nightly stock report.
set -eu

# Prints one line per SKU that needs reordering.
report() {
  ./gradlew -q run --args="report"
}

report > "reports/$(date +%F).txt"
