"""predict with compile(steps_per_execution=k > 1) takes a sigmoid head's logistic over each group's joined rows,
as TF 2.21: Keras 3 joins a group's step outputs with concat in one tf.function, and grappler hoists the final
Sigmoid past the concat, so Eigen's packets of 8 and scalar tail fall by the group's rows, not the batch's.
tapeflow took it per batch: 10 of 21 rows an ulp off (Dense(1, 'sigmoid'), batches of 4, groups of 2).
Softmax heads, run_eagerly and jit_compile stay per batch. TF 2.21 values: /work/notes/progs/modelfuzz19/h1.py,
h2.py (AVX2 EPYC, where TF runs Eigen's kernels: oneDNN off, as these tests set)."""
import numpy as np
import pytest

from conftest import hexes_as_tf
from framework import keras
from framework.ops import eigen_math

L = keras.layers
_RNG = np.random.default_rng(16)
X = _RNG.normal(size=(21, 4)).astype('float32')
W = [_RNG.normal(size=s).astype('float32') for s in [(4, 3), (3,), (3, 1), (1,), (3, 2), (2,)]]

# TF 2.21 gives, for the 21 rows in batches of 4:
PER_BATCH = [       # steps_per_execution=1 (and run_eagerly)
    '0x1.6f29fc0000000p-3', '0x1.181c2e0000000p-1', '0x1.8c5cb20000000p-1', '0x1.5b06160000000p-3',
    '0x1.6f92f80000000p-2', '0x1.2abd260000000p-1', '0x1.6bce900000000p-2', '0x1.3a1f0e0000000p-1',
    '0x1.7b0b8c0000000p-3', '0x1.6d4dae0000000p-4', '0x1.0245c80000000p-1', '0x1.980dae0000000p-2',
    '0x1.c3b54c0000000p-2', '0x1.c53fd00000000p-1', '0x1.8bb2800000000p-2', '0x1.be5e180000000p-2',
    '0x1.a1b02c0000000p-1', '0x1.7de7700000000p-2', '0x1.cfc0f40000000p-3', '0x1.206a680000000p-3',
    '0x1.05a2fe0000000p-2']
GROUPS_OF_2 = [     # steps_per_execution=2
    '0x1.6f29f80000000p-3', '0x1.181c2e0000000p-1', '0x1.8c5cb40000000p-1', '0x1.5b06140000000p-3',
    '0x1.6f92fa0000000p-2', '0x1.2abd260000000p-1', '0x1.6bce940000000p-2', '0x1.3a1f0c0000000p-1',
    '0x1.7b0b8c0000000p-3', '0x1.6d4dac0000000p-4', '0x1.0245c80000000p-1', '0x1.980dac0000000p-2',
    '0x1.c3b54a0000000p-2', '0x1.c53fd20000000p-1', '0x1.8bb2800000000p-2', '0x1.be5e160000000p-2',
    '0x1.a1b02c0000000p-1', '0x1.7de7700000000p-2', '0x1.cfc0f40000000p-3', '0x1.206a680000000p-3',
    '0x1.05a2fe0000000p-2']
GROUPS_OF_3 = [     # steps_per_execution=3
    '0x1.6f29f80000000p-3', '0x1.181c2e0000000p-1', '0x1.8c5cb40000000p-1', '0x1.5b06140000000p-3',
    '0x1.6f92fa0000000p-2', '0x1.2abd260000000p-1', '0x1.6bce940000000p-2', '0x1.3a1f0c0000000p-1',
    '0x1.7b0b8c0000000p-3', '0x1.6d4dae0000000p-4', '0x1.0245c80000000p-1', '0x1.980dae0000000p-2',
    '0x1.c3b54a0000000p-2', '0x1.c53fd20000000p-1', '0x1.8bb2800000000p-2', '0x1.be5e160000000p-2',
    '0x1.a1b02c0000000p-1', '0x1.7de7700000000p-2', '0x1.cfc0f20000000p-3', '0x1.206a660000000p-3',
    '0x1.05a2fe0000000p-2']


@pytest.fixture(autouse=True)
def eigen_kernels(monkeypatch):
    # TF on a CPU without oneDNN's fusions (its remapper fuses the Dense's sigmoid where oneDNN runs)
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')


def hexes(values):
    return [float(v).hex() for v in np.asarray(values).ravel()]


def model(kind='dense', **compile_kwargs):
    i = keras.Input((4,))
    h = L.Dense(3, activation='tanh')(i)
    if kind == 'two':
        outputs = [L.Dense(1, activation='sigmoid')(h), L.Dense(2, activation='softmax')(h)]
    elif kind == 'activation':
        outputs = L.Activation('sigmoid')(L.Dense(1)(h))
    else:
        outputs = L.Dense(1, activation='sigmoid')(h)
    m = keras.Model(i, outputs)
    m.set_weights(W if kind == 'two' else W[:4])
    m.compile('sgd', 'mse', **compile_kwargs)
    return m


@pytest.mark.parametrize('spe, batch_size', [(2, 4), (2, 5), (3, 4), (5, 4), (2, 16)])
def test_sigmoid_is_taken_over_each_groups_rows(spe, batch_size):
    m = model(steps_per_execution=spe)
    m.layers[-1].activation = keras.activations.linear
    z = m.predict(X, batch_size=batch_size, verbose=0)
    m = model(steps_per_execution=spe)
    rows = spe * batch_size
    expected = np.concatenate([eigen_math.sigmoid(z[k:k + rows]) for k in range(0, len(X), rows)])
    assert hexes(m.predict(X, batch_size=batch_size, verbose=0)) == hexes(expected)


@pytest.mark.parametrize('kind', ['dense', 'activation'])
@pytest.mark.parametrize('spe, expected', [(1, PER_BATCH), (2, GROUPS_OF_2), (3, GROUPS_OF_3)])
def test_sigmoid_heads_as_tf(kind, spe, expected):
    assert hexes_as_tf(hexes(model(kind, steps_per_execution=spe).predict(X, batch_size=4, verbose=0)), expected)


def test_two_heads_hoist_the_sigmoid_and_keep_the_softmax():
    sigmoid, softmax = model('two', steps_per_execution=2).predict(X, batch_size=4, verbose=0)
    assert hexes_as_tf(hexes(sigmoid), GROUPS_OF_2)
    # the softmax is no elementwise op: per batch, as with one step a group
    assert hexes(softmax) == hexes(model('two').predict(X, batch_size=4, verbose=0)[1])


def test_callbacks_see_the_groups_values():
    seen = []

    class Outputs(keras.callbacks.Callback):
        def on_predict_batch_end(self, batch, logs=None):
            seen.append((batch, hexes(logs['outputs'])))

    model(steps_per_execution=2).predict(X, batch_size=4, verbose=0, callbacks=[Outputs()])
    assert [batch for batch, _ in seen] == [1, 3, 5]
    assert hexes_as_tf(seen[0][1] + seen[1][1] + seen[2][1], GROUPS_OF_2)


@pytest.mark.parametrize('compile_kwargs', [dict(run_eagerly=True), dict(jit_compile=True)])
def test_eager_and_xla_steps_keep_the_batch(compile_kwargs):
    # run_eagerly: no graph, no grappler (TF 2.21 gives PER_BATCH); jit_compile: XLA computes the logistic
    # its own way (left: TF's 1 / (1 + XLA's exp(-x)), another last bit), but not over the group's rows
    grouped = model(steps_per_execution=2, **compile_kwargs).predict(X, batch_size=4, verbose=0)
    single = model(**compile_kwargs).predict(X, batch_size=4, verbose=0)
    assert hexes(grouped) == hexes(single)
