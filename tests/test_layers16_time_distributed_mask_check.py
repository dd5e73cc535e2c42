"""TimeDistributed checks an explicit mask's (batch, time) against its input's, as Keras 3 does.

Printed by TF 2.21 (/work/notes/progs/layers16/td1.py, er3.py):
    keras.layers.TimeDistributed(keras.layers.Dense(2))(np.ones((2, 5, 4)), mask=np.ones((2, 4), bool))
    -> ValueError "The `mask` passed to the `TimeDistributed` layer has a shape (2, 4) that is incompatible with
       the input shape (2, 5, 4). The first two dimensions of the mask (batch size and timesteps) must match the
       input's first two dimensions. Expected mask shape prefix: (2, 5)."   (tapeflow returned (2, 5, 2))
    mask=np.ones((5,), bool) -> "... must be at least 2D (e.g., `(batch_size, timesteps)`), but it has 1 dimension(s)
       with shape (5,)."
    on keras.Input((5, 4)) with mask=keras.Input((4,), dtype='bool'): no error (Keras infers the symbolic call from
       compute_output_shape), output shape (None, 5, 2)
"""
import numpy as np
import pytest

from framework import keras

MISMATCH = ("The `mask` passed to the `TimeDistributed` layer has a shape %s that is incompatible with the input shape "
            "%s. The first two dimensions of the mask (batch size and timesteps) must match the input's first two "
            "dimensions. Expected mask shape prefix: %s.")


@pytest.mark.parametrize('inner, x', [(lambda: keras.layers.Dense(2), np.ones((2, 5, 4), 'float32')),
                                      (lambda: keras.layers.LSTM(2), np.ones((2, 5, 3, 4), 'float32'))])
@pytest.mark.parametrize('mask_shape', [(2, 4), (3, 5)])
def test_mismatched_mask_is_keras_value_error(inner, x, mask_shape):
    layer = keras.layers.TimeDistributed(inner())
    with pytest.raises(ValueError) as err:
        layer(x, mask=np.ones(mask_shape, bool))
    assert MISMATCH % (mask_shape, x.shape, '(2, 5)') in str(err.value)


def test_one_dimensional_mask_is_keras_value_error():
    with pytest.raises(ValueError) as err:
        keras.layers.TimeDistributed(keras.layers.Dense(2))(np.ones((2, 5, 4), 'float32'), mask=np.ones((5,), bool))
    assert ('The `mask` passed to the `TimeDistributed` layer must be at least 2D (e.g., `(batch_size, timesteps)`), '
            'but it has 1 dimension(s) with shape (5,).') in str(err.value)


def test_fitting_masks_pass():
    layer = keras.layers.TimeDistributed(keras.layers.Dense(2))
    assert tuple(layer(np.ones((2, 5, 4), 'float32'), mask=np.ones((2, 5), bool)).shape) == (2, 5, 2)
    assert tuple(layer(np.ones((2, 5, 4), 'float32'), mask=np.ones((2, 5, 7), bool)).shape) == (2, 5, 2)


def test_symbolic_call_does_not_check():
    out = keras.layers.TimeDistributed(keras.layers.Dense(2))(keras.Input((5, 4)), mask=keras.Input((4,), dtype='bool'))
    assert tuple(out.shape) == (None, 5, 2)


@pytest.mark.parametrize('name', ['SimpleRNN', 'GRU', 'LSTM'])
@pytest.mark.parametrize('n', [4, 2])
def test_rnn_mask_of_other_width_is_tf_select_error(name, n):
    """TF 2.21: a (batch, steps, n) mask, n not 1 or the units, fails in each step's select (mk1.py):
    InvalidArgumentError 'condition [2,n], then [2,3], and else [2,3] must be broadcastable [Op:SelectV2]'."""
    import framework as tf
    layer = getattr(keras.layers, name)(3, return_sequences=True)
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        layer(np.ones((2, 5, 4), 'float32'), mask=np.ones((2, 5, n), bool))
    assert 'condition [2,%d], then [2,3], and else [2,3] must be broadcastable [Op:SelectV2]' % n in str(err.value)
