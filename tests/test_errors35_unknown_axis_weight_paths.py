"""A weight whose shape holds None: Keras 3's Variable names it by its whole path, under the layers that
enclose the layer building it ('sequential/batch_normalization/gamma'), and RNN cells fail the same way
on an input of unknown features (tapeflow's sentences are notes).

Golden texts printed by TF 2.21 / Keras 3 (progs/errors35/path.py, path2.py), e.g.
    keras.Sequential([keras.layers.LSTM(2)]).build((None, 3, None))
    -> ValueError: Shapes used to initialize variables must be fully-defined (no `None` dimensions).
       Received: shape=(None, 8) for variable path='sequential/lstm/lstm_cell/kernel'
"""
import pytest

from framework import keras

TEXT = ("Shapes used to initialize variables must be fully-defined (no `None` dimensions). "
        "Received: shape=%s for variable path='%s'")


def _sequential(layer, shape):
    keras.Sequential([layer]).build(shape)


def _functional(layer, shape):
    layer(keras.Input(shape[1:]))


def _inner_sequential(layer, shape):
    keras.Sequential([layer], name='inner')(keras.Input(shape[1:]))


def _alone(layer, shape):
    layer.build(shape)


@pytest.mark.parametrize('make, shape, build, expected', [
    (lambda: keras.layers.BatchNormalization(), (None, None), _sequential,
     ('(None,)', 'sequential/batch_normalization/gamma')),
    (lambda: keras.layers.LayerNormalization(), (None, None), _sequential,
     ('(None,)', 'sequential/layer_normalization/gamma')),
    (lambda: keras.layers.Conv2DTranspose(2, 3), (None, 4, 4, None), _sequential,
     ('(3, 3, 2, None)', 'sequential/conv2d_transpose/kernel')),
    (lambda: keras.layers.BatchNormalization(), (None, None), _inner_sequential,
     ('(None,)', 'inner/batch_normalization/gamma')),
    (lambda: keras.layers.LSTM(2), (None, 3, None), _sequential, ('(None, 8)', 'sequential/lstm/lstm_cell/kernel')),
    (lambda: keras.layers.GRU(2), (None, 3, None), _sequential, ('(None, 6)', 'sequential/gru/gru_cell/kernel')),
    (lambda: keras.layers.LSTM(2), (None, 3, None), _alone, ('(None, 8)', 'lstm/lstm_cell/kernel')),
    (lambda: keras.layers.SimpleRNN(2), (None, 3, None), _functional,
     ('(None, 2)', 'simple_rnn/simple_rnn_cell/kernel')),
    (lambda: keras.layers.Bidirectional(keras.layers.GRU(2)), (None, 3, None), _sequential,
     ('(None, 6)', 'sequential/bidirectional/forward_gru/gru_cell/kernel')),
    (lambda: keras.layers.LSTMCell(2), (None, None), _alone, ('(None, 8)', 'lstm_cell/kernel')),
])
def test_unknown_axis_names_the_weight_path(make, shape, build, expected):
    keras.backend.clear_session()
    with pytest.raises(ValueError) as info:
        build(make(), shape)
    assert str(info.value) == TEXT % expected


def test_rnn_builds_after_the_failed_build():
    # a failed build leaves the layer unbuilt: built later on known features, it has its usual weights
    keras.backend.clear_session()
    layer = keras.layers.LSTM(2)
    with pytest.raises(ValueError):
        layer.build((None, 3, None))
    assert not layer.built
    assert layer(keras.ops.ones([1, 3, 4])).shape == (1, 2)
    assert [w.path for w in layer.weights] == ['lstm/lstm_cell/kernel', 'lstm/lstm_cell/recurrent_kernel',
                                               'lstm/lstm_cell/bias']
