"""Tensor, Variable and TensorShape: the Python surface TensorFlow programs use.

Expected strings are what TensorFlow 2.21 prints for the same values, with
"tf." spelled "tapeflow.".
"""
import numpy as np
import pytest

import framework as tf


# ---- printing ---------------------------------------------------------------------------
@pytest.mark.parametrize('make,expected_repr,expected_str', [
    (lambda: tf.constant(6.0), '<tf.Tensor: shape=(), dtype=float32, numpy=6.0>',
     'tf.Tensor(6.0, shape=(), dtype=float32)'),
    (lambda: tf.constant(36.0), '<tf.Tensor: shape=(), dtype=float32, numpy=36.0>',
     'tf.Tensor(36.0, shape=(), dtype=float32)'),
    (lambda: tf.constant(0.1), '<tf.Tensor: shape=(), dtype=float32, numpy=0.10000000149011612>',
     'tf.Tensor(0.1, shape=(), dtype=float32)'),
    (lambda: tf.constant(np.float64(0.1)), '<tf.Tensor: shape=(), dtype=float64, numpy=0.1>',
     'tf.Tensor(0.1, shape=(), dtype=float64)'),
    (lambda: tf.constant(True), '<tf.Tensor: shape=(), dtype=bool, numpy=True>',
     'tf.Tensor(True, shape=(), dtype=bool)'),
    (lambda: tf.constant(7), '<tf.Tensor: shape=(), dtype=int32, numpy=7>',
     'tf.Tensor(7, shape=(), dtype=int32)'),
    (lambda: tf.constant([1.0, 2.5]),
     '<tf.Tensor: shape=(2,), dtype=float32, numpy=array([1. , 2.5], dtype=float32)>',
     'tf.Tensor([1.  2.5], shape=(2,), dtype=float32)'),
    (lambda: tf.constant([1, 2]), '<tf.Tensor: shape=(2,), dtype=int32, numpy=array([1, 2], dtype=int32)>',
     'tf.Tensor([1 2], shape=(2,), dtype=int32)'),
], ids=['six', 'thirty_six', 'float32_tenth', 'float64_tenth', 'bool', 'int', 'vector', 'int_vector'])
def test_repr_and_str(make, expected_repr, expected_str, backend):
    t = make()
    assert repr(t) == expected_repr
    assert str(t) == expected_str


def test_multi_line_repr_and_str_start_on_a_new_line(backend):
    t = tf.constant([[1, 2], [3, 4]])
    assert repr(t) == ('<tf.Tensor: shape=(2, 2), dtype=int32, numpy=\n'
                       'array([[1, 2],\n       [3, 4]], dtype=int32)>')
    assert str(t) == 'tf.Tensor(\n[[1 2]\n [3 4]], shape=(2, 2), dtype=int32)'


def test_variable_repr(backend):
    assert repr(tf.Variable(1.0)) == "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=1.0>"
    assert str(tf.Variable([1, 2], name='w')) == \
        "<tf.Variable 'w:0' shape=(2,) dtype=int32, numpy=array([1, 2], dtype=int32)>"


def test_formatting(backend):
    t = tf.constant(6.0)
    assert '%.1f' % t == '6.0'
    assert '%d' % tf.constant(3) == '3'
    assert f'{t:.4f}' == '6.0000'
    assert f'{t}' == '6.0'
    assert f'{tf.constant(0.1)}' == '0.10000000149011612'        # TensorFlow formats the Python float
    assert '{:>6.2f}'.format(tf.constant(2.5)) == '  2.50'


def test_format_of_a_vector_is_its_numpy_text(backend):
    assert f'{tf.constant([1.0, 2.0])}' == '[1. 2.]'


# ---- Python protocols -------------------------------------------------------------------
def test_python_conversions(backend):
    assert float(tf.constant(6.0)) == 6.0 and type(float(tf.constant(6.0))) is float
    assert int(tf.constant(3.7)) == 3
    assert bool(tf.constant(0.0)) is False and bool(tf.constant(2)) is True
    assert [10, 20, 30][tf.constant(1)] == 20                      # __index__ on an int tensor
    # TensorFlow hands these to numpy: its classes and words (TF 2.21, notes/progs/tftutorials3/proto.py)
    with pytest.raises(ValueError, match='The truth value of an array with more than one element is ambiguous'):
        bool(tf.constant([1.0, 2.0]))
    with pytest.raises(TypeError, match='only 0-dimensional arrays can be converted to Python scalars'):
        float(tf.constant([1.0, 2.0]))
    with pytest.raises(AttributeError, match="'numpy.float32' object has no attribute '__index__'"):
        [1, 2][tf.constant(1.0)]


