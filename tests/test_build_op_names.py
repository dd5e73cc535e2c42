"""While Keras 3 builds a functional model or a Sequential it runs each layer's call in a scratch
graph: tensors the call's ops make print as graph tensors, named below the layer being built (a
sublayer's ops in its own scope), and a shape mismatch there is the graph's ValueError. Expected
lines printed by TF 2.21 / Keras 3.15 (notes/progs/me17/g9.py, g10.py)."""
import pytest

import framework as tf
from framework import keras


class P(keras.layers.Layer):
    def call(self, x):
        y = x * 2.0
        z = tf.reduce_sum(y, axis=1, keepdims=True)
        print('in call', x, y, z)
        return y + z


class Outer(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.p = P()

    def call(self, x):
        return self.p(x) - 1.0


class AddBias(keras.layers.Layer):
    def call(self, x):
        return x + tf.ones((5,))


LINE = ('in call Tensor("Placeholder:0", shape=(None, 4), dtype=float32) Tensor("%smul:0", shape=(None, 4), '
        'dtype=float32) Tensor("%sSum:0", shape=(None, 1), dtype=float32)')


def _lines(capsys):
    return [line for line in capsys.readouterr().out.split('\n') if line]


def test_ops_in_a_layers_call_print_as_graph_tensors_while_a_functional_model_builds(capsys):
    keras.backend.clear_session()
    h = keras.layers.Dense(4)(keras.Input((3,)))
    P()(h)
    assert _lines(capsys) == [LINE % ('', '')]


def test_and_while_a_sequential_builds(capsys):
    keras.backend.clear_session()
    keras.Sequential([keras.Input((3,)), keras.layers.Dense(4), P()])
    model = keras.Sequential([keras.layers.Dense(4), P()])
    model.build((None, 3))
    assert _lines(capsys) == [LINE % ('', '')] * 2


def test_a_sublayers_ops_sit_in_its_scope(capsys):
    keras.backend.clear_session()
    h = keras.layers.Dense(4)(keras.Input((3,)))
    P(), P(), P()           # the sublayer below is p_3: its call's scope, entered twice, is p_3_1
    Outer()(h)
    assert _lines(capsys) == [LINE % ('p_3_1/', 'p_3_1/')] * 2


def test_a_shape_mismatch_in_a_functional_build_is_the_graphs_error():
    keras.backend.clear_session()
    h = keras.layers.Dense(4)(keras.Input((3,)))
    with pytest.raises(ValueError) as err:
        AddBias()(h)
    text = str(err.value)
    assert text.startswith('Exception encountered when calling AddBias.call().')
    assert "Error encountered:\n\nDimensions must be equal, but are 4 and 5 for '{{node add}} = " \
           "AddV2[T=DT_FLOAT](Placeholder, ones)' with input shapes: [?,4], [5].\x1b[0m" in text


@pytest.mark.parametrize('make', [
    lambda: keras.Sequential([keras.Input((3,)), keras.layers.Dense(4), AddBias()]),
    lambda: keras.Sequential([keras.layers.Dense(4), AddBias()]).build((None, 3)),
])
def test_a_sequentials_build_raises_the_graphs_error_as_keras(make):
    # Keras's Sequential.build lets a layer's ValueError through (it swallows NotImplementedError only)
    keras.backend.clear_session()
    with pytest.raises(ValueError) as err:
        make()
    text = str(err.value)
    assert text.startswith('Exception encountered when calling AddBias.call().')
    assert "(Placeholder, ones)' with input shapes: [?,4], [5].\x1b[0m" in text
