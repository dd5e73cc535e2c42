"""keras.ops.moments and var compute float16 in float32 and cast back (moments clips to float16's range
first: a variance past 65504 prints 65504), while keras.ops.average without weights is tf.reduce_mean in
float16, as Keras 3 on TensorFlow. Golden: printed by TF 2.21 + Keras 3.15 for the same calls."""
import numpy as np
import pytest

from framework.keras import ops

M = np.random.RandomState(11).randn(4, 9).astype('float32') * 2
X = ops.cast(M, 'float16')


def _printed(r):
    if isinstance(r, tuple):
        return str([(str(v.dtype), np.asarray(v).astype('float64').tolist()) for v in r])
    return '%s %s' % (r.dtype, np.asarray(r).astype('float64').tolist())


@pytest.mark.parametrize('call, want', [
    ('ops.moments(X, axes=[0])', '[("<dtype: \'float16\'>", [0.00496673583984375, -1.0166015625, -0.21923828125, -1.23828125, 0.39599609375, -0.131103515625, -0.703125, 0.607421875, 1.3955078125]), ("<dtype: \'float16\'>", [4.609375, 0.33203125, 1.943359375, 6.11328125, 0.92138671875, 4.22265625, 1.587890625, 0.286865234375, 1.248046875])]'),
    ('ops.moments(X, axes=[0, 1], keepdims=True)', '[("<dtype: \'float16\'>", [[-0.1005859375]]), ("<dtype: \'float16\'>", [[2.974609375]])]'),
    ('ops.var(X, axis=1)', "<dtype: 'float16'> [4.76171875, 3.880859375, 1.794921875, 0.2442626953125]"),
    ('ops.var(X)', "<dtype: 'float16'> 2.974609375"),
    ('ops.average(X, axis=0)', "<dtype: 'float16'> [0.0048828125, -1.0166015625, -0.21923828125, -1.2392578125, 0.39599609375, -0.1309814453125, -0.70361328125, 0.607421875, 1.3955078125]"),
    ('ops.average(X)', "<dtype: 'float16'> -0.10052490234375"),
    ('ops.moments(X * 300, axes=[1])', '[("<dtype: \'float16\'>", [-120.125, -86.0625, 252.125, -166.625]), ("<dtype: \'float16\'>", [65504.0, 65504.0, 65504.0, 21984.0])]'),
])
def test_float16_statistics(call, want):
    assert _printed(eval(call)) == want
