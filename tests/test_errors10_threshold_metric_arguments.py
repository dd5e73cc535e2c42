"""PrecisionAtRecall & co. and AUC check their constructor arguments as Keras 3 does: plain comparisons.

Keras 3.15 (TF 2.21) compares ``value < 0 or value > 1`` and ``num_thresholds <= 0`` (AUC: ``<= 1``)
and builds the thresholds with range(): NaN and True pass, a value that is no number is Python's
comparison TypeError, a float num_thresholds range()'s TypeError. tapeflow refused NaN / True and raised
its own ValueError for the rest (errors10 fuzzer C/D rows metc.PaR / metc.SaS / metc.AUC); its sentence is
now a note. Expected lines are TF's, printed by /work/notes/progs/errors10/p/a1.py under /opt/tfref
(73 lines, all equal after this change).
"""
import numpy as np
import pytest

from framework import keras

YT = np.eye(3, dtype='float32')[[0, 1, 2, 1]]
YP = np.array([[.7, .2, .1], [.2, .5, .3], [.1, .3, .6], [.3, .4, .3]], 'float32')
M = keras.metrics


def result(metric):
    metric.update_state(YT, YP)
    return float(metric.result()), len(metric.variables[0].numpy())


@pytest.mark.parametrize('make, expected', [
    (lambda: M.PrecisionAtRecall(float('nan')), (0.0, 200)),
    (lambda: M.SpecificityAtSensitivity(float('nan')), (0.0, 200)),
    (lambda: M.PrecisionAtRecall(True), (1.0, 200)),
    (lambda: M.PrecisionAtRecall(0.5, num_thresholds=True), (1.0, 1)),
    (lambda: M.AUC(num_thresholds=np.int64(3)), (0.75, 3)),
])
def test_values_keras_comparisons_let_through_are_taken(make, expected):
    assert result(make()) == expected


@pytest.mark.parametrize('make, error, text', [
    (lambda: M.PrecisionAtRecall(-0.1), ValueError, 'Argument `recall` must be in the range [0, 1]. Received: recall=-0.1'),
    (lambda: M.SpecificityAtSensitivity(1.5), ValueError,
     'Argument `sensitivity` must be in the range [0, 1]. Received: sensitivity=1.5'),
    (lambda: M.SensitivityAtSpecificity(None), TypeError, "'<' not supported between instances of 'NoneType' and 'int'"),
    (lambda: M.PrecisionAtRecall('a'), TypeError, "'<' not supported between instances of 'str' and 'int'"),
    (lambda: M.RecallAtPrecision(0.5, num_thresholds=0), ValueError,
     'Argument `num_thresholds` must be an integer > 0. Received: num_thresholds=0'),
    (lambda: M.RecallAtPrecision(0.5, num_thresholds=2.5), TypeError, "'float' object cannot be interpreted as an integer"),
    (lambda: M.RecallAtPrecision(0.5, num_thresholds=None), TypeError,
     "'<=' not supported between instances of 'NoneType' and 'int'"),
    (lambda: M.AUC(num_thresholds=1), ValueError, 'Argument `num_thresholds` must be an integer > 1. Received: num_thresholds=1'),
    (lambda: M.AUC(num_thresholds=True), ValueError,
     'Argument `num_thresholds` must be an integer > 1. Received: num_thresholds=True'),
    (lambda: M.AUC(num_thresholds=2.5), TypeError, "'float' object cannot be interpreted as an integer"),
    (lambda: M.AUC(num_thresholds='a'), TypeError, "'<=' not supported between instances of 'str' and 'int'"),
])
def test_refused_arguments_raise_keras_class_and_words(make, error, text):
    with pytest.raises(error) as info:
        make()
    assert type(info.value) is error and str(info.value) == text
    assert 'num_thresholds' in info.value.__notes__[0]


@pytest.mark.parametrize('make, expected_shape', [
    (lambda: M.Precision(thresholds=[]), (0,)), (lambda: M.Recall(thresholds=[]), (0,)),
    (lambda: M.TruePositives(thresholds=[]), (0,)), (lambda: M.Precision(thresholds=[], top_k=1), (0,)),
])
def test_no_thresholds_count_at_no_threshold_as_keras(make, expected_shape):
    # TF 2.21: Precision(thresholds=[]) builds (0,) variables and results (tapeflow refused the empty list)
    metric = make()
    metric.update_state(YT, YP)
    assert np.asarray(metric.result()).shape == expected_shape
    assert all(tuple(v.shape) == (0,) for v in metric.variables)


def test_auc_of_no_inner_thresholds_has_the_two_outer_ones():
    metric = M.AUC(thresholds=[])
    metric.update_state(YT, YP)
    assert float(metric.result()) == 0.5 and [tuple(v.shape) for v in metric.variables] == [(2,)] * 4


@pytest.mark.parametrize('top_k, error, text', [
    (2.5, TypeError, 'Cannot convert 2.5 to EagerTensor of dtype int32'),
    ([1, 2], 'InvalidArgumentError', '{{function_node __wrapped__TopKV2_device_/job:localhost/replica:0/task:0/device:'
                                     'CPU:0}} k must be scalar, got shape [2] [Op:TopKV2]'),
])
def test_a_top_k_that_is_no_integer_fails_as_tfs_top_k(top_k, error, text):
    # TF 2.21 (p/k2.py): top_k=True counts as 1; a float, a list or a string fail where top_k converts k
    import framework as tf
    error = tf.errors.InvalidArgumentError if error == 'InvalidArgumentError' else error
    metric = M.Precision(top_k=top_k)
    with pytest.raises(error) as info:
        metric.update_state(YT, YP)
    assert str(info.value) == text


def test_top_k_true_is_one():
    metric = M.Precision(top_k=True)
    metric.update_state(YT, YP)
    assert float(metric.result()) == 1.0
