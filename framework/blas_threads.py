"""How many BLAS threads tapeflow's matrix products use on the CPU.

numpy's OpenBLAS shares every product above about 262k multiply-adds among all the
cores. For the mid-sized products of training steps (an LSTM step's (64, 64) @ (64, 256),
a conv layer's im2col product) sharing costs more than it saves, and when other
processes keep the cores busy OpenBLAS's spinning threads wait on each other. Measured on
the project's 2-core machine under load: (64, 64) @ (64, 256) took 0.03 ms on one thread
and 2.5 ms on two; (43264, 9) @ (9, 32) 0.9 ms against 15.6 ms; an LSTM(64) training step
over 100 steps 0.84 s against 16.5 s.

So ``product`` runs tapeflow's products between OpenBLAS's own threshold and
``_WORTH_SHARING`` multiply-adds on one thread, and puts numpy's setting back after each:
the program's own numpy code keeps its threads. Products large enough to gain from
threads keep numpy's setting. A thread count the user chose (OPENBLAS_NUM_THREADS or
OMP_NUM_THREADS in the environment) is left alone, as is a BLAS other than OpenBLAS
(found through threadpoolctl, imported on the first mid-sized product).
"""
import ctypes
import os

import numpy as np
from numpy import ndarray  # (not np.ndarray on hot paths: see backend.py)

from . import onednn_policy
from .half_products import half_product, rounded_like_matmul

# OpenBLAS itself runs products below SMP_THRESHOLD_MIN * GEMM_MULTITHREAD_THRESHOLD
# (65536 * 4) multiply-adds on one thread: nothing to do for them.
_SHARED_FROM = 65536 * 4
# From here on threads pay for themselves on an idle machine (a 512 x 512 x 512 product).
_WORTH_SHARING = 1 << 27

_UNKNOWN = object()
_FLOAT32 = np.dtype(np.float32)
_FLOAT64 = np.dtype(np.float64)
_control = _UNKNOWN        # (set_num_threads, numpy's thread count), or None: leave the BLAS alone


def product(a, b):
    """``a @ b``; for numpy operands of a mid-sized product, on one BLAS thread; 16-bit matrices
    in float32, as TensorFlow (half_products); float64 matrices in Eigen's order (eigen_double_product)."""
    if type(a) is not ndarray:
        return a @ b            # cupy: its own threads, and no bfloat16 to round
    # (each numpy attribute read costs a few hundred instructions, and a training step makes several
    # products: the dtype and ranks are read once)
    dtype, rank = a.dtype, a.ndim
    if dtype is not _FLOAT32:
        if dtype.itemsize == 2 and rank == 2 == b.ndim and dtype.kind in 'fV':
            return half_product(a, b)
        if dtype is _FLOAT64 and rank == 2 == b.ndim:      # TF's Eigen order (oneDNN has no double MatMul)
            from .ops.eigen_double_product import eigen_double_matmul, wanted
            if wanted(a, b):
                return eigen_double_matmul(a, b)
    # (a.size for a 2-D a's rows * depth: each .shape builds a tuple)
    b_shape = b.shape
    if rank == 2 == len(b_shape):
        work = a.size * b_shape[1]
    else:
        work = a.shape[-2] * a.shape[-1] * b_shape[-1] if rank >= 2 and len(b_shape) >= 2 else 0
    if _SHARED_FROM <= work < _WORTH_SHARING:
        control = _control if _control is not _UNKNOWN else _find_control()
        if control is not None:
            set_threads, threads = control
            set_threads(1)
            try:
                return _rounded(a @ b, a)
            finally:
                set_threads(threads)
    out = a @ b
    if out.dtype is dtype:        # the common case, without a call
        return out
    return _rounded(out, a)


def on_one_thread(compute):
    """``compute()`` with numpy's OpenBLAS on one thread, as ``product`` runs a mid-sized product:
    for a run of such products made with ``np.matmul`` (the depth blocks of one oneDNN product,
    ops/sixteen_column_product.py), where switching for each would cost more than a small block."""
    control = _control if _control is not _UNKNOWN else _find_control()
    if control is None:
        return compute()
    set_threads, threads = control
    set_threads(1)
    try:
        return compute()
    finally:
        set_threads(threads)


def _rounded(out, a):
    """``out`` in ``a``'s dtype: ml_dtypes' bfloat16 product comes out in float32, and TensorFlow
    rounds it back to bfloat16."""
    if type(out) is np.ndarray and out.dtype is not a.dtype and a.dtype.kind == 'V':
        if onednn_policy.eigen_avx2():     # (TF's Eigen BatchMatMul truncates there: half_products.py)
            return rounded_like_matmul(out, a.dtype)
        return out.astype(a.dtype)      # (cupy has no bfloat16)
    return out


def _find_control():
    """numpy's OpenBLAS thread setter and its thread count, when there is something to limit."""
    global _control
    _control = None
    if any(os.environ.get(name) for name in ('OPENBLAS_NUM_THREADS', 'OMP_NUM_THREADS')):
        return None
    try:
        import threadpoolctl
    except ImportError:
        return None
    for library in threadpoolctl.threadpool_info():
        if library.get('internal_api') != 'openblas' or (library.get('num_threads') or 1) <= 1:
            continue
        setter = _openblas_symbol(library['filepath'], 'openblas_set_num_threads')
        if setter is not None:
            setter.argtypes, setter.restype = [ctypes.c_int], None
            _control = (setter, int(library['num_threads']))
            break
    return _control


def _openblas_symbol(path, name):
    """OpenBLAS's function ``name`` in the library at ``path``, under any of the prefixes and
    suffixes its builds use (scipy-openblas64's is scipy_openblas_set_num_threads64_)."""
    try:
        library = ctypes.CDLL(path)
    except OSError:
        return None
    for prefix in ('', 'scipy_'):
        for suffix in ('', '64_', '_64'):
            symbol = getattr(library, prefix + name + suffix, None)
            if symbol is not None:
                return symbol
    return None
