"""Softmax over several axes, or all of them (axis=None), as Keras 3 computes it (it raised
'too many values to unpack'). Values from Keras 3.15 on TF 2.21: over axes (0, 1) of
arange(6).reshape(2, 3) / 5; axis=None agrees to the last bit or one ulp."""
import numpy as np
import pytest

from framework import keras

X = np.arange(6, dtype='float32').reshape(2, 3) / 5
KERAS_OVER_BOTH_AXES = [[0.0954274, 0.1165553, 0.14236094], [0.17388006, 0.21237756, 0.25939855]]


# axis=None is keras.ops.softmax's: the flattened input's one softmax row (TF's Softmax kernel), a few
# ulps from exp(x - logsumexp(x)) over (0, 1); printed by TF 2.21 (progs/tftutorials10/probe_sm3.py)
KERAS_OVER_NONE = [[0.09542742371559143, 0.11655529588460922, 0.14236097037792206],
                   [0.17388011515140533, 0.2123776078224182, 0.25939860939979553]]


@pytest.mark.usefixtures('onednn_on')
@pytest.mark.parametrize('axis', [(0, 1), [0, 1], None])
def test_softmax_over_several_axes(axis):
    layer = keras.layers.Softmax(axis=axis)
    if axis is None:
        assert layer(X).numpy().tolist() == np.float32(KERAS_OVER_NONE).tolist()
    else:
        np.testing.assert_allclose(layer(X).numpy(), KERAS_OVER_BOTH_AXES, rtol=2e-7)
    assert layer.get_config()['axis'] == axis
