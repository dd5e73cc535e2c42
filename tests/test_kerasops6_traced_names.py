"""keras.ops.vdot, isclose, trace and rot90 (of a matrix) print, inside a tf.function, as the graph tensor of the last
op Keras 3's TensorFlow backend makes, with TF 2.21's static shape, the ops made before it counted in later
names: vdot 'Tensordot' after two Reshapes (int32: 'Cast_2'), isclose 'LessEqual' after sub, Abs, Abs, mul,
add (integers: 'Equal'), trace 'Sum' after Keras's diagonal mask, rot90 'transpose_2'. tapeflow printed eager values.
Expected texts: TF 2.21's (notes/progs/kerasops6/a3.py, a3_tf.out)."""
import pytest

import framework as tf
from framework import keras

ops = keras.ops


def traced_texts(call, dtype, shape):
    """str() of two calls' results, then of x + x, on the traced argument of an input_signature tf.function."""
    texts = []

    @tf.function(input_signature=[tf.TensorSpec(shape, dtype)])
    def f(x):
        texts.extend(str(t) for t in (call(x), call(x), x + x))
        return x
    f.get_concrete_function()
    return texts


def _t(name, shape, dtype):
    return 'Tensor("%s:0", shape=%s, dtype=%s)' % (name, shape, dtype)


def _vdot(x):
    return ops.vdot(x, x)


def _isclose(x):
    return ops.isclose(x, x)


CASES = [
    # (call, input dtype and shape, TF 2.21's texts: first call, second call, x + x)
    (_vdot, 'float32', (None, 4), [_t('Tensordot', '()', 'float32'), _t('Tensordot_1', '()', 'float32'),
                                   _t('add', '(None, 4)', 'float32')]),
    (_vdot, 'float64', (2, 4), [_t('Tensordot', '()', 'float64'), _t('Tensordot_1', '()', 'float64'),
                                _t('add', '(2, 4)', 'float64')]),
    (_vdot, 'int32', (3, 4), [_t('Cast_2', '()', 'int32'), _t('Cast_5', '()', 'int32'), _t('add', '(3, 4)', 'int32')]),
    (_isclose, 'float32', (None, 4), [_t('LessEqual', '(None, 4)', 'bool'), _t('LessEqual_1', '(None, 4)', 'bool'),
                                      _t('add_2', '(None, 4)', 'float32')]),
    (_isclose, 'float64', (2, 4), [_t('LessEqual', '(2, 4)', 'bool'), _t('LessEqual_1', '(2, 4)', 'bool'),
                                   _t('add_2', '(2, 4)', 'float64')]),
    (_isclose, 'int32', (3, 4), [_t('Equal', '(3, 4)', 'bool'), _t('Equal_1', '(3, 4)', 'bool'),
                                 _t('add', '(3, 4)', 'int32')]),
    (ops.trace, 'float32', (None, 4), [_t('Sum', '()', 'float32'), _t('Sum_1', '()', 'float32'),
                                       _t('add', '(None, 4)', 'float32')]),
    (ops.trace, 'float64', (2, 4), [_t('Sum', '()', 'float64'), _t('Sum_1', '()', 'float64'),
                                    _t('add', '(2, 4)', 'float64')]),
    (ops.trace, 'int32', (3, 4), [_t('Sum', '()', 'int32'), _t('Sum_1', '()', 'int32'), _t('add', '(3, 4)', 'int32')]),
    # rot90: Keras's transpose, Shape, strided_slice x3, concat, Reshape, ReverseV2, transpose_1, concat_1,
    # Reshape_1, then its result transpose_2, the two lengths swapped
    (ops.rot90, 'float32', (None, 4), [_t('transpose_2', '(4, None)', 'float32'),
                                       _t('transpose_5', '(4, None)', 'float32'), _t('add', '(None, 4)', 'float32')]),
    (ops.rot90, 'float64', (2, 4), [_t('transpose_2', '(4, 2)', 'float64'), _t('transpose_5', '(4, 2)', 'float64'),
                                    _t('add', '(2, 4)', 'float64')]),
    (ops.rot90, 'int32', (3, 4), [_t('transpose_2', '(4, 3)', 'int32'), _t('transpose_5', '(4, 3)', 'int32'),
                                  _t('add', '(3, 4)', 'int32')]),
]


@pytest.mark.parametrize('call, dtype, shape, expected', CASES,
                         ids=['%s-%s' % (c[0].__name__.strip('_'), c[1]) for c in CASES])
def test_traced_names(call, dtype, shape, expected):
    assert traced_texts(call, dtype, shape) == expected


def test_values_unchanged():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    assert float(ops.vdot(x, x)) == 30.0
    assert float(ops.trace(x)) == 5.0
    assert ops.isclose(x, x + 1e-9).numpy().tolist() == [[True, True], [True, True]]
    assert ops.rot90(x).numpy().tolist() == [[2.0, 4.0], [1.0, 3.0]]