def test_len_iteration_and_indexing(backend):
    t = tf.constant([[1, 2], [3, 4], [5, 6]])
    assert len(t) == 3
    rows = list(t)
    assert len(rows) == 3 and all(isinstance(r, tf.Tensor) for r in rows)
    np.testing.assert_array_equal(rows[2].numpy(), [5, 6])
    assert t[1, 0].numpy() == 3 and t[1, 0].shape == ()
    np.testing.assert_array_equal(t[-1].numpy(), [5, 6])
    np.testing.assert_array_equal(t[:, 1:].numpy(), [[2], [4], [6]])
    np.testing.assert_array_equal(t[..., 0].numpy(), [1, 3, 5])
    assert t[None, :, None].shape == (1, 3, 1, 2)
    assert backend.holds(t[0])
    with pytest.raises(TypeError, match=r"^Scalar tensor has no `len\(\)`$"):
        len(tf.constant(1.0))
    with pytest.raises(TypeError, match='Cannot iterate over a scalar tensor'):
        iter(tf.constant(1.0))
    with pytest.raises(IndexError, match=r'index 5 .* shape \(3, 2\)'):
        t[5]
    with pytest.raises(TypeError):
        t[0] = 1                                                   # tensors are immutable


def test_numpy_interop(backend):
    t = tf.constant([1.0, 2.0])
    a = np.asarray(t)
    assert isinstance(a, np.ndarray) and a.dtype == np.float32
    np.testing.assert_array_equal(a, [1.0, 2.0])
    assert np.asarray(t, dtype=np.float64).dtype == np.float64
    scalar = tf.constant(2.5).numpy()
    assert isinstance(scalar, np.float32) and scalar == 2.5
    product = np.array([3.0, 4.0], np.float32) * t
    assert type(product) is tf.Tensor and product.dtype == tf.float32
    np.testing.assert_array_equal(product.numpy(), [3.0, 8.0])
    total = np.array([1.0, 1.0], np.float32) + t
    assert type(total) is tf.Tensor
    np.testing.assert_array_equal(np.exp(tf.constant([0.0])), [1.0])


def test_device_name(backend):
    expected = '/job:localhost/replica:0/task:0/device:%s:0' % ('CPU' if backend.name == 'numpy' else 'GPU')
    assert tf.constant(1.0).device == expected


