"""One read of a variable for the TensorFlow ops composed in Python that convert their input first.

tf.nn.gelu, tf.math.l2_normalize, tf.norm and tf.clip_by_norm start with ``ops.convert_to_tensor``: a
variable given to them is read once, and the gradients of that tensor's uses add up before they reach the
variable. Used directly, each use reads the variable and the variable adds them instead; under a second
tape that sum is differentiated in another order. Measured on TF 2.21, eager, with a (8, 5) variable: the
second derivatives of gelu(approximate=True), l2_normalize and norm were 8 to 17 values an ulp off
(notes progs/gradfuzz12/t_readonce.py); first derivatives are the same either way.
"""
from .operands import ACTIVE
from ..tensor import Tensor


def read_once(x):
    """``x``, or the one read of variable ``x`` while a tape records outside a traced function (where the
    extra read would be a graph op of its own; first derivatives do not depend on it)."""
    if type(x) is Tensor or not ACTIVE:
        return x
    read = getattr(type(x), '_read_value', None)
    if read is None:
        return x
    from .graph_rewrites import tracing
    return x if tracing() else read(x)
