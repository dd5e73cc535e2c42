"""``tensor.name`` read by user code inside a tf.function trace is the tensor's graph name, as TF 2.21's
graph tensors have one: 'mul:0' for ``x * 2``, 'x:0' for the argument (tapeflow raised AttributeError
"'...EagerTensor' object has no attribute 'name'"). Eagerly it stays TF's AttributeError. Values: TF 2.21
(notes progs/tutorials31/fn_inner.py)."""
import pytest

import framework as tf


def test_names_inside_a_trace(capsys):
    @tf.function
    def f(x):
        y = x * 2
        print(x.name, y.name, tf.nn.relu(x).name)
        return y
    f(tf.constant([1.0, 2.0]))
    assert capsys.readouterr().out == 'x:0 mul:0 Relu:0\n'


def test_eager_tensors_still_refuse_name():
    with pytest.raises(AttributeError, match='Tensor.name is undefined when eager execution is enabled.'):
        tf.constant(1.0).name
