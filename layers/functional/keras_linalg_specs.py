"""Keras 3's compute_output_spec of its linalg ops (keras.ops.linalg, with slogdet / logdet), for keras.ops on
KerasTensors. Keras states these specs instead of running a kernel: they keep x's dtype whatever it is (the inverse
of an int32 Input is an int32 KerasTensor, eig's outputs are float32, not complex), check shapes in their own words
("Expected a square matrix. ...", None matching no length), and leave shapes that a stand-in run would fill in
(slogdet's sign is (), det of a (3, 4) Input is refused). Each rule takes the op's tensors and its config.
"""
from framework.keras.ops_shape_inference import canonical_axis

from .keras_tensor import KerasTensor


def _assert_2d(x):
    if x.ndim < 2:
        raise ValueError('Expected input to have rank >= 2. Received input with shape %s.' % (x.shape,))


def _assert_square(x):
    m, n = x.shape[-2:]      # a 1-D shape: Python's "not enough values to unpack (expected 2, got 1)"
    if m != n:
        raise ValueError('Expected a square matrix. Received non-square input with shape %s' % (x.shape,))


def _square(x, config):
    # Cholesky, CholeskyInverse, Inv: the rank first, then the shape
    _assert_2d(x)
    _assert_square(x)
    return KerasTensor(x.shape, x.dtype)


def _det(x, config):
    _assert_2d(x)
    _assert_square(x)
    return KerasTensor(x.shape[:-2], x.dtype)


def _eig(x, config):
    # Eig and Eigh check the shape before the rank; their eigenvalues keep x's dtype (float32 here, complex eagerly)
    _assert_square(x)
    _assert_2d(x)
    return KerasTensor(x.shape[:-1], x.dtype), KerasTensor(x.shape, x.dtype)


def _lu_factor(x, config):
    _assert_2d(x)
    m, n = x.shape[-2:]
    k = min(m, n)       # a None side: Python's "'<' not supported between instances of 'int' and 'NoneType'"
    return KerasTensor(x.shape[:-2] + (m, n), x.dtype), KerasTensor(x.shape[:-2] + (k,), x.dtype)


def _svd(x, config):
    _assert_2d(x)
    rows, columns = x.shape[-2:]
    batches, k = x.shape[:-2], min(rows, columns)
    if not config.get('compute_uv', True):
        return KerasTensor(batches + (k,), x.dtype)
    if config.get('full_matrices', True):
        u, v = batches + (rows, rows), batches + (columns, columns)
    else:
        u, v = batches + (rows, k), batches + (k, columns)
    return KerasTensor(u, x.dtype), KerasTensor(batches + (k,), x.dtype), KerasTensor(v, x.dtype)


def _qr(x, config):
    mode = config.get('mode', 'reduced')
    if mode not in ('reduced', 'complete'):     # (Qr's constructor)
        raise ValueError("`mode` argument value not supported. Expected one of {'reduced', 'complete'}. "
                         "Received: mode=%s" % (mode,))
    if x.ndim < 2:
        raise ValueError('Input should have rank >= 2. Received: input.shape = %s' % (x.shape,))
    m, n = x.shape[-2:]
    if m is None or n is None:
        raise ValueError('Input should have its last 2 dimensions fully-defined. Received: input.shape = %s'
                         % (x.shape,))
    k, base = min(m, n), x.shape[:-2]
    if mode == 'reduced':
        return KerasTensor(base + (m, k), x.dtype), KerasTensor(base + (k, n), x.dtype)
    return KerasTensor(base + (m, m), x.dtype), KerasTensor(base + (m, n), x.dtype)


_MATRIX_ORDS = (None, 'fro', 'nuc', float('inf'), float('-inf'), 1, -1, 2, -2)


def _norm(x, config):
    # Norm: its constructor checks a string ord; the spec floats ints and bools to floatx, checks ord against the
    # number of axes (all of x's when axis is None), then reduces the shape by Keras's reduce_shape
    from framework.keras.backend import floatx
    ord, axis, keepdims = config.get('ord'), config.get('axis'), config.get('keepdims', False)
    if isinstance(ord, str) and ord not in ('fro', 'nuc'):
        raise ValueError("Invalid `ord` argument. Expected one of {'fro', 'nuc'} when using string. Received: ord=%s"
                         % (ord,))
    axis = [axis] if isinstance(axis, int) else axis
    dtype = floatx() if 'int' in x.dtype or x.dtype == 'bool' else x.dtype
    num_axes = x.ndim if axis is None else len(axis)
    if num_axes == 1 and isinstance(ord, str):
        raise ValueError('Invalid `ord` argument for vector norm. Received: ord=%s' % (ord,))
    if num_axes == 2 and ord not in _MATRIX_ORDS:
        raise ValueError('Invalid `ord` argument for matrix norm. Received: ord=%s' % (ord,))
    return KerasTensor(reduce_shape(x.shape, axis, keepdims), dtype)


