"""Confusion metrics' thresholds / top_k and Discretization's boundaries, refused where and as TF 2.21 / Keras 3
refuse them. Goldens: the same programs under TF 2.21 (/work/notes/progs/apifuzz7/p/r1.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

_rs = np.random.RandomState(0)
_rs.rand(8, 3)
YT = _rs.rand(4, 3).astype('float32')
YP = _rs.rand(4, 3).astype('float32')
_CPU = '_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _auc(**kwargs):
    metric = keras.metrics.AUC(**kwargs)
    metric.update_state([0, 1, 1], [0.2, 0.6, 0.9])
    return float(metric.result())


def test_auc_takes_thresholds_outside_zero_one():
    assert _auc(thresholds=[1.5]) == 0.5          # TF 2.21's results
    assert _auc(thresholds=[-0.5, 0.3]) == 1.0


@pytest.mark.parametrize('make, bad', [
    (lambda: keras.metrics.Precision(thresholds=1.5), [1.5]),
    (lambda: keras.metrics.Recall(thresholds=[0.2, None]), [None]),
    (lambda: keras.metrics.TruePositives(thresholds=[-0.1, 0.5, 2.0]), [-0.1, 2.0]),
])
def test_other_confusion_metrics_keep_keras_range_check(make, bad):
    with pytest.raises(ValueError) as caught:
        make()
    assert str(caught.value) == 'Threshold values must be in [0, 1]. Received: %s' % (bad,)


def _precision(top_k):
    metric = keras.metrics.Precision(top_k=top_k)
    metric.update_state(YT > 0.5, YP)
    return float(metric.result())


def test_top_k_zero_predicts_nothing():
    assert _precision(0) == 0.0
    recall = keras.metrics.Recall(top_k=0)
    recall.update_state(YT > 0.5, YP)
    assert float(recall.result()) == 0.0


@pytest.mark.parametrize('k, text', [(5, 'input must have at least k columns. Had 3, needed 5'),
                                     (-1, 'Need k >= 0, got -1')])
def test_top_k_outside_the_columns_raises_tf_top_k_error(k, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        _precision(k)
    assert str(caught.value) == '{{function_node __wrapped__TopKV2' + _CPU + text + ' [Op:TopKV2] name: '


def test_discretization_with_unsorted_boundaries_is_made_and_refused_when_called():
    layer = keras.layers.Discretization(bin_boundaries=[0.5, 0.1])      # Keras 3 takes it
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        layer(YP)
    assert ('{{function_node __wrapped__Bucketize' + _CPU + 'Expected sorted boundaries [Op:Bucketize] name: '
            in str(caught.value))
    assert keras.layers.Discretization(bin_boundaries=[0.1, 0.5])(np.array([0.3])).numpy().tolist() == [1]


@pytest.mark.parametrize('make', [lambda: keras.metrics.Mean(dtype='foo'), lambda: keras.metrics.AUC(dtype='foo'),
                                  lambda: keras.metrics.MeanSquaredError(dtype='foo')])
def test_an_unknown_metric_dtype_name_is_keras_policy_error(make):
    with pytest.raises(ValueError) as caught:
        make()
    assert str(caught.value) == ("Cannot convert 'foo' to a mixed precision DTypePolicy. Valid policies include "
                                 "'mixed_float16', 'mixed_bfloat16', and the name of any float dtype such as "
                                 "'float32'.")
    with pytest.raises(ValueError, match=r'^Cannot interpret `dtype` argument. Expected a string or an instance of '
                                         r'DTypePolicy. Received: dtype=5$'):
        keras.metrics.Mean(dtype=5)


def test_normalization_with_a_mean_that_does_not_fit_fails_building_with_tf_broadcast_error():
    layer = keras.layers.Normalization(mean=[1.0, 2.0], variance=[1.0, 1.0])
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        layer(np.zeros((8, 3), 'float32'))
    assert str(caught.value) == ('{{function_node __wrapped__BroadcastTo' + _CPU
                                 + 'Incompatible shapes: [1,2] vs. [1,3] [Op:BroadcastTo]')   # TF 2.21, no name tail


@pytest.mark.parametrize('loss', [lambda a, b: keras.losses.MeanSquaredError()(a, b),
                                  lambda a, b: keras.losses.MeanAbsoluteError()(a, b),
                                  keras.losses.mean_squared_error])
def test_mse_mae_of_scalars_raise_tf_mean_kernel_error(loss):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        loss(1.0, 2.0)
    assert str(caught.value) == ('{{function_node __wrapped__Mean' + _CPU + 'Invalid reduction dimension (-1 for '
                                 'input with 0 dimension(s) [Op:Mean] name: ')     # TF 2.21's words


@pytest.mark.parametrize('metric', [keras.metrics.Mean, keras.metrics.Sum])
def test_a_string_value_is_tf_cast_error_with_the_metric_in_a_note(metric):
    with pytest.raises(tf.errors.UnimplementedError) as caught:
        metric().update_state('a')
    assert str(caught.value) == ('{{function_node __wrapped__Cast' + _CPU + 'Cast string to float is not supported '
                                 '[Op:Cast] name: ')
    assert isinstance(caught.value, TypeError) and 'cannot use values (str)' in caught.value.__notes__[-1]


def test_loss_conversion_errors_keep_tf_text():
    with pytest.raises(ValueError) as caught:
        keras.losses.MeanSquaredError()(np.array(['a']), np.array(['b']))
    assert str(caught.value) == "could not convert string to float: np.str_('b')"      # TF 2.21's text


def test_a_string_sample_weight_is_tf_conversion_type_error():
    with pytest.raises(TypeError) as caught:
        keras.losses.MeanSquaredError()(YT, YP, sample_weight='a')
    assert str(caught.value) == "Cannot convert 'a' to EagerTensor of dtype float"
    assert not isinstance(caught.value, tf.errors.UnimplementedError)
