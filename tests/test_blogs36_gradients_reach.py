"""tf.gradients inside a tf.function or a Keras step reached through the program's other names: a helper module's
functions, an attribute's function or object, a dict / list / functools.partial, tf.gradients under another name,
functions and objects passed as arguments, super() and properties (framework/graph_gradient_users.py walks them).
TensorFlow answers all of these from the trace's graph; tapeflow raised its eager RuntimeError.

Goldens: TF 2.21 running the same program (notes/progs/blogs36/t1.py, its helper module helpers_t1.py, which is
tests/helpers_blogs36_pde.py here); m1.py / m2.py / m3.py there probe the same shapes of code.
"""
import functools

import numpy as np
import pytest

import framework as tf
from framework import graph_gradients, keras

import helpers_blogs36_pde as helpers
from helpers_blogs36_pde import PDE


def _x():
    return tf.constant([[0.], [0.5], [1.], [2.]])


def _lists(result):
    return [np.asarray(t).ravel().tolist() for t in (result if isinstance(result, (list, tuple)) else [result])]


def test_helpers_of_an_imported_module():
    @tf.function
    def via_module(x):
        return helpers.residual(x ** 3, x)

    @tf.function
    def via_class(x):
        return PDE(0.5).residual(lambda z: z ** 3, x)

    assert _lists(via_module(_x())) == [[0.0, 0.75, 3.0, 12.0]]
    assert _lists(via_class(_x())) == [[0.0, -0.75, 0.0, 6.0]]
    assert _lists(tf.function(lambda x: helpers.second(x ** 3, x))(_x())) == \
        [[0.0, 0.75, 3.0, 12.0], [0.0, 3.0, 6.0, 12.0]]


class _Solver:      # TensorDiffEq's shape: the residual function is an attribute
    def __init__(self, f_model):
        self.f_model = f_model
        self.table = {'res': helpers.residual}
        self.pde = PDE(0.25)

    @tf.function
    def loss(self, x):
        return tf.reduce_sum(self.f_model(x))

    @tf.function
    def by_table(self, x):
        return self.table['res'](x * x, x)

    @tf.function
    def by_attribute(self, x):
        return self.pde.residual(lambda z: z * z * z, x)


def _sine_residual(x):
    return helpers.second(tf.sin(x), x)[1]


def test_functions_and_objects_held_by_attributes():
    solver = _Solver(_sine_residual)
    assert float(solver.loss(_x())) == -2.230193853378296
    assert _lists(solver.by_table(_x())) == [[0.0, 1.0, 2.0, 4.0]]
    assert _lists(solver.by_attribute(_x())) == [[0.0, 0.0, 1.5, 9.0]]


_GRAD = tf.gradients
_PARTIAL = functools.partial(helpers.residual)
_LISTED = [helpers.residual]


def test_an_alias_a_partial_and_a_list():
    @tf.function
    def aliased(x):
        return _GRAD(x ** 2, x)[0], _PARTIAL(x ** 2, x), _LISTED[0](x ** 2, x)
    assert _lists(aliased(_x())) == [[0.0, 1.0, 2.0, 4.0]] * 3


def test_functions_and_objects_passed_as_arguments():
    @tf.function
    def given(f, pde, x):
        return f(x ** 2, x), pde.residual(tf.exp, x)
    assert _lists(given(helpers.residual, PDE(1.0), _x())) == [[0.0, 1.0, 2.0, 4.0], [0.0, 0.0, 0.0, 0.0]]
    assert _lists(given(helpers.residual, PDE(2.0), _x())) == \
        [[0.0, 1.0, 2.0, 4.0], [-1.0, -1.6487212181091309, -2.7182817459106445, -7.389056205749512]]
    assert given.experimental_get_tracing_count() == 2

    seen = []

    @tf.function
    def plain(f, x):        # (arguments whose code does not ask: no recording)
        seen.append(graph_gradients.records_everything())
        return f(x)
    plain(tf.sin, _x())
    plain(lambda z: z * 2., _x())
    assert seen == [False, False]


class _Base:
    def loss(self, x):
        return tf.gradients(x ** 2, x)[0]


class _Child(_Base):
    def loss(self, x):
        return super().loss(x) * 2.

    @property
    def slope(self):
        return tf.gradients(self.u, self.x)[0]


def test_super_and_a_property():
    child = _Child()

    @tf.function
    def via_super(x):
        child.x, child.u = x, x ** 3
        return child.loss(x), child.slope
    assert _lists(via_super(_x())) == [[0.0, 2.0, 4.0, 8.0], [0.0, 0.75, 3.0, 12.0]]


def test_a_layer_calling_a_module_helper():
    class Layer(keras.layers.Layer):
        def call(self, x):
            return helpers.residual(tf.sin(x), x)
    layer = Layer()
    assert _lists(tf.function(lambda x: layer(x))(_x())) == \
        [[1.0, 0.8775825500488281, 0.5403022766113281, -0.416146844625473]]


class _Lazy:
    def __init__(self, g):
        self.g = g

    def run(self, x):
        return self.g(x * x, x)


def test_a_method_read_off_its_class_first():
    # (its answer without an instance is not kept: the instance's attribute decides)
    @tf.function
    def through_class(x):
        return tf.constant(float(_Lazy.run is not None))
    through_class(_x())
    lazy = _Lazy(helpers.residual)

    @tf.function
    def through_instance(x):
        return lazy.run(x)
    assert _lists(through_instance(_x())) == [[0.0, 1.0, 2.0, 4.0]]


def test_a_train_step_using_an_attribute_object(epyc_cpu):
    X = np.linspace(0, 1, 16).reshape(-1, 1).astype('float32')

    class PINN(keras.Model):
        def __init__(self, pde):
            super().__init__()
            self.d1 = keras.layers.Dense(6, activation='tanh')
            self.d2 = keras.layers.Dense(1)
            self.pde = pde
            self.tracker = keras.metrics.Mean(name='loss')

        def call(self, x):
            return self.d2(self.d1(x))

        def train_step(self, data):
            x, y = data
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean((self.pde.residual(self, x) - y) ** 2)
            grads = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
            self.tracker.update_state(loss)
            return {'loss': self.tracker.result()}

        @property
        def metrics(self):
            return [self.tracker]

    keras.utils.set_random_seed(3)
    model = PINN(PDE(0.1))
    model.compile(optimizer=keras.optimizers.SGD(0.05))
    with pytest.warns(UserWarning, match=r"Gradients do not exist for variables \['pinn(_\d+)?/dense(_\d+)?/bias'\]"):
        history = model.fit(X, np.cos(X), batch_size=8, epochs=3, verbose=0, shuffle=False).history
    assert [float(v).hex() for v in history['loss']] == \
        ['0x1.8118e20000000p-1', '0x1.af2e020000000p-3', '0x1.de38e00000000p-5']
