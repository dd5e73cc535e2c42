"""Conv3DBackpropFilterV2's float32 sums in TensorFlow's order where TensorFlow runs oneDNN (Conv3D's kernel gradient).

oneDNN's backward-weights kernel sums a 3-D kernel gradient as the 2-D one (conv_backprop_filter_order.py), with
the output depth folded into the minibatch: each weight's gradient is one fused multiply-add chain over the
output positions (the explicit broadcast's runs of output columns for 16 or more input channels at column
stride 1), its threads on the minibatch take contiguous slices of the (image, output depth) rows (balance211),
and the slices' sums are added in order. How many threads go to the minibatch is the 2-D ``balance``'s choice
with the depth in its memory estimate, and at most images * output depth of them (measured on TF 2.21 with 2
intra-op threads, notes progs/gradfuzz21/m_c3*.py, c_c3f*.py: 260 random shapes, 1-3 images, 3-7 sizes, 1x1x1
to 3x3x3 kernels, 1-19 channels, strides 1-2, SAME and VALID: all bits equal; tapeflow's BLAS product had 11).
Dilated ones are not measured and keep the BLAS product.
"""
import numpy as np

from .. import config_threading, onednn_policy
from . import eigen_math
from .conv_backprop_filter_order import (_DEFAULT_POSITIONS, _LANES, _balance211, _explicit_broadcast_rows, _one_chain,
                                        _up, balance)


def applies(x, g, geo):
    """Whether the mode computes this 3-D kernel gradient (convolution_nd's geometry) in TensorFlow's order."""
    if not (type(x) is np.ndarray and type(g) is np.ndarray and x.dtype == np.float32 and g.dtype == np.float32
            and len(geo.kernel) == 3 and geo.groups == 1 and all(d == 1 for d in geo.dilations)
            and onednn_policy.enabled() and onednn_policy.vector_lanes() == _LANES):
        return False
    weights = int(np.prod(geo.kernel)) * x.shape[-1] * g.shape[-1]
    if eigen_math.ENABLED[0] is True:
        return True
    return eigen_math.exact_for_size(weights) and x.shape[0] * int(np.prod(geo.out)) <= _DEFAULT_POSITIONS


def filter_grad(x, g, geo):
    """The (KD, KH, KW, C, O) kernel gradient of a 3-D convolution of ``x`` whose output gradient is ``g``."""
    n, c, o = x.shape[0], x.shape[-1], g.shape[-1]
    depth, rows, columns = geo.out
    taps = int(np.prod(geo.kernel)) * c
    patches = geo.columns(x).reshape((n * depth, rows, columns, taps)).astype(np.float64)
    wide_g = g.astype(np.float64).reshape((n * depth, rows, columns, o))
    chain = _explicit_broadcast_rows if c >= _LANES and geo.strides[2] == 1 else _one_chain
    total = None
    for start, stop in _balance211(n * depth, _threads_on_minibatch(x.shape, geo, o,
                                                                    config_threading.intra_op_pool_size())):
        part = chain(patches[start:stop], wide_g[start:stop])
        total = part if total is None else total + part
    return total.reshape(tuple(geo.kernel) + (c, o))


def _threads_on_minibatch(shape, geo, o, threads):
    """oneDNN's ``balance`` for a 3-D kernel gradient: the threads on the (image, output depth) rows."""
    n, d, ih, iw, c = shape
    kd, kh, kw = geo.kernel
    sd, sh, sw = geo.strides
    od, oh, ow = geo.out
    ic_block = c if c < _LANES else _LANES
    nb_ic, nb_oc, oc_block = -(-c // ic_block), -(-o // _LANES), _LANES

    def memory(mb, ocb, icb):
        return (_up(n, mb) * _up(nb_ic, icb) * ic_block * d * ih * iw // sd // sh // sw
                + _up(n, mb) * _up(nb_oc, ocb) * oc_block * od * oh * ow
                + 8 * _up(nb_oc, ocb) * _up(nb_ic, icb) * kd * kh * kw * ic_block * oc_block)

    return balance(threads, n * od, nb_oc, nb_ic, memory, images=n)[0]
