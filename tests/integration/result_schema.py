#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every result kind against its JSON Schema, and the CSVs a lab loads.

Usage: result_schema.py SSDPROF SOURCE_ROOT

Runs one small command of every kind in results/result_kinds.c (the table of
kinds, read from the source so a new kind cannot be missed) on 1 GiB
simulated drives, and validates every result.json it writes (the nested ones
of qualify and batch too) against docs/schema/KIND.schema.json with
python3-jsonschema.  A kind without a schema, or without a command here
that makes one, fails the test: a new kind brings both.

Then what a lab reads without running report: a sweep writes points.csv
and timeseries.csv itself; every CSV (report's and the commands' own) ends
with the drive_name column, naming the drive; slc_phases.csv has each
phase's role; a result's host block; and no key anywhere that a JSON path
cannot reach (the percentiles were "p99.9").
"""
import csv
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

import jsonschema

T1 = 'sim:dc-tlc,capacity=1G'
T2 = 'sim:budget-tlc,capacity=1G'
PC = ['--round', '500ms', '--max-rounds', '5', '--fill-passes', '1', '--quiet']
# One command per kind: its folder and arguments.
COMMANDS = {
    'run': ['run', T1, '--qd', '1,4', '--rw', 'randrw', '--read-pct', '30', '--time', '500ms', '--quiet'],
    'precondition': ['precondition', T1] + PC,
    'sweep': ['sweep', T1, '--op', '0,20'] + PC,
    'slc': ['slc', T2, '--quiet'],
    'qualify': ['qualify', T1, '--op', '7,28', '--no-slc', '--require', 'steady_iops>=100',
                '--require', 'qd1_read_us>=0.000001', '--daily-writes', '1GB'] + PC[:-3] + ['--quiet'],
    'batch': ['precondition', T1, T2] + PC,
    'pts': ['pts', 'latency', T1, '--cell-time', '20ms', '--fill-passes', '1', '--min-writes', '0',
            '--max-rounds', '6', '--quiet'],
}
KEY = re.compile(r'^[A-Za-z_][A-Za-z0-9_]*$')


def fail(msg):
    print('FAIL: ' + msg, file=sys.stderr)
    sys.exit(1)


def kinds_in_table(root):
    """The names of results/result_kinds.c's KINDS(X) table, in order."""
    text = open(os.path.join(root, 'results', 'result_kinds.c')).read()
    table = text[text.index('#define KINDS(X)'):]
    table = table[:table.index('\n\n')]
    names = re.findall(r'X\(\s*[A-Z_0-9]+\s*,\s*"([^"]+)"', table)
    if len(names) < 6:
        fail('cannot read the kinds table of results/result_kinds.c: ' + repr(names))
    return names


def validator(schema_dir):
    """kind -> a validator whose common.schema.json references resolve from schema_dir."""
    schemas = {}
    for path in glob.glob(os.path.join(schema_dir, '*.schema.json')):
        s = json.load(open(path))
        jsonschema.Draft202012Validator.check_schema(s)
        schemas[os.path.basename(path)[:-len('.schema.json')]] = s
    common = schemas.get('common')
    if not common:
        fail('docs/schema/common.schema.json is missing')
    try:   # jsonschema 4.18 and later
        from referencing import Registry, Resource
        reg = Registry().with_resources([(s['$id'], Resource.from_contents(s)) for s in schemas.values()])
        return {k: jsonschema.Draft202012Validator(s, registry=reg) for k, s in schemas.items()}
    except ImportError:   # Debian's 4.10
        store = {s['$id']: s for s in schemas.values()}
        return {k: jsonschema.Draft202012Validator(s, resolver=jsonschema.RefResolver(s['$id'], s, store=store))
                for k, s in schemas.items()}


def walk_keys(v, where, bad):
    if isinstance(v, dict):
        for k, x in v.items():
            if not KEY.match(k):
                bad.append(where + '.' + k)
            walk_keys(x, where + '.' + k, bad)
    elif isinstance(v, list):
        for i, x in enumerate(v):
            walk_keys(x, '%s[%d]' % (where, i), bad)


def check_csv(path, want_drive):
    rows = list(csv.reader(open(path, newline='')))
    if not rows or rows[0][-1] != 'drive_name':
        fail('%s: the last column is not drive_name: %s' % (path, rows[0] if rows else 'empty'))
    for r in rows[1:]:
        if len(r) != len(rows[0]):
            fail('%s: a row of %d fields under %d headings' % (path, len(r), len(rows[0])))
        if want_drive is not None and r[-1] != want_drive:
            fail('%s: drive_name %r, expected %r' % (path, r[-1], want_drive))
    return rows


