"""TruePositives & co. with several thresholds, and BroadcastTo's two refusals, as in TF 2.21 / Keras 3.15."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

_CPU = '{{function_node __wrapped__BroadcastTo_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def test_count_metrics_with_several_thresholds_return_their_variable():
    # Keras's result() is convert_to_tensor(self.accumulator): the variable itself, printed as one
    keras.backend.clear_session()       # (the automatic names in the paths: no metric made before)
    for cls, name, values in ((keras.metrics.TruePositives, 'true_positives', '[2. 1.]'),
                              (keras.metrics.FalseNegatives, 'false_negatives', '[0. 1.]')):
        metric = cls(thresholds=[0.25, 0.75])
        metric.update_state([1, 0, 1], [0.3, 0.8, 0.9])
        result = metric.result()
        assert str(result) == '<Variable path=%s/accumulator, shape=(2,), dtype=float32, value=%s>' % (name, values)
        assert result is metric.variables[0]
    single = keras.metrics.TruePositives()
    single.update_state([1, 0, 1], [0.3, 0.8, 0.9])
    assert str(single.result()) == 'tf.Tensor(1.0, shape=(), dtype=float32)'


@pytest.mark.parametrize('source, target, text', [
    ((8, 3), (8, 1), 'Unable to broadcast tensor of shape [8,3] to tensor of shape [8,1]'),
    ((1, 3), (2, 1), 'Unable to broadcast tensor of shape [1,3] to tensor of shape [2,1]'),
    ((3,), (2, 1), 'Unable to broadcast tensor of shape [3] to tensor of shape [2,1]'),
    ((4,), (3,), 'Incompatible shapes: [4] vs. [3]'),
    ((2, 3), (3, 3), 'Incompatible shapes: [2,3] vs. [3,3]'),
])
def test_broadcast_to_words_shapes_that_broadcast_elsewhere_as_tf(source, target, text):
    # TF's kernel: 'Incompatible shapes' where the two do not broadcast together, else 'Unable to broadcast'
    with pytest.raises(InvalidArgumentError) as info:
        tf.broadcast_to(np.ones(source, 'float32'), target)
    assert str(info.value).startswith(_CPU + text + ' [Op:BroadcastTo]')


def test_a_full_sample_weight_with_class_id_is_unable_to_broadcast():
    labels = np.array([[1, 0, 1], [0, 1, 0]], 'float32')
    with pytest.raises(InvalidArgumentError) as info:
        keras.metrics.Precision(class_id=1).update_state(labels, labels * 0.7, sample_weight=np.ones((2, 3)))
    assert str(info.value).startswith(
        _CPU + 'Unable to broadcast tensor of shape [2,3] to tensor of shape [2,1] [Op:BroadcastTo]')
