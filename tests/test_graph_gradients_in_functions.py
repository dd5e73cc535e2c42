"""tf.gradients / tf.hessians inside a tf.function and in Keras's traced steps, as TF 2.21 answers them from
its graph (tapeflow records those calls on a tape: framework/graph_gradients.py, graph_gradient_users.py).

Goldens: TF 2.21 / Keras 3.15 running the same programs (notes/progs/lead55/pinn.py, kpinn2.py, kpinn3.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import graph_gradients, keras


@pytest.fixture(autouse=True)
def _measured_on_the_epyc(epyc_cpu):
    """TF 2.21's values and texts here were measured on the AMD EPYC (AVX2, oneDNN off): tapeflow computes as
    TF does there, whatever this CPU is (on a Xeon TF runs oneDNN's kernels, which round and word otherwise)."""


def _pinn_model():
    keras.utils.set_random_seed(1)
    return keras.Sequential([keras.Input((1,)), keras.layers.Dense(8, activation='tanh'), keras.layers.Dense(1)])


def test_physics_informed_step_matches_tf_bits():
    model = _pinn_model()
    opt = keras.optimizers.Adam(1e-2)
    x = tf.constant(np.linspace(0, 1, 16).reshape(-1, 1), tf.float32)

    @tf.function
    def step(x):
        with tf.GradientTape() as tape:
            u = model(x)
            u_x = tf.gradients(u, x)[0]
            loss = tf.reduce_mean((u_x - tf.cos(x)) ** 2) + tf.reduce_mean(u[:1] ** 2)
        g = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(g, model.trainable_variables))
        return loss

    losses = [float(step(x)).hex() for _ in range(5)]
    assert losses == ['0x1.0b91080000000p+0', '0x1.da0d380000000p-1', '0x1.a19a700000000p-1',
                      '0x1.6da19c0000000p-1', '0x1.3df5200000000p-1']


def test_gradients_of_variables_in_a_function_equal_the_tapes():
    model = _pinn_model()
    x = tf.constant(np.linspace(0, 1, 16).reshape(-1, 1), tf.float32)

    @tf.function
    def by_gradients(x):
        loss = tf.reduce_mean(model(x) ** 2)
        return loss, tf.gradients(loss, model.trainable_variables)

    loss, grads = by_gradients(x)
    assert float(loss).hex() == '0x1.6abc880000000p-7'
    assert [float(v).hex() for v in grads[1].numpy()[:3]] == ['-0x1.9954280000000p-6', '0x1.8f5d600000000p-6',
                                                            '-0x1.27dd680000000p-4']
    assert [float(v).hex() for v in grads[0].numpy().ravel()[:3]] == ['-0x1.1219880000000p-6',
                                                                    '0x1.06180a0000000p-6', '-0x1.7e16140000000p-5']


def test_second_order_grad_ys_unconnected_stop_gradient_and_constants():
    @tf.function
    def second(x):
        dy = tf.gradients(x ** 3, x)[0]
        return dy, tf.gradients(dy, x)[0]

    dy, d2y = second(tf.constant([1., 2.]))
    assert dy.numpy().tolist() == [3., 12.] and d2y.numpy().tolist() == [6., 12.]

    @tf.function
    def multi(a, b):
        return tf.gradients([a * b, a + 2 * b], [a, b], grad_ys=[tf.constant(2.), tf.constant(3.)])
    assert [float(g) for g in multi(tf.constant(3.), tf.constant(4.))] == [11., 12.]

    @tf.function
    def unconnected(a, b):
        return tf.gradients(a * 2., [a, b]), tf.gradients(a * 2., [b], unconnected_gradients='zero')
    (da, db), (zero,) = unconnected(tf.constant(1.), tf.constant(2.))
    assert float(da) == 2. and db is None and float(zero) == 0.

    @tf.function
    def stopped(a):
        return tf.gradients(tf.stop_gradient(a * a) + a, a)
    assert float(stopped(tf.constant(3.))[0]) == 1.

    @tf.function
    def of_a_constant():        # (a constant of the graph: TensorFlow differentiates it too)
        c = tf.constant([1., 2.])
        return tf.gradients(tf.reduce_sum(c * c), c)
    assert of_a_constant()[0].numpy().tolist() == [2., 4.]


