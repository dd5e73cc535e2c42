"""layers/recurrent/lstm_gates.py and gru_gates.py: LSTM and GRU steps with Keras's default activations
run as fused ops. They must give the separate ops' bits: outputs, first-order gradients (array sweep),
gradients a recording tape differentiates again (Tensor sweep), and whole fits. The separate ops run
when the activations are wrappers of the same functions (``applies`` fuses only the defaults).
Central differences: the ops' rows in test_op_gradients.py."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from layers import activations
from layers.recurrent import gru_gates, lstm_gates, lstm_sequence


def _separate(x):
    return activations.sigmoid(x)


def _separate_tanh(x):
    return activations.tanh(x)


KINDS = ['LSTM', 'GRU']


def _pair(kind, dtype='float32', **kwargs):
    """The same layer twice: fused, and with wrapper activations (the separate ops)."""
    if kind == 'GRU':
        kwargs.pop('unit_forget_bias', None)
        kwargs.pop('implementation', None)
    layer = getattr(keras.layers, kind)
    fused = layer(kwargs.pop('units', 5), dtype=dtype, **kwargs)
    separate = layer(fused.units, activation=_separate_tanh, recurrent_activation=_separate, dtype=dtype, **kwargs)
    return fused, separate


def _fused_steps(tape, steps=6):
    """How many steps the fused ops recorded on ``tape`` (one op per step names the step's output;
    an LSTM or GRU loop under one tape is one op of all its ``steps``: lstm_sequence.py, gru_sequence.py)."""
    return sum(steps if node[3] in ('lstm_sequence', 'gru_sequence') else
               node[3] in ('lstm_cell_output', 'gru_step_output')
               for node in tape._nodes if node is not None)


def _bits(a):
    a = np.asarray(a)
    return a.view(np.uint8).tobytes()


def _same(xs, ys):
    for x, y in zip(tf.nest.flatten(xs), tf.nest.flatten(ys)):
        assert np.asarray(x).dtype == np.asarray(y).dtype and _bits(x) == _bits(y)


@pytest.mark.parametrize('kind', KINDS)
@pytest.mark.parametrize('dtype', ['float32', 'float64'])
@pytest.mark.parametrize('batch,units,kwargs', [
    (2, 3, {}),                                       # 6-element gates: exact-math (Eigen) kernels
    (16, 5, {'return_sequences': True}),
    (8, 7, {'return_state': True, 'go_backwards': True}),
    (4, 4, {'use_bias': False, 'unit_forget_bias': False}),
    (5, 3, {'implementation': 1, 'return_sequences': True}),     # the LSTM's bias in the input projection
    (6, 5, {}),       # 30-element gates (Eigen's kernels) in a z of 120 (LSTM) / 60 (GRU's z and r)
    (32, 32, {'return_sequences': True}),        # bench_workloads' LSTM(32) / GRU(32): numpy's kernels
])
def test_outputs_and_gradients_equal_the_separate_ops(kind, dtype, batch, units, kwargs):
    rng = np.random.default_rng(1)
    x = tf.constant(rng.normal(size=(batch, 6, 3)) * 2, dtype)
    fused, separate = _pair(kind, dtype, units=units, **kwargs)
    fused.build(x.shape)
    separate.build(x.shape)
    separate.set_weights(fused.get_weights())
    results = []
    for layer in (fused, separate):
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            out = layer(x)
            loss = tf.reduce_sum(tf.nest.flatten(out)[0] ** 2) + tf.reduce_sum(tf.nest.flatten(out)[-1])
        results.append((out, tape.gradient(loss, [x] + layer.trainable_weights)))
        # (an LSTM of Keras's implementation 1 multiplies per gate, as TF sums its gradients: no fused steps)
        per_gate = kind == 'LSTM' and kwargs.get('implementation') == 1
        assert _fused_steps(tape) == (6 if layer is fused and not per_gate else 0)
    _same(*[r[0] for r in results])
    _same(*[r[1] for r in results])


@pytest.mark.parametrize('kind', KINDS)
def test_masked_steps_and_a_given_state_equal_the_separate_ops(kind):
    rng = np.random.default_rng(2)
    x = tf.constant(rng.normal(size=(3, 5, 2)), 'float32')
    mask = tf.constant(np.array([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1], [1, 0, 0, 0, 0]], bool))
    state = [tf.constant(rng.normal(size=(3, 4)), 'float32') for _ in range(2 if kind == 'LSTM' else 1)]
    fused, separate = _pair(kind, units=4, return_sequences=True)
    fused.build(x.shape)
    separate.build(x.shape)
    separate.set_weights(fused.get_weights())
    grads = []
    for layer in (fused, separate):
        with tf.GradientTape() as tape:
            tape.watch(state)
            loss = tf.reduce_sum(layer(x, mask=mask, initial_state=state))
        grads.append(tape.gradient(loss, state + layer.trainable_weights))
    _same(*grads)


@pytest.mark.parametrize('kind', KINDS)
def test_second_derivatives_equal_the_separate_ops(kind):
    """Nested tapes record the step twice: the separate ops run (the fused rules' Tensor forms, another
    graph of the same terms, gave second derivatives other last bits)."""
    rng = np.random.default_rng(3)
    x = tf.constant(rng.normal(size=(4, 3, 2)), 'float64')
    fused, separate = _pair(kind, 'float64', units=3)
    fused.build(x.shape)
    separate.build(x.shape)
    separate.set_weights(fused.get_weights())
    results = []
    for layer in (fused, separate):
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = tf.reduce_sum(tf.sin(layer(x)))
            g = inner.gradient(y, x)
            z = tf.reduce_sum(g * g)
        results.append((g, outer.gradient(z, [x] + layer.trainable_weights)))
    _same(*results)


@pytest.mark.parametrize('kind', KINDS)
def test_a_fit_gives_the_separate_ops_weights(kind):
    rng = np.random.default_rng(5)
    x = rng.normal(size=(24, 7, 3)).astype(np.float32)
    y = rng.normal(size=(24, 1)).astype(np.float32)
    weights = []
    for fused in (True, False):
        keras.utils.set_random_seed(7)
        layer = getattr(keras.layers, kind)(6) if fused else getattr(keras.layers, kind)(
            6, activation=_separate_tanh, recurrent_activation=_separate)
        model = keras.Sequential([keras.Input((7, 3)), layer, keras.layers.Dense(1)])
        model.compile(optimizer=keras.optimizers.Adam(0.01), loss='mse')
        history = model.fit(x, y, batch_size=8, epochs=2, verbose=0, shuffle=False)
        weights.append((history.history['loss'], model.get_weights()))
    assert weights[0][0] == weights[1][0]
    _same(weights[0][1], weights[1][1])


def test_other_activations_and_dtypes_keep_the_separate_ops():
    z, b, c = tf.zeros((2, 8)), tf.zeros(8), tf.zeros((2, 2))
    assert lstm_gates.applies(z, z, b, c, activations.sigmoid, activations.tanh)
    assert lstm_gates.applies(z, z, None, c, activations.sigmoid, activations.tanh)
    assert not lstm_gates.applies(z, z, b, c, activations.hard_sigmoid, activations.tanh)
    assert not lstm_gates.applies(z, z, b, c, activations.sigmoid, activations.relu)
    assert not lstm_gates.applies(z, z, tf.zeros(8, 'float64'), c, activations.sigmoid, activations.tanh)
    half = tf.zeros((2, 8), 'float16')
    assert not lstm_gates.applies(half, half, None, tf.zeros((2, 2), 'float16'), activations.sigmoid, activations.tanh)


def test_gru_without_reset_after_or_with_other_activations_keeps_the_separate_ops():
    p, m, b, h = tf.zeros((2, 6)), tf.zeros((2, 6)), tf.zeros(6), tf.zeros((2, 2))
    assert gru_gates.applies(p, m, b, h, activations.sigmoid, activations.tanh)
    assert gru_gates.applies(p, m, None, h, activations.sigmoid, activations.tanh)
    assert not gru_gates.applies(p, m, b, h, activations.hard_sigmoid, activations.tanh)
    assert not gru_gates.applies(p, m, b, tf.zeros((2, 2), 'float64'), activations.sigmoid, activations.tanh)
    assert not gru_gates.applies(p, m, tf.zeros((1, 6)), h, activations.sigmoid, activations.tanh)
    layer = keras.layers.GRU(2, reset_after=False)
    with tf.GradientTape() as tape:
        layer(tf.zeros((1, 2, 3)))
    assert 'gru_step_output' not in [node[3] for node in tape._nodes]


@pytest.mark.parametrize('kind', KINDS)
def test_signed_zero_gradients_equal_the_separate_ops(kind):
    """An upstream gradient of -0.0: the separate ops' slices summed their blocks into +0.0."""
    x = tf.constant(np.random.default_rng(8).normal(size=(3, 4, 2)), 'float32')
    fused, separate = _pair(kind, units=3)
    fused.build(x.shape)
    separate.build(x.shape)
    separate.set_weights(fused.get_weights())
    grads = []
    for layer in (fused, separate):
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.reduce_sum(layer(x) * -0.0)
        grads.append(tape.gradient(loss, [x] + layer.trainable_weights))
    _same(*grads)


