"""Reused buffers for the intermediate arrays of an optimizer's update of a large variable.

An update such as Adam's ``var -= m * alpha / (sqrt(v) + eps)`` makes a temporary array per
operation. glibc's malloc serves one of more than 128 KiB by mapping fresh pages and unmaps them
when it is freed, so each temporary pays a page fault per 4 KiB it writes: Adam's step on one
784x128 float32 kernel took 1.0 ms with its temporaries and 0.25-0.3 ms writing them into two
reused buffers (numpy, one core), the same operations in the same order, so the same bits.
Below that size numpy's temporaries come from the heap and cost what a buffer lookup costs,
and cupy draws them from its memory pool, so those keep the plain expression (``borrow``
answers None).

Each optimizer keeps its own buffers, as long as its largest variable (``count`` of them); a step
uses them for one variable at a time, so they are free again before the next variable's step.
"""
from numpy import ndarray

# Bytes from which glibc's malloc maps a temporary's pages anew (M_MMAP_THRESHOLD's default).
LARGE_BYTES = 1 << 17


def borrow(optimizer, data, count):
    """``count`` scratch arrays shaped and typed as ``data`` (a host array of at least LARGE_BYTES),
    or None: then the caller writes its update with plain temporaries."""
    if type(data) is not ndarray or data.nbytes < LARGE_BYTES:
        return None
    buffers = optimizer.__dict__.setdefault('_scratch', {})      # (an optimizer unpickled from an older state)
    key = (data.dtype, count)
    held = buffers.get(key)
    if held is None or held[0].size < data.size:
        held = buffers[key] = [ndarray(data.size, data.dtype) for _ in range(count)]
    shape = data.shape
    return [buffer[:data.size].reshape(shape) for buffer in held]
