"""tf.experimental.numpy's signbit and nonzero as TF 2.21's: signbit is ``x < 0`` (so -0.0 and -nan
are False, where NumPy's sign bit is set), and nonzero / where(condition) return a list (TF unstacks
where_v2's rows), which prints as [...] where a tuple printed (...,)."""
import numpy as np

import framework as tf
import framework.experimental.numpy as tnp


def test_signbit_is_less_than_zero():
    # print(tnp.signbit(tnp.asarray([-0., 1., -1., float('nan'), -float('nan')])))
    # TF 2.21: tf.Tensor([False False  True False False], shape=(5,), dtype=bool)
    x = tnp.asarray([-0., 1., -1., np.nan, -np.nan])
    assert str(tnp.signbit(x)) == 'tf.Tensor([False False  True False False], shape=(5,), dtype=bool)'
    # print(tnp.signbit(tnp.asarray([-1, 0, 2]))): tf.Tensor([ True False False], shape=(3,), dtype=bool)
    assert str(tnp.signbit(tnp.asarray([-1, 0, 2]))) == 'tf.Tensor([ True False False], shape=(3,), dtype=bool)'
    assert tnp.signbit(tnp.asarray([True, False])).numpy().tolist() == [False, False]
    # keras.ops.signbit keeps the sign bit: True for -0.0, as Keras 3's TF backend
    from framework import keras
    assert keras.ops.signbit(tf.constant([-0.0])).numpy().tolist() == [True]


def test_nonzero_and_where_return_lists():
    # print(tnp.nonzero(tnp.asarray([0, 1, 2])))
    # TF 2.21: [<tf.Tensor: shape=(2,), dtype=int64, numpy=array([1, 2])>]
    expected = '[<tf.Tensor: shape=(2,), dtype=int64, numpy=array([1, 2])>]'
    assert str(tnp.nonzero(tnp.asarray([0, 1, 2]))) == expected
    assert str(tnp.where(tnp.asarray([0, 1, 1]))) == expected
    rows, cols = tnp.nonzero(tnp.asarray([[0, 3], [4, 0]]))
    assert rows.numpy().tolist() == [0, 1] and cols.numpy().tolist() == [1, 0]
