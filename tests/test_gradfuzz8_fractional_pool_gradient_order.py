"""tf.nn.fractional_avg_pool's gradient adds each output's share in one pass over all (row, column) cells, as
TF 2.21's FractionalAvgPoolGrad does (ops.linalg.einsum_at_once): the pairwise plan tf.einsum of 3 operands now
follows summed rows first (2 of 51 float64 values an ulp off). Values printed by TF 2.21 (progs/gradfuzz8/pin_frac.py)."""
import numpy as np

import framework as tf

EXPECTED = ['0x1.12d517b5705f3p-1', '0x1.9328d4f4e3538p-1', '-0x1.4035d07f99aafp-1', '-0x1.69db6b468017fp-1',
            '0x1.3ee72ef0978ffp+0', '0x1.69c853aa90b96p-4', '-0x1.0ee921ede60d6p+1', '-0x1.657e91fa35bc4p-3',
            '0x1.d646170e42d72p-2', '-0x1.e096e4d212e24p-2', '-0x1.31dda9b4ae672p-2', '0x1.b048f616105b1p-1',
            '-0x1.904f83aa8bd7bp-4', '-0x1.ba2c4f94f13f3p-1', '0x1.9baf7767c4b3ap-3', '0x1.3fc1449312a85p-2',
            '-0x1.f7956f4456e55p-3', '0x1.e6cbd92b00d00p-6', '0x1.af4ddc5243212p-1', '-0x1.3fd05eaeb0a5cp-1',
            '-0x1.a319cfcb7c2d1p-1', '0x1.57ea263fb3543p-1', '-0x1.6bcc7ce4eab7ep-3', '-0x1.90b3d2b706fd7p-2',
            '0x1.39c6785575111p-2', '0x1.95a31c310b387p-1', '-0x1.8169cfc7e92fcp-1', '-0x1.504d474131858p-5',
            '0x1.552369d308cfap+0', '-0x1.dad5d415cac4bp-1', '-0x1.0e4f99cc0ef2bp-1', '0x1.10ff38a34baeep+0',
            '0x1.11043251840fbp+0', '-0x1.0e184ba64cbbep-1', '0x1.1ac858e50cf02p-6', '0x1.a3e04e083f5e8p-1',
            '-0x1.c4006e70268b6p-1', '-0x1.62ebd565f672ap-1', '0x1.f3a5ab94493cap-1', '0x1.2c2a4785781a9p-1',
            '-0x1.885ec51816827p-2', '0x1.c53e242a70214p-4', '0x1.4c7635d104c86p-1', '-0x1.cdf7ba809aca7p-3',
            '-0x1.07eb852349946p-1', '0x1.58db5c378cad0p+0', '-0x1.094663d8ea676p-1', '-0x1.ea35e1e2af55ap-2',
            '0x1.e3af351e2a531p-3', '0x1.d31c7e945d814p-2', '-0x1.ebc407592ac70p-2']


def test_fractional_avg_pool_gradient_sums_cells_in_one_pass():
    tf.random.set_seed(None)        # the op seed alone picks the pooling rows, as in a fresh TF process
    x = tf.constant((np.sin(np.arange(2 * 7 * 6 * 3) * 0.37) * 1.9).reshape(2, 7, 6, 3), tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.fractional_avg_pool(x, [1.0, 1.5, 1.4, 1.0], pseudo_random=True, overlapping=True, seed=3)[0]
        s = tf.reduce_sum(y * y)
    assert [float(v).hex() for v in tape.gradient(s, x).numpy().ravel()[::5]] == EXPECTED
