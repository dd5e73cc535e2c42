"""Behaviour that TensorFlow's core guides print, pinned to TensorFlow 2.21's output.

Each expected literal was printed by TensorFlow 2.21 (CPU) running the same lines
with ``import tensorflow as tf``.
"""
import io

import numpy as np
import pytest

import framework as tf


def test_convert_to_tensor_of_a_variable_is_a_tensor_of_its_value():
    # 'Introduction to Variables': print(tf.convert_to_tensor(my_variable)) shows a tf.Tensor
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    t = tf.convert_to_tensor(v)
    assert type(t) is tf.Tensor
    assert str(t).endswith('[[1. 2.]\n [3. 4.]], shape=(2, 2), dtype=float32)')
    v.assign([[5.0, 6.0], [7.0, 8.0]])
    np.testing.assert_array_equal(t.numpy(), [[1.0, 2.0], [3.0, 4.0]])    # a snapshot, as TF's read
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.convert_to_tensor(v) ** 2)
    np.testing.assert_array_equal(tape.gradient(y, v).numpy(), [[10.0, 12.0], [14.0, 16.0]])   # 2 * v


def test_name_scope_prefixes_variable_names():
    # TF eager: scopes are not made unique; a trailing '/' is absolute; '' is the root
    with tf.name_scope('outer'):
        assert tf.Variable(1.0).name == 'outer/Variable:0'
        with tf.name_scope('in') as scope:
            assert scope == 'outer/in/'
            assert tf.Variable(1.0, name='a').name == 'outer/in/a:0'
        with tf.name_scope(''):
            assert tf.Variable(1.0).name == 'Variable:0'
    with tf.name_scope('outer/'):
        assert tf.Variable(1.0).name == 'outer/Variable:0'
    assert tf.Variable(1.0, name='x').name == 'x:0'
    with pytest.raises(ValueError, match='name_scope'):
        tf.name_scope(None)


def test_module_name_scope_and_with_name_scope():
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            with self.name_scope:
                self.v = tf.Variable(1.0, name='v')

        @tf.Module.with_name_scope
        def __call__(self, x):
            return tf.Variable(x, name='w')

    m = M()
    assert (m.v.name, m(2.0).name, m.name_scope.name) == ('m/v:0', 'm/w:0', 'm/')
    with tf.name_scope('o'):
        nested = M()
    assert (nested.v.name, nested.name, nested.name_scope.name) == ('o/m/v:0', 'm', 'o/m/')


def test_keras_weights_ignore_name_scope():
    from framework import keras
    with tf.name_scope('outer'):
        layer = keras.layers.Dense(2, name='d')
        layer.build((None, 3))
    assert (layer.kernel.name, layer.kernel.path) == ('kernel', 'd/kernel')


def _printed(*values, **kwargs):
    stream = io.StringIO()
    import sys
    old, sys.stderr = sys.stderr, stream
    try:
        tf.print(*values, **kwargs)
    finally:
        sys.stderr = old
    return stream.getvalue()


@pytest.mark.parametrize('values, expected', [
    ((tf.constant([[1.5, 2.0], [3.25, -4.0]]),), '[[1.5 2]\n [3.25 -4]]\n'),
    ((tf.range(20),), '[0 1 2 ... 17 18 19]\n'),
    ((tf.constant(True), tf.constant([True, False])), '1 [1 0]\n'),
    ((tf.constant([0.5, 1e-9, 123456789.0, 1.0 / 3, 100.0, 1e6, 1e-4, 1e-5]),),
     '[0.5 1e-09 123456792 ... 1e+06 0.0001 1e-05]\n'),
    ((tf.constant([0.1, 2 / 3], dtype=tf.float64),), '[0.1 0.66666666666666663]\n'),
    ((tf.constant(-0.0), tf.constant(1e20), tf.constant(12345.678), tf.constant(0.0001234)),
     '-0 1e+20 12345.6777 0.0001234\n'),
    ((tf.zeros([7, 2]),), '[[0 0]\n [0 0]\n [0 0]\n ...\n [0 0]\n [0 0]\n [0 0]]\n'),
    ((tf.zeros([2, 1, 2]),), '[[[0 0]]\n\n [[0 0]]]\n'),
    (('x', 1.5, [1, 2], {'a': tf.constant(1)}, (tf.constant(2.0),)), "x 1.5 [1, 2] {'a': 1} (2,)\n"),
    ((tf.Variable(2.0), np.float32(2.5), tf.constant(['a', 'bc'])), '2 np.float32(2.5) ["a" "bc"]\n'),
])
def test_tf_print_format(values, expected):
    assert _printed(*values) == expected


def test_tf_print_summarize():
    assert _printed(tf.range(10), summarize=-1) == '[0 1 2 3 4 5 6 7 8 9]\n'
    assert _printed(tf.range(10), summarize=2) == '[0 1 ... 8 9]\n'
    assert _printed('a', 'b', sep=',', end='!\n') == 'a,b!\n'


@pytest.mark.parametrize('make, also', [
    (lambda: tf.reshape(tf.range(30), [7, -1]), ValueError),
    (lambda: tf.matmul(tf.ones((2, 3)), tf.ones((2, 3))), ValueError),
    (lambda: tf.constant([1, 2]) + tf.constant([1, 2, 3]), ValueError),
    (lambda: tf.constant(1) + tf.constant(1.0), TypeError),
    (lambda: tf.gather(tf.constant([1, 2]), 5), IndexError),
    (lambda: tf.constant([1, 2])[5], IndexError),
    (lambda: tf.equal(tf.constant([1, 2]), tf.constant([1, 2, 3])), ValueError),
])
def test_invalid_argument_errors(make, also):
    # TF 2.21 raises InvalidArgumentError (an OpError) for each; tapeflow's stays a `also` too
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        make()
    assert type(info.value).__name__ == 'InvalidArgumentError'
    assert isinstance(info.value, (tf.errors.OpError, also))
    assert info.value.error_code == tf.errors.INVALID_ARGUMENT == 3


