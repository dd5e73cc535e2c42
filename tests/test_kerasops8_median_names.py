"""keras.ops.median and keras.ops.quantile (one q, method 'linear') print, inside a tf.function, TF 2.21's graph tensor:
Keras 3's _quantile (after tfp.stats.percentile) ends in the SelectV2 that puts NaN in rows holding one, after some
forty ops (two Casts of q and the fraction, transposes and Reshapes, sort, GatherV2s, ...), and a tf.rank(q) after
it, so later calls count on ('SelectV2_1', 'Rank_4', 'add_4'); where a length left is open, every one is.
tapeflow printed the eager values (of its stand-in length 1). Texts: TF 2.21's (notes/progs/kerasops8/med.py,
med_tf.out; notes/progs/kerasops6/a3.py)."""
import pytest

import framework as tf
from framework import keras

ops = keras.ops


def _texts(fn, shape, dtype='float32'):
    texts = []

    @tf.function(input_signature=[tf.TensorSpec(shape, dtype)])
    def f(x):
        texts.extend(str(t) for t in fn(x) + (tf.rank(x), x + x))
        return x
    f.get_concrete_function()
    return texts


@pytest.mark.parametrize('shape, dtype, axis, result_shape', [
    ((None, 4), 'float32', None, '()'),
    ((2, 4), 'float64', None, '()'),
    ((None, 4), 'float32', 1, '(None,)'),
    ((2, 4), 'float64', 1, '(2,)'),
    ((None, 4), 'float32', 0, '(4,)'),
    ((None, 4), 'float32', [0], '(4,)'),
    ((None, 4, 3), 'float32', 1, '(None, None)'),
])
def test_median_is_the_nan_select(shape, dtype, axis, result_shape):
    assert _texts(lambda x: (ops.median(x, axis=axis),), shape, dtype) == [
        'Tensor("SelectV2:0", shape=%s, dtype=%s)' % (result_shape, dtype),
        'Tensor("Rank_2:0", shape=(), dtype=int32)', 'Tensor("add_2:0", shape=%s, dtype=%s)' % (shape, dtype)]


@pytest.mark.parametrize('axis, result_shape', [(None, '()'), (-1, '(3,)')])
def test_median_of_integers_casts_them_first(axis, result_shape):
    assert _texts(lambda x: (ops.median(x, axis=axis),), (3, 4), 'int32')[:2] == [
        'Tensor("SelectV2:0", shape=%s, dtype=float32)' % result_shape, 'Tensor("Rank_2:0", shape=(), dtype=int32)']


def test_later_calls_count_on():
    texts = _texts(lambda x: (ops.median(x, axis=1), ops.median(x, axis=1)), (None, 4))
    assert texts == ['Tensor("SelectV2:0", shape=(None,), dtype=float32)',
                     'Tensor("SelectV2_1:0", shape=(None,), dtype=float32)',
                     'Tensor("Rank_4:0", shape=(), dtype=int32)', 'Tensor("add_4:0", shape=(None, 4), dtype=float32)']


def test_quantile_of_one_q():
    texts = _texts(lambda x: (ops.quantile(x, 0.3), ops.quantile(x, 0.3, axis=1)), (None, 4))
    assert texts == ['Tensor("SelectV2:0", shape=(), dtype=float32)',
                     'Tensor("SelectV2_1:0", shape=(None,), dtype=float32)',
                     'Tensor("Rank_4:0", shape=(), dtype=int32)', 'Tensor("add_4:0", shape=(None, 4), dtype=float32)']


def test_values_outside_a_trace_unchanged():
    x = tf.constant([[1., 5., 3., 2.], [4., float('nan'), 0., 1.]])
    got = ops.median(x, axis=1).numpy().tolist()
    assert got[0] == 2.5 and got[1] != got[1]


@pytest.mark.parametrize('shape, dtype, axis, name, result_shape, after', [
    # TF 2.21 (notes/progs/kerasops8/medk.py): axis=None multiplies by ones of x's rank, an axis expands back
    ((None, 4), 'float32', None, 'mul_4', '(1, 1)', 4),
    ((2, 4), 'float64', None, 'mul_4', '(1, 1)', 4),
    ((None, 4), 'float32', 1, 'ExpandDims', '(None, 1)', 2),
    ((None, 4), 'float32', 0, 'ExpandDims', '(1, 4)', 2),
])
def test_median_keepdims(shape, dtype, axis, name, result_shape, after):
    assert _texts(lambda x: (ops.median(x, axis=axis, keepdims=True),), shape, dtype) == [
        'Tensor("%s:0", shape=%s, dtype=%s)' % (name, result_shape, dtype),
        'Tensor("Rank_%d:0", shape=(), dtype=int32)' % after,
        'Tensor("add_%d:0", shape=%s, dtype=%s)' % (after - 1 if axis is None else 2, shape, dtype)]
