"""SparseCategoricalCrossentropy(ignore_class=...) in fit / evaluate with one weight per sequence.

Keras 3 masks the ignored labels' losses and multiplies the sample weights by that mask first
(apply_mask), so TF 2.21's traced step refuses (N,) weights for (N, T) losses at that Mul: the
mask's SelectV2_3 for the averaging reductions, its Cast_3 for the others. Goldens are the texts
TF 2.21 printed for /work/notes/progs/losses8/p12.py.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

_NODE = "'{{node compile_loss/sparse_categorical_crossentropy/mul}} = Mul[T=DT_FLOAT]"


def _fit(n, loss_kwargs, sample_weight, activation='softmax', how='fit'):
    rng = np.random.RandomState(8)
    x, y = rng.rand(10, 5, 3).astype('float32'), rng.randint(0, 4, (10, 5))
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((5, 3)), keras.layers.Dense(4, activation=activation)])
    model.compile(optimizer='sgd', loss=keras.losses.SparseCategoricalCrossentropy(**loss_kwargs))
    if how == 'fit':
        model.fit(x[:n], y[:n], batch_size=4, epochs=1, verbose=0, sample_weight=sample_weight[:n])
    else:
        model.evaluate(x[:n], y[:n], batch_size=4, verbose=0, sample_weight=sample_weight[:n])


@pytest.mark.parametrize('kwargs, activation, how, mask_op', [
    ({'ignore_class': 0}, 'softmax', 'fit', 'SelectV2_3'),
    ({'ignore_class': 0, 'from_logits': True}, None, 'fit', 'SelectV2_3'),
    ({'ignore_class': 0}, 'relu', 'fit', 'SelectV2_3'),
    ({'ignore_class': 0}, 'softmax', 'evaluate', 'SelectV2_3'),
    ({'ignore_class': 0, 'reduction': None}, 'softmax', 'fit', 'Cast_3'),
    ({'ignore_class': 0, 'reduction': 'sum'}, 'softmax', 'fit', 'Cast_3'),
    ({'ignore_class': 0, 'reduction': 'mean_with_sample_weight'}, 'softmax', 'fit', 'Cast_3'),
])
def test_one_weight_per_sequence_is_the_graphs_value_error(kwargs, activation, how, mask_op):
    with pytest.raises(ValueError) as caught:
        _fit(8, kwargs, np.ones(10, 'float32'), activation, how)
    assert str(caught.value) == (
        "Dimensions must be equal, but are 4 and 5 for " + _NODE + "(data_2, compile_loss/sparse_categorical_"
        "crossentropy/%s)' with input shapes: [4], [4,5]." % mask_op)


def test_integer_weights_are_named_by_their_cast():
    with pytest.raises(ValueError) as caught:
        _fit(8, {'ignore_class': 0}, np.ones(10, 'int64'))
    assert str(caught.value) == (
        "Dimensions must be equal, but are 4 and 5 for " + _NODE + "(compile_loss/sparse_categorical_crossentropy/"
        "Cast_3, compile_loss/sparse_categorical_crossentropy/SelectV2_3)' with input shapes: [4], [4,5].")


def test_weights_of_another_width():
    with pytest.raises(ValueError) as caught:
        _fit(8, {'ignore_class': 0}, np.ones((10, 3), 'float32'))
    assert str(caught.value) == (
        "Dimensions must be equal, but are 3 and 5 for " + _NODE + "(data_2, compile_loss/sparse_categorical_"
        "crossentropy/SelectV2_3)' with input shapes: [4,3], [4,5].")


def test_a_ragged_last_batch_fails_at_run_in_the_mask_mul():
    # 10 samples in batches of 4: the trace's batch axis is open, so the kernel refuses the weights at run
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        _fit(10, {'ignore_class': 0}, np.ones(10, 'float32'))
    text = str(caught.value)
    assert 'Incompatible shapes: [4] vs. [4,5]' in text
    assert '[[{{node compile_loss/sparse_categorical_crossentropy/mul}}]]' in text


def test_eager_call_keeps_the_kernels_error():
    rng = np.random.RandomState(8)
    loss = keras.losses.SparseCategoricalCrossentropy(ignore_class=0)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Incompatible shapes: \[4\] vs. \[4,5\]'):
        loss(rng.randint(0, 4, (4, 5)), tf.nn.softmax(rng.randn(4, 5, 4).astype('float32')),
             sample_weight=np.ones(4, 'float32'))
