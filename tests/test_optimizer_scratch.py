"""Large variables' updates write their intermediates into reused buffers (optim/scratch.py):
the same bits as the formula written with temporaries, step after step, for variables of
different sizes sharing the buffers."""
import numpy as np
import pytest

from framework import keras
from framework.variable import Variable
from optim import scratch

SHAPES = [(300, 200), (784, 128), (50, 40), (70000,)]       # large, larger (buffers grow), small, large
B1, B2, EPS, LR = np.float32(0.9), np.float32(0.999), 1e-7, np.float32(0.01)


def _adam(p, g, m, v, t):
    root, denominator = np.sqrt(1 - B2 ** np.float32(t)), 1 - B1 ** np.float32(t)
    alpha = LR * root / denominator
    m += (g - m) * (1 - 0.9)
    v += (g * g - v) * (1 - 0.999)
    p -= m * alpha / (np.sqrt(v) + EPS)


def _nadam(p, g, m, v, t, state):
    u_t = B1 * (np.float32(1) - np.float32(0.5) * np.float32(0.96) ** np.float32(t))
    u_next = B1 * (np.float32(1) - np.float32(0.5) * np.float32(0.96) ** np.float32(t + 1))
    if state['t'] != t:     # Keras 3 advances u_product once a step as u_product * beta_1 * (1 - 0.5 * 0.96**t)
        decay = np.float32(0.96) ** np.float32(t)
        state['t'], state['product'] = t, state['product'] * B1 * (np.float32(1) - np.float32(0.5) * decay)
    product = state['product']
    m += (g - m) * (np.float32(1) - B1)
    v += (g * g - v) * (np.float32(1) - B2)
    m_hat = u_next * m / (np.float32(1) - product * u_next) + (np.float32(1) - u_t) * g / (np.float32(1) - product)
    p -= m_hat * LR / (np.sqrt(v / (np.float32(1) - B2 ** np.float32(t))) + np.float32(EPS))


def _sgd(p, g, m, t, nesterov):
    steps = g * LR
    m[...] = m * np.float32(0.9) - steps
    p += m * np.float32(0.9) - steps if nesterov else m


@pytest.mark.parametrize('kind', ['adam', 'nadam', 'sgd', 'nesterov'])
def test_large_variables_update_as_the_formula(kind):
    rng = np.random.default_rng(3)
    values = [rng.normal(size=s).astype(np.float32) for s in SHAPES]
    variables = [Variable(v) for v in values]
    optimizer = {'adam': lambda: keras.optimizers.Adam(0.01),
                 'nadam': lambda: keras.optimizers.Nadam(0.01),
                 'sgd': lambda: keras.optimizers.SGD(0.01, momentum=0.9),
                 'nesterov': lambda: keras.optimizers.SGD(0.01, momentum=0.9, nesterov=True)}[kind]()
    # one flat group of small variables would hide the per-variable path: each variable on its own
    optimizer.elementwise_update = False
    expected = [v.copy() for v in values]
    m = [np.zeros_like(v) for v in values]
    s = [np.zeros_like(v) for v in values]
    state = {'t': 0, 'product': np.float32(1)}
    for t in range(1, 4):
        grads = [rng.normal(size=v.shape).astype(np.float32) for v in values]
        optimizer.apply_gradients(zip(grads, variables))
        for p, g, mi, si in zip(expected, grads, m, s):
            if kind == 'adam':
                _adam(p, g, mi, si, t)
            elif kind == 'nadam':
                _nadam(p, g, mi, si, t, state)
            else:
                _sgd(p, g, mi, t, kind == 'nesterov')
        for variable, p in zip(variables, expected):
            np.testing.assert_array_equal(variable.numpy(), p)
    # one pair of buffers, grown to the largest variable
    assert [[b.size for b in held] for held in optimizer._scratch.values()] == [[784 * 128] * 2]


def test_small_or_device_arrays_borrow_nothing():
    optimizer = keras.optimizers.Adam()
    assert scratch.borrow(optimizer, np.zeros(1000, np.float32), 2) is None
    assert scratch.borrow(optimizer, np.zeros(scratch.LARGE_BYTES // 4, np.float32), 2) is not None
    held = scratch.borrow(optimizer, np.zeros((256, 256), np.float64), 3)
    assert [a.shape for a in held] == [(256, 256)] * 3 and held[0].dtype == np.float64
    assert len({id(a.base) for a in held}) == 3


def test_a_copied_optimizer_gets_buffers_of_its_own():
    import copy
    optimizer = keras.optimizers.Adam()
    variable = Variable(np.ones((400, 100), np.float32))
    optimizer.apply_gradients([(np.ones((400, 100), np.float32), variable)])
    assert optimizer._scratch
    assert copy.deepcopy(optimizer)._scratch == {}