def reduce_shape(shape, axis=None, keepdims=False):
    """Keras 3's reduce_shape: the shape left by reducing ``axis`` (all axes when None; each axis canonicalized,
    and deleted once per mention)."""
    shape = list(shape)
    if axis is None:
        return tuple(1 for _ in shape) if keepdims else ()
    axes = [canonical_axis(a, len(shape)) for a in ((axis,) if isinstance(axis, int) else axis)]
    for a in sorted(axes, reverse=True):
        if keepdims:
            shape[a] = 1
        else:
            del shape[a]
    return tuple(shape)


def _slogdet(x, config):
    # Slogdet checks nothing: its sign is a scalar whatever the batch
    return KerasTensor((), x.dtype), KerasTensor(x.shape[:-2], x.dtype)


def _logdet(x, config):
    return KerasTensor(x.shape[:-2], x.dtype)


def _pinv(x, config):
    _assert_2d(x)
    m, n = x.shape[-2:]
    return KerasTensor(x.shape[:-2] + (n, m), x.dtype)


def _matrix_rank(x, config):
    _assert_2d(x)
    return KerasTensor(x.shape[:-2], 'int32')


def _solve(a, b, config):
    # Solve and SolveTriangular: a square matrix (batch), b at least a vector whose length matches a's rows where
    # the ranks say how to read it (a (3, 3) a and a (4,) b pass); the result is b's shape and dtype
    _assert_2d(a)
    _assert_square(a)
    if b.ndim < 1:
        raise ValueError('Expected input to have rank >= 1. Received scalar input %s.' % (b,))
    if a.ndim == b.ndim and a.shape[-2] != b.shape[-2]:
        raise ValueError('Incompatible shapes between `a` and `b`. Expected `a.shape[-2] == b.shape[-2]`. Received: '
                         'a.shape=%s, b.shape=%s' % (a.shape, b.shape))
    if a.ndim == b.ndim - 1 and a.shape[-1] != b.shape[-1]:
        raise ValueError('Incompatible shapes between `a` and `b`. Expected `a.shape[-1] == b.shape[-1]`. Received: '
                         'a.shape=%s, b.shape=%s' % (a.shape, b.shape))
    return KerasTensor(b.shape, b.dtype)


def _lstsq(a, b, config):
    # Lstsq: a one matrix, b a vector or matrix of a's rows; the solution has a's dtype
    if len(a.shape) != 2:
        raise ValueError('Expected a to have rank 2. Received: a.shape=%s' % (a.shape,))
    if len(b.shape) not in (1, 2):
        raise ValueError('Expected b to have rank 1 or 2. Received: b.shape=%s' % (b.shape,))
    m, n = a.shape
    if b.shape[0] != m:
        raise ValueError('Expected b.shape[0] to be equal to a.shape[0]. Received: a.shape=%s, b.shape=%s'
                         % (a.shape, b.shape))
    return KerasTensor((n, b.shape[1]) if len(b.shape) == 2 else (n,), a.dtype)


def _on_keras_tensors(rule):
    # a rule answers where a KerasTensor is among the operands and each has a shape (a numpy b of solve too); a
    # Python list operand runs the stand-ins
    def spec(*args):
        tensors = args[:-1]
        if not any(type(t) is KerasTensor for t in tensors) or not all(hasattr(t, 'ndim') for t in tensors):
            return None
        return rule(*args)
    return spec


LINALG_SPECS = {'cholesky': _square, 'cholesky_inverse': _square, 'inv': _square, 'det': _det, 'eig': _eig,
                'eigh': _eig, 'lu_factor': _lu_factor, 'svd': _svd, 'qr': _qr, 'norm': _norm, 'slogdet': _slogdet,
                'logdet': _logdet, 'pinv': _pinv, 'matrix_rank': _matrix_rank, 'solve': _solve,
                'solve_triangular': _solve, 'lstsq': _lstsq}
LINALG_SPECS = {name: _on_keras_tensors(rule) for name, rule in LINALG_SPECS.items()}
LINALG_OPERANDS = {'solve': 2, 'solve_triangular': 2, 'lstsq': 2}
