"""float32 gelu (the exact, erf form) with the bits of oneDNN's kernel, as TensorFlow fuses it after a Dense layer.

In a traced predict / evaluate step TensorFlow's graph optimizer fuses MatMul + bias Add + Gelu (erf) into
one oneDNN kernel where it runs oneDNN (onednn_policy.py); a train step keeps the composed erfc ops (their
gradient reads the pre-activation). On AVX-512 oneDNN computes gelu_erf(s) = 0.5 * s * (1 + sign(s) * p(|s|))
with ``p`` one of 25 degree-5 polynomials in |s| (Horner with fused multiply-adds), chosen by |s|'s exponent
and first two mantissa bits (its float32 bits plus 0xc21fffff, shifted right by 21, clamped to [1, 24]; 23
past 0x40b15cee, where p is 1). The coefficients are oneDNN's (src/cpu/x64/injectors/
jit_uni_eltwise_injector.cpp, gelu_erf_minimax_polynomial; Apache 2.0), as float32 bit patterns.
Measured on TF 2.21 (AVX-512 Xeon): a traced Dense(8, 'gelu') predict differed from eager in 87 of 256
values and a Dense(16) in 464 of 1024; with this kernel, none. A fused multiply-add is emulated in float64.
"""
import numpy as np

_F = np.float32
_IDX_BIAS = 0xc21fffff
_RIGHT_BOUND = np.array([0x40b15cee], np.uint32).view(_F)[0]

# _POLYNOMIALS[d][i]: the coefficient of |s|**d in polynomial i
_POLYNOMIALS = np.array([
    [
     0xa6f2cb94, 0x32827792, 0x3381cc0c, 0x34523d4a, 0x351ac44d, 0x35f36d88, 0x36ee8229, 0x37b8a3bb,
     0x3867a213, 0x3940033b, 0x3a2a5a1d, 0x3ae35863, 0x3b7828f2, 0x3c08b14b, 0x3c515ed3, 0xbb503236,
     0xbd8d8e5e, 0xbe8abcd9, 0xbf0c19a2, 0xbeccb328, 0x3e176ced, 0x3f470d99, 0x3f7abb28, 0x3f800000,
     0x00000000,],
    [
     0x3f4c422a, 0x3f4c421f, 0x3f4c4207, 0x3f4c41cb, 0x3f4c413b, 0x3f4c3fad, 0x3f4c3a2f, 0x3f4c2d40,
     0x3f4c146a, 0x3f4bc341, 0x3f4ad08c, 0x3f48f8cf, 0x3f45fac7, 0x3f404e07, 0x3f3b980f, 0x3f48dff3,
     0x3f78b21b, 0x3fbb0704, 0x40019c32, 0x3fe536d6, 0x3f81331e, 0x3e6c8684, 0x3c98f936, 0x00000000,
     0x3f800000,],
    [
     0xb62173f4, 0x3735e4cf, 0x37f2ff89, 0x388c23be, 0x3917535c, 0x39ab2ab0, 0x3a60fadb, 0x3af9b960,
     0x3b6e5491, 0x3c0a4ec5, 0x3ca5aa8c, 0x3d2138d9, 0x3d8737d4, 0x3ddfb660, 0x3e0f27ab, 0x3d94004b,
     0xbe0efdeb, 0xbf1d96c3, 0xbf89db58, 0xbf6d9897, 0xbef69fb8, 0xbdc4f8a8, 0xbbde6422, 0x00000000,
     0x00000000,],
    [
     0xbe081a19, 0xbe084570, 0xbe08639b, 0xbe089837, 0xbe08f409, 0xbe09ab95, 0xbe0b66d0, 0xbe0e400a,
     0xbe124df8, 0xbe1bde02, 0xbe2f19c9, 0xbe4931bf, 0xbe685fbc, 0xbe89c95f, 0xbe96cbca, 0xbe8044aa,
     0xbe0550f2, 0x3dcfd6a1, 0x3e94c826, 0x3e79345f, 0x3decec91, 0x3ca46568, 0x3aa1e00a, 0x00000000,
     0x00000000,],
    [
     0xba3d61db, 0x39f097a3, 0x3a5845dc, 0x3ab1fa35, 0x3b0cefb8, 0x3b653ab6, 0x3bcae527, 0x3c221712,
     0x3c6c5840, 0x3cc0a703, 0x3d1dcc19, 0x3d63656d, 0x3d955907, 0x3dbf9910, 0x3dd53f69, 0x3db7dcef,
     0x3d639ebe, 0xba6ede48, 0xbd22be69, 0xbd041cf1, 0xbc64f5ab, 0xbb097a32, 0xb8ebf380, 0x00000000,
     0x00000000,],
    [
     0x3cb7d80c, 0x3c9b6050, 0x3c978d11, 0x3c92e850, 0x3c8d058b, 0x3c848454, 0x3c6cd623, 0x3c4c824b,
     0x3c2a7935, 0x3be0b390, 0x3b0651ac, 0xbb232f53, 0xbbd42fa0, 0xbc2c5366, 0xbc492c9e, 0xbc2a7aa6,
     0xbbd55d04, 0xba823a76, 0x3b102aa8, 0x3ae25a7e, 0x3a31f792, 0x38b84375, 0x3689bb5a, 0x00000000,
     0x00000000,],
], np.uint32).view(_F)


def gelu_erf(s):
    """oneDNN's gelu_erf of a float32 array."""
    s = np.asarray(s, _F)
    pos = np.abs(s)
    shifted = (pos.view(np.int32).astype(np.int64) + _IDX_BIAS) & 0xffffffff
    index = np.clip(shifted.astype(np.uint32).view(np.int32) >> 21, 1, 24)
    index = np.where(pos > _RIGHT_BOUND, 23, index)
    wide = pos.astype(np.float64)
    p = _POLYNOMIALS[5][index]
    product = np.empty_like(wide)
    for degree in range(4, -1, -1):     # each step's float64 sum rounded once into p, as an FMA
        np.multiply(p, wide, out=product)
        np.add(product, _POLYNOMIALS[degree][index], out=p)
    p = np.where(np.signbit(s), -p, p)
    return ((s * (p + _F(1))).astype(_F) * _F(0.5)).astype(_F)
