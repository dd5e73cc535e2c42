"""tf.py_function converts func's results as TF 2.21's EagerFunc does, inside the kernel: convert_to_tensor(value,
Tout) (a numpy float for an int32 Tout converts; extra results past Tout are dropped), its failures the kernel's
InvalidArgumentError '{{function_node __wrapped__EagerPyFunc_Tin_1_Tout_1_device_...}} ValueError: ...'.
Printed by TF 2.21 (progs/errors36/mapfn.py):

    tf.py_function(lambda x: x, [tf.constant(1.)], Tout=tf.int32)
    # InvalidArgumentError: {{function_node __wrapped__EagerPyFunc_Tin_1_Tout_1_device_/job:localhost/replica:0/
    #   task:0/device:CPU:0}} ValueError: Tensor conversion requested dtype int32 for Tensor with dtype float32:
    #   <tf.Tensor: shape=(), dtype=float32, numpy=1.0>\nTraceback ... [Op:EagerPyFunc] name:
    tf.py_function(lambda x: np.float32(1.5), [tf.constant(1.)], Tout=tf.int32)   # tf.Tensor(1, ..., int32)
    tf.py_function(lambda x: (x, x), [tf.constant(1.)], Tout=[tf.float32])       # [<tf.Tensor ... 1.0>]

tapeflow raised TypeError 'py_function: func returned dtype float32 where Tout says int32' and refused the others.
"""
import numpy as np
import pytest

import framework as tf

_HEAD = '{{function_node __wrapped__EagerPyFunc_Tin_1_Tout_1_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('func, words', [
    (lambda x: x, 'ValueError: Tensor conversion requested dtype int32 for Tensor with dtype float32: '
                  '<tf.Tensor: shape=(), dtype=float32, numpy=1.0>'),
    (lambda x: 1.5, 'TypeError: Cannot convert 1.5 to EagerTensor of dtype int32'),
])
def test_result_that_does_not_convert_is_the_kernels_error(func, words):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.py_function(func, [tf.constant(1.)], Tout=tf.int32)
    text = str(caught.value)
    assert text.startswith(_HEAD + words + '\nTraceback (most recent call last):\n')
    assert text.split('\n')[-1] == ' [Op:EagerPyFunc] name: ' or '[Op:EagerPyFunc] name: ' in text


def test_results_convert_as_convert_to_tensor():
    out = tf.py_function(lambda x: np.float32(1.5), [tf.constant(1.)], Tout=tf.int32)
    assert out.dtype == tf.int32 and int(out) == 1
    out = tf.py_function(lambda x: np.array([1.5]), [tf.constant(1.)], Tout=tf.float32)
    assert out.dtype == tf.float32 and out.numpy().tolist() == [1.5]


def test_results_past_tout_are_dropped():
    out = tf.py_function(lambda x: (x, x * 2), [tf.constant(1.)], Tout=[tf.float32])
    assert len(out) == 1 and float(out[0]) == 1.0
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.py_function(lambda x: (x,), [tf.constant(1.)], Tout=[tf.float32, tf.float32])