# ---- operators ------------------------------------------------------------------------------
@pytest.mark.parametrize('expr,expected', [
    (lambda t: t + 1, [2.0, 3.0]), (lambda t: 1 + t, [2.0, 3.0]),
    (lambda t: t - 1, [0.0, 1.0]), (lambda t: 2 - t, [1.0, 0.0]),
    (lambda t: t * 3, [3.0, 6.0]), (lambda t: 3 * t, [3.0, 6.0]),
    (lambda t: t / 2, [0.5, 1.0]), (lambda t: 2 / t, [2.0, 1.0]),
    (lambda t: t // 2, [0.0, 1.0]), (lambda t: 7 // t, [7.0, 3.0]),
    (lambda t: t % 2, [1.0, 0.0]), (lambda t: 7 % t, [0.0, 1.0]),
    (lambda t: t ** 2, [1.0, 4.0]), (lambda t: 2 ** t, [2.0, 4.0]),
    (lambda t: -t, [-1.0, -2.0]), (lambda t: +t, [1.0, 2.0]), (lambda t: abs(-t), [1.0, 2.0]),
], ids=['add', 'radd', 'sub', 'rsub', 'mul', 'rmul', 'div', 'rdiv', 'floordiv', 'rfloordiv', 'mod', 'rmod',
        'pow', 'rpow', 'neg', 'pos', 'abs'])
def test_arithmetic_operators_with_python_numbers(expr, expected, backend):
    result = expr(tf.constant([1.0, 2.0]))
    assert type(result) is tf.Tensor and result.dtype == tf.float32
    np.testing.assert_array_equal(result.numpy(), expected)


def test_matmul_operator(backend):
    result = tf.constant([[1.0, 2.0]]) @ tf.constant([[1.0], [2.0]])
    assert result.shape == (1, 1) and result.numpy()[0, 0] == 5.0


@pytest.mark.parametrize('expr,expected', [
    (lambda t: t < 2, [True, False]), (lambda t: 2 < t, [False, False]),
    (lambda t: t <= 2, [True, True]), (lambda t: t > 1, [False, True]),
    (lambda t: t >= tf.constant([2.0, 2.0]), [False, True]),
    (lambda t: t == 2, [False, True]), (lambda t: t != 2, [True, False]),
], ids=['lt', 'reflected_lt', 'le', 'gt', 'ge_tensor', 'eq', 'ne'])
def test_comparison_operators(expr, expected, backend):
    result = expr(tf.constant([1.0, 2.0]))
    assert result.dtype == tf.bool
    np.testing.assert_array_equal(result.numpy(), expected)


def test_logical_operators_and_equality_fallbacks(backend):
    a, b = tf.constant([True, False]), tf.constant([True, True])
    np.testing.assert_array_equal((a & b).numpy(), [True, False])
    np.testing.assert_array_equal((a | b).numpy(), [True, True])
    np.testing.assert_array_equal((a ^ b).numpy(), [False, True])
    np.testing.assert_array_equal((~a).numpy(), [False, True])
    assert not bool(tf.constant([1, 2]) == tf.constant([1, 3, 4]))   # shapes that cannot compare are unequal
    assert (tf.constant(1.0) == None) is False                     # noqa: E711
    with pytest.raises(TypeError, match='unhashable'):
        hash(tf.constant(1.0))
    t = tf.constant(1.0)
    assert {t.ref(): 'x'}[t.ref()] == 'x' and t.ref().deref() is t


# ---- Variable ------------------------------------------------------------------------------
def test_variable_assign_family_updates_in_place(backend):
    v = tf.Variable([1.0, 2.0], name='w')
    assert v.name == 'w:0' and v.trainable and v.dtype == tf.float32
    returned = v.assign([3.0, 4.0])     # TF 2.21 returns an _UnreadVariable of v (tests/test_tapeC_parity_variable_writes.py)
    assert isinstance(returned, tf.Variable) and returned.name == 'UnreadVariable'
    np.testing.assert_array_equal(v.numpy(), [3.0, 4.0])
    v.assign_add([1.0, 1.0])
    np.testing.assert_array_equal(v.numpy(), [4.0, 5.0])
    v.assign_sub(tf.constant([4.0, 4.0]))
    np.testing.assert_array_equal(v.numpy(), [0.0, 1.0])
    assert v.dtype == tf.float32 and backend.holds(v)
    total = v + 1
    assert type(total) is tf.Tensor
    np.testing.assert_array_equal(total.numpy(), [1.0, 2.0])


@pytest.mark.parametrize('method', ['assign', 'assign_add', 'assign_sub'])
def test_variable_assign_with_the_wrong_shape_raises(method, backend):
    v = tf.Variable([1.0, 2.0], name='w')
    with pytest.raises(ValueError, match=r"%s: cannot assign a value of shape \(3,\) to variable 'w' of shape \(2,\)"
                                         % method):
        getattr(v, method)([1.0, 2.0, 3.0])
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])


def test_variable_value_is_a_snapshot(backend):
    v = tf.Variable([1.0, 2.0])
    before = v.value()
    numpy_before = v.numpy()
    v.assign([5.0, 6.0])
    np.testing.assert_array_equal(before.numpy(), [1.0, 2.0])
    np.testing.assert_array_equal(numpy_before, [1.0, 2.0])


def test_variable_from_callable_and_dtype(backend):
    v = tf.Variable(lambda: tf.zeros([2]), trainable=False)
    assert v.shape == (2,) and not v.trainable
    assert tf.Variable(1).dtype == tf.int32
    assert tf.Variable(1, dtype=tf.float64).dtype == tf.float64
    with pytest.raises(ValueError, match='initial_value must be given'):
        tf.Variable()


# ---- TensorShape ---------------------------------------------------------------------------
def test_tensor_shape_helpers(backend):
    shape = tf.constant([[1, 2, 3]]).shape
    assert shape == (1, 3) and shape[1] == 3
    assert shape.rank == 2 and shape.ndims == 2
    assert shape.as_list() == [1, 3] and shape.num_elements() == 3
    assert shape.is_compatible_with([None, 3]) and not shape.is_compatible_with([3, 1])
    assert not shape.is_compatible_with([1, 3, 1])
    assert repr(shape) == 'TensorShape([1, 3])'
    assert tf.TensorShape([None, 3]).as_list() == [None, 3]
    assert tf.constant(1.0).shape.rank == 0 and tf.constant(1.0).shape.num_elements() == 1
    assert tf.constant([[1, 2, 3]]).get_shape() == (1, 3) and tf.constant([[1, 2, 3]]).ndim == 2


