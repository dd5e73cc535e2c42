"""float32 activations with the bits of oneDNN's kernels, as TensorFlow fuses them after a Dense layer.

In a traced function (Keras 3's fit / evaluate / predict steps, a tf.function) TensorFlow's graph
optimizer fuses MatMul + bias Add + Elu / Tanh into one oneDNN kernel where TensorFlow runs oneDNN
(onednn_policy.py), whose activations are oneDNN's eltwise ones rather than Eigen's (eigen_math):

- elu: ``x`` above zero, else ``exp(x) - 1`` with oneDNN's exp (onednn_softmax.exp), times alpha.
- logistic: ``e = exp(-|x|)``, ``e / (e + 1)``, and ``1 -`` that where ``x > 0``; swish (silu) is
  ``x * logistic(x)``; mish is ``x * (q - 1) / (q + 1)`` with ``q = (exp(x) + 1) ** 2``, x capped
  at 0x1.62e42ep5 for the exp. These three fuse only where no gradient reads the pre-activation
  (predict / evaluate; a train step keeps Eigen's, TF 2.21).
- tanh: odd, so computed on ``a = |x|``: ``a`` itself below 0x1.bb67aep-12 (tanh(a) rounds to a),
  1 from 0x1.205966p3 on, and between, a degree-6 polynomial in ``r = a - s`` evaluated with fused
  multiply-adds, where ``s`` is ``a`` cut to its exponent and first mantissa bit (the start of its
  half binade) and the polynomial is the one of that half binade (table below, 32 per degree).

The constants are oneDNN's (src/cpu/x64/injectors/jit_uni_eltwise_injector.cpp, Apache 2.0),
written as float32 bit patterns. Measured on TF 2.21 (oneDNN, AVX-512 Xeon): a traced Dense
layer's tanh differed from Eigen's in 224 of 480 values and its elu in 77; with these, all equal,
and so do 20000 values spread over |x| in [1e-6, 20] (tests/test_onednn_activations.py).
A fused multiply-add is emulated in float64 (the product exact, two roundings), as in onednn_softmax.
"""
import numpy as np

from . import onednn_softmax

_F = np.float32


def _bits(*patterns):
    return np.array(patterns, np.uint32).view(_F)


_LINEAR_UBOUND, _SATURATION_LBOUND = _bits(0x39ddb3d7, 0x41102cb3)
_MISH_MAX_X = _bits(0x42317217)[0]
_INDEX_BIAS, _HALF_BINADE_MASK = np.uint32(0x39800000), np.uint32(0xffc00000)

