"""Keras 3 ops.casts some inputs (tf.cast: convert first, a Python float becomes float32, then cast),
where it converts others straight to the dtype. Golden values printed by TF 2.21 / Keras 3.15
(/work/notes/progs/metrics5/lists64.py and mean64.py: ``float(x).hex()`` of each value), e.g.

    m = tf.keras.metrics.Mean(dtype='float64'); m.update_state(0.1); m.result()
    tf.keras.losses.hinge([[0.1, 0.7, 0.3], [0.9, 0.2, 0.6]], np.array(Y_PRED))
"""
import numpy as np
import pytest

from framework import keras

Y_TRUE = [[0.1, 0.7, 0.3], [0.9, 0.2, 0.6]]
Y_PRED = [[0.15, 0.65, 0.35], [0.7, 0.1, 0.55]]


def _hex(values):
    return [float(v).hex() for v in np.ravel(np.asarray(values))]


@pytest.mark.parametrize('cls, values, sample_weight, expected', [
    ('Mean', 0.1, None, '0x1.99999a0000000p-4'),
    ('Mean', 0.1, 0.3, '0x1.99999a0000000p-4'),
    ('Mean', [0.2, 0.3], None, '0x1.0000008000000p-2'),
    ('Sum', 0.1, 0.3, '0x1.eb851f3333333p-6'),          # the weight converts straight to float64
    ('Sum', [0.2, 0.3], 0.3, '0x1.333333ccccccdp-3'),
    ('Sum', np.array([0.2, 0.3]), None, '0x1.0000000000000p-1'),      # float64 data is not rounded
])
def test_float64_mean_and_sum_cast_python_values_through_float32(cls, values, sample_weight, expected):
    metric = getattr(keras.metrics, cls)(dtype='float64')
    metric.update_state(values, sample_weight=sample_weight)
    assert _hex(metric.result()) == [expected]


@pytest.mark.parametrize('name, expected', [
    ('hinge', ['0x1.9ddddde777778p-1', '0x1.58bf259555555p-1']),
    ('squared_hinge', ['0x1.60fc5049a0b33p-1', '0x1.07e282301807cp-1']),
    ('categorical_hinge', ['0x1.570a3d6999999p-1', '0x1.eb851d666666cp-3']),
    ('binary_crossentropy', ['0x1.0bc5469a7c3b3p-1', '0x1.1c0b0d5508d07p-1']),
    ('categorical_crossentropy', ['0x1.eb7de353354c2p-1', '0x1.a680e89a94f61p+0']),
    ('binary_focal_crossentropy', ['0x1.5c1dd23f8a005p-4', '0x1.563eed255f728p-4']),
    ('categorical_focal_crossentropy', ['0x1.9bdf1ccf71056p-4', '0x1.8b85c9b1ad36bp-3']),
    ('dice', ['0x1.a71fe207eb1acp-2']),
    ('tversky', ['0x1.a71fe2c620518p-2']),
    # mse converts y_true straight to float64: no float32 rounding
    ('mse', ['0x1.47ae147ae1474p-9', '0x1.1eb851eb851eep-6']),
])
def test_loss_functions_cast_python_labels_as_keras(name, expected):
    assert _hex(getattr(keras.losses, name)(Y_TRUE, np.array(Y_PRED))) == expected


def test_float32_metric_of_float64_predictions_and_python_labels():
    metric = keras.metrics.CategoricalCrossentropy()
    metric.update_state(Y_TRUE, np.array(Y_PRED), sample_weight=np.array([0.3, 0.7]))
    assert _hex(metric.result()) == ['0x1.7179ec0000000p+0']


@pytest.mark.parametrize('name, function_value, class_value', [
    ('dice', '0x1.4c1bba4e77568p-4', '0x1.35f7b80000000p-2'),
    ('tversky', '0x1.14c1bba4e7756p-1', '0x1.35f7bc0000000p-2'),
])
def test_overlap_functions_broadcast_unaligned_ranks_and_classes_line_them_up(name, function_value, class_value):
    # (N,) labels against (N, 1) predictions: the function multiplies them as (N, N), the Loss class squeezes
    y_true, y_pred = np.array(Y_TRUE)[:, 0], np.array(Y_PRED)[:, :1]
    assert _hex(getattr(keras.losses, name)(y_true, y_pred)) == [function_value]
    assert _hex(getattr(keras.losses, name.capitalize())()(y_true, y_pred)) == [class_value]


@pytest.mark.parametrize('call', [
    lambda labels: keras.losses.binary_crossentropy(labels, np.array([[0.5, 0.5]], 'float32')),
    lambda labels: keras.losses.hinge(labels, np.array([[0.5, 0.5]], 'float32')),
    lambda labels: keras.metrics.Mean().update_state(labels),
    lambda labels: keras.metrics.BinaryCrossentropy().update_state(labels, [[0.5, 0.5]]),
])
def test_python_lists_of_strings_fail_in_the_cast_kernel(call):
    # TF 2.21: UnimplementedError '... Cast string to float is not supported [Op:Cast] name: ' (strs.py);
    # tapeflow raised TypeError 'Cannot convert [['a', 'b']] to EagerTensor of dtype float' for lists
    with pytest.raises(Exception) as info:
        call([['a', 'b']])
    assert type(info.value).__name__ == 'UnimplementedError'
    assert 'Cast string to float is not supported [Op:Cast]' in str(info.value)