def test_op_error_constructed_as_in_tensorflow():
    e = tf.errors.NotFoundError(None, None, 'no such file')
    assert (str(e), e.message, e.op, e.error_code) == ('no such file', 'no such file', None, 5)
    assert issubclass(tf.errors.OutOfRangeError, tf.errors.OpError)


def test_tf_optimizers_and_initializers_alias_keras():
    # TF 2.21: tf.optimizers.SGD is keras.optimizers.SGD, tf.initializers likewise
    from framework import keras
    assert tf.optimizers.SGD is keras.optimizers.SGD
    assert tf.initializers.GlorotUniform is keras.initializers.GlorotUniform
    with pytest.raises(AttributeError, match='no_such_module'):
        tf.no_such_module


def test_string_tensors_hold_utf8_bytes_and_print_as_tensorflow():
    # 'Introduction to tensors', string section (TF 2.21 output)
    assert str(tf.constant('Gray wolf')).endswith("(b'Gray wolf', shape=(), dtype=string)")
    words = tf.constant(['Gray wolf', 'Quick brown fox', 'Lazy dog'])
    assert str(words).endswith("([b'Gray wolf' b'Quick brown fox' b'Lazy dog'], shape=(3,), dtype=string)")
    assert str(tf.constant('🥳👍')).endswith(r"(b'\xf0\x9f\xa5\xb3\xf0\x9f\x91\x8d', shape=(), dtype=string)")
    assert repr(words[0]).endswith(": shape=(), dtype=string, numpy=b'Gray wolf'>")
    assert words.numpy().tolist() == [b'Gray wolf', b'Quick brown fox', b'Lazy dog']
    np.testing.assert_array_equal((tf.constant(['a', 'b']) == tf.constant(['a', 'c'])).numpy(), [True, False])
    np.testing.assert_array_equal(tf.not_equal(tf.constant(['a', 'b']), 'a').numpy(), [False, True])
    with pytest.raises(tf.errors.InvalidArgumentError, match='equal'):
        tf.equal(tf.constant(['a', 'b']), tf.constant(['a', 'b', 'c']))


def test_slice_and_strided_slice_as_in_the_tensor_slicing_guide():
    # values printed by TF 2.21 for the same calls
    t1 = tf.constant([0, 1, 2, 3, 4, 5, 6, 7])
    t3 = tf.constant([[[1, 3, 5, 7], [9, 11, 13, 15]], [[17, 19, 21, 23], [25, 27, 29, 31]]])
    assert tf.slice(t1, begin=[1], size=[3]).numpy().tolist() == [1, 2, 3]
    assert tf.slice(t1, [2], [-1]).numpy().tolist() == [2, 3, 4, 5, 6, 7]
    assert tf.slice(t3, begin=[1, 1, 0], size=[1, 1, 2]).numpy().tolist() == [[[25, 27]]]
    assert tf.strided_slice(t1, [1], [7], [2]).numpy().tolist() == [1, 3, 5]
    assert tf.strided_slice(t1, [-1], [0], [-1]).numpy().tolist() == [7, 6, 5, 4, 3, 2, 1]
    assert tf.strided_slice(t1, [0], [3], end_mask=1).numpy().tolist() == list(range(8))
    assert tf.strided_slice(t3, [0, 1], [2, 2], shrink_axis_mask=2).numpy().tolist() == [[9, 11, 13, 15],
                                                                                         [25, 27, 29, 31]]
    assert tf.strided_slice(t3, [0, 0], [1, 1], ellipsis_mask=1).shape == (2, 2, 1)
    assert tf.strided_slice(t3, [0, 0], [1, 1], new_axis_mask=1).shape == (1, 1, 2, 4)
    with pytest.raises(tf.errors.InvalidArgumentError, match='slice: begin'):
        tf.slice(t1, [5], [4])
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.slice(x, [1], [2]) * 2.0)
    assert tape.gradient(y, x).numpy().tolist() == [0.0, 2.0, 2.0]


def test_linalg_solve_and_its_gradients():
    # 'Advanced automatic differentiation' (Newton step) uses tf.linalg.solve; TF 2.21 values
    a = tf.constant([[3.0, 1.0], [0.5, 2.0]])
    b = tf.constant([[9.0, 1.0], [8.0, 2.0]])
    np.testing.assert_allclose(tf.linalg.solve(tf.constant([[3.0, 1.0], [1.0, 2.0]]), tf.constant([[9.0], [8.0]])).numpy(),
                               [[2.0], [3.0]], rtol=1e-6)
    weights = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    for adjoint, grad_a, grad_b in [
            (False, [[-0.16529, -0.68595], [-2.64463, -6.97521]], [[0.09091, 0.36364], [1.45455, 1.81818]]),
            (True, [[0.46281, -4.29752], [0.49587, -6.03306]], [[-0.18182, 0.0], [1.54545, 2.0]])]:
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(a)
            tape.watch(b)
            y = tf.reduce_sum(tf.linalg.solve(a, b, adjoint=adjoint) * weights)
        np.testing.assert_allclose(tape.gradient(y, a).numpy(), grad_a, atol=1e-4)
        np.testing.assert_allclose(tape.gradient(y, b).numpy(), grad_b, atol=1e-4)
    with pytest.raises(ValueError, match='solve'):
        tf.linalg.solve(a, tf.ones([3, 1]))
