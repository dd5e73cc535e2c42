"""A numpy float or bool axis (and a Python bool) where TF 2.21 converts the axis to an int32 tensor input: the
reductions, tf.math.count_nonzero, tf.concat, tf.split, tf.expand_dims, the scans and tf.math.argmin. TF's eager
conversion casts a numpy value (np.float32(1.7) is axis 1, np.float64(-5.5) is -5, np.bool_(True) 1, np.array(1.0)
1, np.array([0., 1.]) [0, 1]) and takes True as 1; a Python float stays the conversion's TypeError. A numpy scalar
other than np.float64 (a Python float) takes TF's slow path, so its kernel errors end without ' name: ' (np.int32 /
np.int64 axes alike). tapeflow refused all of them ('reduce_mean: an axis must be an integer (or a list of them),
got np.float32(1.0)', a Tidx registry error for cumsum, 'Cannot convert 1.0 to EagerTensor of dtype int32' for
np.array(1.0)), and named the tail of np.int64 axes' range errors.

Printed by TF 2.21 (notes/progs/errors42/redax.py, redax2.py, redax3.py), x = [[0., 1.], [2., 3.]]:
    tf.reduce_sum(x, axis=np.float32(0.9))       -> [2., 4.]        tf.reduce_sum(x, axis=np.float32(-1.7)) -> [1., 5.]
    tf.reduce_sum(x, axis=np.array([0., 1.]))    -> 6.              tf.math.count_nonzero(x, axis=False)     -> [1, 2]
    tf.cumsum(x, axis=np.float16(1))             -> [[0., 1.], [2., 5.]]
    tf.concat([x, x], axis=np.bool_(True))       -> shape (2, 4)    tf.split(x, [1, 1], axis=np.float32(-1.7))[0] -> [[0.], [2.]]
    tf.expand_dims(x, axis=np.array([True]))     -> shape (2, 1, 2) tf.math.argmin(x, axis=np.float32(1)) -> [0, 0]
    tf.reduce_sum(x, axis=np.float32(5))   -> '... Invalid reduction dimension (5 for input with 2 dimension(s) [Op:Sum]'
    tf.reduce_sum(x, axis=np.float64(-5.5)) -> '... Invalid reduction dimension (-5 for input with 2 dimension(s) [Op:Sum] name: '
"""
import numpy as np
import pytest

import framework as tf

X = np.arange(4, dtype='float32').reshape(2, 2)


@pytest.mark.parametrize('axis, expected', [
    (np.float32(0.9), [2., 4.]), (np.float32(-1.7), [1., 5.]), (np.float64(1), [1., 5.]), (np.float16(1), [1., 5.]),
    (np.bool_(False), [2., 4.]), (False, [2., 4.]), (True, [1., 5.]), (np.array(1.0), [1., 5.]),
    (np.array([True]), [1., 5.]), (np.array([0., 1.]), 6.),
])
def test_reductions_cast_the_axis(axis, expected):
    assert tf.reduce_sum(X, axis=axis).numpy().tolist() == expected
    assert tf.reduce_max(X, axis=axis).numpy().tolist() == (np.max(X, axis=tuple(np.atleast_1d(np.asarray(axis)
                                                                                               .astype(int)))).tolist())


def test_other_reductions_cast_the_axis():
    assert tf.reduce_mean(X, axis=np.float32(1)).numpy().tolist() == [0.5, 2.5]
    assert tf.reduce_all(X > 1, axis=np.bool_(True)).numpy().tolist() == [False, True]
    assert tf.math.count_nonzero(X, axis=False).numpy().tolist() == [1, 2]
    assert tf.math.count_nonzero(X, axis=np.array([0., 1.])).numpy().tolist() == 3
    assert np.allclose(tf.reduce_logsumexp(X, axis=np.float32(-1.7)).numpy(), [1.3132616, 3.3132617])


