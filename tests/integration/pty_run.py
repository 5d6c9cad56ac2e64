#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""pty_run.py ENV PROGRAM ARGS...: run PROGRAM on a pseudo-terminal 80 columns
wide (its window size and COLUMNS) and keep all it drew in ./tty.out; exits
as PROGRAM did.

ENV changes the environment: comma-separated KEY=VALUE to set, -KEY to unset
("" for none), e.g. "TERM=xterm,-NO_COLOR"."""
import fcntl
import os
import pty
import select
import struct
import sys
import termios

env = dict(os.environ, COLUMNS='80')
for item in sys.argv[1].split(','):
    if item.startswith('-'):
        env.pop(item[1:], None)
    elif item:
        k, v = item.split('=', 1)
        env[k] = v
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack('HHHH', 24, 80, 0, 0))
    os.execve(sys.argv[2], sys.argv[2:], env)
out = b''
while True:
    try:
        r, _, _ = select.select([fd], [], [], 120)
    except InterruptedError:
        continue
    if not r:
        break
    try:
        d = os.read(fd, 65536)
    except OSError:
        break
    if not d:
        break
    out += d
_, st = os.waitpid(pid, 0)
open('tty.out', 'wb').write(out)
sys.exit(os.waitstatus_to_exitcode(st))
