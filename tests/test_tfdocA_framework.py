"""TensorFlow 2.21's own docstring examples (framework/, util/nest.py, module/, ops/script_ops.py) that tapeflow
printed differently. Golden values printed by TF 2.21 (/opt/tfref) running the same calls."""
import collections

import numpy as np
import pytest

import framework as tf

# These tests read the NoneGradientWarning explanations, off by default (TensorFlow is silent there)
pytestmark = pytest.mark.usefixtures('explained_nones')


def test_constant_of_a_tensor_is_that_tensor_and_gradients_flow():
    # TF 2.21: tf.constant(t) is t (same dtype and shape); the constant docstring's gradient is [2.]
    t = tf.constant([1., 2.])
    assert tf.constant(t) is t and tf.constant(t, dtype=tf.float32) is t and tf.constant(t, shape=[2]) is t
    assert tf.constant(t, shape=[2, 1]) is not t
    v = tf.Variable([0.0])
    with tf.GradientTape() as g:
        loss = tf.constant(v + v)
    assert g.gradient(loss, v).numpy().tolist() == [2.]
    with tf.GradientTape() as g:      # a variable's constant is a new tensor: TF gives None
        loss = tf.constant(v)
    with pytest.warns(tf.tape.NoneGradientWarning):
        assert g.gradient(loss, v) is None


def test_constant_with_a_shape_it_cannot_take_says_tensorflows_words():
    # TF 2.21: the init_ops_v2 Constant docstring
    with pytest.raises(TypeError) as caught:
        tf.constant([0, 1, 2, 3, 4, 5, 6, 7], shape=(3, 4), dtype=tf.float32)
    assert str(caught.value) == ('Eager execution of tf.constant with unsupported shape. Tensor [0. 1. 2. 3. 4. 5. 6. '
                                 '7.] (converted from [0, 1, 2, 3, 4, 5, 6, 7]) has 8 elements, but got `shape` (3, 4) '
                                 'with 12 elements).')


def test_nest_walks_dict_views_as_lists():
    # TF 2.21: is_nested of keys() / values() / items() is True; they flatten in the view's order and pack as lists
    d = {'b': 1, 'a': 2}
    assert tf.nest.is_nested(d.keys()) and tf.nest.is_nested(d.values()) and tf.nest.is_nested(d.items())
    assert tf.nest.flatten(d.keys()) == ['b', 'a'] and tf.nest.flatten(d.items()) == ['b', 1, 'a', 2]
    assert tf.nest.map_structure(lambda x: x, d.values()) == [1, 2]
    assert tf.nest.pack_sequence_as(d.items(), [1, 2, 3, 4]) == [(1, 2), (3, 4)]
    tf.nest.assert_same_structure(d.keys(), [1, 2], check_types=False)


def test_assert_same_structure_without_check_types_compares_only_nesting():
    # TF 2.21: the assert_same_structure docstring; a namedtuple against a dict of as many values passes
    tf.nest.assert_same_structure(collections.namedtuple('bar', 'a b')(1, 2), {'a': 1, 'b': 2}, check_types=False)
    with pytest.raises(TypeError):
        tf.nest.assert_same_structure(collections.namedtuple('bar', 'a b')(1, 2), {'a': 1, 'b': 2})


def test_as_dtype_takes_c_type_names():
    # TF 2.21: tf.as_dtype('float') -> tf.float32 ('double' float64, 'half' float16)
    assert tf.as_dtype('float') == tf.float32 and tf.as_dtype('double') == tf.float64
    assert tf.as_dtype('half') == tf.float16
    with pytest.raises(TypeError):
        tf.as_dtype('floatx')
    from framework import keras      # Keras 3 keeps refusing it (its ALLOWED_DTYPES): 'Invalid dtype: float'
    with pytest.raises(ValueError, match='^Invalid dtype: float'):
        keras.backend.standardize_dtype('float')
    assert tf.cast(tf.constant([1]), 'double').dtype == tf.float64


def test_tensor_spec_from_spec():
    # TF 2.21: TensorSpec(shape=(8, 3), dtype=tf.int32, name='NewName')
    spec = tf.TensorSpec(shape=[8, 3], dtype=tf.int32, name='OriginalName')
    assert repr(tf.TensorSpec.from_spec(spec, 'NewName')) == "TensorSpec(shape=(8, 3), dtype=tf.int32, name='NewName')"
    assert tf.TensorSpec.from_spec(spec).name == 'OriginalName'


def test_sparse_tensor_set_shape_checks_compatibility():
    # TF 2.21: ValueError: Shapes (3, 4) and (1, 4) are not compatible
    st = tf.SparseTensor(indices=[[0, 0], [2, 1]], values=[1, 2], dense_shape=[3, 4])
    st.set_shape([3, 4])
    st.set_shape([3, None])
    with pytest.raises(ValueError, match=r'^Shapes \(3, 4\) and \(1, 4\) are not compatible$'):
        st.set_shape([1, 4])


