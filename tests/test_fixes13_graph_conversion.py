"""Values that cannot become tensors inside a tf.function raise TensorFlow's graph conversion errors.

Eagerly TF 2.21 refuses a dict, None or a mixed list in C++ (ValueError 'Attempt to convert a value ...');
in a traced function the value goes to make_tensor_proto, whose TypeError / ValueError differ in class and
words. Expected texts are TF 2.21's, printed by the same programs under tensorflow-cpu 2.21 + Keras 3
(tf.function over tf.cast / tf.convert_to_tensor / tf.constant / tf.add; grid12's case 13 for the fit).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

FAILED = ('Failed to convert elements of %s to Tensor. Consider casting elements to a supported type. '
          'See https://www.tensorflow.org/api_docs/python/tf/dtypes for supported TF dtypes.')


def _graph_error(make, convert):
    @tf.function
    def step():
        return convert(make())
    with pytest.raises(Exception) as info:
        step()
    return info.value


def _last_line(error):
    return str(error).strip().splitlines()[-1].strip()


@pytest.mark.parametrize('convert', [lambda v: tf.cast(v, tf.float32), tf.convert_to_tensor,
                                     lambda v: tf.add(v, 1.0), tf.reduce_sum])
@pytest.mark.parametrize('make, kind, text', [
    (lambda: {'a': tf.constant([1.0, 2.0])}, TypeError,
     'TypeError: Expected any non-tensor type, but got a tensor instead.'),
    (lambda: [{'a': tf.constant(1.0)}], TypeError,
     'TypeError: Expected any non-tensor type, but got a tensor instead.'),
    (lambda: {'a': 1.0, 'b': 2.0}, TypeError, 'TypeError: ' + FAILED % "{'a': 1.0, 'b': 2.0}"),
    (lambda: {1, 2}, TypeError, 'TypeError: ' + FAILED % '{1, 2}'),
    (lambda: [{'a': 1.0}], TypeError, 'TypeError: ' + FAILED % "[{'a': 1.0}]"),
    (lambda: [1, 'a'], TypeError, 'TypeError: ' + FAILED % "[1, 'a']"),
    (lambda: [1.0, None], TypeError, 'TypeError: ' + FAILED % '[1.0, None]'),
    (lambda: None, ValueError, 'ValueError: None values not supported.'),
])
def test_graph_conversion_refusals_are_make_tensor_proto_errors(make, kind, text, convert):
    error = _graph_error(make, convert)
    assert type(error) is kind
    assert type(error).__name__ == kind.__name__
    assert _last_line(error) == text


def test_graph_conversion_to_a_dtype_checks_the_leaves_then_asks_numpy():
    error = _graph_error(lambda: object(), lambda v: tf.convert_to_tensor(v, dtype=tf.float32))
    assert type(error) is TypeError
    assert _last_line(error).startswith('TypeError: Expected float32, but got <object object at ')
    assert _last_line(error).endswith(" of type 'object'.")
    error = _graph_error(lambda: {'a': 1.0}, lambda v: tf.constant(v, dtype=tf.float32))
    assert type(error) is TypeError
    assert _last_line(error) == "TypeError: float() argument must be a string or a real number, not 'dict'"
    error = _graph_error(lambda: {'a': 1}, lambda v: tf.constant(v, dtype=tf.int32))
    assert _last_line(error) == ("TypeError: int() argument must be a string, a bytes-like object or a real "
                                 "number, not 'dict'")
    error = _graph_error(lambda: {'a': tf.constant(1.0)}, lambda v: tf.constant(v, dtype=tf.float32))
    assert type(error) is TypeError     # TF words the tensor as its graph tensor: 'Tensor("Const:0", ...)'
    assert _last_line(error).startswith('TypeError: Expected float32, but got ')
    assert _last_line(error).endswith(" of type 'SymbolicTensor'.")


def test_graph_conversion_of_ragged_and_huge_lists():
    error = _graph_error(lambda: [[1.0], [1.0, 2.0]], tf.convert_to_tensor)
    assert type(error) is ValueError        # numpy's own words, as make_tensor_proto lets them through
    assert _last_line(error) == ('ValueError: setting an array element with a sequence. The requested array '
                                 'has an inhomogeneous shape after 1 dimensions. The detected shape was (2,) '
                                 '+ inhomogeneous part.')
    error = _graph_error(lambda: [2 ** 70], tf.constant)
    assert type(error) is TypeError
    assert _last_line(error) == 'TypeError: ' + FAILED % '[1180591620717411303424]'


def test_graph_error_message_is_tensorflows_in_user_code_text():
    @tf.function
    def step(x):
        return tf.cast({'a': x}, tf.float32)
    with pytest.raises(TypeError) as info:
        step(tf.constant(1.0))
    text = str(info.value)
    assert text.startswith('in user code:\n\n')
    assert text.endswith('\n\n    TypeError: Expected any non-tensor type, but got a tensor instead.\n')


@pytest.mark.parametrize('make, text', [
    (lambda: {'a': tf.constant([1.0, 2.0])}, "Attempt to convert a value ({'a': <tf.Tensor: shape=(2,), "
     "dtype=float32, numpy=array([1., 2.], dtype=float32)>}) with an unsupported type (<class 'dict'>) to a Tensor."),
    (lambda: None, "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    (lambda: [1, 'a'], "Can't convert Python sequence with mixed types to Tensor."),
    (lambda: [1.0, None], "Can't convert Python sequence with mixed types to Tensor."),
    (lambda: [1.0, {'a': 1}], "Can't convert Python sequence with mixed types to Tensor."),
    # the list's first element decides: TF names it as the unsupported value
    (lambda: [{'a': 1}, 1.0], "Attempt to convert a value ({'a': 1}) with an unsupported type (<class 'dict'>) "
     "to a Tensor."),
    (lambda: [{'a': 1.0}], "Attempt to convert a value ({'a': 1.0}) with an unsupported type (<class 'dict'>) "
     "to a Tensor."),
    (lambda: [None, 1.0], "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
     "to a Tensor."),
    (lambda: [{1}], "Attempt to convert a value ({1}) with an unsupported type (<class 'set'>) to a Tensor."),
    (lambda: [slice(1)], "Attempt to convert a value (slice(None, 1, None)) with an unsupported type "
     "(<class 'slice'>) to a Tensor."),
])
def test_eager_conversion_refusals_stay_value_errors(make, text):
    for dtype in (None, tf.float32):
        with pytest.raises(ValueError) as info:
            tf.convert_to_tensor(make(), dtype=dtype)
        assert type(info.value).__name__ == 'ValueError'
        assert str(info.value) == text


class DictModel(keras.Model):
    """keras.io's 'customizing fit' loop, updating every metric with the dict of outputs."""

    def __init__(self):
        super().__init__()
        self.reg = keras.layers.Dense(1)
        self.cls = keras.layers.Dense(3, activation='softmax')

    def call(self, x):
        return {'reg': self.reg(x), 'cls': self.cls(x)}

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=y_pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        for metric in self.metrics:
            if metric.name == 'loss':
                metric.update_state(loss)
            else:
                metric.update_state(y, y_pred)      # a per-output loss tracker gets dicts
        return {m.name: m.result() for m in self.metrics}


