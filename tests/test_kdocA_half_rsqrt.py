"""float16 tf.math.rsqrt carries TF 2.21's bits: Eigen's half packets compute in float32 and round once,
the last size % 8 values take the scalar path (sqrt, then 1 / it, each rounded to half). keras.ops.normalize
of float16 rows (its rsqrt of 4 sums) printed 0.4485 where TF prints 0.4482. Golden: TF's bytes (hex)
for RandomState(0).rand(n) * 50 + 0.01 in float16."""
import numpy as np
import pytest

import framework as tf
from framework.keras import ops

GOLDEN = {
    1: '1c32',
    3: '5a31d5312232',
    7: 'f432a131d732ca309c304f331631',
    8: '39320132b4303d38a837eb3bf5302131',
    9: 'da3093301031a9321f319336a831f935a830',
    15: '4332063366342531b33200321b3cc231c931c331a8307b318b33d8326b31',
    16: '9a388b318731ee344c3607348033fe31d5328d301337f334a1359a317f34a032',
    20: '9334ac35ce36963115361a357333fe304137f1304a3794309c329430d1314331b339413486362834',
    33: '903603340833763870310332643441326037f631b23002348a313a36593135344835e931f03bf8300b407f315a3447319d308934f631e131fb31ca34a330c432eb30',
}
RNG = np.random.RandomState(0)
XS = {n: (RNG.rand(n) * 50 + 0.01).astype('float16') for n in (1, 3, 7, 8, 9, 15, 16, 20, 33)}


@pytest.mark.parametrize('n', sorted(GOLDEN))
def test_half_rsqrt_bits(n):
    assert tf.math.rsqrt(XS[n]).numpy().tobytes().hex() == GOLDEN[n]


def test_keras_normalize_of_float16_rows():
    h = (np.random.RandomState(11).randn(4, 9).astype('float32') * 2).astype('float16')
    out = ops.normalize(h, axis=1).numpy()
    assert out.dtype == np.float16 and float(out[3, 1]) == -0.15966796875 and float(out[3, 2]) == -0.51416015625
