"""Float32 products over trailing axes in TensorFlow's order (numpy multiplies in another).

Eigen's ``InnerMostDimReducer`` runs ``ProdReducer`` as it runs the sum (eigen_sum.py): four
packet accumulators starting at 1 take the blocks of 32 values in turn and are multiplied
together in order, then the remaining whole packets; ``predux_mul`` folds the 8 lanes
((0*4)*(2*6)) * ((1*5)*(3*7)); the last ``n % 8`` values are multiplied one by one from 1,
and the row's product is ``tail * packet``. numpy's product of a float32 row differs from it
in the last bit for most lengths from 8 on (keras.ops.prod of 20 values printed -908.7015 for
TF's -908.7014).
"""
import numpy as np

PACKET = 8
BLOCK = 4 * PACKET
LONGEST = 1024 * PACKET      # longer rows are split by Eigen's tree reduction: numpy's product there
_FLOAT32 = np.dtype(np.float32)


def applies(a, inner):
    """Whether rows of ``inner`` values of ``a`` are multiplied in TensorFlow's order here."""
    return type(a) is np.ndarray and a.dtype == _FLOAT32 and PACKET <= inner <= LONGEST


def row_products(a):
    """Products along the last axis of a 2-D float32 numpy array in TensorFlow's order; shape (rows,)."""
    rows, n = a.shape
    whole = n - n % PACKET
    quad = n - n % BLOCK
    with np.errstate(all='ignore'):
        if quad:
            lanes = np.multiply.reduce(a[:, :quad].reshape(rows, quad // BLOCK, BLOCK), 1)
            packets = np.concatenate((lanes, a[:, quad:whole]), axis=1) if whole > quad else lanes
        else:
            packets = a[:, :whole]
        acc = np.multiply.reduce(packets.reshape(rows, packets.shape[1] // PACKET, PACKET), 1)
        half = acc[:, :4] * acc[:, 4:]
        packed = (half[:, 0] * half[:, 2]) * (half[:, 1] * half[:, 3])
        if whole == n:
            return packed
        return np.multiply.accumulate(a[:, whole:], axis=1)[:, -1] * packed
