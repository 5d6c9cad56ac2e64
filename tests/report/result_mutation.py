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
"""
import json
import os
import random
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


def run(cmd, cwd):
    env = dict(os.environ, ASAN_OPTIONS='abort_on_error=0:exitcode=99',
               UBSAN_OPTIONS='halt_on_error=1:exitcode=98')
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=TIMEOUT, env=env)
    except subprocess.TimeoutExpired:
        return None, b'timeout', time.monotonic() - t0
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
    exe, data = os.path.abspath(sys.argv[1]), sys.argv[2]
    work = tempfile.mkdtemp(prefix='ssdprof-mutation-')
    problems, counts = [], {'report': 0, 'compare': 0, 'resume': 0, 'refused': 0}
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
                jobs.append(('report', tag, [exe, 'report', 'result.json', '-o', 'report.html'], d, None, None))
                if j % COMPARE_EVERY == 0:
                    jobs.append(('compare', tag, [exe, 'compare', 'result.json', path], d, None, None))

        # --resume: the finished sweep, marked unfinished, so a document that passes
        # has nothing left to measure and resume only rewrites it.
        base = json.load(open(os.path.join(sweep_dir, 'result.json')))
        base['complete'] = False
        text = json.dumps(base, indent=2)
        rng = random.Random(77)
        for j, (name, mtext) in enumerate(cases(base, text, rng, RESUME_CASES, RESUME_KNOWN)):
            d = os.path.join(work, 's%d' % j)
            os.mkdir(d)
            with open(os.path.join(d, 'result.json'), 'w') as f:
                f.write(mtext)
            jobs.append(('resume', 'resume ' + name, [exe, 'sweep', SIM, '--resume', d, '--quiet'], work, d,
                         mtext.encode()))

        def one(job):
            kind, name, cmd, cwd, rdir, orig = job
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
        print('result_mutation: %d report, %d compare, %d resume runs (%d refused) in %.0f s' %
              (counts['report'], counts['compare'], counts['resume'], counts['refused'], time.monotonic() - t0))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for p in problems[:40]:
        print('FAIL ' + p)
    if problems:
        sys.exit('result_mutation: %d problem(s)' % len(problems))
    print('result_mutation: ok')


if __name__ == '__main__':
    main()
