"""Bad arguments at public entry points raise TF 2.21 / Keras 3.15's class and text (errors21).

Each expected text below was printed by TF 2.21 (/work/notes/progs/errors21/d*.py, *_tf.json);
tapeflow's own explanation, where it has one, rides as a note and is not part of str(error).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError


# ---- initializers -----------------------------------------------------------------------------

@pytest.mark.parametrize('seed', ['a', 1.5])
def test_initializer_seed_text_names_no_class(seed):
    with pytest.raises(ValueError) as info:
        keras.initializers.GlorotUniform(seed=seed)
    assert str(info.value) == ('`seed` argument should be an instance of `keras.random.SeedGenerator()` or an '
                               'integer. Received: seed=%s' % seed)


def test_variance_scaling_lists_its_choices_as_keras_set():
    # Keras 3 formats a set, so the order follows string hashing; the words around it are fixed
    with pytest.raises(ValueError) as info:
        keras.initializers.VarianceScaling(mode='foo')
    text = str(info.value)
    assert text.startswith('Invalid `mode` argument: foo. Please use one of {')
    assert eval(text.split('one of ')[1]) == {'fan_in', 'fan_out', 'fan_avg'}
    with pytest.raises(ValueError) as info:
        keras.initializers.VarianceScaling(distribution='foo')
    text = str(info.value)
    assert text.startswith('Invalid `distribution` argument: foo.Please use one of {')
    assert eval(text.split('one of ')[1]) == {'uniform', 'truncated_normal', 'untruncated_normal'}


@pytest.mark.parametrize('cls', ['GlorotUniform', 'HeNormal', 'LecunUniform'])
def test_preset_initializer_unknown_keyword_names_the_class(cls):
    with pytest.raises(TypeError) as info:
        getattr(keras.initializers, cls)(foo=1)
    assert str(info.value) == "%s.__init__() got an unexpected keyword argument 'foo'" % cls


# ---- activations.get of a dict -----------------------------------------------------------------

@pytest.mark.parametrize('config, error, text', [
    ({'class_name': 'Nope', 'config': {}}, TypeError,
     "Could not locate class 'Nope'. Make sure custom classes and functions are decorated with "
     '`@keras.saving.register_keras_serializable()`. If they are already decorated, make sure they are all '
     "imported so that the decorator is run before trying to load them. Full object config: "
     "{'class_name': 'Nope', 'config': {}}"),
    ({'class_name': 'ReLU', 'config': {}}, TypeError, "Could not locate class 'ReLU'."),
    ({'class_name': 'Nope'}, ValueError, "Could not interpret activation function identifier: {'class_name': 'Nope'}"),
    ({}, ValueError, 'Could not interpret activation function identifier: {}'),
])
def test_activation_dict_naming_nothing_known(config, error, text):
    with pytest.raises(error) as info:
        keras.activations.get(config)
    assert str(info.value).startswith(text)


def test_activation_dict_of_a_builtin_still_works():
    assert keras.activations.get({'class_name': 'relu'}) is keras.activations.relu


# ---- fit / evaluate / predict step counts ------------------------------------------------------

def _model():
    keras.utils.set_random_seed(1)
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    m.compile('sgd', 'mse')
    return m


X, Y = np.ones((8, 3), 'float32'), np.ones((8, 2), 'float32')


@pytest.mark.parametrize('run, text', [
    (lambda m: m.fit(X, Y, verbose=0, steps_per_epoch='2'), "unsupported operand type(s) for /: 'int' and 'str'"),
    (lambda m: m.fit(X, Y, verbose=0, steps_per_epoch=[2]), "unsupported operand type(s) for /: 'int' and 'list'"),
    (lambda m: m.fit(X, Y, verbose=0, steps_per_epoch=1.5), "'float' object cannot be interpreted as an integer"),
    (lambda m: m.fit(X, Y, verbose=0, steps_per_epoch=2.0), "'float' object cannot be interpreted as an integer"),
    (lambda m: m.fit(X, Y, verbose=0, steps_per_epoch=np.float32(2)),
     "'numpy.float32' object cannot be interpreted as an integer"),
    (lambda m: m.fit(X, Y, verbose=0, steps_per_epoch=2j), 'must be real number, not complex'),
    (lambda m: m.fit(tf.data.Dataset.from_tensor_slices((X, Y)).batch(2), verbose=0, steps_per_epoch='2'),
     "'>' not supported between instances of 'str' and 'int'"),
    (lambda m: m.fit(((X, Y) for _ in range(3)), verbose=0, steps_per_epoch=[2]),
     "'>' not supported between instances of 'list' and 'int'"),
    (lambda m: m.evaluate(X, Y, verbose=0, steps='2'), "unsupported operand type(s) for /: 'int' and 'str'"),
    (lambda m: m.predict(tf.data.Dataset.from_tensor_slices(X).batch(2), verbose=0, steps=1.5),
     "'float' object cannot be interpreted as an integer"),
])
def test_step_counts_of_other_types_fail_in_keras_words(run, text):
    m = _model()
    before = [w.copy() for w in m.get_weights()]
    with pytest.raises(TypeError) as info:
        run(m)
    assert str(info.value) == text
    for w, b in zip(m.get_weights(), before):
        np.testing.assert_array_equal(w, b)


# ---- compile: a loss dict for a Sequential -----------------------------------------------------

@pytest.mark.parametrize('run', [lambda m: m.fit(X, Y, verbose=0), lambda m: m.evaluate(X, Y, verbose=0)])
def test_sequential_loss_dict_fails_as_keras(run):
    m = _model()
    m.compile('sgd', {'dense': 'mse'})
    before = m.get_weights()[0].copy()
    with pytest.raises(TypeError) as info:
        run(m)
    assert str(info.value) == "'NoneType' object is not iterable"
    np.testing.assert_array_equal(m.get_weights()[0], before)


# ---- variables -----------------------------------------------------------------------------------

def test_assign_a_variable_of_another_dtype():
    v, w = tf.Variable([1.0, 2.0]), tf.Variable([1, 2])
    with pytest.raises(ValueError) as info:
        v.assign(w)
    assert str(info.value) == ("Incompatible type conversion requested to type float32 for `tf.Variable of type "
                               "int32. (Variable: <tf.Variable 'Variable:0' shape=(2,) dtype=int32, "
                               "numpy=array([1, 2], dtype=int32)>)")
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])


def test_assign_to_a_variable_of_open_shape_prints_the_declared_shape():
    v = tf.Variable([[1.0, 2.0]], shape=(None, 2))
    with pytest.raises(ValueError) as info:
        v.assign([[1.0, 2.0, 3.0]])
    assert str(info.value) == ("Cannot assign value to variable ' Variable:0': Shape mismatch.The variable shape "
                               "(None, 2), and the assigned value shape (1, 3) are incompatible.")
    np.testing.assert_array_equal(v.numpy(), [[1.0, 2.0]])


def test_keras_variable_argument_texts():
    with pytest.raises(ValueError) as info:
        keras.Variable(1.0, name='a/b')
    assert str(info.value) == ('Argument `name` must be a string and cannot contain character `/`. '
                               'Received: name=a/b')
    with pytest.raises(ValueError) as info:
        keras.Variable(keras.initializers.Zeros())
    assert str(info.value).startswith('When creating a Variable from an initializer, the `shape` argument should '
                                      'be specified. Received: initializer=')
    assert str(info.value).endswith(' and shape=None')


_CPU = '/job:localhost/replica:0/task:0/device:CPU:0'


@pytest.mark.parametrize('method, index, kernel', [('scatter_update', 5, 'ResourceScatterUpdate'),
                                                   ('scatter_add', -1, 'ResourceScatterAdd')])
def test_scatter_out_of_range_is_the_kernel_text(method, index, kernel):
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    with pytest.raises(InvalidArgumentError) as info:
        getattr(v, method)(tf.IndexedSlices(tf.constant([[1.0, 1.0]]), tf.constant([index])))
    assert str(info.value) == ('{{function_node __wrapped__%s_device_%s}} indices[0] = %d is not in [0, 2) '
                               '[Op:%s] name: ' % (kernel, _CPU, index, kernel))
    np.testing.assert_array_equal(v.numpy(), [[1.0, 2.0], [3.0, 4.0]])


def test_scatter_of_int_rows_into_a_float_variable_is_refused():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    with pytest.raises(ValueError) as info:
        v.scatter_update(tf.IndexedSlices(tf.constant([[1, 1]]), tf.constant([0])))
    assert str(info.value) == ('Tensor conversion requested dtype float32 for Tensor with dtype int32: '
                               '<tf.Tensor: shape=(1, 2), dtype=int32, numpy=array([[1, 1]], dtype=int32)>')
    np.testing.assert_array_equal(v.numpy(), [[1.0, 2.0], [3.0, 4.0]])


# ---- load_weights of a missing .keras file ---------------------------------------------------------

def test_load_weights_of_a_missing_keras_file_is_zipfiles_error(tmp_path):
    # TF 2.21: FileNotFoundError "[Errno 2] No such file or directory: '<path>'" (load_model has its own words)
    m = _model()
    path = str(tmp_path / 'nope.keras')
    with pytest.raises(FileNotFoundError) as info:
        m.load_weights(path)
    assert str(info.value) == "[Errno 2] No such file or directory: '%s'" % path
    with pytest.raises(ValueError) as info:
        keras.models.load_model(path)
    assert str(info.value) == ('File not found: filepath=%s. Please ensure the file is an accessible `.keras` zip '
                               'file.' % path)


def test_model_has_no_history_before_fit():
    # TF 2.21: AttributeError "'Sequential' object has no attribute 'history'" (tapeflow read None)
    m = _model()
    with pytest.raises(AttributeError) as info:
        m.history
    assert str(info.value) == "'Sequential' object has no attribute 'history'"
    history = m.fit(X, Y, verbose=0)
    assert m.history is history


# ---- initializers called without a dtype follow floatx ------------------------------------------

@pytest.fixture
def float64_floatx():
    keras.backend.set_floatx('float64')
    yield
    keras.backend.set_floatx('float32')


@pytest.mark.parametrize('make', [keras.initializers.Zeros, keras.initializers.Ones, lambda: keras.initializers.Constant(2.0),
                                  keras.initializers.Identity, lambda: keras.initializers.GlorotUniform(seed=1),
                                  lambda: keras.initializers.Orthogonal(seed=1)])
def test_initializer_without_dtype_makes_floatx(make, float64_floatx):
    # TF 2.21 / Keras 3.15 under set_floatx('float64'): float64 (tapeflow made float32)
    assert make()((2, 2)).dtype == tf.float64


def test_float64_draws_are_keras_values(float64_floatx):
    # TF 2.21, keras.backend.set_floatx('float64'); GlorotUniform(seed=1)((2, 3))
    np.testing.assert_array_equal(keras.initializers.GlorotUniform(seed=1)((2, 3)).numpy(),
                                  [[-1.034306098448151, 0.662373829210888, -1.0394744720876754],
                                   [0.5330602705299929, -0.3045284540613369, -1.0876518628009755]])


@pytest.mark.parametrize('make, error, text', [
    (keras.initializers.Zeros, ValueError, 'Invalid dtype: float33'),
    (lambda: keras.initializers.Constant(1.0), ValueError, 'Invalid dtype: float33'),
    (lambda: keras.initializers.GlorotUniform(seed=1), TypeError,
     "Cannot convert the argument `type_value`: 'float33' to a TensorFlow DType."),
])
def test_initializer_dtype_that_is_none(make, error, text):
    with pytest.raises(error) as info:
        make()((2, 2), dtype='float33')
    assert str(info.value) == text


@pytest.mark.parametrize('x, axis, index', [(np.arange(4.0), 3, 3), (np.ones((2, 3)), -3, -1), (np.ones((2, 3)), 2, 2)])
def test_shuffle_axis_outside_is_strided_slice_error(x, axis, index):
    with pytest.raises(InvalidArgumentError) as info:
        keras.random.shuffle(x, axis=axis, seed=1)
    assert str(info.value) == ('{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/'
                               'device:CPU:0}} slice index %d of dimension 0 out of bounds. [Op:StridedSlice] '
                               'name: strided_slice/' % index)