# _TANH_POLYNOMIALS[d][i]: the coefficient of r**d in half binade i (i = 0 is never used:
# its values lie below the linear bound; 31 is past saturation).
_TANH_POLYNOMIALS = np.array([
    [0x00000000, 0x39bfffff, 0x39ffffff, 0x3a3ffffe, 0x3a7ffffb, 0x3abffff7, 0x3affffeb, 0x3b3fffdc,
     0x3b7fffab, 0x3bbfff70, 0x3bfffeab, 0x3c3ffdc0, 0x3c7ffaab, 0x3cbff701, 0x3cffeaad, 0x3d3fdc08,
     0x3d7faacd, 0x3dbf7081, 0x3dfeacc9, 0x3e3dc7fd, 0x3e7acbf5, 0x3eb77a9f, 0x3eec9a9f, 0x3f22991f,
     0x3f42f7d6, 0x3f67b7cc, 0x3f76ca83, 0x3f7ebbe9, 0x3f7fd40c, 0x3f7fff32, 0x3f7ffffc, 0x3f800000],
    [0x3f800000, 0x3f800018, 0x3f7fffe8, 0x3f7fffda, 0x3f7fffdc, 0x3f7fffdc, 0x3f7fffac, 0x3f7fff70,
     0x3f7ffeec, 0x3f7ffdc0, 0x3f7ffbed, 0x3f7ff704, 0x3f7feff5, 0x3f7fdbca, 0x3f7fbfff, 0x3f7f7041,
     0x3f7f009b, 0x3f7dc36c, 0x3f7c0aa8, 0x3f7734b8, 0x3f70a4de, 0x3f5f1fd8, 0x3f495493, 0x3f18b9ec,
     0x3ed706cb, 0x3e390b06, 0x3d90b11f, 0x3c21a053, 0x3aaf7fdb, 0x37ccc1a3, 0x355c6733, 0x00000000],
    [0x00000000, 0xbe4e0ff1, 0x3d25b1b1, 0x3d6b6dab, 0x3c9fb1d5, 0xbabff06f, 0x3c07b3f6, 0xbb3fc1bc,
     0x3a9f5921, 0xbbbf06f2, 0xbbb0f402, 0xbc47db9e, 0xbc73d5e7, 0xbca25bda, 0xbcfca780, 0xbd40e07c,
     0xbd7dab03, 0xbdbe4a0f, 0xbdfb14a5, 0xbe36cc8d, 0xbe6bd102, 0xbe9fe7c5, 0xbeba0f10, 0xbec206a8,
     0xbea3c388, 0xbe277d62, 0xbd8b7960, 0xbc209f49, 0xbaad44ca, 0xb7c6eeac, 0xb663aa41, 0x00000000],
    [0x00000000, 0x45b3ae96, 0xc414eb20, 0xc450e02e, 0xc3152b4e, 0xbead2f56, 0xc2162e02, 0xbeb4bd5a,
     0xc11a59a4, 0xbed2f507, 0xc020d32c, 0x3dd0f506, 0xbf2a75e2, 0xbff950e3, 0xbed47334, 0xbe809b8c,
     0xbeb64532, 0xbe961a5b, 0xbe9b63ac, 0xbea0d4b2, 0xbe828a77, 0xbe378612, 0xbdc20908, 0x3d2d3957,
     0x3dd46e89, 0x3db3f629, 0x3d2c5e7b, 0x3bd20403, 0x3a59dfae, 0x3770af45, 0x372cc014, 0x00000000],
    [0x00000000, 0xcc981a1b, 0x4a7edd3d, 0x4ab1007c, 0x48fedd9c, 0x41a557b5, 0x477ee32a, 0x422557f5,
     0x45ff3ce4, 0x42a55641, 0x446e0867, 0xc33dc19a, 0x42915214, 0x43af4fad, 0x4110fe88, 0xc1099b75,
     0x3fc8a8dc, 0xbfbeaef5, 0xbe365aad, 0x3f4d9652, 0x3ddfa08f, 0x3e34e9b8, 0x3e2d07a6, 0x3dc63567,
     0x3cdaeb78, 0xbcd17537, 0xbc92829c, 0xbb43ab99, 0xb9b471dd, 0xb6baad5a, 0xb78bafc7, 0x00000000],
    [0x00000000, 0x52f688d5, 0xd0505c72, 0xd08f98e3, 0xce505cc9, 0xc7162b8a, 0xcc5061d6, 0xc7162bdf,
     0xca50b37f, 0xc7162a3a, 0xc8422086, 0x471a714e, 0xc5ece1f1, 0xc70e3d90, 0xc3eba94a, 0x43e0c424,
     0xc21f4552, 0x42217cc8, 0x405e7dc4, 0xc10dd401, 0x3e96b602, 0xbd1a6d2f, 0xbd393883, 0xbd674682,
     0xbd310016, 0xb961e269, 0x3ba32495, 0x3a7680d5, 0x38b3173c, 0x35a9deea, 0x375c3f2a, 0x00000000],
    [0x00000000, 0xd8995ed1, 0x558285ea, 0x55b2cd69, 0x53028625, 0x4bc9991f, 0x5082898a, 0x4b4999b3,
     0x4e02c07c, 0x4ac99764, 0x4b72c822, 0xca40c0e1, 0x489413e4, 0x49b12224, 0x46134c4e, 0xc60c2d57,
     0x43c83910, 0xc3c872d1, 0xc186bc9e, 0x42325bc3, 0xbf2ffa4a, 0x3d9a203c, 0xbc545a43, 0xbae08fee,
     0x3c80225d, 0x3b1fd1df, 0xba36b9d1, 0xb91de544, 0xb71f100f, 0xb408e2ed, 0xb685fec8, 0x00000000],
], np.uint32).view(_F)


def elu(x, alpha=1.0):
    """oneDNN's float32 elu of a float32 array."""
    return np.where(x > 0, x, (onednn_softmax.exp(x) - _F(1)) * _F(alpha))


def tanh(x):
    """oneDNN's float32 tanh of a float32 array."""
    a = np.abs(x)
    bits = a.view(np.uint32)
    # the half binade's polynomial; below the bias the index wraps (the linear range: unused), the
    # kernel's permute reads its low 5 bits
    index = (((bits - _INDEX_BIAS) & _HALF_BINADE_MASK) >> np.uint32(22)) & np.uint32(31)
    r = (a - (bits & _HALF_BINADE_MASK).view(_F)).astype(np.float64)
    y = _TANH_POLYNOMIALS[6][index]
    wide = np.empty_like(r)
    for degree in range(5, -1, -1):     # each step's float64 sum rounded once into y, as an FMA
        np.multiply(y, r, out=wide)
        np.add(wide, _TANH_POLYNOMIALS[degree][index], out=y)
    y = np.where(a >= _SATURATION_LBOUND, _F(1), y)      # (a NaN stays NaN, as the kernel's: TF 2.21)
    y = np.where(a < _LINEAR_UBOUND, a, y)
    return np.copysign(y, x)


def logistic(x):
    """oneDNN's float32 logistic (sigmoid) of a float32 array."""
    e = onednn_softmax.exp(-np.abs(x))
    y = e / (e + _F(1))
    return np.where(x > 0, _F(1) - y, y)


def swish(x):
    """oneDNN's float32 swish (silu, beta 1) of a float32 array."""
    return x * logistic(x)


def mish(x):
    """oneDNN's float32 mish of a float32 array."""
    q = onednn_softmax.exp(np.minimum(x, _MISH_MAX_X)) + _F(1)
    q = q * q
    return (q - _F(1)) / (q + _F(1)) * x
