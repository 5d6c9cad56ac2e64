#!/bin/bash
# ssdprof db on bad input: a store file that is not a store (text, another
# program's SQLite database, a FIFO, a folder), a store of a newer schema,
# and result folders that are damaged, of an unknown kind or not regular
# files: one line each, a non-zero exit, the store byte for byte as it was
# (refused stores) or holding every other result (refused results).
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

"$exe" slc 'sim:budget-tlc,capacity=1G' --quiet --out res/good 2>/dev/null || fail "slc failed"
mkdir -p res/damaged res/unknown res/fifo
head -c 200 res/good/result.json >res/damaged/result.json
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["kind"] = "wsat-2031"; json.dump(d, open(sys.argv[2], "w"))' \
	res/good/result.json res/unknown/result.json
mkfifo res/fifo/result.json

# Usage: one line, exit 2.
usage_error "needs a subcommand" db
usage_error "'nope' is not a subcommand" db nope
usage_error "db model takes one MODEL" db model
usage_error "db drives takes no operand" db drives extra
usage_error "needs a folder or RESULT.json" db import
usage_error "--db is given twice" db drives --db a.db --db b.db
usage_error "--json goes with the questions" db import --json res
usage_error "unknown option '--nope'" db drives --nope
usage_error "no store there" db drives --db missing.db
[ ! -e missing.db ] || fail "a question made a store"

# Refused results: each one line naming it, the good one imported, exit 2.
run_cmd db import --db lab.db res
[ "$rc" = 2 ] || fail "db import of bad results: exit $rc, not 2: $(cat stderr)"
grep -q "refused res/damaged/result.json: not JSON" stderr || fail "damaged: $(cat stderr)"
grep -q "refused res/unknown/result.json: kind: .*\"wsat-2031\"" stderr || fail "unknown kind: $(cat stderr)"
grep -q "refused res/fifo/result.json: a FIFO, not a regular file" stderr || fail "FIFO: $(cat stderr)"
grep -qx "db import: 1 added, 0 already in the store, 3 refused" stderr || fail "summary: $(cat stderr)"
[ "$(wc -l <stderr)" = 4 ] || fail "want one line per refusal and a summary: $(cat stderr)"
"$exe" db drives --db lab.db --json | python3 -c 'import json, sys; r = json.load(sys.stdin); assert len(r) == 1 and r[0]["serial"] == "SIM-budget-tlc-1", r' ||
	fail "the good result was not imported"

# Stores that are not ours, or newer: refused, untouched.
refused_store() {
	local needle=$1 file=$2
	local before
	before=$(cksum <"$file" 2>/dev/null || true)
	usage_error "$needle" db import --db "$file" res/good
	usage_error "$needle" db drives --db "$file"
	[ "$(cksum <"$file" 2>/dev/null || true)" = "$before" ] || fail "$file was changed"
}
echo 'not a database' >text.db
refused_store "not an ssdprof store (not an SQLite database)" text.db
python3 -c 'import sqlite3; c = sqlite3.connect("other.db"); c.execute("CREATE TABLE t (x)"); c.commit()'
refused_store "an SQLite database, but not an ssdprof store" other.db
cp lab.db newer.db
python3 -c 'import sqlite3; c = sqlite3.connect("newer.db"); c.execute("PRAGMA user_version = 99"); c.commit()'
refused_store "made by a newer ssdprof (store schema 99" newer.db
mkfifo fifo.db
usage_error "a FIFO, not a regular file" db import --db fifo.db res/good
usage_error "a FIFO, not a regular file" db drives --db fifo.db
usage_error "res: a folder, not a regular file" db drives --db res
: >empty.db
usage_error "an empty file, not a store" db drives --db empty.db
echo "db_bad_input: ok"