def main():
    if len(sys.argv) != 3:
        fail('usage: result_schema.py SSDPROF SOURCE_ROOT')
    exe, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    kinds = kinds_in_table(root)
    validators = validator(os.path.join(root, 'docs', 'schema'))
    for k in kinds:
        if k not in validators:
            fail('kind %s has no schema: add docs/schema/%s.schema.json' % (k, k))
        if k not in COMMANDS:
            fail('kind %s: no command in tests/integration/result_schema.py makes one' % k)
    work = tempfile.mkdtemp(prefix='ssdprof-schema-')
    env = dict(os.environ, SSDPROF_STATE=os.path.join(work, 'state'))
    seen = {}
    for k in kinds:
        out = os.path.join(work, k)
        p = subprocess.run([exe] + COMMANDS[k] + ['--out', out], env=env, capture_output=True, text=True)
        if p.returncode:
            fail('%s exited %d: %s' % (' '.join(COMMANDS[k]), p.returncode, p.stderr.strip()))
        for path in sorted(glob.glob(os.path.join(out, '**', 'result.json'), recursive=True)):
            doc = json.load(open(path))
            kind = doc.get('kind')
            if kind not in validators:
                fail('%s: kind %r has no schema' % (path, kind))
            errors = sorted(validators[kind].iter_errors(doc), key=lambda e: list(e.path))
            if errors:
                e = errors[0]
                fail('%s (%s): %s at %s' % (path, kind, e.message[:300], '/'.join(map(str, e.path))))
            bad = []
            walk_keys(doc, '$', bad)
            if bad:
                fail('%s: keys no JSON path reaches: %s' % (path, ', '.join(bad[:5])))
            host = doc['host']
            if not host['ssdprof_version'] or host['kernel'] != os.uname().release:
                fail('%s: host block %r' % (path, host))
            seen.setdefault(kind, []).append(path)
    missing = [k for k in kinds if k not in seen]
    if missing:
        fail('no result of kind %s was made' % ', '.join(missing))

    # The sweep's own CSVs, by report's writer, the drive in every row.
    sweep = os.path.join(work, 'sweep')
    drive = 'ssdprof simulated dc-tlc (%s)' % json.load(open(os.path.join(sweep, 'result.json')))['target']['serial']
    pts = check_csv(os.path.join(sweep, 'points.csv'), drive)
    if len(pts) != 3 or pts[0][0] != 'op_percent':
        fail('sweep points.csv: %r' % pts[:2])
    check_csv(os.path.join(sweep, 'timeseries.csv'), drive)
    # qualify's sweep too.
    check_csv(os.path.join(work, 'qualify', 'drive-1', 'sweep', 'points.csv'), drive)
    # report writes the same text.
    p = subprocess.run([exe, 'report', os.path.join(sweep, 'result.json'), '-o', os.path.join(work, 'rep', 'r.html')],
                       env=env, capture_output=True, text=True)
    if p.returncode:
        fail('report: ' + p.stderr.strip())
    for name in ('points.csv', 'timeseries.csv'):
        if open(os.path.join(sweep, name), 'rb').read() != open(os.path.join(work, 'rep', 'r-' + name), 'rb').read():
            fail('the sweep\'s %s differs from report\'s' % name)
    # slc_phases.csv names each phase's role.
    p = subprocess.run([exe, 'report', os.path.join(work, 'slc', 'result.json'), '-o',
                        os.path.join(work, 'rep', 's.html')], env=env, capture_output=True, text=True)
    if p.returncode:
        fail('report slc: ' + p.stderr.strip())
    phases = check_csv(os.path.join(work, 'rep', 's-slc_phases.csv'), None)
    roles = [r[phases[0].index('role')] for r in phases[1:]] if 'role' in phases[0] else []
    want = [ph['role'] for ph in json.load(open(os.path.join(work, 'slc', 'result.json')))['slc']['phases']]
    if not roles or roles != want:
        fail('slc_phases.csv roles %r, the document says %r' % (roles, want))
    # The commands' own CSVs: a run's time series and QD curve, qualify's QD curve.
    for path in glob.glob(os.path.join(work, '**', '*.csv'), recursive=True):
        check_csv(path, None)
    if not glob.glob(os.path.join(work, 'run', 'qd_curve*.csv')):
        fail('run --qd 1,4 wrote no qd_curve.csv')
    # pts writes report's CSVs beside its result, the same bytes.
    p = subprocess.run([exe, 'report', os.path.join(work, 'pts', 'result.json'), '-o',
                        os.path.join(work, 'rep', 'p.html')], env=env, capture_output=True, text=True)
    if p.returncode:
        fail('report pts: ' + p.stderr.strip())
    for name in ('pts_cells.csv', 'pts_rounds.csv'):
        mine = os.path.join(work, 'pts', name)
        if not os.path.exists(mine):
            fail('pts wrote no %s' % name)
        if open(mine, 'rb').read() != open(os.path.join(work, 'rep', 'p-' + name), 'rb').read():
            fail('pts\'s %s differs from report\'s' % name)
    print('%d results of %d kinds valid; CSVs name their drive' % (sum(map(len, seen.values())), len(seen)))
    subprocess.run(['rm', '-rf', work])


if __name__ == '__main__':   # lib.sh's schema_check imports validator()
    main()
