"""What user code may not do inside a tf.function's trace, with TensorFlow 2.21's errors.

tapeflow runs a traced function's Python on real tensors, so ``x.numpy()`` or a ``tf.Variable``
made in a later trace used to work silently. Golden texts measured with TF 2.21 / Keras 3.15
(/work/notes/progs/tffunc27/probe.py, probe2.py, probe3.py; tf*.txt hold TF's output): the
graph tensor is a SymbolicTensor without ``numpy`` (an AttributeError, in autograph's 'in user
code:' words for a tf.function or a Dataset.map function, bare in a Keras train_step, in Keras's
'Could not automatically infer' words while a Sequential builds); py_function's Python and
tensors captured from outside stay eager; variables follow tf.function's first-call rule.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

NO_NUMPY = "'SymbolicTensor' object has no attribute 'numpy'"
SINGLETON = ('tf.function only supports singleton tf.Variables created on the first call. Make sure the '
             'tf.Variable is only created once or created outside tf.function. See '
             'https://www.tensorflow.org/guide/function#creating_tfvariables for more information.')


def _user_code_text(function, line_text, error_line):
    """autograph's message for an error raised on the line reading ``line_text`` in ``function``."""
    import inspect
    lines, first = inspect.getsourcelines(function)
    number = first + next(i for i, text in enumerate(lines) if line_text in text)
    return ('in user code:\n\n    File "%s", line %d, in %s  *\n        %s\n\n    %s\n'
            % (__file__, number, function.__name__, line_text, error_line))


def _returns_numpy(x):
    return x.numpy()


def _numpy_of_an_op(x):
    y = tf.reduce_sum(x) * 2
    return y.numpy()


def _numpy_of_a_constant(x):
    k = tf.constant(3.0)
    return x + k.numpy()


@pytest.mark.parametrize('python_function, line_text', [
    (_returns_numpy, 'return x.numpy()'),
    (_numpy_of_an_op, 'return y.numpy()'),
    (_numpy_of_a_constant, 'return x + k.numpy()'),
])
def test_numpy_of_a_graph_tensor_in_a_tf_function_is_tensorflows_attribute_error(python_function, line_text):
    """TF 2.21: the argument, an op's output and a constant made in the trace are SymbolicTensors."""
    with pytest.raises(AttributeError) as raised:
        tf.function(python_function)(tf.constant([1.0, 2.0]))
    assert str(raised.value) == _user_code_text(python_function, line_text, 'AttributeError: ' + NO_NUMPY)


def test_numpy_of_a_captured_tensor_and_eager_numpy_still_work():
    """TF 2.21: a tensor captured from outside stays an EagerTensor ([2. 4.]); outside a trace numpy works."""
    captured = tf.constant([1.0, 2.0])
    result = tf.function(lambda x: x + captured.numpy())(tf.constant([1.0, 2.0]))
    assert result.numpy().tolist() == [2.0, 4.0]
    assert tf.constant([1.0, 2.0]).numpy().tolist() == [1.0, 2.0]


def test_a_py_function_runs_its_python_on_eager_tensors_inside_a_trace():
    """TF 2.21: tf.py_function(lambda t: t.numpy() * 2, ...) gives [2. 4.] in a tf.function and a Dataset.map."""
    doubled = tf.function(lambda x: tf.py_function(lambda t: t.numpy() * 2, [x], tf.float32))
    assert doubled(tf.constant([1.0, 2.0])).numpy().tolist() == [2.0, 4.0]
    dataset = tf.data.Dataset.from_tensor_slices([1.0, 2.0])
    mapped = dataset.map(lambda t: tf.py_function(lambda u: u.numpy() * 2, [t], tf.float32))
    assert [float(v) for v in mapped.as_numpy_iterator()] == [2.0, 4.0]


def test_numpy_in_a_dataset_map_function_is_tensorflows_attribute_error():
    """TF 2.21: 'in user code:' ... AttributeError: 'SymbolicTensor' object has no attribute 'numpy'.
    (TensorFlow raises it from map itself, which traces; tapeflow traces at the first element.)"""
    dataset = tf.data.Dataset.from_tensor_slices([1.0, 2.0])
    with pytest.raises(AttributeError) as raised:
        list(dataset.map(lambda t: t.numpy()))
    assert str(raised.value).startswith('in user code:\n\n')
    assert str(raised.value).endswith('    AttributeError: ' + NO_NUMPY + '\n')


