"""Float32 and float64 products over trailing axes in TensorFlow's order (numpy multiplies in another).

Eigen's ``InnerMostDimReducer`` runs ``ProdReducer`` as it runs the sum (eigen_sum.py): four
packet accumulators starting at 1 take the blocks of four packets in turn and are multiplied
together in order, then the remaining whole packets; ``predux_mul`` folds the lanes, 8 floats
as ((0*4)*(2*6)) * ((1*5)*(3*7)), 4 doubles as (0*2)*(1*3); the last ``n % packet`` values are
multiplied one by one from 1, and the row's product is ``tail * packet``. numpy's product of a
row differs from it in the last bit for most lengths from one packet on (keras.ops.prod of 20
float32 values printed -908.7015 for TF's -908.7014; float64 rows from 4 values).
"""
import numpy as np

PACKET = 8
_PACKETS = {np.dtype(np.float32): PACKET, np.dtype(np.float64): 4}     # values per AVX packet
LEAF = 1024      # rows longer than LEAF packets are split by Eigen's tree reduction: numpy's product there


def applies(a, inner):
    """Whether rows of ``inner`` values of ``a`` are multiplied in TensorFlow's order here."""
    if type(a) is not np.ndarray:
        return False
    packet = _PACKETS.get(a.dtype)
    return packet is not None and packet <= inner <= LEAF * packet


def row_products(a):
    """Products along the last axis of a 2-D float32 / float64 numpy array in TensorFlow's order;
    shape (rows,)."""
    rows, n = a.shape
    packet = _PACKETS[a.dtype]
    block = 4 * packet
    whole = n - n % packet
    quad = n - n % block
    with np.errstate(all='ignore'):
        if quad:
            lanes = np.multiply.reduce(a[:, :quad].reshape(rows, quad // block, block), 1)
            packets = np.concatenate((lanes, a[:, quad:whole]), axis=1) if whole > quad else lanes
        else:
            packets = a[:, :whole]
        acc = np.multiply.reduce(packets.reshape(rows, packets.shape[1] // packet, packet), 1)
        half = acc[:, :4] * acc[:, 4:] if packet == 8 else acc
        packed = (half[:, 0] * half[:, 2]) * (half[:, 1] * half[:, 3])
        if whole == n:
            return packed
        return np.multiply.accumulate(a[:, whole:], axis=1)[:, -1] * packed


HALF_PACKET = 8     # Eigen's Packet8h: 8 halves per AVX packet


def half_row_products(a):
    """Products along the last axis of a 2-D float16 numpy array in TensorFlow's order and roundings: the
    packet accumulators as row_products' (Packet8h's pmul multiplies in float and rounds to half each time),
    ``predux_mul<Packet8h>`` folds the 8 lanes in float32 and rounds once, the tail is multiplied from 1 in
    half. numpy's float16 product accumulates in float32 and rounds once (tf.reduce_prod of 6 halves was an
    ulp off for 4 of 6 random rows)."""
    rows, n = a.shape
    block = 4 * HALF_PACKET
    whole = n - n % HALF_PACKET
    quad = n - n % block
    with np.errstate(all='ignore'):
        tail = np.ones(rows, np.float16)
        for j in range(whole, n):
            tail = tail * a[:, j]
        if not whole:
            return tail
        acc = np.ones((rows, HALF_PACKET), np.float16)
        if quad:
            lanes = a[:, :block]
            for j in range(block, quad, block):
                lanes = lanes * a[:, j:j + block]
            for k in range(4):
                acc = acc * lanes[:, k * HALF_PACKET:(k + 1) * HALF_PACKET]
        for j in range(quad, whole, HALF_PACKET):
            acc = acc * a[:, j:j + HALF_PACKET]
        lanes32 = acc.astype(np.float32)
        folded = lanes32[:, :4] * lanes32[:, 4:]
        packed = ((folded[:, 0] * folded[:, 2]) * (folded[:, 1] * folded[:, 3])).astype(np.float16)
        return tail * packed
