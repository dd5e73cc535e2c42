"""RMSprop's and Adagrad's traced step with a learning-rate schedule whose graph ends in a product, as TF 2.21.

Keras 3 passes one rate tensor to every variable's update_step. Where one variable is updated the rate's
last Mul has that step alone as consumer, and grappler's MinimizeBroadcasts takes it into the step's chain
``lr * g * rsqrt(d)`` (its Div by a Sqrt made a Mul by an Rsqrt): the chain's inputs sorted by size and
multiplied pairwise give ``lr * (g * rsqrt(d))``, in tf.functions that return a value and those that do
not, and in fit. With two variables, or a float rate (a variable's read), ``(lr * g) * rsqrt(d)`` stays.
Goldens: TF 2.21 on an AMD EPYC 7003 (AVX2), /work/notes/progs/optimtraj31/p4_goldens.py; before the change
3 to 10 of the weights of each one-variable case were 1 ulp or more off.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from conftest import hexes_as_tf
from framework.ops import zen2_rsqrt_estimate

S = keras.optimizers.schedules


@pytest.fixture(autouse=True)
def _the_epyc_that_printed_the_goldens(epyc_cpu, monkeypatch):
    """Its VRSQRTPS estimate under the traced Rsqrt (conftest.py gives every test Intel's)."""
    monkeypatch.setattr(zen2_rsqrt_estimate, 'applies', lambda: True)

GOLDEN = {
    'RMS_EXP_RET': '''
        0x1.dbbe4p-9 0x1.db17fep-2 0x1.217802p-2 0x1.f37492p-3 -0x1.110f6p-2 0x1.5ec22ep-4 -0x1.8c87b2p-3
        0x1.6f709cp-1 0x1.0d4d54p+0 -0x1.2ca252p-3 0x1.c27232p-1 -0x1.5fe81cp-2 -0x1.81158cp-5 0x1.9a7dbcp-1
        -0x1.6b7a04p-1 -0x1.be955ap-1 -0x1.a55652p-1 0x1.a1dc4ap-1 0x1.6e149p-1 0x1.6150b2p-1 0x1.1db924p+0
        0x1.7de5cap-1 -0x1.8547cp-8 0x1.189c42p-2 -0x1.cc11cap-2 0x1.3ab0a4p-3 -0x1.2cae38p-1 0x1.9ecc06p-1
        -0x1.82b4fp-6 -0x1.114c1cp-3 -0x1.132338p-1 0x1.450fcap-2''',
    'RMS_COS_MOM_NORET': '''
        -0x1.d61756p-4 0x1.1f581p-1 0x1.ff86fp-3 0x1.b95308p-2 -0x1.67d3a4p-2 -0x1.023b1p-6 -0x1.de011p-3
        0x1.5aef56p-1 0x1.2748a8p+0 -0x1.eded9p-7 0x1.142c9cp+0 -0x1.16e78cp-1 -0x1.ea19b8p-4 0x1.5e34aap-1
        -0x1.51ee14p-1 -0x1.96175ep-1 -0x1.868d74p-1 0x1.f8e292p-1 0x1.a15d08p-1 0x1.34635ap-1 0x1.4d342ep+0
        0x1.da34p-1 0x1.07538cp-3 0x1.27f912p-3 -0x1.1cdd96p-2 0x1.7d95acp-3 -0x1.037002p-1 0x1.89c4bep-1
        0x1.b4246p-7 -0x1.5e3a04p-4 -0x1.022becp-1 0x1.d0bb74p-3''',
    'ADA_COSR_RET': '''
        0x1.d664ep-5 0x1.01617p-1 0x1.d18b3cp-3 0x1.cbc678p-4 -0x1.8be94ap-3 0x1.1467b4p-2 -0x1.143c4cp-4
        0x1.813006p-1 0x1.ea7884p-1 -0x1.b92aeep-3 0x1.4f65dcp-1 -0x1.0bd8e8p-5 0x1.0a5a2cp-3 0x1.95910ap-1
        -0x1.9a39b2p-1 -0x1.9bfd72p-1 -0x1.ee111p-1 0x1.74ba48p-1 0x1.24bf2p-1 0x1.717daap-1 0x1.0833ecp+0
        0x1.513464p-1 -0x1.05f98ep-6 0x1.db2b4cp-2 -0x1.6bee8ap-1 0x1.05f28ep-2 -0x1.469bdep-1 0x1.b69f94p-1
        0x1.3d5764p-4 -0x1.f5f53ap-4 -0x1.f3e08cp-2 0x1.014d72p-1''',
    'RMS_EXP_TWO_RET': '''
        0x1.b36df6p-3 0x1.25b418p-1 0x1.439744p-2 -0x1.0d8d8p-5 -0x1.366314p-2 0x1.c63336p-3 0x1.b4b37p-7
        0x1.8a521cp-1 0x1.2a2b44p+0 -0x1.2e78a8p-4 0x1.58110ap-1 -0x1.3b9edp-4 0x1.b0f83cp-3 0x1.be524ep-1
        -0x1.89736cp-1 -0x1.15f688p+0 -0x1.8856dep-1 0x1.3c53d8p-1 0x1.c108a6p-1 0x1.7fdf74p-2 0x1.2c8bb2p+0
        0x1.4e0b3p-1 0x1.e493ecp-5 0x1.614bap-3 -0x1.181e76p+0 -0x1.7c5decp-7 -0x1.5716cp-1 0x1.10dfe6p+0
        0x1.30a824p-3 0x1.6ca1p-4 -0x1.981f08p-3 0x1.289ffcp-1 -0x1.d3b71p-3 0x1.3fc338p-4 -0x1.606ae6p-1
        0x1.6f9f26p-4 0x1.4bdf6p-2 -0x1.fbc74p-6 0x1.2ea6fep-1 -0x1.41f05p-4''',
    'RMS_C_EXP_FIT': '''
        -0x1.0b4724p-3 0x1.9d250ap-2 0x1.368926p-2 0x1.6650cp-4 -0x1.b62a28p-4 -0x1.74173ap-4 0x1.85c7dap-3
        0x1.0d516p-1 0x1.133946p-1 -0x1.26c1cp-9 0x1.83baf8p-3 -0x1.9d44fep-4 -0x1.9a668p-10 0x1.0589f6p-1
        -0x1.61fefcp-1 -0x1.6b6e42p-1 -0x1.9ff894p-1 0x1.3a00acp-2 0x1.4ebbe4p-2 0x1.ad997ep-2''',
}


def _golden(name):
    return [float.fromhex(h).hex() for h in GOLDEN[name].split()]


def _hexes(arrays):
    return [float(x).hex() for a in arrays for x in np.asarray(a, 'float64').ravel()]


def _loop(opt, shapes, returns, steps=3, seed=0):
    """``steps`` traced apply_gradients on variables of ``shapes`` (uniform starts, normal gradients)."""
    rs = np.random.RandomState(seed)
    variables = [tf.Variable(rs.uniform(-1, 1, s).astype('float32')) for s in shapes]
    grads = [[tf.constant(rs.normal(0, 1, s).astype('float32')) for s in shapes] for _ in range(steps)]
    if returns:
        @tf.function
        def step(g):
            opt.apply_gradients(zip(g, variables))
            return g[0][0]
    else:
        @tf.function
        def step(g):
            opt.apply_gradients(zip(g, variables))
    for g in grads:
        step(g)
    return _hexes([v.numpy() for v in variables])


CASES = {
    'RMS_EXP_RET': lambda: _loop(keras.optimizers.RMSprop(S.ExponentialDecay(0.05, 7, 0.8)), [(4, 8)], True),
    'RMS_COS_MOM_NORET': lambda: _loop(keras.optimizers.RMSprop(S.CosineDecay(0.05, 20), momentum=0.5),
                                       [(4, 8)], False),
    'ADA_COSR_RET': lambda: _loop(keras.optimizers.Adagrad(S.CosineDecayRestarts(0.05, 3, m_mul=0.9)),
                                  [(4, 8)], True, steps=5),
    'RMS_EXP_TWO_RET': lambda: _loop(keras.optimizers.RMSprop(S.ExponentialDecay(0.05, 7, 0.8)),
                                     [(4, 8), (8,)], True),
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_traced_step_regroups_rate_of_one_variable(name):
    assert hexes_as_tf(CASES[name](), _golden(name))


def test_fit_of_one_kernel_regroups_rate():
    rs = np.random.RandomState(0)
    model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(4, use_bias=False)])
    model.set_weights([rs.uniform(-1, 1, (5, 4)).astype('float32')])
    model.compile(keras.optimizers.RMSprop(S.ExponentialDecay(0.05, 7, 0.8), centered=True), 'mse')
    x, y = rs.normal(0, 1, (12, 5)).astype('float32'), rs.normal(0, 1, (12, 4)).astype('float32')
    model.fit(x, y, batch_size=4, epochs=1, shuffle=False, verbose=0)
    assert hexes_as_tf(_hexes(model.get_weights()), _golden('RMS_C_EXP_FIT'))


def test_eager_step_keeps_its_order():
    """Eagerly TF divides (lr * g) by sqrt(d): no chain to regroup."""
    opt = keras.optimizers.RMSprop(S.ExponentialDecay(0.05, 7, 0.8))
    rs = np.random.RandomState(0)
    v = tf.Variable(rs.uniform(-1, 1, (4, 8)).astype('float32'))
    g = rs.normal(0, 1, (4, 8)).astype('float32')
    start = v.numpy()
    opt.apply_gradients([(tf.constant(g), v)])
    lr = np.float32(0.05)           # ExponentialDecay at step 0
    expected = start - (lr * g) / np.sqrt(np.float32(0.1) * (g * g) + np.float32(1e-7))
    np.testing.assert_array_equal(v.numpy(), expected)
