"""A callback when a traced function's frame leaves a range of its lines, for the AutoGraph behaviours that
end where a block of the traced code ends (untaken_branches.py, traced_while_loops.py).

The frame gets a line trace (``frame.f_trace``), which runs only while a trace function is set: a graph
trace runs under its own (traced_ops), so the watch rides on that one and leaves a debugger's or
coverage tool's alone (``when_leaving`` then says no). Watches on one frame nest: the innermost ends
first.
"""
import sys
import threading

_local = threading.local()      # .pending: {frame: [(first line, last line, callback), ...] innermost last}


def when_leaving(frame, first, last, callback, anywhere=False):
    """Call ``callback(True)`` once ``frame`` runs a line outside ``first``..``last`` or returns, and
    ``callback(False)`` if an exception is raised there first. False (nothing watched) when no graph trace's
    trace function runs, unless ``anywhere`` (a replay's gradients, untaken_if_reads.py): then, where no
    trace function runs at all, one that follows no calls is set until the watches end."""
    from .traced_ops import is_trace_hook     # (late: traced_ops imports tensor, whose truth test leads here)
    current = sys.gettrace()
    if not is_trace_hook(current):
        if not anywhere or (current is not None and current is not _calls_unfollowed):
            return False
        if current is None:
            sys.settrace(_calls_unfollowed)     # (line events reach frame.f_trace only while one is set)
    pending = getattr(_local, 'pending', None)
    if pending is None:
        pending = _local.pending = {}
    pending.setdefault(frame, []).append((first, last, callback))
    frame.f_trace = _lines
    frame.f_trace_lines = True
    return True


def watching():
    """Whether ``when_leaving`` would watch a frame now (a graph trace's trace function runs)."""
    from .traced_ops import is_trace_hook     # (late: traced_ops imports tensor, whose truth test leads here)
    return is_trace_hook(sys.gettrace())


def _lines(frame, event, arg):
    pending = _local.pending.get(frame)
    if not pending:
        return None
    if event == 'line':
        line = frame.f_lineno
        while pending and not pending[-1][0] <= line <= pending[-1][1]:
            pending.pop()[2](True)
    elif event == 'return':
        while pending:
            pending.pop()[2](True)
    elif event == 'exception':
        while pending:
            pending.pop()[2](False)
    if pending:
        return _lines
    del _local.pending[frame]
    frame.f_trace = None
    if not _local.pending and sys.gettrace() is _calls_unfollowed:
        sys.settrace(None)
    return None


def _calls_unfollowed(frame, event, arg):
    return None