@pytest.mark.parametrize('dtype', [np.float32, np.float64])
@pytest.mark.parametrize('batch,units', [(1, 1), (2, 3), (4, 8), (8, 4), (1, 33), (6, 5), (32, 32), (17, 64)])
@pytest.mark.parametrize('exact', [False, True])
def test_the_gates_sigmoids_in_one_call_give_each_blocks_bits(dtype, batch, units, exact, request):
    """lstm_gates / gru_gates take the sigmoid of several gate blocks in one call past Eigen's exact
    sizes (numpy computes each value alone); Eigen's kernels, whose packets depend on an element's
    place, must still get each block alone: with TAPEFLOW_TF_EXACT_MATH on every size, too."""
    if exact:
        request.getfixturevalue('exact_math')
    from framework.ops.unary import _sigmoid_value
    rng = np.random.default_rng(batch * 100 + units)
    u = units
    z = (rng.normal(size=(batch, 4 * u)) * 4).astype(dtype)
    z.flat[::7] = -0.0
    for got, block in zip(lstm_gates._gate_sigmoids(np, z, u), (z[:, :u], z[:, u:2 * u], z[:, 3 * u:])):
        _same(got, _sigmoid_value(np, np.ascontiguousarray(block)))
    a, b = z[:, :3 * u], z[:, u:]
    for got, lo in zip(gru_gates._update_and_reset(np, a, b, u), (0, u)):
        _same(got, _sigmoid_value(np, np.ascontiguousarray(a[:, lo:lo + u] + b[:, lo:lo + u])))