def test_hessians_in_a_function():
    @tf.function
    def hess(a):
        return tf.hessians(tf.reduce_sum(a ** 3), a)
    (h,) = hess(tf.constant([1., 2.]))
    assert h.shape == (2, 2) and h.numpy().tolist() == [[6., 0.], [0., 12.]]


def test_eager_calls_keep_tf_refusal():
    x = tf.constant([1.])
    for call in (lambda: tf.gradients(x, x), lambda: tf.hessians(x, x)):
        with pytest.raises(RuntimeError, match='tf.gradients is not supported when eager execution is enabled'):
            call()


def _residual(u, x):        # a helper of the program's: the function naming it records
    return tf.gradients(u, x)[0]


class _Solver:
    def derivative(self, x):
        return self.inner(x * x, x)

    def inner(self, y, x):
        return tf.gradients(y, x)[0]


def test_only_functions_whose_code_asks_record():
    seen = []

    @tf.function
    def plain(x):
        seen.append(graph_gradients.records_everything())
        return x * 2.

    @tf.function
    def through_helper(x):
        seen.append(graph_gradients.records_everything())
        return _residual(x * x, x)

    solver = _Solver()
    through_method = tf.function(solver.derivative)
    plain(tf.constant(1.))
    assert float(through_helper(tf.constant(3.))) == 6.
    assert float(through_method(tf.constant(2.))) == 4.
    assert seen == [False, True]
    assert not graph_gradients.records_everything()


def test_custom_train_step_with_gradients_trains_as_tf():
    X = np.linspace(0, 1, 32).reshape(-1, 1).astype('float32')

    class PINN(keras.Model):
        def __init__(self):
            super().__init__()
            self.d1 = keras.layers.Dense(8, activation='tanh')
            self.d2 = keras.layers.Dense(1)
            self.tracker = keras.metrics.Mean(name='residual')

        def call(self, x):
            return self.d2(self.d1(x))

        def train_step(self, data):
            x, y = data
            with tf.GradientTape() as tape:
                u = self(x, training=True)
                loss = tf.reduce_mean((tf.gradients(u, x)[0] - y) ** 2) + tf.reduce_mean(u[:1] ** 2)
            grads = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
            self.tracker.update_state(loss)
            return {'residual': self.tracker.result()}

        @property
        def metrics(self):
            return [self.tracker]

    keras.utils.set_random_seed(1)
    model = PINN()
    model.compile(optimizer=keras.optimizers.Adam(0.01))
    history = model.fit(X, np.cos(X), batch_size=8, epochs=3, verbose=0, shuffle=False).history
    # TF 2.21's bits; tapeflow's are an ulp off here: TF's graph adds the kernel's second-order gradient
    # parts in another order than its eager tape, whose order tapeflow's traced step keeps (notes/progs/
    # lead55/pinn4.py: TF eager = tapeflow, TF graph differs): the losses agree to float32's precision
    tf_values = [float.fromhex(h) for h in ('0x1.d28bfc0000000p-1', '0x1.16109c0000000p-1', '0x1.366eb40000000p-2')]
    assert list(history) == ['residual']
    assert history['residual'] == pytest.approx(tf_values, rel=1e-6)


def test_model_call_with_gradients_in_fit_evaluate_predict():
    X = np.linspace(0, 1, 32).reshape(-1, 1).astype('float32')

    class Deriv(keras.Model):
        def __init__(self):
            super().__init__()
            self.d1 = keras.layers.Dense(8, activation='tanh')
            self.d2 = keras.layers.Dense(1)

        def call(self, x):
            return tf.gradients(self.d2(self.d1(x)), x)[0]

    keras.utils.set_random_seed(1)
    model = Deriv()
    with pytest.raises(RuntimeError, match='tf.gradients is not supported'):      # eager, as Keras calls it
        model(tf.constant(X[:2]))
    assert model.predict(X[:4], verbose=0).ravel().tolist() == \
        [-0.1930478811264038, -0.19296520948410034, -0.19271767139434814, -0.1923069953918457]
    model.compile(optimizer='sgd', loss='mse')
    with pytest.warns(UserWarning, match=r"Gradients do not exist for variables \['deriv(_\d+)?/dense(_\d+)?/bias'\]"):
        history = model.fit(X, np.cos(X), batch_size=16, epochs=2, verbose=0, shuffle=False).history
    assert [float(v).hex() for v in history['loss']] == ['0x1.ff38cc0000000p-1', '0x1.9890a40000000p-1']
    assert model.evaluate(X, np.cos(X), verbose=0) == 0.6702893972396851