@pytest.mark.parametrize('cls, want', [('MLP', 'mlp'), ('HTTPServer', 'http_server'), ('Dense2D', 'dense2_d'),
                                       ('MyModule', 'my_module'), ('ABCdef', 'ab_cdef')])
def test_module_names_follow_tensorflows_camel_to_snake(cls, want):
    # TF 2.21: tensorflow.python.module.module.camel_to_snake
    module = type(cls, (tf.Module,), {})()
    assert module.name == want


def test_py_function_as_a_decorator():
    # TF 2.21: the eager_py_func docstring; the decorated function runs its Python at every tf.function call
    @tf.py_function(Tout=tf.float32)
    def py_log_huber(x, m):
        print('Running with eager execution.')
        return x ** 2 if tf.abs(x) <= m else m ** 2 * (1 - 2 * tf.math.log(m) + tf.math.log(x ** 2))

    assert py_log_huber.__name__ == 'py_log_huber'
    x = tf.constant(1.0)
    assert py_log_huber(x, tf.constant(2.0)).numpy() == 1.0

    @tf.function
    def wrapper(x):
        print('Tracing.')
        return py_log_huber(x, tf.constant(2.0))
    import io
    import contextlib
    for want in ('Tracing.\nRunning with eager execution.\n', 'Running with eager execution.\n'):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert wrapper(x).numpy() == 1.0
        assert out.getvalue() == want
    with tf.GradientTape() as t:
        t.watch(x)
        y = wrapper(x)
    assert t.gradient(y, x).numpy() == 2.0


@pytest.mark.parametrize('call, text', [
    (lambda: tf.py_function(lambda: None, [], None), "Missing required argument: 'Tout'"),
    (lambda: tf.py_function(lambda: 1., None, tf.float32), 'Missing argument `inp`'),
    (lambda: tf.py_function(Tout=tf.float32, inp=[1.]), "Don't set the `inp` argument when using tf.py_function as "
                                                         'a decorator'),
    (lambda: tf.numpy_function(lambda x: x, [1.], None), 'If using tf.numpy_function as a decorator, set `Tout`'),
])
def test_script_ops_argument_errors(call, text):
    with pytest.raises(TypeError) as caught:
        call()
    assert text in str(caught.value)


def test_numpy_function_runs_eagerly_as_tensorflow():
    # TF 2.21 (eager): func gets np.array of each input (1.0 is float64), its results are converted as they are
    @tf.numpy_function(Tout=tf.float32)
    def sinh(x):
        return np.sinh(x)
    assert sinh(1.0).numpy() == np.float64(1.1752011936438014) and sinh(1.0).dtype == tf.float64
    assert sinh(tf.constant(1.)).dtype == tf.float32
    pair = tf.numpy_function(lambda a: [a, a], [1], tf.float32)
    assert [p.dtype for p in pair] == [tf.int64, tf.int64]
    assert tf.numpy_function(lambda a: 3, [1], tf.int64).dtype == tf.int32
    # in a tf.function's graph Tout converts: int64
    assert tf.function(lambda v: tf.numpy_function(lambda a: 3, [v], tf.int64))(1).dtype == tf.int64


def test_compat_v1_py_func():
    # TF 2.21: the py_func_common docstring
    def fn_using_numpy(x):
        x[x < 0] = 0.
        return x
    out = tf.compat.v1.py_func(fn_using_numpy, inp=[tf.constant([1., -2.])], Tout=tf.float32, stateful=False)
    assert out.numpy().tolist() == [1., 0.]
    with pytest.raises(TypeError, match='Missing required positional argument'):
        tf.compat.v1.py_func(Tout=tf.float32)


def test_a_py_functions_python_runs_eagerly_inside_a_tf_function():
    # TF 2.21: the numpy_function docstring: a decorated numpy_function called from the numpy_function of a
    # tf.function runs eagerly there, so it gets np.array(x): a 0-d array, where the graph op hands a scalar
    seen = []

    @tf.numpy_function(Tout=tf.float32)
    def my_numpy_func(x):
        seen.append(x)
        return np.sinh(x)

    @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
    def tf_function(value):
        return tf.numpy_function(my_numpy_func, [value], tf.float32)
    assert tf_function(tf.constant(1.)).numpy() == np.float32(1.1752012)
    assert type(seen[-1]) is np.ndarray and seen[-1].dtype == np.float32 and seen[-1].ndim == 0
    eager = []
    tf.function(lambda v: tf.py_function(lambda a: eager.append(tf.executing_eagerly()) or a, [v], tf.float32))(1.)
    assert eager == [True]
