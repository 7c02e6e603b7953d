"""Runs a whole `dialshot pull` on a real pseudo-terminal of a given width: starts the timer,
lets it redraw for a while, stops it, types a yield over the pre-filled target, skips the rest and
leaves the answer for later. Everything dialshot writes is replayed through a small emulator of
the terminal (cursor moves, erase to end of line, autowrap at the last column, as xterm does),
so the test can see the screen a barista would see.

Usage: pty_pull.py DIALSHOT DATABASE COLUMNS YIELD
Prints one JSON object: {"returncode": N, "raw": "...", "screen": [rows...], "wraps": N,
"wrapped_rows": [...]} — `wraps` counts the times a line ran past the last column and the
terminal continued it on the next row (each one breaks the in-place redraw); `wrapped_rows` are
the rows where that happened. No timing is reported: the pauses only let the timer redraw.
"""

import fcntl
import json
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time


class Screen:
    """Just enough of a VT100 for dialshot's output: printable text, CR, LF, ESC [ n A (up),
    ESC [ K (erase to the end of the line), other CSI sequences ignored; autowrap with the
    pending-wrap state of xterm (writing the last column wraps only when another character follows)."""

    def __init__(self, columns: int) -> None:
        self.columns = columns
        self.rows = [[]]
        self.row = 0
        self.col = 0
        self.pending = False
        self.wraps = 0
        self.wrapped_rows = []

    def line(self) -> list:
        while len(self.rows) <= self.row:
            self.rows.append([])
        return self.rows[self.row]

    def feed(self, text: str) -> None:
        i = 0
        while i < len(text):
            c = text[i]
            if c == "\x1b":
                m = re.match(r"\x1b\[([?0-9;]*)([@-~])", text[i:])
                if m:
                    args, final = m.group(1), m.group(2)
                    if final == "A":
                        self.row = max(0, self.row - int(args or "1"))
                        self.pending = False
                    elif final == "K":
                        del self.line()[self.col:]
                    i += len(m.group(0))
                    continue
                i += 1
                continue
            if c == "\r":
                self.col = 0
                self.pending = False
            elif c == "\n":
                self.row += 1
                self.pending = False
                self.line()
            elif c >= " ":
                if self.pending:
                    self.wraps += 1
                    self.wrapped_rows.append("".join(self.line()))
                    self.row += 1
                    self.col = 0
                    self.pending = False
                line = self.line()
                while len(line) < self.col:
                    line.append(" ")
                if self.col < len(line):
                    line[self.col] = c
                else:
                    line.append(c)
                if self.col == self.columns - 1:
                    self.pending = True
                else:
                    self.col += 1
            i += 1

    def text(self) -> list:
        return ["".join(r).rstrip() for r in self.rows]


def main() -> None:
    binary, database, columns, yield_text = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env["TERM"] = "xterm"
    child = subprocess.Popen(
        [binary, "pull", "--db", database], stdin=slave, stdout=slave, stderr=slave, start_new_session=True, env=env
    )
    os.close(slave)
    raw = b""

    def read_for(seconds: float) -> None:
        nonlocal raw
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    return
                if not chunk:
                    return
                raw += chunk

    def wait_for(marker: bytes, seconds: float = 20) -> bool:
        deadline = time.monotonic() + seconds
        while marker not in raw and time.monotonic() < deadline and child.poll() is None:
            read_for(0.05)
        read_for(0.05)
        return marker in raw

    def send(keys: str) -> None:
        os.write(master, keys.encode())

    steps = [
        (b"Ready", " "),  # start
        (None, None),  # let it run and redraw
        (b"Running", " "),  # stop
        (b"Stopped", "\r"),  # continue
        (b"Yield", yield_text + "\r"),
        (b"Taste", "\r"),
        (b"Flow", "\r"),
        (b"Notes", "\r"),
        (b"Rating", "\r"),
    ]
    ok = True
    for marker, keys in steps:
        if marker is None:
            read_for(1.5)
            continue
        if not wait_for(marker):
            ok = False
            break
        read_for(0.2)
        send(keys)
    if ok and wait_for(b"later"):
        read_for(0.3)
        send("\r")
    try:
        returncode = child.wait(timeout=20)
    except subprocess.TimeoutExpired:
        child.kill()
        returncode = "hung"
    read_for(0.3)
    text = raw.decode(errors="replace")
    screen = Screen(columns)
    screen.feed(text)
    print(
        json.dumps(
            {
                "returncode": returncode,
                "raw": text,
                "screen": screen.text(),
                "wraps": screen.wraps,
                "wrapped_rows": screen.wrapped_rows,
            }
        )
    )


main()