def test_sequential_lambda_with_gradients_predicts():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(4, activation='tanh'),
                              keras.layers.Lambda(lambda u: u * tf.gradients(u, u)[0])])
    X = np.linspace(0, 1, 32).reshape(-1, 1).astype('float32')
    assert model.predict(X[:3], verbose=0).ravel().tolist() == pytest.approx(
        [0.0, 0.0, 0.0, 0.0, -0.01703077182173729, 0.025609927251935005, 0.030973559245467186,
         -0.011078501120209694, -0.03405166044831276, 0.05118628963828087, 0.061887748539447784,
         -0.02215428277850151], rel=1e-6)
    with pytest.raises(RuntimeError, match='Exception encountered when calling Lambda.call()'):
        model(X[:2])


def test_variables_gathers_stop_gradients_and_none_seeds():
    # TF 2.21's answers (notes/progs/lead55/gvar.py)
    v = tf.Variable([1., 2., 3.])
    emb = tf.Variable(np.arange(12.).reshape(4, 3).astype('float32'))

    @tf.function
    def of_a_variable(x):
        return tf.gradients(tf.reduce_sum(v * x), [v, x])
    dv, dx = of_a_variable(tf.constant([2., 2., 2.]))
    assert dv.numpy().tolist() == [2., 2., 2.] and dx.numpy().tolist() == [1., 2., 3.]

    @tf.function
    def of_rows(ids):
        return tf.gradients(tf.reduce_sum(tf.gather(emb, ids) * 2.), emb)[0]
    rows = of_rows(tf.constant([0, 2]))
    assert type(rows).__name__ == 'IndexedSlices'
    assert tf.convert_to_tensor(rows).numpy().tolist() == [[2.] * 3, [0.] * 3, [2.] * 3, [0.] * 3]

    @tf.function
    def stopped_at(a):
        b = 2. * a
        return tf.gradients(b * a, a, stop_gradients=[b])
    assert float(stopped_at(tf.constant(3.))[0]) == 6.      # (12 without the stop)

    @tf.function
    def through_an_integer_cast(a):
        return tf.gradients(tf.cast(a, tf.int32), a)
    assert through_an_integer_cast(tf.constant(3.)) == [None]

    @tf.function
    def none_seed(a, b):
        return tf.gradients([a * a, b * 3.], [a, b], grad_ys=[None, tf.constant(2.)])
    assert [float(g) for g in none_seed(tf.constant(3.), tf.constant(1.))] == [6., 6.]

    @tf.function
    def beside_a_tape(a):
        y = a * a
        with tf.GradientTape() as tape:
            tape.watch(a)
            z = a * y
        return tape.gradient(z, a), tf.gradients(z, a)
    by_tape, (by_graph,) = beside_a_tape(tf.constant(2.))
    assert float(by_tape) == 4. and float(by_graph) == 12.


class _GlobalSolver:
    def __init__(self):
        self.w = tf.Variable([2.0, 3.0])

    def residual(self, x):
        return tf.gradients(tf.reduce_sum(self.w * x * x), x)[0]


_SOLVER = _GlobalSolver()


def test_a_method_of_a_global_object_asks():
    # a physics-informed program's `pinn.residual(x)` on a module-level instance (TF 2.21: [4. 12.],
    # notes/progs/lead55/gobj.py)
    @tf.function
    def step(x):
        return _SOLVER.residual(x)
    assert step(tf.constant([1.0, 2.0])).numpy().tolist() == [4., 12.]
