"""LayerNormalization over several axes keeps Keras 3's weight layout: it sorts the axes as written
(axis=[-1, 1] stays [-1, 1]), so gamma / beta have shape (input[-1], input[1]), reshaped (not transposed)
to the broadcast shape. TF 2.21 printed these (/work/notes/progs/layers12/ln_axes.py):
    x = (np.arange(24, dtype='float32').reshape(2, 3, 1, 4) % 7) * 0.5
    l = keras.layers.LayerNormalization(axis=[-1, 1]); l.build((2, 3, 1, 4))
    l.set_weights([np.arange(12, dtype='float32').reshape(4, 3) * 0.25, np.arange(12, dtype='float32').reshape(4, 3) * -0.1])
    l(x)[0]"""
import numpy as np

from framework import keras

TF_FIRST_EXAMPLE_BITS = [[[0, 3198215146, 3199678836, 3188064560]], [[1052493468, 1066485518, 1074470920, 3226035640]],
                         [[3223380970, 3217957026, 3202307920, 1065425036]]]


def test_weights_take_the_axes_in_keras_order_and_load_tf_values():
    keras.backend.clear_session()
    x = (np.arange(24, dtype='float32').reshape(2, 3, 1, 4) % 7) * 0.5
    layer = keras.layers.LayerNormalization(axis=[-1, 1])
    layer.build((2, 3, 1, 4))
    assert tuple(layer.gamma.shape) == (4, 3) and tuple(layer.beta.shape) == (4, 3)
    assert layer.get_config()['axis'] == [-1, 1]
    layer.set_weights([np.arange(12, dtype='float32').reshape(4, 3) * 0.25,
                       np.arange(12, dtype='float32').reshape(4, 3) * -0.1])
    out = layer(x).numpy()
    assert out[0].view('uint32').tolist() == TF_FIRST_EXAMPLE_BITS


def test_positive_axes_in_order_keep_their_layout():
    layer = keras.layers.LayerNormalization(axis=(3, 1))
    layer.build((2, 3, 1, 4))
    assert tuple(layer.gamma.shape) == (3, 4)       # sorted: [1, 3]
    assert layer.axis == [1, 3]
