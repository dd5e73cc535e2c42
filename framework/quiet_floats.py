"""numpy's floating-point warnings off around a hot kernel, as ``with np.errstate(all='ignore'):`` turns
them off, for two C calls instead of errstate's Python methods (about 70 interpreted opcodes a use, four
uses a batch of a softmax model's evaluate)::

    token = quiet_floats.begin()
    try:
        ...
    finally:
        quiet_floats.end(token)

numpy 2 keeps the error state in a context variable: ``begin`` sets it to an all-'ignore' state made
once, ``end`` restores the one before. On numpy 1.x, which has no such variable, both fall back to
``np.errstate`` itself.
"""
import functools

import numpy as np

try:
    from numpy._core._ufunc_config import _extobj_contextvar, _make_extobj
except ImportError:         # numpy 1.x
    def begin():
        state = np.errstate(all='ignore')
        state.__enter__()
        return state

    def end(state):
        state.__exit__(None, None, None)
else:
    # (a partial of the C method: calling it runs no Python frame)
    begin = functools.partial(_extobj_contextvar.set, _make_extobj(all='ignore'))
    end = _extobj_contextvar.reset
