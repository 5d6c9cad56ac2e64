#!/usr/bin/env python3
# The engine's data pattern (engine/workload.c, workload_pattern), for tests:
#   pattern.py check FILE SEED START END   the file holds the pattern in [START, END)
#   pattern.py zero FILE START END         the file holds zeros in [START, END)
#   pattern.py blocks FILE SEED BS END     every non-zero BS block below END is the pattern;
#                                          prints how many there are
import sys

M = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
PERIOD = 4 << 20


def splitmix(x):
    x = (x + GOLDEN) & M
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    return z ^ (z >> 31)


def pattern(seed):
    key = splitmix(seed ^ 0x5EED0FB0FFE25)
    return b"".join(splitmix((key + i * GOLDEN) & M).to_bytes(8, "little")
                    for i in range(PERIOD // 8))


def expected(pat, start, end):
    out = bytearray()
    pos = start
    while pos < end:
        o = pos % PERIOD
        n = min(PERIOD - o, end - pos)
        out += pat[o:o + n]
        pos += n
    return bytes(out)


def read(path, start, end):
    with open(path, "rb") as f:
        f.seek(start)
        return f.read(end - start)


cmd = sys.argv[1]
if cmd == "check":
    path, seed, start, end = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    if read(path, start, end) != expected(pattern(seed), start, end):
        sys.exit(f"{path}: bytes {start}..{end} are not the pattern of seed {seed}")
elif cmd == "zero":
    path, start, end = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    data = read(path, start, end)
    if data.count(0) != len(data):
        first = next(i for i, b in enumerate(data) if b)
        sys.exit(f"{path}: byte {start + first} is not zero")
elif cmd == "blocks":
    path, seed, bs, end = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    pat = pattern(seed)
    data = read(path, 0, end)
    n = 0
    for off in range(0, end, bs):
        blk = data[off:off + bs]
        if blk.count(0) == len(blk):
            continue
        if blk != expected(pat, off, off + bs):
            sys.exit(f"{path}: block at {off} is neither zeros nor the pattern")
        n += 1
    print(n)
else:
    sys.exit("usage: pattern.py check|zero|blocks ...")
