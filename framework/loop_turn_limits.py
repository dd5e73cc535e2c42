"""``set_loop_options(maximum_iterations=n)`` in a traced tensor loop: the loop stops after n turns.

AutoGraph hands the option to the tf.while_loop it makes of a ``for i in tf.range(...)`` / ``for row in
x`` / ``while tensor`` loop, so in a tf.function ``for i in tf.range(10):
tf.autograph.experimental.set_loop_options(maximum_iterations=3); s += i`` gives 0 + 1 + 2 = 3 (TF 2.21);
eagerly (and in a Python loop, which AutoGraph unrolls) the option does nothing. tapeflow runs the
turns itself, at every call (trace or replay): the call in a turn is recorded for its frame and line,
and the innermost loop whose lines hold it (the first to end a turn) takes it and ends after that many
turns: a ``for`` through ``for_turns`` (symbolic_iteration's Tensor.__iter__), a ``while`` through ``while_test``
(assert_statements.truth).
"""
import sys
import threading

import numpy as np

# Entries hold their frame itself: a frame at a dead one's address (the next call of the function) must not
# take what the dead one recorded, such as the calls of a Python loop AutoGraph unrolls, which no loop takes.
_local = threading.local()      # .pending: {id(frame): [(frame, line of the call, limit), ...]}
                                # .counts: {(id(frame), line of the while): [turns run, limit, frame]}


def record(frame, maximum_iterations):
    """``set_loop_options`` called at ``frame``'s line inside a traced loop body with this limit."""
    from . import backend       # (late: backend imports tensor modules that import this one)
    value = getattr(maximum_iterations, '_data', maximum_iterations)
    limit = int(np.asarray(backend.to_host(value)))
    pending = _table('pending')
    live = set()
    caller = sys._getframe()
    while caller is not None:
        live.add(id(caller))
        caller = caller.f_back
    for key in [key for key in pending if key not in live]:     # frames that have returned: let them go
        del pending[key]
    counts = _table('counts')
    for key in [key for key in counts if key[0] not in live]:  # (a while loop left by an exception)
        del counts[key]
    pending.setdefault(id(frame), []).append((frame, frame.f_lineno, limit))


def _take(frame, first, last):
    """The limit a call on lines ``first``..``last`` of ``frame`` recorded (dropped once taken), or None."""
    pending = getattr(_local, 'pending', None)
    entries = pending.get(id(frame)) if pending else None
    if not entries:
        return None
    for index, (owner, line, limit) in enumerate(entries):
        if owner is frame and first <= line <= last:
            del entries[index]
            if not entries:
                del pending[id(frame)]
            return limit
    return None


def _drop(frame, first, last):
    """Forget what calls on lines ``first``..``last`` of ``frame`` recorded: each turn of a loop records its
    call again, and a later frame at the same address (the next call of the function) must not take them."""
    pending = getattr(_local, 'pending', None)
    entries = pending.get(id(frame)) if pending else None
    if entries:
        entries[:] = [e for e in entries if not (e[0] is frame and first <= e[1] <= last)]
        if not entries:
            del pending[id(frame)]


def for_turns(turns, frame):
    """``turns`` of the ``for`` statement of the traced function's own code at ``frame``'s line, ended
    after the maximum_iterations its body sets (``turns`` itself where the loop is not found)."""
    from .code_source import scanned
    from .while_loop_variables import for_loops
    loop = scanned(frame.f_code, for_loops, {}).get(frame.f_lineno)
    return turns if loop is None else _limited(iter(turns), frame, loop[0])


def _limited(turns, frame, last):
    """The turns of the ``for`` at ``frame``'s line (its body ends at line ``last``), ended after the
    maximum_iterations its body sets."""
    first = frame.f_lineno
    count, limit = 0, None
    try:
        while limit is None or count < limit:
            try:
                item = next(turns)
            except StopIteration:
                return
            yield item
            count += 1
            if limit is None:
                limit = _take(frame, first, last)
    finally:
        _drop(frame, first, last)
        close = getattr(turns, 'close', None)
        if close is not None:
            close()


def while_test(frame, value, loop):
    """The truth the ``while`` test at ``frame``'s line gives (``loop``: traced_while_loops.loop_test's
    answer): False once the turns its body's maximum_iterations allows have run."""
    last, again = loop
    key = (id(frame), frame.f_lineno)
    counts = _table('counts')
    if not again:
        counts.pop(key, None)       # (a new run of the loop)
        return value
    entry = counts.get(key)
    if entry is None or entry[2] is not frame:
        limit = _take(frame, frame.f_lineno, last)
        if limit is None:
            return value
        entry = counts[key] = [0, limit, frame]
    entry[0] += 1
    if not value or entry[0] >= entry[1]:
        del counts[key]
        _drop(frame, frame.f_lineno, last)
        return False
    return value


def _table(name):
    found = getattr(_local, name, None)
    if found is None:
        found = {}
        setattr(_local, name, found)
    return found
