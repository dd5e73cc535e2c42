"""Which operand TensorFlow's Maximum / Minimum return where +0.0 and -0.0 tie.

The two zeros compare equal, so the choice only shows in the result's sign bit, but it is TF's, and numpy
chooses otherwise. TF 2.21's CPU kernels (Eigen, measured on AVX2, eager and inside tf.function alike)
run over the broadcast result in 32-byte packets (8 float32s, 4 float64s) whose instruction returns the
second operand y on a tie, and finish the last size % packet elements one at a time with a comparison
that returns the first operand x; half-precision types (float16, bfloat16) have no packet path, so
every tie gives x. numpy's loops return y on a tie for float32 / float64 / bfloat16 and x for float16,
so the same loop with its operands swapped gives x: only the scalar tail of float32 / float64 results
(at most 7 elements) and whole bfloat16 results are recomputed, and full-packet shapes cost one test.
Other array modules (a GPU's) are left as they compute: TF's GPU kernels were not measured.
"""
import numpy as np

# Elements per packet of TF's kernel for the dtypes whose numpy result can differ from TF's on a tie;
# float16 (numpy already returns x) and the types without signed zeros are absent, and bfloat16 (not
# imported here: ml_dtypes loads on first use) has no packet path: its whole result is the tail.
_PACKET = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}


def ties_as_tensorflow(xp, op, out, x, y):
    """``out`` = op(x, y), op numpy's maximum or minimum, with x where TensorFlow returns x on a tie
    (see the module docstring). Swapping the operands changes nothing else: NaNs propagate either way."""
    packet = _PACKET.get(out.dtype)
    if packet is not None:
        tail = out.size % packet
    elif out.dtype.name == 'bfloat16':
        tail = out.size
    else:
        return out
    if not tail or xp is not np:
        return out
    if tail == out.size:                    # all of it is TF's one-at-a-time part
        return op(y, x)
    start = out.size - tail                 # .flat walks in C order, as TF's kernel, whatever the layout
    out.flat[start:] = op(_flat_tail(y, out.shape, start), _flat_tail(x, out.shape, start))
    return out


def _flat_tail(operand, shape, start):
    """The operand's elements that land at flat positions start.. of the broadcast result (a scalar
    stands for all of them)."""
    operand_shape = np.shape(operand)
    if operand_shape == shape:
        return operand.flat[start:]
    if not operand_shape:
        return operand
    return np.broadcast_to(operand, shape).flat[start:]
