"""tensor.name read in a tf.function / Keras step that TF 2.21 replays from its graph.

TF runs the Python once and replays the graph: a ``tf.print(y.name)`` prints the traced name at every
call. tapeflow runs the Python again on each call; its reads of ``.name`` there raised
AttributeError "'...EagerTensor' object has no attribute 'name'" before (framework/replayed_tensor_names.py).
Expected lines printed by TF 2.21 running the same programs (notes/progs/tutorials51/cfit1.py, /tmp/t51_name4.py,
/tmp/t51_name5.py).
"""
import sys

import numpy as np
import pytest

import framework as tf
from framework import keras


def test_tf_function_replays_its_traced_names(capsys):
    @tf.function
    def f(x):
        y = x * 2.0
        z = tf.square(y)
        names = [t.name for t in (x, y, z)]
        tf.print("names", names, y.name, output_stream=sys.stdout)
        return z

    for value in ([1.0], [2.0], [3.0], [1.0, 2.0], [5.0]):
        f(tf.constant(value))
    # TF 2.21: one line per call (two traces: the [1., 2.] call retraces)
    assert capsys.readouterr().out.splitlines() == ["names ['x:0', 'mul:0', 'Square:0'] mul:0"] * 5


def test_name_read_outside_any_trace_still_raises():
    with pytest.raises(AttributeError, match='Tensor.name is undefined when eager execution is enabled.'):
        tf.constant(1.0).name


class M(keras.Model):     # (the name TF 2.21 printed for: model m_1)
    def test_step(self, data):
        x, y = data
        y_pred = self(x, training=False)
        tf.print("names", x.name, y_pred.name, output_stream=sys.stdout)
        return super().test_step(data)


def test_custom_test_step_replayed_by_fit_validation(capsys):
    keras.backend.clear_session()
    inputs = keras.Input((3,))
    model = M(inputs, keras.layers.Dense(1)(inputs))
    model.compile("sgd", "mse")
    model.evaluate(np.ones((4, 3)), np.ones((4, 1)), batch_size=2, verbose=0)
    # the validation pass replays evaluate's trace (tapeflow raised AttributeError here)
    model.fit(np.ones((4, 3)), np.ones((4, 1)), verbose=0, validation_data=(np.ones((2, 3)), np.ones((2, 1))))
    assert capsys.readouterr().out.splitlines() == ["names data:0 m_1/dense_1/Add:0"] * 3