@pytest.mark.parametrize('run_eagerly, kind, text', [
    (False, TypeError, 'Expected any non-tensor type, but got a tensor instead.'),
    (True, ValueError, "Attempt to convert a value ({'reg': <tf.Tensor: shape=(8, 1), dtype=float32, numpy="),
])
def test_custom_train_step_updating_a_loss_tracker_with_dicts(run_eagerly, kind, text):
    rng = np.random.RandomState(0)
    x = rng.rand(16, 4).astype('float32')
    y = {'reg': rng.rand(16, 1).astype('float32'), 'cls': np.eye(3, dtype='float32')[rng.randint(0, 3, 16)]}
    model = DictModel()
    model.compile(optimizer='adam', loss={'reg': 'mse', 'cls': 'categorical_crossentropy'},
                  metrics={'reg': ['mae'], 'cls': ['accuracy']}, run_eagerly=run_eagerly)
    with pytest.raises(kind) as info:
        model.fit(x, y, batch_size=8, epochs=1, verbose=0)
    keras.backend.clear_session()
    assert type(info.value).__name__ == kind.__name__
    assert str(info.value).startswith(text)
    assert str(info.value).endswith("with an unsupported type (<class 'dict'>) to a Tensor." if run_eagerly else text)


@pytest.mark.parametrize('value, text', [
    # TF 2.21 (tf.constant, dtype None and float32 alike): its converter takes the shape from the first
    # elements; a list where a number belongs is 'mixed types', a number or another length where a list
    # belongs 'non-rectangular'
    ([1.0, [1.0]], 'mixed types'),
    ([[1.0], [[1.0]]], 'mixed types'),
    ([1, [1, 2]], 'mixed types'),
    ([1.0, (1.0,)], 'mixed types'),
    ([[1.0], 'a'], 'mixed types'),
    (['a', [1.0]], 'mixed types'),
    (('a', ['b']), 'mixed types'),
    ([[1.0], 1.0], 'non-rectangular'),
    ([[1.0], [1.0, 2.0]], 'non-rectangular'),
    ([[1.0, 2.0], [1.0]], 'non-rectangular'),
    ([[[1.0]], [1.0]], 'non-rectangular'),
    ([[1, 2], 3], 'non-rectangular'),
    ([[1.0], []], 'non-rectangular'),
    ([[1.0], [1.0, [2.0]]], 'non-rectangular'),
])
def test_eager_ragged_list_words_follow_tfs_walk(value, text):
    want = ("Can't convert Python sequence with mixed types to Tensor." if text == 'mixed types'
            else "Can't convert non-rectangular Python sequence to Tensor.")
    for dtype in (None, tf.float32):
        with pytest.raises(ValueError) as info:
            tf.constant(value, dtype=dtype)
        assert str(info.value) == want


