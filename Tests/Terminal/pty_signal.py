"""Runs `dialshot pull` on a real pseudo-terminal, sends it a signal while the timer screen is
up, and reports how it ended and what `stty -a` says about the terminal afterwards.

Usage: pty_signal.py DIALSHOT DATABASE SIGNAL   (SIGNAL: INT, TERM or HUP)
Prints one JSON object: {"returncode": N, "stty": "...", "screen": "..."}.
"""

import json
import os
import select
import signal
import subprocess
import sys
import time


def default_signals() -> None:
    """In the child: the signals at their defaults, as in a shell, whatever the test runner that
    started this script ignores or blocks (both are inherited through exec)."""
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])


def main() -> None:
    binary, database, name = sys.argv[1:4]
    master, slave = os.openpty()
    child = subprocess.Popen(
        [binary, "pull", "--db", database],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,
        preexec_fn=default_signals,
        env={**os.environ, "TERM": "xterm"},
    )
    screen = b""
    deadline = time.monotonic() + 20
    while b"Ready." not in screen and time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            screen += os.read(master, 65536)
    if b"Ready." not in screen:
        child.kill()
        print(json.dumps({"returncode": None, "stty": "", "screen": screen.decode(errors="replace")}))
        return
    child.send_signal(getattr(signal, "SIG" + name))
    try:
        returncode = child.wait(timeout=20)
    except subprocess.TimeoutExpired:
        child.kill()
        returncode = "hung"
    while True:
        ready, _, _ = select.select([master], [], [], 0.2)
        if not ready:
            break
        chunk = os.read(master, 65536)
        if not chunk:
            break
        screen += chunk
    settings = subprocess.run(["stty", "-a"], stdin=slave, capture_output=True, text=True).stdout
    print(json.dumps({"returncode": returncode, "stty": settings, "screen": screen.decode(errors="replace")}))


main()
