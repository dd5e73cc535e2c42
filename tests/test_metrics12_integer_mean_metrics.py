"""Mean-based metrics of an integer dtype: Keras's ops.mean averages the int-cast per-sample values in float32,
Mean sums them in float and assign_add casts the total to the integer state (truncating).

Printed by TF 2.21 (Keras 3), RandomState(21): y = (rand(10, 3) > .5).astype('float32'); p = rand(10, 3)
    m = keras.metrics.BinaryAccuracy(dtype='int32'); m.update_state(y, p)
    float(m.result()).hex(), [np.asarray(v).tolist() for v in m.variables]   # '0x1.99999a0000000p-2', [4, 10]
    keras.metrics.Accuracy(dtype='int32') on (y, (p > .5).astype('float32')): the same
    m = keras.metrics.Mean(dtype='int32'); m.update_state(np.array([[1.5, 2.5], [0.4, 3.9]]))   # 1.5, [3, 2]
    BinaryAccuracy(dtype='int32').update_state(y, p, sample_weight=rand(10)): InvalidArgumentError
        'cannot compute Mul as input #1(zero-based) was expected to be a float tensor but is a int32 tensor
        [Op:Mul] name: '
tapeflow averaged in integers before: totals 1 and 2, results 0.1 and 1.0, and the weighted case counted.
"""
import numpy as np
import pytest

from framework import errors, keras


def _data():
    rng = np.random.RandomState(21)
    y = (rng.rand(10, 3) > .5).astype('float32')
    p = rng.rand(10, 3).astype('float32')
    return y, p, rng.rand(10).astype('float32')


@pytest.mark.parametrize('dtype', ['int32', 'int64', 'uint8'])
def test_binary_accuracy_integer_state_sums_float_means(dtype):
    y, p, _ = _data()
    metric = keras.metrics.BinaryAccuracy(dtype=dtype)
    metric.update_state(y, p)
    assert float(metric.result()).hex() == '0x1.99999a0000000p-2'
    assert [np.asarray(v).tolist() for v in metric.variables] == [4, 10]


def test_accuracy_and_mean_of_int32():
    y, p, _ = _data()
    accuracy = keras.metrics.Accuracy(dtype='int32')
    accuracy.update_state(y, (p > .5).astype('float32'))
    assert [np.asarray(v).tolist() for v in accuracy.variables] == [4, 10]
    mean = keras.metrics.Mean(dtype='int32')
    mean.update_state(np.array([[1.5, 2.5], [0.4, 3.9]]))
    assert float(mean.result()) == 1.5
    assert [np.asarray(v).tolist() for v in mean.variables] == [3, 2]


def test_weighted_float_means_meet_integer_weights_in_mul():
    y, p, weights = _data()
    metric = keras.metrics.BinaryAccuracy(dtype='int32')
    with pytest.raises(errors.InvalidArgumentError) as info:
        metric.update_state(y, p, sample_weight=weights)
    assert str(info.value) == ('cannot compute Mul as input #1(zero-based) was expected to be a float tensor but is '
                               'a int32 tensor [Op:Mul] name: ')
