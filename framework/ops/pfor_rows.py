"""How many loop iterations TensorFlow's pfor stacks onto the rows of a backward product.

``GradientTape.jacobian`` / ``batch_jacobian`` run one vectorized backward pass in TensorFlow:
pfor turns a ``MatMul(g, w, transpose_b=True)`` whose ``g`` varies per target element into one
product of ``n * M`` rows (its MatMul converter reshapes the stacked ``g`` to 2-D). tapeflow
sweeps once per element instead, with ``M`` rows a sweep, and oneDNN picks its kernel by the
rows it sees: under 16 rows its 16-lane dot products, otherwise the in-order chain
(sixteen_column_product.py). Each output is summed within its own row either way, so a sweep
gives TF's bits when it chooses the kernel by ``n * M`` rows: the jacobian sets ``n`` here for
its sweeps. Measured on TF 2.21 (oneDNN, AVX-512 Xeon): guide/advanced_autodiff's jacobian of
two elu Dense layers (7 rows, 42 target elements) and its batch_jacobian.
"""
import contextlib

ITERATIONS = [1]        # read only where a product has fewer rows than a kernel threshold


@contextlib.contextmanager
def stacked(iterations):
    """Sweeps inside stand for one pfor loop of ``iterations`` (nested jacobians multiply)."""
    outer = ITERATIONS[0]
    ITERATIONS[0] = outer * max(int(iterations), 1)
    try:
        yield
    finally:
        ITERATIONS[0] = outer
