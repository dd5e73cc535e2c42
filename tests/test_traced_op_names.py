"""Layer outputs printed inside traced steps carry their TensorFlow graph names: the layer's unique
scope (framework/graph_scopes.py) and its last op (layers/traced_op_names.py). Every expected line
was printed by TF 2.21 / Keras 3.15 for the same program (/work/notes/progs/me16/opnames.py and
opnames2.py run with /opt/tfref)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers


class Show(L.Layer):
    """Prints what it is given (once per trace, as TF prints a trace's Python prints)."""

    def call(self, t):
        print('seen', t)
        return t


def _fit_and_read(capsys, layer, shape):
    capsys.readouterr()
    model = keras.Sequential([keras.Input(shape), layer, Show()], name='M')
    model.compile('sgd', 'mse')
    x = np.random.default_rng(0).random((4,) + shape).astype('float32')
    model.fit(x, np.zeros((4,) + model.output_shape[1:], 'float32'), verbose=0)
    return [line for line in capsys.readouterr().out.splitlines() if line.startswith('seen')]


@pytest.mark.parametrize('make, shape, op', [
    (lambda: L.Dense(3, name='L'), (2,), 'BiasAdd'),
    (lambda: L.Dense(1, name='L'), (2,), 'Add'),            # a one-value bias: Keras's add() runs a plain Add
    (lambda: L.Dense(3, use_bias=False, name='L'), (2,), 'MatMul'),
    (lambda: L.Dense(3, activation='relu', name='L'), (2,), 'Relu'),
    (lambda: L.Dense(3, activation='sigmoid', name='L'), (2,), 'Sigmoid'),
    (lambda: L.Dense(3, activation='softmax', name='L'), (2,), 'Softmax'),
    (lambda: L.Dense(3, activation='gelu', name='L'), (2,), 'Gelu/mul_2'),
    (lambda: L.Dense(3, activation='swish', name='L'), (2,), 'IdentityN'),
    (lambda: L.Dense(3, activation='hard_sigmoid', name='L'), (2,), 'truediv'),
    (lambda: L.Dense(3, name='L'), (5, 2), 'BiasAdd'),
    (lambda: L.Conv2D(2, 3, activation='relu', name='L'), (6, 6, 1), 'Relu'),
    (lambda: L.Conv1D(2, 3, name='L'), (6, 1), 'BiasAdd'),
    (lambda: L.BatchNormalization(name='L'), (3,), 'batchnorm/add_1'),
    (lambda: L.LayerNormalization(name='L'), (3,), 'add_2'),
    (lambda: L.Flatten(name='L'), (2, 3), 'Reshape'),
    (lambda: L.MaxPooling2D(name='L'), (4, 4, 1), 'MaxPool2d'),
    (lambda: L.GlobalAveragePooling2D(name='L'), (4, 4, 1), 'Mean'),
    (lambda: L.Embedding(5, 2, name='L'), (3,), 'GatherV2'),
    (lambda: L.LSTM(2, name='L'), (3, 2), 'strided_slice_3'),
    (lambda: L.ReLU(name='L'), (3,), 'Relu'),
    (lambda: L.LeakyReLU(name='L'), (3,), 'LeakyRelu'),
])
def test_a_layer_output_in_a_fit_step_is_named_after_its_last_op_as_tf(capsys, make, shape, op):
    build, step = _fit_and_read(capsys, make(), shape)
    assert build.startswith('seen Tensor("Placeholder:0", shape=(None, ')
    assert step.startswith('seen Tensor("M_1/L_1/%s:0", shape=(None, ' % op)


def test_scopes_are_unique_per_graph_as_tf_shared_layers_nested_models_and_functions(capsys):
    class P(L.Layer):
        def call(self, t):
            print(self.name, t)
            return t
    x = np.zeros((4, 2), 'float32')
    inner = keras.Sequential([L.Dense(2, name='a')], name='inner')
    i = keras.Input((2,))
    shared = L.Dense(2, name='sh')
    h = P(name='p1')(shared(i))
    h = P(name='p2')(shared(h))
    h = P(name='pa')(inner(h))
    h = L.Dense(1, name='dense')(h)
    o = P(name='p3')(L.Dense(1, name='dense_1')(h))
    model = keras.Model(i, o, name='outer')
    model.compile('sgd', 'mse')
    capsys.readouterr()
    expected = ['p1 Tensor("outer_1/sh_1/BiasAdd:0", shape=(%s, 2), dtype=float32)',
                'p2 Tensor("outer_1/sh_3/BiasAdd:0", shape=(%s, 2), dtype=float32)',     # the second call
                'pa Tensor("outer_1/inner_1/a_1/BiasAdd:0", shape=(%s, 2), dtype=float32)',
                'p3 Tensor("outer_1/dense_1_2/Add:0", shape=(%s, 1), dtype=float32)']      # 'dense' took dense_1
    model.fit(x, np.zeros((4, 1)), verbose=0)
    assert capsys.readouterr().out.splitlines() == [line % 'None' for line in expected]
    tf.function(lambda t: model(t))(tf.constant(x))
    assert capsys.readouterr().out.splitlines() == [line % '4' for line in expected]
    model.evaluate(x, np.zeros((4, 1)), verbose=0)
    assert capsys.readouterr().out.splitlines() == [line % 'None' for line in expected]


def test_tf_unique_name_counts_names_it_made():
    from framework.graph_scopes import GraphScopes
    graph = GraphScopes()
    assert [graph.unique(n) for n in ('dense', 'dense', 'dense_1', 'dense_1', 'Dense', 'a/b', 'a/b')] == [
        'dense', 'dense_1', 'dense_1_1', 'dense_1_2', 'Dense_2', 'a/b', 'a/b_1']
