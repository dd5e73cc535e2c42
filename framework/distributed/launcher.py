"""Starting a script on several local ranks, for tests, benchmarks and examples.

``mpiexec`` is taken from beside ``sys.executable`` first (where the PyPI
``mpich`` wheel installs it into a virtual environment), then from PATH. Ranks
run ``python -m mpi4py script``: an uncaught exception on one rank then aborts
the whole job instead of leaving the others waiting in a collective.
"""
import os
import shutil
import signal
import subprocess
import sys

# Settings that make mpich's Hydra start reliably in containers and CI, ignored elsewhere:
# start ranks by fork (never ssh) for a local job; keep MPICH off the GPU (GPU arrays go
# through NCCL, and probing CUDA slows start-up); let Open MPI's mpiexec run as root.
LAUNCH_ENVIRONMENT = {'HYDRA_LAUNCHER': 'fork', 'MPIR_CVAR_ENABLE_GPU': '0',
                      'OMPI_ALLOW_RUN_AS_ROOT': '1', 'OMPI_ALLOW_RUN_AS_ROOT_CONFIRM': '1'}


def mpiexec_path():
    """The mpiexec to use, or None when there is none."""
    beside = os.path.join(os.path.dirname(sys.executable), 'mpiexec')
    if os.path.isfile(beside) and os.access(beside, os.X_OK):
        return beside
    return shutil.which('mpiexec')


def mpiexec_command(script, args=(), ranks=2, python=None):
    """The command line that runs ``script`` with ``args`` on ``ranks`` processes.

    Raises:
        FileNotFoundError: no mpiexec (pip install "tapeflow[dist]" installs one).
    """
    mpiexec = mpiexec_path()
    if mpiexec is None:
        raise FileNotFoundError('mpiexec was found neither beside %s nor on PATH; pip install "tapeflow[dist]"'
                                % sys.executable)
    return [mpiexec, '-n', str(int(ranks)), python or sys.executable, '-m', 'mpi4py', str(script)] + \
        [str(a) for a in args]


def launch(script, args=(), ranks=2, timeout=60, env=None, cwd=None):
    """Run ``script`` on ``ranks`` local processes and wait for it, at most ``timeout`` seconds.

    The job runs in its own session; on timeout that session and every process
    descended from mpiexec are killed (Hydra starts each rank in a session of its
    own), so no rank outlives the call.
    Returns:
        a ``subprocess.CompletedProcess`` with text stdout and stderr; its ``pid``
        attribute is the session id of every process the job started.
    Raises:
        subprocess.TimeoutExpired: the job ran past ``timeout`` (after it was killed).
    """
    environment = dict(os.environ, **LAUNCH_ENVIRONMENT)
    environment['MPIEXEC_TIMEOUT'] = str(int(timeout) + 5)     # Hydra's own guard, should we be killed
    environment.update(env or {})
    command = mpiexec_command(script, args, ranks)
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=environment, cwd=cwd, start_new_session=True)
    try:
        stdout, stderr = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_job(process.pid)
        stdout, stderr = process.communicate()
        raise subprocess.TimeoutExpired(command, timeout, output=stdout, stderr=stderr) from None
    result = subprocess.CompletedProcess(command, process.returncode, stdout, stderr)
    result.pid = process.pid
    return result


def descendants(pid):
    """The ids of every live process descended from ``pid`` (read from /proc; empty elsewhere)."""
    children = {}
    for entry in os.listdir('/proc') if os.path.isdir('/proc') else ():
        if entry.isdigit():
            try:
                with open('/proc/%s/stat' % entry) as stat:
                    # The command name, in parentheses, may hold spaces: the fields follow the last ')'.
                    parent = int(stat.read().rsplit(')', 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue          # the process ended while we looked
            children.setdefault(parent, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), ()):
            found.append(child)
            todo.append(child)
    return found


def _kill_job(pid):
    job = descendants(pid)
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    for member in job:
        try:
            os.kill(member, signal.SIGKILL)
        except ProcessLookupError:
            pass
