"""keras.ops.diff of bools and its Diff.call() errors, tril / triu of a vector:
values and error texts printed by TF 2.21 / Keras 3 (snippets in each test's comments)."""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError

ops = keras.ops


def test_diff_of_bools_is_not_equal():
    # TF 2.21: ops.diff(np.array([True, False, False])) -> bool [True, False]; n=2 on [[T, F, F]] -> [[True]]
    out = ops.diff(np.array([True, False, False]))
    assert out.dtype.name == 'bool' and out.numpy().tolist() == [True, False]
    assert ops.diff(np.array([[True, False, False]]), n=2).numpy().tolist() == [[True]]
    # n=0 hands back even a scalar: int64 3
    assert int(ops.diff(np.array(3), n=0)) == 3
    # n=5 on two values: an empty int64 vector
    assert ops.diff(np.array([1, 2]), n=5).shape == (0,)


@pytest.mark.parametrize('call, cls, sentence, argument', [
    (lambda: ops.diff(np.array([1, 2]), n=-1), ValueError, 'Order `n` must be non-negative. Received n=-1',
     'a=array([1, 2])'),
    (lambda: ops.diff(ops.convert_to_tensor(3.5)), ValueError,
     '`diff` requires input that is at least one dimensional. Received: a=3.5', 'a=tf.Tensor(shape=(), dtype=float32)'),
    (lambda: ops.diff(np.array([1, 2]), axis=3), ValueError, 'axis 3 is out of bounds for an array with dimension 1.',
     'a=array([1, 2])'),
    (lambda: ops.diff(np.array([1, 2]), n=1.5), TypeError, "'float' object cannot be interpreted as an integer",
     'a=array([1, 2])'),
    (lambda: ops.diff(np.array([1, 2]), axis=None), TypeError,
     "'NoneType' object cannot be interpreted as an integer", 'a=array([1, 2])'),
])
def test_diff_errors_in_diff_call_words(call, cls, sentence, argument):
    # TF 2.21 prints 'Exception encountered when calling Diff.call().\n\n\x1b[1m<sentence>\x1b[0m\n\n
    # Arguments received by Diff.call():\n  • <argument>'
    with pytest.raises(cls) as info:
        call()
    assert str(info.value) == ('Exception encountered when calling Diff.call().\n\n\x1b[1m%s\x1b[0m\n\n'
                               'Arguments received by Diff.call():\n  \u2022 %s' % (sentence, argument))


@pytest.mark.parametrize('fn', [ops.tril, ops.triu])
def test_triangles_of_a_vector_are_matrix_band_part_errors(fn):
    # TF 2.21: ops.tril(np.ones((3,), 'float32')) -> InvalidArgumentError '{{function_node
    # __wrapped__MatrixBandPart_device_/job:localhost/replica:0/task:0/device:CPU:0}} input must be at least
    # 2-dim, received shape: [3] [Op:MatrixBandPart] name: '
    with pytest.raises(InvalidArgumentError) as info:
        fn(np.ones((3,), 'float32'))
    assert str(info.value) == ('{{function_node __wrapped__MatrixBandPart_device_/job:localhost/replica:0/task:0/'
                               'device:CPU:0}} input must be at least 2-dim, received shape: [3] [Op:MatrixBandPart] '
                               'name: ')
