#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Mutated result documents through report, compare and sweep --resume.

Usage: result_mutation.py SSDPROF DATA_DIR

Takes every tests/data/*.json and a sweep this script runs on the simulator,
and applies a fixed, seeded set of mutations: a value replaced by null, a
wrong type, NaN, -Infinity, a negative or huge number, a key deleted, the
file cut short, garbage after the document, and the cases issue 14 found
(which must be refused).  Each command must exit 0 or 2
(never a crash, a signal, an abort or a sanitizer report), print at most one
line on stderr when it refuses, and --resume must leave result.json of a
refused document exactly as it was.

The pts documents (report_pts_*.json) get the known mutations of the indexes
their pages follow: a tracked cell past the cells, a phase's samples past the
arrays, a sample's phase past the phases.

Hostile text (issue 26): paths a qualify page links to set to other schemes,
absolute paths and escapes upward, and strings holding control bytes.  The
page must link only relative paths inside the results, and neither the page
nor compare's terminal output may hold a raw control byte.
"""
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

SIM = 'sim:budget-tlc,capacity=1G'
SWEEP = ['--op', '0,20', '--round', '100ms', '--max-rounds', '5', '--fill-passes', '0', '--quiet']
PER_FIXTURE = 6         # value mutations per tests/data file, for report
RESUME_CASES = 30       # value mutations of the unfinished sweep, for --resume
COMPARE_EVERY = 5       # every fifth report case also goes through compare
TIMEOUT = 60

VALUES = [
    ('null', None), ('string', 'x'), ('object', {}), ('array', []), ('true', True),
    ('NaN', float('nan')), ('-Infinity', float('-inf')), ('negative', -1), ('huge', 1e300),
    ('delete', KeyError),
]


def paths(node, prefix=()):
    """Every object member and array item under node, as key/index tuples."""
    if isinstance(node, dict):
        items = node.items()
    elif isinstance(node, list):
        items = enumerate(node)
    else:
        return
    for k, v in items:
        yield prefix + (k,)
        yield from paths(v, prefix + (k,))


def mutate(doc, path, value):
    d = json.loads(json.dumps(doc))
    parent = d
    for k in path[:-1]:
        parent = parent[k]
    if value is KeyError:
        if isinstance(parent, list):
            del parent[path[-1]]
        else:
            del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return json.dumps(d, indent=2, allow_nan=True)


# The mutations that crashed, hung or were silently coerced at commit c3693ea
# (issue 14), tried on every document that has the field.
KNOWN = [
    (('schema',), None), (('kind',), None), (('target', 'path'), None), (('target', 'capabilities', 0), None),
    (('target', 'capabilities'), None), (('points',), {}), (('points',), None),
    (('slc', 'phases'), 5), (('slc', 'recovery'), 'x'), (('slc', 'phases', 0, 'from_bytes'), float('-inf')),
    (('settings', 'plan'), None), (('settings', 'op_method'), None), (('settings', 'op_method'), 'x'),
    (('settings', 'max_rounds'), -1), (('settings', 'round_s'), None), (('settings', 'round_s'), 'x'),
    (('settings', 'round_s'), -1), (('settings', 'round_s'), 1e300), (('settings', 'fill_passes'), -1),
    (('settings', 'fill_passes'), 1000), (('settings', 'purge_method'), 'x'), (('settings', 'bs'), 0),
    (('settings', 'qd'), 1e9), (('settings', 'op_list', 0), 95),
    (('points', 0, 'iops'), 'x'), (('points', 0, 'timeseries'), 7), (('series',), {}), (('series', 0, 'qd'), -1),
    # pts: indexes the pages and the terminal follow (a cell, a phase's samples, a sample's phase).
    (('pts', 'stages', 0, 'steady_state', 'tracked_cell'), 55), (('pts', 'stages', 0, 'cells'), []),
    (('pts', 'stages', 0, 'rounds', 0, 'iops'), []), (('pts', 'stages', 0, 'steady_state', 'window'), [99, 0]),
    (('pts', 'test'), 'iops-2031'), (('pts', 'series'), []), (('pts', 'series', 'phases'), []),
    (('pts', 'series', 'phases', 0, 'first_sample'), 1999999), (('pts', 'series', 'phases', 0, 'samples'), 2000000),
    (('pts', 'series', 'phases', 0, 'first_sample'), -1), (('pts', 'series', 'phases', 0, 'name'), None),
    (('pts', 'series', 'samples', 't_s'), []), (('pts', 'series', 'samples', 'iops'), [None]),
    (('pts', 'series', 'samples', 'phase', 0), 15), (('pts', 'series', 'samples', 'phase', 0), 16),
    (('pts', 'series', 'samples'), None), (('settings', 'reps'), 0), (('settings', 'writes'), 1e300),
]
# What only resume must refuse: a point without its OP (a report says "not
# measured"), a purge method the simulator lacks.
RESUME_KNOWN = KNOWN + [(('points', 0, 'op_percent'), None), (('settings', 'purge_method'), 'ata-erase')]


def has(doc, path):
    for k in path:
        try:
            doc = doc[k]
        except (KeyError, IndexError, TypeError):
            return False
    return True


def cases(doc, text, rng, n, known=KNOWN):
    """The known mutations, n seeded ones and the text mutations of one document: (name, text)."""
    all_paths = list(paths(doc))
    # Half the picks among the upper levels (settings, target, a point's own
    # fields), which a flat pick over thousands of time-series values misses.
    shallow = [p for p in all_paths if len(p) <= 3]
    out = [('!%s=%r' % ('.'.join(map(str, p)), v), mutate(doc, p, v)) for p, v in known if has(doc, p)]
    for i in range(n):
        p = rng.choice(shallow if i % 2 else all_paths)
        name, v = rng.choice(VALUES)
        out.append(('%s=%s' % ('.'.join(map(str, p)), name), mutate(doc, p, v)))
    for frac in (0.0, 0.5, 0.999):
        cut = int(len(text) * frac)
        out.append(('truncated at %d' % cut, text[:cut]))
    for tail in ('{}', '\x00'):
        out.append(('trailing %r' % tail, text + tail))
    return out


# Hostile text: where a qualify page takes its links, and strings any document holds.
LINKS = [('drives', 0, 'sweep'), ('drives', 0, 'slc'), ('drives', 0, 'qd_curve', 'randwrite'),
         ('drives', 0, 'qd_curve', 'randread')]
BAD_LINKS = ['javascript:alert(1)//result.json', 'JavaScript:alert(1)/result.json',
             'data:text/html,x/result.json', '../../../etc/result.json', 'drive-1/../../../result.json',
             '/etc/result.json', '//evil.example/result.json', 'https://evil.example/result.json',
             ' javascript:alert(1)/result.json']
CONTROL = '\x1b[2J\x1b]0;owned\x07\r\n\x9b31m\x7f'
TEXTS = [('target', 'path'), ('error',), ('drives', 0, 'spec'), ('drives', 0, 'error'), ('drives', 0, 'target'),
         ('series', 0, 'error'), ('settings', 'workload')]
# A href that a page may hold: a relative path inside the results, no scheme, no way up.
SAFE_HREF = re.compile(r'^(?!\.\.?(/|$))[A-Za-z0-9_-][A-Za-z0-9._-]*(/(?!\.\.?(/|$))[A-Za-z0-9._-]+)*$')
RAW_CONTROL = re.compile(rb'[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]')


def settable(doc, path):
    """Whether path's parent exists (the last key may be new)."""
    return has(doc, path[:-1]) and isinstance(_get(doc, path[:-1]), (dict, list))


def _get(doc, path):
    for k in path:
        doc = doc[k]
    return doc


def hostile_cases(doc):
    """(name, text, kind of check) for one document: bad links, control bytes in its strings."""
    out = []
    if doc.get('kind') == 'qualify':
        for i, p in enumerate(LINKS):
            if settable(doc, p):
                bad = BAD_LINKS[i % len(BAD_LINKS)]
                out.append(('link %s=%r' % ('.'.join(map(str, p)), bad), mutate(doc, p, bad), 'links'))
        d = json.loads(json.dumps(doc))
        for i, p in enumerate(LINKS):
            if settable(d, p):
                _get(d, p[:-1])[p[-1]] = BAD_LINKS[(i + 4) % len(BAD_LINKS)]
        out.append(('every link bad', json.dumps(d, indent=2), 'links'))
    for p in TEXTS:
        if settable(doc, p) and (has(doc, p) or p[-1] == 'error'):
            out.append(('control %s' % '.'.join(map(str, p)), mutate(doc, p, 'x' + CONTROL + '=1+1'), 'control'))
    return out


def hostile_problem(name, kind, stdout, page):
    """What a command that accepted hostile text let through, or None."""
    if RAW_CONTROL.search(stdout):
        return '%s: a raw control byte on the terminal: %r' % (name, stdout[:300])
    if page is None:
        return None
    if RAW_CONTROL.search(page):
        m = RAW_CONTROL.search(page)
        return '%s: a raw control byte in the page: %r' % (name, page[max(0, m.start() - 80):m.end() + 40])
    for href in re.findall(rb'<a\s[^>]*href="([^"]*)"', page):
        if not SAFE_HREF.match(href.decode('utf-8', 'replace')):
            return '%s: the page links %r' % (name, href)
    if re.search(rb'href="[^"#]*(?:javascript|data|https?):', page, re.I):
        return '%s: the page links another scheme' % name
    return None


def run(cmd, cwd, out=False):
    env = dict(os.environ, ASAN_OPTIONS='abort_on_error=0:exitcode=99',
               UBSAN_OPTIONS='halt_on_error=1:exitcode=98')
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE if out else subprocess.DEVNULL,
                           stderr=subprocess.PIPE, timeout=TIMEOUT, env=env)
    except subprocess.TimeoutExpired:
        return None, b'timeout', time.monotonic() - t0
    if out:
        return p.returncode, p.stderr, p.stdout
    return p.returncode, p.stderr, time.monotonic() - t0


def judge(what, rc, err):
    """A problem with one command's outcome, or None."""
    if rc is None:
        return '%s: no exit within %d s' % (what, TIMEOUT)
    if rc not in (0, 2):
        return '%s: exit %d: %s' % (what, rc, err.decode(errors='replace')[-600:])
    if b'Sanitizer' in err or b'runtime error' in err:
        return '%s: sanitizer report: %s' % (what, err.decode(errors='replace')[-600:])
    if rc == 2:
        lines = err.split(b'\n')
        if lines and lines[-1] == b'':
            lines.pop()
        if len(lines) != 1 or b'\x1b' in err:
            return '%s: refused with %d lines on stderr: %r' % (what, len(lines), err[:600])
    return None


def main():
    exe, data = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    # MUTATION_ONLY=hostile runs the hostile-text cases alone (a quicker check of pages and terminals).
    only = os.environ.get('MUTATION_ONLY')
    work = tempfile.mkdtemp(prefix='ssdprof-mutation-')
    problems, counts = [], {'report': 0, 'compare': 0, 'resume': 0, 'hostile': 0, 'refused': 0}
    try:
        sweep_dir = os.path.join(work, 'sweep')
        r = subprocess.run([exe, 'sweep', SIM] + SWEEP + ['--out', sweep_dir], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE)
        if r.returncode:
            sys.exit('result_mutation: the sweep failed: %s' % r.stderr.decode(errors='replace'))
        fixtures = sorted(os.path.join(data, f) for f in os.listdir(data) if f.endswith('.json'))
        fixtures.append(os.path.join(sweep_dir, 'result.json'))

        jobs = []   # (kind, name, command, cwd, resume dir or None, original bytes)
        for i, path in enumerate(fixtures):
            text = open(path).read()
            doc = json.loads(text)
            rng = random.Random(1000 + i)
            for j, (name, mtext) in enumerate(cases(doc, text, rng, PER_FIXTURE)):
                d = os.path.join(work, 'r%d_%d' % (i, j))
                os.mkdir(d)
                with open(os.path.join(d, 'result.json'), 'w') as f:
                    f.write(mtext)
                tag = '%s %s' % (os.path.basename(path), name)
                if only == 'hostile':
                    continue
                jobs.append(('report', tag, [exe, 'report', 'result.json', '-o', 'report.html'], d, None, None))
                if j % COMPARE_EVERY == 0:
                    jobs.append(('compare', tag, [exe, 'compare', 'result.json', path], d, None, None))
            for j, (name, mtext, check) in enumerate(hostile_cases(doc)):
                d = os.path.join(work, 'h%d_%d' % (i, j))
                os.mkdir(d)
                with open(os.path.join(d, 'result.json'), 'w') as f:
                    f.write(mtext)
                tag = '%s %s' % (os.path.basename(path), name)
                jobs.append(('hostile', tag, [exe, 'report', 'result.json', '-o', 'report.html'], d, None, check))
                jobs.append(('hostile', tag + ' (compare)',
                             [exe, 'compare', 'result.json', path, '-o', 'compare.html'], d, None, check))

        # --resume: the finished sweep, marked unfinished, so a document that passes
        # has nothing left to measure and resume only rewrites it.
        base = json.load(open(os.path.join(sweep_dir, 'result.json')))
        base['complete'] = False
        text = json.dumps(base, indent=2)
        rng = random.Random(77)
        for j, (name, mtext) in enumerate(cases(base, text, rng, RESUME_CASES, RESUME_KNOWN) if only != 'hostile' else []):
            d = os.path.join(work, 's%d' % j)
            os.mkdir(d)
            with open(os.path.join(d, 'result.json'), 'w') as f:
                f.write(mtext)
            jobs.append(('resume', 'resume ' + name, [exe, 'sweep', SIM, '--resume', d, '--quiet'], work, d,
                         mtext.encode()))

        def one(job):
            kind, name, cmd, cwd, rdir, orig = job
            if kind == 'hostile':
                rc, err, stdout = run(cmd, cwd, out=True)
                problem = judge('%s: %s' % (kind, name), rc, err)
                if not problem and RAW_CONTROL.search(err):
                    problem = '%s: a raw control byte in the refusal: %r' % (name, err[:300])
                page = os.path.join(cwd, cmd[cmd.index('-o') + 1])
                if not problem and rc == 0:
                    with open(page, 'rb') as f:
                        problem = hostile_problem(name, orig, stdout, f.read())
                if not problem and orig == 'links' and rc != 0:
                    problem = '%s: a qualify result with a bad link was refused (exit %d), expected a page' % (
                        name, rc)
                if os.path.exists(page):
                    os.unlink(page)
                return kind, rc, problem
            rc, err, secs = run(cmd, cwd)
            problem = judge('%s: %s' % (kind, name), rc, err)
            # Every known case is damage: refused, never coerced into something measurable.
            if not problem and name.split(' ')[-1].startswith('!') and rc != 2:
                problem = '%s: %s: accepted (exit %d), expected a refusal' % (kind, name, rc)
            if not problem and rc == 2 and rdir:
                with open(os.path.join(rdir, 'result.json'), 'rb') as f:
                    if f.read() != orig:
                        problem = '%s: refused but result.json was rewritten' % name
            return kind, rc, problem

        t0 = time.monotonic()
        with ThreadPoolExecutor(max_workers=2) as pool:
            for kind, rc, problem in pool.map(one, jobs):
                counts[kind] += 1
                counts['refused'] += rc == 2
                if problem:
                    problems.append(problem)
        print('result_mutation: %d report, %d compare, %d resume, %d hostile runs (%d refused) in %.0f s' %
              (counts['report'], counts['compare'], counts['resume'], counts['hostile'], counts['refused'],
               time.monotonic() - t0))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for p in problems[:40]:
        print('FAIL ' + p)
    if problems:
        sys.exit('result_mutation: %d problem(s)' % len(problems))
    print('result_mutation: ok')


if __name__ == '__main__':
    main()