def test_tensor_shape_str_is_the_tuple(backend):
    assert str(tf.constant([[1, 2, 3]]).shape) == '(1, 3)'
    assert str(tf.constant([1, 2]).shape) == '(2,)'


# ---- constant and convert_to_tensor ---------------------------------------------------------
def test_constant_with_dtype_and_shape(backend):
    t = tf.constant([1, 2], dtype=tf.float32)
    assert t.dtype == tf.float32 and backend.holds(t)
    assert tf.constant([1, 2], dtype='float64').dtype == tf.float64
    filled = tf.constant(0.0, shape=(2, 3))
    assert filled.shape == (2, 3) and not filled.numpy().any()
    np.testing.assert_array_equal(tf.constant([1, 2, 3, 4], shape=(2, 2)).numpy(), [[1, 2], [3, 4]])
    # TF 2.21's words
    with pytest.raises(TypeError, match=r'Eager execution of tf.constant with unsupported shape. Tensor \[1 2 3\] '
                                        r'\(converted from \[1, 2, 3\]\) has 3 elements, but got `shape` \(2, 2\) '
                                        r'with 4 elements\)\.'):
        tf.constant([1, 2, 3], shape=(2, 2))
    with pytest.raises(TypeError, match='Cannot convert 1.5 to EagerTensor of dtype int32'):
        tf.constant(1.5, dtype=tf.int32)
    with pytest.raises(ValueError, match="non-rectangular"):
        tf.constant([[1, 2], [3]])
    with pytest.raises(TypeError, match=r'Attempt to convert a value \(None\)'):
        tf.constant(None)


def test_constant_copies_nothing_it_should_not_share(backend):
    source = np.array([1.0, 2.0], np.float32)
    v = tf.Variable(source)
    v.assign_add([1.0, 1.0])
    np.testing.assert_array_equal(source, [1.0, 2.0])        # a variable owns its buffer


def test_convert_to_tensor(backend):
    t = tf.constant(1.0)
    assert tf.convert_to_tensor(t) is t
    assert tf.convert_to_tensor(1, dtype=tf.float32).dtype == tf.float32
    assert tf.convert_to_tensor(1, dtype_hint=tf.float32).dtype == tf.float32
    assert tf.convert_to_tensor(np.array([1.0, 2.0]), dtype=tf.float32).dtype == tf.float32
    # TensorFlow's message, then our hint
    with pytest.raises(ValueError, match=r'^Tensor conversion requested dtype float64 for Tensor with dtype float32'):
        tf.convert_to_tensor(t, dtype=tf.float64)
    with pytest.raises(TypeError, match='Cannot convert 1.5 to EagerTensor of dtype int32'):
        tf.convert_to_tensor(1.5, dtype=tf.int32)
    assert tf.is_tensor(t) and tf.is_tensor(tf.Variable(1.0)) and not tf.is_tensor(1.0)


def test_numpy_interop_follows_tensorflow():
    # TensorFlow 2.21: ndarray * tensor is a (differentiable) Tensor; numpy functions give ndarrays.
    t = tf.constant([1.0, 2.0])
    assert isinstance(np.ones(2) * t, tf.Tensor) and (np.ones(2) * t).dtype == tf.float32
    assert isinstance(np.add(t, 1), np.ndarray) and isinstance(np.exp(t), np.ndarray)
    with tf.GradientTape() as g:
        g.watch(t)
        y = np.array([3.0, 4.0]) * t
    np.testing.assert_array_equal(g.gradient(y, t).numpy(), [3.0, 4.0])


def test_classes_answer_tensorflows_names_as_the_autodiff_guide_prints_them():
    # TF 2.21: type(tf.constant(1.)).__name__ == 'EagerTensor', type(tf.Variable(1.)).__name__ == 'ResourceVariable'
    assert type(tf.constant(1.0)).__name__ == 'EagerTensor'
    assert type(tf.Variable(1.0)).__name__ == 'ResourceVariable'
    import pickle
    assert pickle.loads(pickle.dumps(tf.constant([1.0, 2.0]))).numpy().tolist() == [1.0, 2.0]
