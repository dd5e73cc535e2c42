"""Numerical gradient checking by central differences.

``check_gradients`` is what the test suite runs on every op: it compares the
tape's vector-Jacobian product for a random output weighting against central
differences of the same weighted sum, in float64. ``compute_gradient`` gives
full Jacobians, with ``tf.test.compute_gradient``'s signature.
"""
import numpy as np

from . import backend
from .tape import GradientTape
from .tensor import Tensor, constant, convert_to_tensor


def _as_list(xs):
    return list(xs) if isinstance(xs, (list, tuple)) else [xs]


def _host64(x):
    # order='C': numerical_vjp perturbs the array through reshape(-1), which must be a view
    # (a transposed input kept its F order and was perturbed in a copy: gradients read 0).
    return np.array(backend.to_host(x._data if isinstance(x, Tensor) else x), dtype=np.float64, order='C')


def numerical_vjp(f, inputs, weights, delta=1e-6):
    """d/dx sum(weights * f(x)) for each input by central differences (float64 numpy arrays)."""
    arrays = [_host64(x) for x in inputs]
    grads = []
    for k, base in enumerate(arrays):
        grad = np.zeros_like(base)
        flat, gflat = base.reshape(-1), grad.reshape(-1)
        for i in range(flat.size):
            saved = flat[i]
            values = []
            for step in (delta, -delta):
                flat[i] = saved + step
                args = [constant(a) for a in arrays]
                values.append(float(np.sum(weights * _host64(f(*args)))))
            flat[i] = saved
            gflat[i] = (values[0] - values[1]) / (2 * delta)
        grads.append(grad)
    return grads


def check_gradients(f, inputs, delta=1e-6, atol=1e-6, rtol=1e-5, seed=0):
    """Assert that the tape's gradients of ``f`` at ``inputs`` match central differences.

    Args:
        f: a function of tensors returning one tensor.
        inputs: the points (arrays or tensors), converted to float64.
    Returns:
        the largest absolute difference seen.
    Raises:
        AssertionError: naming the input and the worst element when they differ.
    """
    inputs = [constant(_host64(x)) for x in _as_list(inputs)]
    rng = np.random.default_rng(seed)
    with GradientTape() as tape:
        tape.watch(inputs)
        out = f(*inputs)
    values = out.numpy()
    # the seed in the output's dtype, as GradientTape.gradient takes it (TF's Mul refuses another dtype)
    weights = rng.standard_normal(np.shape(values)).astype(values.dtype if values.dtype.kind in 'fc' else np.float64)
    analytic = tape.gradient(out, inputs, output_gradients=constant(weights))
    numeric = numerical_vjp(f, inputs, weights, delta)
    worst = 0.0
    for k, (a, n) in enumerate(zip(analytic, numeric)):
        a = np.zeros_like(n) if a is None else _host64(convert_to_tensor(a))    # (an IndexedSlices: dense)
        err = np.abs(a - n)
        worst = max(worst, float(err.max(initial=0.0)))
        bad = err > atol + rtol * np.abs(n)
        if bad.any():
            i = np.unravel_index(int(np.argmax(err)), err.shape) if err.ndim else ()
            raise AssertionError('gradient of input %d (shape %s) differs from central differences at %s: '
                                 'tape %r, numerical %r (max abs error %.3g)'
                                 % (k, n.shape, i, a[i], n[i], float(err.max())))
    return worst


def compute_gradient(f, x, delta=None):
    """(theoretical, numerical) Jacobians of ``f`` at the list ``x``, one per input.

    Each Jacobian has shape (y.size, x.size), as ``tf.test.compute_gradient`` returns.
    """
    inputs = [constant(x_) if not isinstance(x_, Tensor) else x_ for x_ in _as_list(x)]
    delta = 1e-3 if delta is None else delta
    theoretical, numerical = [], []
    with GradientTape(persistent=True) as tape:
        tape.watch(inputs)
        out = f(*inputs)
    ysize = int(np.size(out.numpy()))
    for k, inp in enumerate(inputs):
        jac = tape.jacobian(out, inp, unconnected_gradients='zero')
        theoretical.append(_host64(jac).reshape(ysize, -1).astype(np.dtype(inp.dtype)))
        cols = []
        base = _host64(inp)
        for i in range(base.size):
            col = []
            for step in (delta, -delta):
                moved = base.copy().reshape(-1)
                moved[i] += step
                args = list(inputs)
                args[k] = constant(moved.reshape(base.shape).astype(inp.dtype))
                col.append(_host64(f(*args)).reshape(-1))
            cols.append((col[0] - col[1]) / (2 * delta))
        numerical.append(np.stack(cols, axis=1).astype(np.dtype(inp.dtype)) if cols
                         else np.zeros((ysize, 0), np.dtype(inp.dtype)))
    return theoretical, numerical
