"""NaN inputs of MaxPool (1-D and 2-D) as TF 2.21's own CPU kernels answer, where oneDNN is off (the AMD EPYC).

Eigen's MaxPool starts each window at the dtype's lowest value and keeps a value only when ``val > max``,
so NaNs are skipped and a window of NaNs pools to the lowest value (max_pool1d of [nan, 1, 2, nan, nan, nan,
-3, nan] by 2 is [1, 2, -3.4028235e+38, -3]). MaxPoolGrad starts its argmax at the window's first unpadded
element and moves it on ``val > max``: a window whose first element is NaN sends its gradient there
([1, 0, 1, 0, 1, 0, 1, 0] above). Measured on float32 / float64 / float16 / bfloat16, VALID and SAME, strided
and overlapping (notes/progs/gradfuzz27/mpn2.py and model.py, gradfuzz26/mpn.py). MaxPool3D propagates NaN
and oneDNN's MaxPool was not measured: neither takes this rule.

numpy's maximum propagates NaN, so the pooled output holds a NaN exactly where a window holds one: one
isnan over the output (about 1% of the pool's own time) finds them, and NaN-free inputs keep the fast path.
"""
from .. import backend, onednn_policy


def met(pooled):
    """Whether ``pooled`` (numpy's maximum of each window) met a NaN that TF's own MaxPool would skip."""
    if pooled.dtype.kind not in 'fV' or onednn_policy.enabled():
        return False
    return bool(backend.array_module(pooled).isnan(pooled).any())


def pooled(windows, lowest):
    """Each window's maximum taken as Eigen's MaxPool takes it (``windows``: one array per window offset,
    padding filled with ``lowest``)."""
    xp = backend.array_module(windows[0])
    best = xp.full(windows[0].shape, lowest, windows[0].dtype)
    for part in windows:
        best = xp.where(part > best, part, best)
    return best


def argmax_hits(windows, valid):
    """Per window offset, a boolean mask of the windows whose gradient MaxPoolGrad sends there: the first
    unpadded element, then each later one greater than the one held (``valid``: per offset, whether the
    element there is the input's, not padding; None where nothing is padded)."""
    xp = backend.array_module(windows[0])
    held, where, found = None, None, None
    for k, part in enumerate(windows):
        ok = valid[k] if valid is not None else None
        if held is None:
            held, found = part.copy(), (ok.copy() if ok is not None else None)
            where = xp.zeros(part.shape, xp.int32)
            continue
        take = part > held
        if ok is not None:
            take = (take & found & ok) | (ok & ~found)
            found |= ok
        held = xp.where(take, part, held)
        where[take] = k
    return [where == k for k in range(len(windows))]
