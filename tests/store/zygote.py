"""One process that has imported the writers' code and forks a fresh writer process on
request (run as a script by :class:`forks.Forks`): a SIGKILL trial then costs a fork, not
an interpreter's start and its imports.

Each line on stdin names a writer module of this folder and its arguments
(``crash_writer JOURNAL SEED ...``): the zygote forks, and the child runs that writer's
``main()`` with those arguments as ``sys.argv``: it writes ``pid N`` and then its own lines
to the same stdout. The next line, ``kill``, SIGKILLs that child (the zygote alone signals it, and
before reaping it: the pid is never someone else's) and reaps it: ``exited N CODE`` follows
the child's last line (negative CODE: killed by that signal). One child at a time.
"""

import os
import signal
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(os.path.dirname(HERE)), HERE]

import crash_writer  # noqa: E402
import pg_writer  # noqa: E402

WRITERS = {"crash_writer": crash_writer, "pg_writer": pg_writer}


def main() -> None:
    pid = None
    for line in sys.stdin:
        if line.strip() == "kill":
            assert pid is not None
            os.kill(pid, signal.SIGKILL)  # a child that already ended is a zombie till reaped
            _, status = os.waitpid(pid, 0)
            os.write(1, f"exited {pid} {os.waitstatus_to_exitcode(status)}\n".encode())
            pid = None
            continue
        name, *args = line.split()
        pid = os.fork()
        if pid == 0:  # the writer; it says its pid itself: before any line of its own
            os.write(1, f"pid {os.getpid()}\n".encode())
            code = 0
            try:
                sys.argv = [name, *args]
                WRITERS[name].main()
            except BaseException:  # noqa: BLE001 - printed; a child never returns to the loop
                traceback.print_exc()
                code = 1
            os._exit(code)


if __name__ == "__main__":
    main()
