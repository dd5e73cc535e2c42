"""R2Score takes and refuses batches as Keras 3 on TF 2.21: its rank-2 check only when it builds, then
broadcast_to(sample_weight, shape(y_true)) (TF's BroadcastTo error), the per-column sums added to its
variables (AddV2) and y_true - y_pred (Sub), so a rank-1 batch after the first is taken (its sums
broadcast) and other shapes fail in those kernels; result() before any batch is Keras's AttributeError
(its variables do not exist yet), for F1Score / FBetaScore too. tapeflow raised its own ValueError /
returned NaN or 0 (errors10 fuzzer rows met.R2Score / metr.*: R2 rows same 58 -> 70 of 72 before the
result change). Texts as TF printed them in the fuzzer log and /tmp probes."""
import numpy as np
import pytest

import framework as tf
from framework import keras

YT = np.eye(3, dtype='float32')[[0, 1, 2, 1]]
YP = np.array([[.7, .2, .1], [.2, .5, .3], [.1, .3, .6], [.3, .4, .3]], 'float32')
WRAP = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('batch, op, text', [
    ((YT[:, :2], YP), 'AddV2', 'Incompatible shapes: [3] vs. [2] [Op:AddV2] name: '),
    ((YT[:3], YP), 'Sub', 'Incompatible shapes: [3,3] vs. [4,3] [Op:Sub] name: '),
    ((YT, YP, np.ones(3)), 'BroadcastTo', 'Incompatible shapes: [3,1] vs. [4,3] [Op:BroadcastTo]'),
    ((YT, YP, np.ones((4, 3, 1))), 'BroadcastTo',
     'Rank of input (3) must be no greater than rank of output shape (2). [Op:BroadcastTo]'),
])
def test_shapes_fail_in_the_kernel_keras_reaches(batch, op, text):
    metric = keras.metrics.R2Score()
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        metric.update_state(*batch)
    assert str(info.value) == WRAP % op + text


def test_the_rank_check_is_keras_build_check():
    with pytest.raises(ValueError) as info:
        keras.metrics.R2Score().update_state(YT[:, 0], YP)
    assert str(info.value) == ('R2Score expects 2D inputs with shape (batch_size, output_dim). Received input shapes: '
                               'y_pred.shape=(4, 3) and y_true.shape=(4,).')


def test_a_rank_one_batch_after_the_first_is_taken():
    metric = keras.metrics.R2Score()
    metric.update_state(YT, YP)
    metric.update_state(YT[:, 0], YP[:, 0])
    assert np.isfinite(float(metric.result()))


@pytest.mark.parametrize('make, attribute', [(keras.metrics.R2Score, 'sum'), (keras.metrics.F1Score, 'true_positives'),
                                             (keras.metrics.FBetaScore, 'true_positives')])
def test_result_before_any_batch_is_keras_attribute_error(make, attribute):
    metric = make()
    metric.reset_state()                # fine, as in Keras
    with pytest.raises(AttributeError) as info:
        metric.result()
    assert str(info.value) == "'%s' object has no attribute '%s'" % (type(metric).__name__, attribute)
