#!/usr/bin/env python3
"""The real readline prompt of `gcnsim debug`, driven through a
pseudo-terminal: the prompt, history (up-arrow recalls the last command,
Ctrl-R finds an older one), tab completion of a command, a label, a
register and an info subcommand, Enter repeating the last step, and quit."""
import os
import pty
import re
import select
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from dbgtest import check, finish, ROOT, G  # noqa: E402

PROMPT = b"(gcnsim) "


class Term:
    def __init__(self, argv):
        env = dict(os.environ, TERM="xterm", INPUTRC="/dev/null", HOME=os.environ.get("TMPDIR", "/tmp"))
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(ROOT)
            os.execve(argv[0], argv, env)
        self.buf = b""

    def expect(self, pattern, timeout=10):
        """Read until pattern (bytes regex) appears after what was consumed;
        returns the text up to and including the match, or None."""
        end = time.time() + timeout
        rx = re.compile(pattern)
        while True:
            m = rx.search(self.buf)
            if m:
                out, self.buf = self.buf[:m.end()], self.buf[m.end():]
                return out.decode(errors="replace")
            left = end - time.time()
            if left <= 0:
                return None
            r, _, _ = select.select([self.fd], [], [], left)
            if r:
                try:
                    data = os.read(self.fd, 4096)
                except OSError:
                    data = b""
                if not data:
                    m = rx.search(self.buf)
                    return None if not m else self.buf[:m.end()].decode(errors="replace")
                self.buf += data

    def send(self, s):
        os.write(self.fd, s.encode() if isinstance(s, str) else s)

    def command(self, keys, pattern=PROMPT):
        """Type keys and return the output up to the next prompt."""
        self.send(keys)
        return self.expect(re.escape(pattern) if isinstance(pattern, bytes) and pattern == PROMPT else pattern)

    def close(self):
        try:
            os.kill(self.pid, 9)
        except OSError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except OSError:
            pass


def main():
    if not os.path.exists(G):
        check("gcnsim is built", False)
        finish()
    co = "tests/micro/bin/valu_chain-gfx900.co"
    t = Term([G, "debug", co, "--global", "64", "--local", "64", "--arg", "zero:1024"])
    try:
        first = t.expect(re.escape(PROMPT))
        check("pty: the prompt appears", first is not None, repr(first))
        out = t.command("break valu_chain\r")
        check("pty: a command runs", out is not None and "Breakpoint 1 at 0x" in out, repr(out))
        out = t.command(b"\x1b[A\r")   # up-arrow, Enter
        check("pty: up-arrow recalls the last command from the history",
              out is not None and "Breakpoint 2 at 0x" in out, repr(out))
        out = t.command("disas\tvalu_chain\r")
        check("pty: tab completes a command (disas -> disassemble)",
              out is not None and "disassemble valu_chain" in out and "Dump of assembler code for function valu_chain"
              in out, repr(out)[:300])
        out = t.command("tbreak valu_c\t\r")
        check("pty: tab completes a label (valu_c -> valu_chain)",
              out is not None and "Temporary breakpoint 3 at 0x" in out and "<valu_chain>" in out, repr(out))
        out = t.command("delete 2\r")
        out = t.command("run\r")
        check("pty: run stops at the breakpoint", out is not None and "Breakpoint 1, wave 0" in out, repr(out))
        out = t.command("print sc\t\r")
        check("pty: tab completes a register name (sc -> scc)",
              out is not None and "print scc" in out and re.search(r"\$1 = [01]\r", out) is not None, repr(out))
        out = t.command("info regi\ts\r")
        check("pty: tab completes an info subcommand (regi -> registers)",
              out is not None and "info registers s" in out and re.search(r"[\r\n]s0 +0x", out) is not None,
              repr(out)[:300])
        out1 = t.command("stepi\r")
        out2 = t.command("\r")
        pcs = [re.search(r"\[wave 0\] (0x[0-9a-f]+)", o or "") for o in (out1, out2)]
        check("pty: Enter repeats the last step",
              all(pcs) and int(pcs[1].group(1), 16) > int(pcs[0].group(1), 16), repr(out1) + repr(out2))
        out = t.command(b"\x12tbre\r")   # Ctrl-R reverse search, Enter runs the match
        check("pty: Ctrl-R finds an older command in the history",
              out is not None and "Temporary breakpoint 4 at 0x" in out, repr(out))
        t.send("quit\r")
        gone = t.expect(b"$^", timeout=5)
        _, status = os.waitpid(t.pid, 0)
        t.pid = None
        check("pty: quit leaves with status 0", os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0,
              f"status {status}")
        del gone
    finally:
        if t.pid:
            t.close()
    finish()


if __name__ == "__main__":
    main()
