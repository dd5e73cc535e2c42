"""How many loop iterations TensorFlow's pfor stacks onto the rows of a backward product.

``GradientTape.jacobian`` / ``batch_jacobian`` run one vectorized backward pass in TensorFlow:
pfor turns a ``MatMul(g, w, transpose_b=True)`` whose ``g`` varies per target element into one
product of ``n * M`` rows (its MatMul converter reshapes the stacked ``g`` to 2-D). tapeflow
sweeps once per element instead, with ``M`` rows a sweep, and oneDNN picks its kernel by the
rows it sees: under 16 rows its 16-lane dot products, otherwise the in-order chain
(sixteen_column_product.py). Each output is summed within its own row either way, so a sweep
gives TF's bits when it chooses the kernel by ``n * M`` rows: the jacobian sets ``n`` here for
its sweeps. Elementwise kernels see the stacked values too: Eigen's packets of 8 leave the last
``n * size % 8`` values of the whole stack to its scalar functor, not each sweep's last
``size % 8`` (SigmoidGrad: ``packets_end``). Measured on TF 2.21 (oneDNN, AVX-512 Xeon): guide/advanced_autodiff's jacobian of
two elu Dense layers (7 rows, 42 target elements) and its batch_jacobian.
"""
import contextlib

ITERATIONS = [1]        # read only where a product has fewer rows than a kernel threshold
SWEEP = [0]             # which of the ITERATIONS sweeps runs now (the jacobian sets it)
# True while tf.vectorized_map runs fn: each elementwise kernel there is one of the stacked iterations (the
# jacobian's sweeps also compute values that do not vary with the row, which pfor computes once, unstacked)
STACKED_VALUES = [False]


@contextlib.contextmanager
def stacked(iterations):
    """Sweeps inside stand for one pfor loop of ``iterations`` (nested jacobians multiply)."""
    outer, sweep = ITERATIONS[0], SWEEP[0]
    ITERATIONS[0], SWEEP[0] = outer * max(int(iterations), 1), 0
    try:
        yield
    finally:
        ITERATIONS[0], SWEEP[0] = outer, sweep


def packets_end(size, packet):
    """Where this sweep's ``size`` values leave the packets of TF's elementwise kernel run over the
    stacked ``ITERATIONS * size`` values (its last ``total % packet`` take the scalar functor):
    an index in [0, size]."""
    cut = ITERATIONS[0] * size // packet * packet
    return min(max(cut - SWEEP[0] * size, 0), size)
