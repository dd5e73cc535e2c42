"""errors19: tf.random's shape, maxval and categorical checks in TF 2.21's class and words (printed by TF 2.21,
/work/notes/progs/errors19/q7.py)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError
from tests.helpers_error_texts import assert_raises_exactly

_SIG = ('shape:T -> output:dtype; attr=seed:int,default=0; attr=seed2:int,default=0; attr=dtype:type,allowed=[DT_HALF, '
        'DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=T:type,allowed=[DT_INT32, DT_INT64]; is_stateful=true')


def _registry(dtype_name, kernel):
    return ("Value for attr 'T' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node %s}}; "
            "Op<name=%s; signature=%s> [Op:%s] name: " % (dtype_name, kernel, kernel, _SIG, kernel))


@pytest.mark.parametrize('call, error, text', [
    (lambda: tf.random.normal((2, 1.5)), InvalidArgumentError, _registry('float', 'RandomStandardNormal')),
    (lambda: tf.random.normal('a'), InvalidArgumentError, _registry('string', 'RandomStandardNormal')),
    (lambda: tf.random.uniform([2., 3.]), InvalidArgumentError, _registry('float', 'RandomUniform')),
    (lambda: tf.random.truncated_normal(('a', 'b')), InvalidArgumentError, _registry('string', 'TruncatedNormal')),
    (lambda: tf.random.normal(np.array([2., 3.])), InvalidArgumentError, _registry('double', 'RandomStandardNormal')),
    (lambda: tf.random.normal(None), ValueError,
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    (lambda: tf.random.uniform((2, 'a')), ValueError, "Can't convert Python sequence with mixed types to Tensor."),
    (lambda: tf.random.normal([2, None]), ValueError, "Can't convert Python sequence with mixed types to Tensor."),
    (lambda: tf.random.uniform((2, 2), dtype=tf.int64), ValueError, 'Must specify maxval for integer dtype tf.int64'),
])
def test_random_shape_and_maxval_texts(call, error, text):
    # tapeflow: 'random.normal: shape must be a list of non-negative integers, got ...' for all of these
    assert_raises_exactly(call, error, text)


_NODE = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s]'


@pytest.mark.parametrize('call, text', [
    (lambda: tf.random.categorical(tf.ones(3), 2),
     _NODE % ('Multinomial', 'logits should be a matrix, got shape [3]', 'Multinomial') + ' name: '),
    (lambda: tf.random.categorical([[1.]], -1),
     _NODE % ('Multinomial', 'num_samples should be non-negative, got -1', 'Multinomial') + ' name: '),
    (lambda: tf.random.stateless_categorical(tf.ones(3), 2, seed=[1, 2]),
     _NODE % ('StatelessMultinomial', 'logits should be a matrix, got shape [3]', 'StatelessMultinomial')),
    (lambda: tf.random.stateless_categorical(tf.ones((2, 3)), -2, seed=[1, 2]),
     _NODE % ('StatelessMultinomial', 'num_samples should be non-negative, got -2', 'StatelessMultinomial')),
])
def test_categorical_kernel_texts(call, text):
    assert_raises_exactly(call, InvalidArgumentError, text)
