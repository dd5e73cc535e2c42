"""A traced Dense output minus (or plus) numpy data the function closes over: TF 2.21's regrouped values.

Golden values printed by TF 2.21 (/work/notes/progs/optimtraj11/gold_push2.py under tensorflow-cpu 2.21):
float32 bits, 8 hex digits each, of
    X = RandomState(3).randn(32, 8); Y = X[:, :1] * 0.7 - X[:, 1:2] ** 2     (float32 numpy, not tensors)
    m = Sequential([Input((8,)), Dense(30, 'elu'), Dense(1)]), weights RandomState(5).randn(...) * 0.3
    @tf.function
    def f(): p = m(X); return Y - p     (and p - Y, p + 0.25, Y + p)
and of three SGD(0.05) steps of ``loss = reduce_mean(square(Y - m(X, training=True)))`` in a tf.function
(the losses, then the output kernel). TF holds X and Y as Const nodes and grappler pushes the constant into
the Dense layer's bias Add: (Y - x @ kernel) - bias, bias + (x @ kernel - Y), (0.25 + bias) + x @ kernel,
(Y + x @ kernel) + bias. Eager order differs in about a third of the values, and the loop's weights from
the first step.
"""
import numpy as np
import pytest

import framework as tf
from framework import config, keras

GOLD = {
    'y_minus_p': (
        '3f2c6f5dbf855b38c010f02fbea21f52bf37dee5bf3777643ef34ddec023d9543e8f32adc01865063de703f8bfc53ce2'
        'bf4cc15d3eee88b2bf1368bebe4b47b8bf4c8554bf9b899a3e862a92beb0aab840005d2d3d8540903f96d294bfbe2998'
        '3f90534abd6df718bf23d7d53ec40c96c088ac753fd833b2c0b0793d3f674c6d'),

    'p_minus_y': (
        'bf2c6f5d3f855b384010f02f3ea21f523f37dee53f377764bef34dde4023d954be8f32ad40186506bde703f83fc53ce2'
        '3f4cc15dbeee88b23f1368be3e4b47b83f4c85543f9b899abe862a923eb0aab8c0005d2dbd854090bf96d2943fbe2998'
        'bf90534a3d6df7183f23d7d5bec40c964088ac75bfd833b240b0793dbf674c6d'),

    'p_plus_c': (
        '3f234f0c3f8447a6be84724cbf288a87be970f6ebf167b98bfef7274bd7892e0bf06514fbf1bcb3abf611205bf98e7ac'
        '3f4b1c743f2016af3c192fa0be5512ec3d5194e03ed0390ebf862ed0be86b95ac0145c11bf33b783bfe8129abf1bd513'
        'bf83a7f03d765d003f8186983f210d163fb7d144bfe90726bed3d5ca3d8a7c78'),

    'c_plus_p_data': (
        '3fb986ba3f066826c0520cc1c008892dbfe7772ac0191ba5c07108b9c04b9deabfa284a4c0832552c00950e3c08dc30f'
        '3e92ef143f9bb8dcbf874fa0bf8eadb2bf99295cbf66da27c015697ebfaf875ac0485af5bfeb637ac03ca950c04cff55'
        'bfb6fc96bee027a23f6242893f92103cbff30f4ec01ced4dc0daf3f73f09eb8a'),
}
LOOP_LOSSES = '40300ac83fe473523fb91e58'
LOOP_KERNEL = (
        '3e1f14cc3e65795ebeb29d9abe54afea3eeceb98beb36fd93e67d3c8be66232d3e80c46abe66d6c7bd698523bf1a2c88'
        'bc1d98f63e58eeafbefc375e3e75d093be2b5740bda202cfbf6379ed3ea38295be81f066bd965bf5bebdf5babe8b5048'
        '3eb1bb33be10d9a33e863bf6be48d56b3dd14dcbbe503426')


@pytest.fixture(autouse=True)
def exact_math():
    """TF's exp / expm1 bits on the batch's 960 activations (the default takes numpy's above 256)."""
    before = config.tf_exact_math()
    config.set_tf_exact_math(True)
    yield
    config.set_tf_exact_math(before)


def data():
    r = np.random.RandomState(3)
    x = r.randn(32, 8).astype('float32')
    return x, (x[:, :1] * 0.7 - x[:, 1:2] ** 2).astype('float32')


def model():
    keras.backend.clear_session()
    m = keras.Sequential([keras.Input((8,)), keras.layers.Dense(30, activation='elu'), keras.layers.Dense(1)])
    q = np.random.RandomState(5)
    m.set_weights([q.randn(*w.shape).astype('float32') * 0.3 for w in m.get_weights()])
    return m


def bits(a):
    return ''.join('%08x' % v for v in np.asarray(a, np.float32).ravel().view(np.uint32))


FORMS = {'y_minus_p': lambda y, p: y - p, 'p_minus_y': lambda y, p: p - y,
         'p_plus_c': lambda y, p: p + 0.25, 'c_plus_p_data': lambda y, p: y + p}


# The Xeon's bits (the elu's exp rounds per CPU): on an AVX2 AMD EPYC TF 2.21 and tapeflow differ from them and from
# each other in a few last bits (c_plus_p_data's third value: TF c0520cc0, tapeflow c0520cc1; epyc1's report)
@pytest.mark.avx512_bits
@pytest.mark.parametrize('form', sorted(FORMS))
def test_traced_dense_output_with_captured_numpy(form):
    x, y = data()
    m = model()

    @tf.function
    def f():
        return FORMS[form](y, m(x))

    assert bits(f().numpy()) == GOLD[form]


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives these three losses and another kernel, tapeflow other losses
@pytest.mark.avx512_bits
def test_sgd_loop_on_captured_numpy_follows_tf():
    x, y = data()
    m = model()
    opt = keras.optimizers.SGD(0.05)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(y - m(x, training=True)))
        opt.apply_gradients(zip(tape.gradient(loss, m.trainable_variables), m.trainable_variables))
        return loss

    assert bits([step().numpy() for _ in range(3)]) == LOOP_LOSSES
    assert bits(m.layers[1].kernel.numpy()) == LOOP_KERNEL


def test_eager_keeps_keras_order():
    x, y = data()
    m = model()
    p = m(x)
    assert bits((y - p).numpy()) == bits(y - p.numpy())
