"""Errors that tapeflow raises as subclasses of TF's classes print TF's class and module, as TF 2.21's do
(an uncaught traceback's last line reads 'tensorflow.python.framework.errors_impl.UnimplementedError: ...').
Two subclasses only renamed themselves, so type(e).__module__ read 'framework.losses.inputs' /
'framework.ops.tensor_array'. Goldens: /work/notes/progs/errors37/lossfn.py (metric_mean_str) under TF 2.21."""
import pytest

import framework as tf
from framework import keras

TF_MODULE = 'tensorflow.python.framework.errors_impl'


@pytest.mark.parametrize('call, name, older_class', [
    (lambda: keras.metrics.Mean()('a'), 'UnimplementedError', TypeError),
    (lambda: tf.TensorArray(tf.float32, size=1).read(3), 'OutOfRangeError', ValueError),
])
def test_subclassed_errors_show_tensorflows_class(call, name, older_class):
    with pytest.raises(getattr(tf.errors, name)) as info:
        call()
    assert (type(info.value).__module__, type(info.value).__name__) == (TF_MODULE, name)
    assert isinstance(info.value, older_class)      # what tapeflow raised before still catches it


def test_metric_of_a_string_keeps_tfs_text():
    with pytest.raises(tf.errors.UnimplementedError) as info:
        keras.metrics.Mean()('a')
    assert str(info.value) == ('{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'Cast string to float is not supported [Op:Cast] name: ')