@pytest.mark.parametrize('value, dtype, mode, want', [
    # TF 2.21 (tf.constant eagerly and in a tf.function): a list led by a bool is 'mixed types' eagerly
    # unless the dtype's fast path fills it; a graph constant is numpy's array of it
    ([True, 2], None, 'graph', ('int32', [1, 2])),
    ([True, 2.5], None, 'graph', ('float32', [1.0, 2.5])),
    ([[True], [3]], None, 'graph', ('int32', [[1], [3]])),
    ((True, 2), 'uint8', 'graph', ('uint8', [1, 2])),
    ([True, -1], 'uint8', 'graph', ('uint8', [1, 255])),
    ([True, 2 ** 40], None, 'graph', ('int64', [1, 2 ** 40])),
    ([True, 2], 'bool', 'graph', (TypeError, "Expected bool, but got 2 of type 'int'.")),
    ([True, 2.5], 'int32', 'graph', (TypeError, "Expected int32, but got 2.5 of type 'float'.")),
    ([True, 2.5], 'uint8', 'graph', (TypeError, "Expected uint8, but got 2.5 of type 'float'.")),
    ([True, 2], None, 'eager', (ValueError, "Can't convert Python sequence with mixed types to Tensor.")),
    ([True, 2], 'int32', 'eager', ('int32', [1, 2])),
    ([True, 2.5], 'int32', 'eager', (ValueError, "Can't convert Python sequence with mixed types to Tensor.")),
    ([True, 2.5], 'int64', 'eager', (ValueError, "Can't convert Python sequence with mixed types to Tensor.")),
    ([True, 2 ** 40], 'int32', 'eager', (ValueError, "Can't convert Python sequence with mixed types to Tensor.")),
    ([True, 2 ** 40], 'int64', 'eager', ('int64', [1, 2 ** 40])),
    ([True, 2.5], 'float32', 'eager', ('float32', [1.0, 2.5])),
])
def test_bool_led_lists_eagerly_and_as_graph_constants(value, dtype, mode, want):
    def make():
        return tf.constant(value, dtype=dtype)
    run = tf.function(make) if mode == 'graph' else make
    if isinstance(want[0], str):
        result = run()
        assert result.dtype.name == want[0]
        assert result.numpy().tolist() == want[1]
        return
    with pytest.raises(want[0]) as info:
        run()
    assert type(info.value) is want[0] or type(info.value).__name__ == want[0].__name__
    assert _last_line(info.value).endswith(want[1])
