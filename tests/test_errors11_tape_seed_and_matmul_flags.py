"""GradientTape.gradient's output_gradients that convert or broadcast to the target are taken (a list takes
the target's dtype); matmul with transpose_x and adjoint_x both set is TF 2.21's ValueError. Literals: TF
2.21's output of /work/notes/progs/errors11/p/d3.py and a1.py. (A seed of another dtype is left as it was:
TF feeds it to the target's first gradient kernel, which refuses it for y = x * x but takes it for a Cast
or a Sum, so no check before the sweep can say which.)"""
import numpy as np
import pytest

import framework as tf


def _tape():
    x = tf.Variable([1., 2.])
    with tf.GradientTape(persistent=True) as tape:
        y = x * x
    return tape, x, y


@pytest.mark.parametrize('seed', [[1., 1.], [[1., 1.]], tf.ones(1), np.ones(2, np.float32)])
def test_output_gradients_that_convert_or_broadcast_are_taken(seed):
    tape, x, y = _tape()
    assert tape.gradient(y, x, output_gradients=seed).numpy().tolist() == [2.0, 4.0]


@pytest.mark.parametrize('side', ['a', 'b'])
def test_matmul_transpose_and_adjoint_together(side):
    x = tf.constant([[1., 2., 3.], [4., 5., 6.]])
    with pytest.raises(ValueError) as info:
        tf.matmul(x, x, **{'transpose_' + side: True, 'adjoint_' + side: True})
    assert str(info.value) == ('Only one of `transpose_%s` and `adjoint_%s` can be True. Received `transpose_%s`=True, '
                               '`adjoint_%s`=True.' % ((side,) * 4))
    assert tf.matmul(x, x, adjoint_b=True).shape == (2, 2)
