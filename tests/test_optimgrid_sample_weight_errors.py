"""Bad sample weights, shapes and options given to losses and metrics raise what Keras 3.15 raises.

Keras multiplies a loss's per-sample values by the weights (Mul) and a metric broadcasts
the weights to its values (BroadcastTo), so a bad shape surfaces as that op's error.
Every message below was printed by TF 2.21 / Keras 3.15 eager running the same calls
(/work/notes/progs/optimgrid/swerr.py and bcast.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

MUL = '{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
BROADCAST_TO = '{{function_node __wrapped__BroadcastTo_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
Y_TRUE = np.ones((4, 3), 'float32')
Y_PRED = np.zeros((4, 3), 'float32')


def raised(call):
    with pytest.raises(InvalidArgumentError) as info:
        call()
    return str(info.value)


@pytest.mark.parametrize('reduction', [None, 'sum', 'sum_over_batch_size', 'mean'])
def test_loss_weights_per_element_raise_the_multiply_error(reduction):
    loss = keras.losses.MeanSquaredError(reduction=reduction)
    weights = np.arange(12, dtype='float32').reshape(4, 3)
    assert raised(lambda: loss(Y_TRUE, Y_PRED, sample_weight=weights)) == (
        MUL + 'Incompatible shapes: [4] vs. [4,3] [Op:Mul] name: ')


def test_loss_over_axis_0_with_weights_per_batch_row_raises_the_multiply_error():
    loss = keras.losses.BinaryCrossentropy(axis=0)
    probabilities = np.full((4, 3), 0.25, 'float32')
    assert raised(lambda: loss(Y_TRUE, probabilities, sample_weight=np.ones((4, 1), 'float32'))) == (
        MUL + 'Incompatible shapes: [3,1] vs. [4,1] [Op:Mul] name: ')
    assert raised(lambda: loss(Y_TRUE, probabilities, sample_weight=np.ones(4, 'float32'))) == (
        MUL + 'Incompatible shapes: [3] vs. [4] [Op:Mul] name: ')


def test_metric_weights_of_higher_rank_raise_broadcast_to_rank_error():
    metric = keras.metrics.MeanSquaredError()
    assert raised(lambda: metric.update_state(Y_TRUE, Y_PRED, sample_weight=np.ones((4, 2), 'float32'))) == (
        BROADCAST_TO + 'Rank of input (2) must be no greater than rank of output shape (1). [Op:BroadcastTo]')
    assert raised(lambda: keras.metrics.Mean().update_state(Y_TRUE, sample_weight=np.ones((4, 3, 2), 'float32'))) == (
        BROADCAST_TO + 'Rank of input (3) must be no greater than rank of output shape (2). [Op:BroadcastTo]')
    assert metric.count.numpy() == 0.0      # nothing was counted


def test_metric_weights_of_other_sizes_raise_broadcast_to_shape_error():
    assert raised(lambda: keras.metrics.Mean().update_state(Y_TRUE, sample_weight=np.ones((4, 2), 'float32'))) == (
        BROADCAST_TO + 'Incompatible shapes: [4,2] vs. [4,3] [Op:BroadcastTo]')


@pytest.mark.parametrize('broadcast_to', [tf.broadcast_to, keras.ops.broadcast_to], ids=['tf', 'keras_ops'])
@pytest.mark.parametrize('shape, target, ranks', [((4, 2), [4], (2, 1)), ((1, 3), [4], (2, 1)), ((2,), [], (1, 0))])
def test_broadcast_to_a_lower_rank_names_the_ranks(broadcast_to, shape, target, ranks):
    assert raised(lambda: broadcast_to(np.ones(shape, 'float32'), target)) == (
        BROADCAST_TO + 'Rank of input (%d) must be no greater than rank of output shape (%d). [Op:BroadcastTo]' % ranks)


def test_broadcast_to_same_rank_keeps_the_incompatible_shapes_error():
    assert raised(lambda: tf.broadcast_to(np.ones(3, 'float32'), [4])) == (
        BROADCAST_TO + 'Incompatible shapes: [3] vs. [4] [Op:BroadcastTo]')


EQUAL = '{{function_node __wrapped__Equal_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('metric', [keras.metrics.Accuracy, keras.metrics.BinaryAccuracy])
def test_accuracy_of_unequal_shapes_raises_the_equal_kernel_error(metric):
    """TF 2.21 (badin.py): Keras compares with ops.equal, whose kernel meets the shapes."""
    with pytest.raises(InvalidArgumentError) as info:
        metric().update_state(np.ones((2, 3), 'float32'), np.ones((2, 4), 'float32'))
    assert str(info.value) == EQUAL + 'Incompatible shapes: [2,3] vs. [2,4] [Op:Equal] name: '
    assert any('y_true of shape (2, 3) cannot be compared with y_pred of shape (2, 4)' in note
               for note in info.value.__notes__)


@pytest.mark.parametrize('arguments, message', [
    (dict(curve='XX'), 'Invalid AUC curve value: "XX". Expected values are ["PR", "ROC", "PRGAIN"]'),
    (dict(curve=3), 'Invalid AUC curve value: "3". Expected values are ["PR", "ROC", "PRGAIN"]'),
    (dict(summation_method='MINORING'),
     'Invalid AUC summation method value: "MINORING". Expected values are ["interpolation", "majoring", "minoring"]'),
    (dict(summation_method=None),
     'Invalid AUC summation method value: "None". Expected values are ["interpolation", "majoring", "minoring"]'),
])
def test_auc_refuses_an_unknown_curve_or_summation_in_keras_words(arguments, message):
    """TF 2.21 / Keras 3.15 (aucargs.py): AUCCurve / AUCSummationMethod.from_str's errors."""
    with pytest.raises(ValueError) as info:
        keras.metrics.AUC(**arguments)
    assert str(info.value) == message


@pytest.mark.parametrize('aggregation', ['x', 3])
def test_r2_score_refuses_an_unknown_class_aggregation_in_keras_words(aggregation):
    """TF 2.21 / Keras 3.15 (aucargs.py)."""
    with pytest.raises(ValueError) as info:
        keras.metrics.R2Score(class_aggregation=aggregation)
    assert str(info.value) == ("Invalid value for argument `class_aggregation`. Expected one of (None, "
                               "'uniform_average', 'variance_weighted_average'). Received: class_aggregation=%s"
                               % aggregation)