def test_scans_and_argmin_cast_the_axis():
    assert tf.cumsum(X, axis=np.float16(1)).numpy().tolist() == [[0., 1.], [2., 5.]]
    assert tf.math.cumprod(X, axis=np.bool_(False)).numpy().tolist() == [[0., 1.], [0., 3.]]
    assert tf.cumsum(X, axis=np.array(1.0)).numpy().tolist() == [[0., 1.], [2., 5.]]
    assert tf.math.argmin(X, axis=np.float32(1)).numpy().tolist() == [0, 0]
    assert np.allclose(tf.math.cumulative_logsumexp(X, axis=np.float32(1)).numpy(), [[0., 1.3132617], [2., 3.3132617]])


def test_concat_split_expand_dims_cast_the_axis():
    assert tuple(tf.concat([X, X], axis=np.bool_(True)).shape) == (2, 4)
    assert tuple(tf.concat([X, X], axis=np.float64(0)).shape) == (4, 2)
    assert tf.split(X, [1, 1], axis=np.float32(-1.7))[0].numpy().tolist() == [[0.], [2.]]
    assert tf.split(X, 2, axis=True)[0].numpy().tolist() == [[0.], [2.]]
    assert tuple(tf.expand_dims(X, axis=np.array([True])).shape) == (2, 1, 2)
    assert tuple(tf.expand_dims(X, axis=np.float32(-1.5)).shape) == (2, 2, 1)


def test_python_float_axis_still_refused():
    with pytest.raises(TypeError, match='Cannot convert 1.0 to EagerTensor of dtype int32'):
        tf.reduce_sum(X, axis=1.0)


def _ends_with_tail(error):
    return str(error).endswith(' name: ') or str(error).endswith(' name: concat') or str(error).endswith(' name: split')


@pytest.mark.parametrize('call, text', [
    (lambda a: tf.reduce_sum(X, axis=a), 'Invalid reduction dimension (5 for input with 2 dimension(s) [Op:Sum]'),
    (lambda a: tf.cumsum(X, axis=a), 'ScanOp: Expected scan axis in the range [-2, 2), but got 5 [Op:Cumsum]'),
    (lambda a: tf.expand_dims(X, axis=a), 'Tried to expand dim index 5 for tensor with 2 dimensions. [Op:ExpandDims]'),
    (lambda a: tf.concat([X, X], axis=a),
     'ConcatOp : Expected concatenating dimensions in the range [-2, 2), but got 5 [Op:ConcatV2]'),
    (lambda a: tf.split(X, 2, axis=a), '-input rank(-2) <= split_dim < input rank (2), but got 5 [Op:Split]'),
])
def test_numpy_scalar_axes_out_of_range_take_the_slow_path(call, text):
    for axis in (np.float32(5), np.int64(5), np.int32(5)):
        with pytest.raises(tf.errors.InvalidArgumentError) as caught:
            call(axis)
        assert str(caught.value).endswith(text), (axis, str(caught.value))
    # np.float64 is a Python float and a 0-d array a tensor to TF's fast path: its tail names the op
    for axis in (np.float64(5.5), np.array(5.0)):
        with pytest.raises(tf.errors.InvalidArgumentError) as caught:
            call(axis)
        assert text in str(caught.value) and _ends_with_tail(caught.value), (axis, str(caught.value))


def test_python_bool_out_of_range():
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.reduce_sum(np.ones((1,), 'float32'), axis=True)
    assert str(caught.value).endswith('Invalid reduction dimension (1 for input with 1 dimension(s) [Op:Sum] name: ')
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:      # (ExpandDims takes a bool on the slow path)
        tf.expand_dims(np.float32(1), axis=True)
    assert str(caught.value).endswith('Tried to expand dim index 1 for tensor with 0 dimensions. [Op:ExpandDims]')
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.concat([np.ones(1), np.ones(1)], axis=True)
    assert str(caught.value).endswith('but got 1 [Op:ConcatV2] name: concat')
