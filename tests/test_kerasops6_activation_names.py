"""Keras 3's newer activations (keras.ops / keras.activations tanh_shrink, hard_tanh, squareplus, celu,
hard_shrink, soft_shrink, sparse_plus, sparse_sigmoid, threshold, sparsemax) print, inside a tf.function,
as the graph tensor of the last op Keras 3's TensorFlow backend makes, with TF 2.21's static shape; the
ops made before it count in later names (soft_shrink's first SelectV2 makes its result 'SelectV2_1').
tapeflow printed their eager values: the keras.ops ones are one class's objects, which the trace table
could not tell apart. Expected texts: TF 2.21's (notes/progs/kerasops6/a2.py, a2_tf.out)."""
import pytest

import framework as tf
from framework import keras

ops = keras.ops
A = keras.activations


def traced_texts(call, dtype, shape):
    """str() of two calls' results, then of x + 1.0, on the traced argument of an input_signature tf.function."""
    texts = []

    @tf.function(input_signature=[tf.TensorSpec(shape, dtype)])
    def f(x):
        texts.extend(str(t) for t in (call(x), call(x), x + 1.0))
        return x
    f.get_concrete_function()
    return texts


def _t(name, shape, dtype):
    return 'Tensor("%s:0", shape=%s, dtype=%s)' % (name, shape, dtype)


# (activation name, a call of it by keras.ops and by keras.activations, TF 2.21's names: first call, second, x + 1.0)
CASES = [
    ('tanh_shrink', ('sub', 'sub_1', 'add')),
    ('hard_tanh', ('clip_by_value', 'clip_by_value_1', 'add')),
    ('squareplus', ('truediv', 'truediv_1', 'add_4')),
    ('celu', ('add', 'add_1', 'add_2')),
    ('hard_shrink', ('SelectV2', 'SelectV2_1', 'add')),
    ('soft_shrink', ('SelectV2_1', 'SelectV2_3', 'add_2')),
    ('sparse_plus', ('SelectV2_1', 'SelectV2_3', 'add_2')),
    ('sparse_sigmoid', ('SelectV2_1', 'SelectV2_3', 'add_2')),
    ('threshold', ('SelectV2', 'SelectV2_1', 'add')),
    ('sparsemax', ('Maximum', 'Maximum_1', 'add_2')),
]


def _call(space, name):
    fn = getattr(space, name)
    if name == 'threshold':
        return lambda x: fn(x, 0.5, 0.0)
    return fn


@pytest.mark.parametrize('space', ['ops', 'activations'])
@pytest.mark.parametrize('dtype, shape, printed', [('float32', (None, 4), '(None, 4)'), ('float64', (2, 4), '(2, 4)')])
@pytest.mark.parametrize('name, names', CASES, ids=[c[0] for c in CASES])
def test_activation_traced_names(space, dtype, shape, printed, name, names):
    texts = traced_texts(_call(ops if space == 'ops' else A, name), dtype, shape)
    assert texts == [_t(n, printed, dtype) for n in names]


def test_activation_objects_keep_their_names_and_values():
    # the call is a closure per activation: eager values and the names a functional model records stay
    x = tf.constant([[-2.0, -0.25, 0.25, 2.0]])
    assert ops.celu.__name__ == 'celu' and ops.hard_tanh.__name__ == 'hard_tanh'
    assert ops.hard_tanh(x).numpy().tolist() == [[-1.0, -0.25, 0.25, 1.0]]
    assert ops.soft_shrink(x).numpy().tolist() == [[-1.5, 0.0, 0.0, 1.5]]
    assert list(__import__('inspect').signature(ops.celu).parameters) == ['x', 'alpha']


# glu: split, Sigmoid, then its result 'mul', the axis halved (TF 2.21, notes/progs/kerasops6/a4.py / a4_tf.out)
GLU_CASES = [
    (lambda x: ops.glu(x), (None, 4), '(None, 2)'),
    (lambda x: ops.glu(x, 1), (None, 6), '(None, 3)'),
    (lambda x: ops.glu(x, axis=0), (4, None), '(2, None)'),
    (lambda x: ops.glu(x, axis=1), (None, 4, 3), '(None, 2, 3)'),
    (lambda x: A.glu(x), (None, 4), '(None, 2)'),
    (lambda x: A.glu(x, axis=0), (6, None), '(3, None)'),
]


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
@pytest.mark.parametrize('call, shape, printed', GLU_CASES, ids=['ops', 'ops_ax1', 'ops_ax0', 'ops_3d', 'act', 'act_ax0'])
def test_glu_traced_names(call, shape, printed, dtype):
    texts = traced_texts(call, dtype, shape)
    assert texts[:2] == [_t('mul', printed, dtype), _t('mul_1', printed, dtype)]
    assert texts[2] == _t('add', str(shape), dtype)


@pytest.mark.parametrize('space', ['ops', 'activations'])
def test_glu_on_an_open_axis_is_keras_type_error(space):
    # Keras 3 reads x.shape[axis] % 2: an open length is None there (TF 2.21's TypeError, raised while tracing)
    fn = (ops if space == 'ops' else A).glu

    @tf.function(input_signature=[tf.TensorSpec((2, None), 'float32')])
    def f(x):
        return fn(x, axis=-1)
    with pytest.raises(TypeError, match=r"unsupported operand type\(s\) for %: 'NoneType' and 'int'"):
        f(tf.zeros((2, 4)))


def test_glu_odd_axis_still_value_error():
    with pytest.raises(ValueError, match=r'axis size must be divisible by 2. Received: x.shape=\(2, 3\) with axis=-1'):
        ops.glu(tf.zeros((2, 3)))