class _StepReadsNumpy(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        x.numpy()
        return {}


def test_numpy_in_a_keras_train_step_is_tensorflows_bare_attribute_error():
    """TF 2.21 / Keras 3.15: fit raises AttributeError "'SymbolicTensor' object has no attribute 'numpy'"."""
    model = _StepReadsNumpy()
    model.compile('sgd', 'mse')
    with pytest.raises(AttributeError) as raised:
        model.fit(np.ones((4, 2)), np.ones((4, 1)), verbose=0)
    assert str(raised.value) == NO_NUMPY


class _CallReadsNumpy(keras.layers.Layer):
    def call(self, x):
        x.numpy()
        return x


def test_numpy_in_a_layer_call_while_a_sequential_builds_is_keras_inference_error():
    """Keras 3.15 on TF 2.21 builds the Sequential on a KerasTensor: its 'Could not automatically infer' text."""
    with pytest.raises(AttributeError) as raised:
        keras.Sequential([keras.Input((2,)), _CallReadsNumpy(), keras.layers.Dense(1)])
    text = str(raised.value)
    assert text.startswith('Exception encountered when calling _CallReadsNumpy.call().\n\n')
    assert "Could not automatically infer the output shape / dtype of '" in text
    assert 'Error encountered:\n\n' + NO_NUMPY + '\x1b[0m' in text


class _GuardedState:
    v = None

    @tf.function
    def add(self, x):
        if self.v is None:
            self.v = tf.Variable(1.0)
        return x + self.v


def test_a_variable_made_once_in_the_first_trace_is_allowed():
    """TF 2.21: 2.0, then [2. 3.] from the retrace on a new shape."""
    state = _GuardedState()
    assert float(state.add(tf.constant(1.0))) == 2.0
    assert state.add(tf.constant([1.0, 2.0])).numpy().tolist() == [2.0, 3.0]


def test_a_variable_made_in_a_later_trace_fails_then_is_refused_where_it_is_made():
    """TF 2.21: the first trace passes; the later one that makes a tf.Variable fails after the trace
    ('Creating variables on a non-first call ...', bare); the next call refuses the tf.Variable call
    itself with the singleton error in autograph's words."""
    made = []

    def grows(x):
        if x.shape[0] == 2:
            made.append(tf.Variable(3.0))
        return x * 2
    function = tf.function(grows)
    assert function(tf.constant([1.0])).numpy().tolist() == [2.0]
    with pytest.raises(ValueError) as raised:
        function(tf.constant([1.0, 2.0]))
    assert str(raised.value) == 'Creating variables on a non-first call to a function decorated with tf.function.'
    with pytest.raises(ValueError) as raised:
        function(tf.constant([1.0, 2.0]))
    assert str(raised.value) == _user_code_text(grows, 'made.append(tf.Variable(3.0))', 'ValueError: ' + SINGLETON)


def _if_on_a_float(x):
    if x:
        return x
    return -x


def _if_on_a_comparison(x):
    if x > 0:
        y = x
    else:
        y = -x
    return y


def _if_on_an_op(x):
    if tf.reduce_sum(x):
        return x
    return -x


@pytest.mark.parametrize('python_function, line_text, argument, tensor_text', [
    (_if_on_a_float, 'if x:', [1.0], 'Tensor("x:0", shape=(1,), dtype=float32); to use as boolean Tensor, use `tf.cast`'),
    (_if_on_a_float, 'if x:', 1.0, 'Tensor("x:0", shape=(), dtype=float32); to use as boolean Tensor, use `tf.cast`'),
    (_if_on_a_float, 'if x:', 3, 'Tensor("x:0", shape=(), dtype=int32); to use as boolean Tensor, use `tf.cast`'),
    (_if_on_a_comparison, 'if x > 0:', [3.0, 1.0], 'Tensor("Greater:0", shape=(2,), dtype=bool)'),
    (_if_on_an_op, 'if tf.reduce_sum(x):', 3.0,
     'Tensor("Sum:0", shape=(), dtype=float32); to use as boolean Tensor, use `tf.cast`'),
])
def test_an_if_on_no_boolean_scalar_is_autographs_value_error(python_function, line_text, argument, tensor_text):
    """TF 2.21 (probe.py, p6.py): 'condition of if statement expected to be `tf.bool` scalar, got ...'."""
    with pytest.raises(ValueError) as raised:
        tf.function(python_function)(tf.constant(argument))
    message = ('ValueError: condition of if statement expected to be `tf.bool` scalar, got %s; to check for None, '
               'use `is not None`' % tensor_text)
    assert str(raised.value) == _user_code_text(python_function, line_text, message)


def test_an_if_on_a_boolean_scalar_still_runs():
    """TF 2.21: 3.0 for x = 3.0 (the comparison is a tf.bool scalar)."""
    assert float(tf.function(_if_on_a_comparison)(tf.constant(3.0))) == 3.0


NO_EAGER = 'numpy() is only available when eager execution is enabled.'


def test_a_variables_numpy_in_a_trace_is_tensorflows_not_implemented_error():
    """TF 2.21 (p7.py): v.numpy() in a tf.function and in a Dataset.map function is NotImplementedError
    'numpy() is only available when eager execution is enabled.' in autograph's words; in a
    py_function's Python it is the value (3.0)."""
    v = tf.Variable(2.0)

    def adds_value(x):
        return x + v.numpy()
    with pytest.raises(NotImplementedError) as raised:
        tf.function(adds_value)(tf.constant([1.0, 2.0]))
    assert str(raised.value) == _user_code_text(adds_value, 'return x + v.numpy()', 'NotImplementedError: ' + NO_EAGER)
    with pytest.raises(NotImplementedError) as raised:
        list(tf.data.Dataset.from_tensor_slices([1.0, 2.0]).map(lambda t: t + v.numpy()))
    assert str(raised.value).endswith('    NotImplementedError: ' + NO_EAGER + '\n')
    eager = tf.function(lambda x: tf.py_function(lambda t: t + v.numpy(), [x], tf.float32))
    assert float(eager(tf.constant(1.0))) == 3.0
    assert float(v.numpy()) == 2.0


class _StepReadsKernel(_StepReadsNumpy):
    def train_step(self, data):
        self.dense.kernel.numpy()
        return {}


def test_a_keras_variables_numpy_in_a_train_step_is_tensorflows_bare_error():
    """TF 2.21 / Keras 3.15 (p7.py): fit raises NotImplementedError 'numpy() is only available when eager
    execution is enabled.'"""
    model = _StepReadsKernel()
    model.compile('sgd', 'mse')
    model(np.ones((1, 2)))
    with pytest.raises(NotImplementedError) as raised:
        model.fit(np.ones((4, 2)), np.ones((4, 1)), verbose=0)
    assert str(raised.value) == NO_EAGER
