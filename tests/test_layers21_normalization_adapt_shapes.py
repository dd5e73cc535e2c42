"""Normalization.adapt on data whose shape does not fit the built layer fails as Keras 3 on TF 2.21.

Keras computes the statistics over the reduce axes of the built rank, so data of a higher rank keeps its
extra axes: the variable's assign refuses them (arrays and tensors), or a batch's running mean fails in
AddV2 (datasets, lists of batches); every batch after the first is checked with its own text.
Texts from TF 2.21 (probe /work/notes/progs/layers21/na.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

X3 = np.arange(24, dtype='float32').reshape(2, 3, 4) / 10
ASSIGN = ('The shape of the target variable and the shape of the target value in `variable.assign(value)` must '
          'match. variable.shape=%s, Received: value.shape=%s. Target variable: <Variable path=%s/mean, ')


def adapted(**kwargs):
    layer = keras.layers.Normalization(**kwargs)
    layer.adapt(X3)
    return layer


@pytest.mark.parametrize('data, shapes', [
    (X3.reshape(2, 3, 4, 1) * np.ones(2, 'float32'), ('(4,)', '(4, 2)')),
    (X3.reshape(2, 3, 4, 1), ('(4,)', '(4, 1)')),       # before: adapted as if (2, 3, 4)
])
@pytest.mark.parametrize('as_tensor', [False, True])
def test_higher_rank_array_is_refused_by_the_assign(data, shapes, as_tensor):
    layer = adapted()
    with pytest.raises(ValueError) as caught:
        layer.adapt(tf.constant(data) if as_tensor else data)
    # TF 2.21: "... variable.shape=(4,), Received: value.shape=(4, 2). Target variable: <Variable
    # path=normalization/mean, shape=(4,), dtype=float32, value=[1. 1.1 1.1999999 1.3000001]>"
    assert str(caught.value).startswith(ASSIGN % (shapes + (layer.name,)))
    np.testing.assert_array_equal(layer.adapt_mean.numpy(), np.float32([1.0, 1.1, 1.1999999, 1.3000001]))
    assert layer(X3).numpy().ravel()[0] == np.float32(-1.4638501)      # the first statistics stay


@pytest.mark.parametrize('axis, data, shapes', [
    (None, X3.reshape(2, 3, 4, 1), ('()', '(1,)')),
    (1, X3.reshape(2, 3, 4, 1), ('(3,)', '(3, 1)')),
    (1, X3.reshape(2, 3, 2, 2), ('(3,)', '(3, 2)')),
    ((1, 2), np.ones((2, 3, 4, 5), 'float32'), ('(3, 4)', '(3, 4, 5)')),
])
def test_other_axes(axis, data, shapes):
    layer = adapted(axis=axis)
    with pytest.raises(ValueError) as caught:
        layer.adapt(data)
    assert str(caught.value).startswith(ASSIGN % (shapes + (layer.name,)))


ADD = ('{{function_node __wrapped__AddV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Incompatible '
       'shapes: [4] vs. [4,%d] [Op:AddV2] name: ')


@pytest.mark.parametrize('batches', ['dataset', 'list'])
def test_higher_rank_batches_fail_in_the_running_mean(batches):
    data = X3.reshape(2, 3, 4, 1) * np.ones(2, 'float32')
    data = tf.data.Dataset.from_tensor_slices(data).batch(1) if batches == 'dataset' else [data]
    layer = adapted()
    with pytest.raises(InvalidArgumentError) as caught:
        layer.adapt(data)
    assert str(caught.value) == ADD % 2       # TF 2.21's AddV2 text


def test_unbuilt_layer_on_batches_of_a_higher_rank():
    layer = keras.layers.Normalization()
    with pytest.raises(InvalidArgumentError) as caught:
        layer.adapt([X3, X3[..., None] * np.ones(3, 'float32')])
    assert str(caught.value) == ADD % 3
    layer = keras.layers.Normalization()
    with pytest.raises(ValueError) as caught:
        layer.adapt([X3, X3[..., None]])          # (4,) and (4, 1) broadcast: the assign refuses (4, 4)
    assert str(caught.value).startswith(ASSIGN % ('(4,)', '(4, 4)', layer.name))


@pytest.mark.parametrize('built', [False, True])
@pytest.mark.parametrize('kind', ['list', 'generator'])
def test_a_later_batch_of_other_features(built, kind):
    layer = adapted() if built else keras.layers.Normalization()
    batches = [X3, X3[..., :2]]
    with pytest.raises(ValueError) as caught:
        layer.adapt(iter(batches) if kind == 'generator' else batches)
    # TF 2.21; tapeflow said 'The layer was built with input_shape=(2, 3, 4), but adapt() is being called ...'
    assert str(caught.value) == 'adapt() yielded a batch with incompatible shape. Expected (2, 3, 4), got (2, 3, 2).'


def test_first_batch_of_other_features_keeps_the_built_text():
    layer = adapted()
    with pytest.raises(ValueError) as caught:
        layer.adapt([X3[..., :2]])
    assert str(caught.value) == ('The layer was built with input_shape=(2, 3, 4), but adapt() is being called with '
                                 'data with an incompatible shape, data.shape=(2, 3, 2)')


def test_fitting_batches_adapt_as_before():
    layer = keras.layers.Normalization()
    layer.adapt([X3, X3 + 1])
    np.testing.assert_allclose(layer.adapt_mean.numpy(), [1.5, 1.6, 1.7, 1.8], rtol=1e-6)
    layer = keras.layers.Normalization(axis=None)
    layer.adapt(X3.reshape(6, 4))
    assert layer.adapt_mean.shape == ()


# Keras 3 keeps the running mean of batches in float32 and each batch's mean in the compute dtype: a 16-bit or
# float64 layer adapts to arrays, and fails in AddV2 on batches (TF 2.21's texts; tapeflow adapted them)
@pytest.mark.parametrize('dtype, name', [('float64', 'double'), ('float16', 'half'), ('mixed_float16', 'half'),
                                         ('bfloat16', 'bfloat16'), ('mixed_bfloat16', 'bfloat16')])
@pytest.mark.parametrize('batches', ['dataset', 'list', 'generator'])
def test_batches_of_other_float_dtypes_fail_in_add(dtype, name, batches):
    pytest.importorskip('ml_dtypes')
    x = np.arange(24, dtype='float32').reshape(6, 4) / 7
    data = {'dataset': lambda: tf.data.Dataset.from_tensor_slices(x).batch(4), 'list': lambda: [x[:3], x[3:]],
            'generator': lambda: (b for b in [x[:3], x[3:]])}[batches]()
    layer = keras.layers.Normalization(dtype=dtype)
    with pytest.raises(InvalidArgumentError) as caught:
        layer.adapt(data)
    assert str(caught.value) == ('cannot compute AddV2 as input #1(zero-based) was expected to be a float tensor but '
                                 'is a %s tensor [Op:AddV2] name: ' % name)
    layer.adapt(x)          # an array adapts in any dtype
    assert layer(x).dtype == dtype.replace('mixed_', '')


def test_float64_layer_adapts_to_no_batches():
    layer = keras.layers.Normalization(dtype='float64')
    layer.adapt(tf.data.Dataset.from_tensor_slices(np.ones((4, 2))).batch(2).take(0))
    np.testing.assert_array_equal(layer.adapt_mean.numpy(), [0.0, 0.0])      # TF 2.21: zeros, no error
