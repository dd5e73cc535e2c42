"""tnp.reshape (and a tensor's .reshape under numpy behavior) takes order='F' as TF 2.21's tnp: transpose,
reshape to the reversed shape, transpose back. tapeflow refused every order but 'C'. Values printed by TF 2.21
(probe tn12.py in /work/notes/progs/tutorials36).
"""
import pytest

import framework as tf
import framework.experimental.numpy as tnp


def _a():
    return tnp.reshape(tnp.arange(12), (3, 4))


def test_fortran_order():
    assert tnp.reshape(_a(), (4, 3), order='F').numpy().tolist() == [[0, 5, 10], [4, 9, 3], [8, 2, 7], [1, 6, 11]]
    assert tnp.reshape(_a(), 12, order='F').numpy().tolist() == [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]
    assert tnp.reshape(_a(), (2, -1), order='F').numpy().tolist() == [[0, 8, 5, 2, 10, 7], [4, 1, 9, 6, 3, 11]]
    assert tnp.reshape(_a(), [2, 2, 3], order='F').numpy().tolist() == \
        [[[0, 5, 10], [8, 2, 7]], [[4, 9, 3], [1, 6, 11]]]
    with pytest.raises(ValueError, match='^Unsupported order argument A$'):
        tnp.reshape(_a(), (4, 3), order='A')


def test_method_and_gradient(numpy_behavior):
    assert _a().reshape((6, 2), order='F').numpy().tolist() == [[0, 2], [4, 6], [8, 10], [1, 3], [5, 7], [9, 11]]
    x = tf.reshape(tf.range(6.), (2, 3))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tnp.sum(tnp.reshape(x, (3, 2), order='F') * tnp.asarray([[1., 2.]] * 3, tnp.float32))
    assert tape.gradient(y, x).numpy().tolist() == [[1., 1., 2.], [1., 2., 2.]]
