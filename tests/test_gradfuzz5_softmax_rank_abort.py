"""tf.nn.softmax outside ranks 1-5 aborts as TF 2.21's oneDNN kernel does (float32, half, bfloat16;
float64 runs Eigen's kernel): AbortedError 'Input dims must be <= 5 and >=1' (printed by TF 2.21)."""
import pytest

import framework as tf
from framework import onednn_policy

ABORT = ('{{function_node __wrapped__Softmax_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
         'Input dims must be <= 5 and >=1 [Op:Softmax] name: ')

pytestmark = pytest.mark.skipif(not onednn_policy.enabled(), reason='TF runs Eigen\'s softmax without oneDNN')


@pytest.mark.parametrize('dtype', [tf.float32, tf.float16, tf.bfloat16])
def test_scalar_logits_abort(dtype):
    with pytest.raises(tf.errors.AbortedError) as info:
        tf.nn.softmax(tf.constant(1.0, dtype))
    assert str(info.value) == ABORT


def test_six_dimensional_float32_logits_abort_and_float64_ones_run():
    with pytest.raises(tf.errors.AbortedError) as info:
        tf.nn.softmax(tf.ones([2, 1, 1, 1, 1, 2]))
    assert str(info.value) == ABORT
    assert tf.nn.softmax(tf.ones([1] * 6, tf.float64)).shape == (1, 1, 1, 1, 1, 1)


def test_float64_scalar_and_log_softmax_keep_the_rank_error():
    for call in (lambda: tf.nn.softmax(tf.constant(1.0, tf.float64)), lambda: tf.nn.log_softmax(tf.constant(1.0))):
        with pytest.raises(tf.errors.InvalidArgumentError, match=r'logits must have >= 1 dimension, got \[\]'):
            call()