@pytest.mark.parametrize('whole_loop', [False, True])
@pytest.mark.parametrize('use_bias', [True, False])
@pytest.mark.parametrize('units,batch', [(3, 2), (5, 16), (32, 32)])
def test_a_sweep_another_tape_records_takes_the_z_ops_tensor_rules(monkeypatch, whole_loop, use_bias, units, batch):
    """The LSTM's recurrent product runs in its step's z op (lstm_cell_z: p, h, kernel, bias); recorded
    by one tape and swept while another records, that op's and the gate ops' Tensor forms must give
    the separate ops' first-order bits, as the array forms do (the first loop). With ``whole_loop``
    the loop is one op (lstm_sequence.py), whose Tensor rules must give them too."""
    if not whole_loop:
        monkeypatch.setattr(lstm_sequence, 'applies', lambda *args: False)
    rng = np.random.default_rng(units)
    x = tf.constant(rng.normal(size=(batch, 5, 3)) * 2, 'float32')
    fused, separate = _pair('LSTM', units=units, use_bias=use_bias, return_sequences=True)
    fused.build(x.shape)
    separate.build(x.shape)
    separate.set_weights(fused.get_weights())
    for recorded in (False, True):
        results = []
        for layer in (fused, separate):
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = tf.reduce_sum(layer(x) ** 2)
            names = [node[3] for node in tape._nodes]
            assert names.count('lstm_sequence') == (whole_loop and layer is fused)
            assert names.count('lstm_cell_z') == (5 if layer is fused and not whole_loop else 0)
            assert names.count('matmul') == (0 if layer is fused else 5)
            with tf.GradientTape() as outer:        # records the sweep: the Tensor forms run
                outer.watch(x)
                grads = tape.gradient(y, [x] + layer.trainable_weights) if recorded else None
            results.append(grads if recorded else tape.gradient(y, [x] + layer.trainable_weights))
        _same(*results)


def test_gru_rules_give_p_and_m_no_negative_zeros():
    """The separate ops gave p and m their gradients as three slices summed, which turns a -0.0 into
    +0.0: the fused op's array rules add + 0.0 to the joined blocks (an upstream -0.0 makes some)."""
    rng = np.random.default_rng(11)
    u = 4
    p, mm = (tf.constant(rng.normal(size=(6, 3 * u)), 'float32') for _ in range(2))
    bias, h = tf.constant(rng.normal(size=(3 * u,)), 'float32'), tf.constant(rng.normal(size=(6, u)), 'float32')
    with tf.GradientTape() as tape:
        for t in (p, mm, bias, h):
            tape.watch(t)
        out = gru_gates.step_output(p, mm, bias, h, u)
    output, inputs, vjps, name = tape._nodes[-1]
    assert name == 'gru_step_output'
    g = np.full((6, u), -0.0, np.float32)
    for vjp in vjps[:2]:            # p's and mm's rules
        got = vjp.array_rule(g, out._data, *[t._data for t in inputs])
        assert (got == 0).all() and not np.signbit(got).any()
