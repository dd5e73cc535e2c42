"""GradientTape's contract, as TensorFlow 2.21 defines it.

Expected values are the analytic derivatives; where the behaviour is
TensorFlow's choice (None for unconnected sources, structure of the result,
the error on a second call) it was checked against TensorFlow 2.21. The seed
programs from /work/shared/seeds run unchanged but for ``import framework as tf``
and must print what TensorFlow printed.
"""
import collections
import threading

import numpy as np
import pytest

import framework as tf
from framework import tape as tape_module
from framework.tape import NoneGradientWarning

# These tests read the NoneGradientWarning explanations, off by default (TensorFlow is silent there)
pytestmark = pytest.mark.usefixtures('explained_nones')


# ---- watching ---------------------------------------------------------------------------
def test_watch_a_constant(backend):
    x = tf.constant(3.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = 2 * x
    assert g.gradient(y, x).numpy() == 2.0


def test_variables_are_watched_on_read(backend):
    x = tf.Variable(3.0)
    with tf.GradientTape() as g:
        y = x * x
    grad = g.gradient(y, x)
    assert grad.numpy() == 6.0 and backend.holds(grad) and type(grad) is tf.Tensor


def test_watch_a_nested_structure(backend):
    a, b, c = tf.constant(1.0), tf.constant(2.0), tf.constant(3.0)
    with tf.GradientTape() as g:
        g.watch([a, {'k': (b,)}, [[c]]])
        y = a * b * c
    assert [t.numpy() for t in g.gradient(y, [a, b, c])] == [6.0, 3.0, 2.0]


def test_watching_an_int_tensor_warns_and_its_gradient_is_none(backend, caplog, monkeypatch):
    monkeypatch.setattr(tape_module._NOT_FLOATING, 'counts', {})      # TensorFlow logs it the first 5 times
    n = tf.constant([1, 2])
    with tf.GradientTape() as g:
        g.watch(n)
        y = n * 2
    assert [(r.name, r.levelname) for r in caplog.records] == [('tensorflow', 'WARNING')]
    assert 'must be floating' in caplog.records[0].getMessage()
    with pytest.warns(NoneGradientWarning, match='integer dtype int32'):
        assert g.gradient(y, n) is None


def test_unwatched_constant_gives_none_with_an_explanation(backend):
    c = tf.constant(5.0)
    with tf.GradientTape() as g:
        z = 3 * c ** 2
    with pytest.warns(NoneGradientWarning, match='never watched'):
        assert g.gradient(z, c) is None


def test_non_trainable_variable_is_not_watched_automatically(backend):
    v = tf.Variable(2.0, trainable=False)
    with tf.GradientTape() as g:
        y = v * 3
    with pytest.warns(NoneGradientWarning, match='non-trainable'):
        assert g.gradient(y, v) is None
    with tf.GradientTape() as g:
        g.watch(v)
        y = v * 3
    assert g.gradient(y, v).numpy() == 3.0


def test_watch_accessed_variables_false(backend):
    a, b = tf.Variable(1.0), tf.Variable(1.0)
    with tf.GradientTape(watch_accessed_variables=False) as g:
        g.watch(a)
        y = a * 2 + b
    assert g.watched_variables() == (a,)
    with pytest.warns(NoneGradientWarning):
        ga, gb = g.gradient(y, [a, b])
    assert ga.numpy() == 2.0 and gb is None


def test_watched_variables_in_creation_order(backend):
    # TF 2.21 prints ['a:0', 'b:0', 'c:0'] here (its tape keeps them ordered by id), not the read order
    a, b, c = tf.Variable(1.0, name='a'), tf.Variable(2.0, name='b'), tf.Variable(3.0, name='c')
    with tf.GradientTape() as g:
        y = c * b + a + c
    assert [v.name for v in g.watched_variables()] == ['a:0', 'b:0', 'c:0']
    with tf.GradientTape(watch_accessed_variables=False) as g:
        g.watch(c)
        g.watch(a)
    assert [v.name for v in g.watched_variables()] == ['a:0', 'c:0']


def test_watched_variables_survive_the_gradient_call(backend):
    a = tf.Variable(1.0)
    with tf.GradientTape() as g:
        y = a * 2
    g.gradient(y, a)
    assert g.watched_variables() == (a,)


# ---- persistence, reset, stop_recording --------------------------------------------------
def test_persistent_tape_answers_many_calls(backend):
    w1, w2 = tf.Variable(5.0), tf.Variable(3.0)
    with tf.GradientTape(persistent=True) as tape:
        y = w1 * w1
        z = 3 * y + 2 * w1 * w2
    assert tape.gradient(z, w1).numpy() == 36.0
    assert tape.gradient(z, w2).numpy() == 10.0
    assert tape.gradient(y, w1).numpy() == 10.0
    assert tape.gradient(z, y).numpy() == 3.0        # w.r.t. an intermediate: d(3y + 2 w1 w2)/dy
    del tape


def test_non_persistent_tape_refuses_a_second_call(backend):
    a = tf.Variable(1.0)
    with tf.GradientTape() as g:
        y = a * 2
    g.gradient(y, a)
    # TensorFlow's message, word for word, then our hint
    with pytest.raises(RuntimeError, match=r'^A non-persistent GradientTape can only be used to compute one set '
                                           r'of gradients \(or jacobians\)'):
        g.gradient(y, a)
    with pytest.raises(RuntimeError, match='non-persistent'):
        g.jacobian(y, a)


def test_stop_recording(backend):
    a = tf.Variable(1.0)
    with tf.GradientTape() as g:
        y = a * 2
        with g.stop_recording():
            z = a * 3
        w = y + z
    assert g.gradient(w, a).numpy() == 2.0


def test_stop_recording_outside_the_block_raises(backend):
    with pytest.raises(RuntimeError, match='not recording'):     # TensorFlow's class
        with tf.GradientTape().stop_recording():
            pass


def test_reset_forgets_what_was_recorded(backend):
    a = tf.Variable(1.0)
    with tf.GradientTape() as g:
        y = a * 2
        g.reset()
        z = a * 3
        total = y + z
    assert g.gradient(total, a).numpy() == 3.0


def test_reentering_a_recording_tape_raises(backend):
    g = tf.GradientTape()
    with g:
        with pytest.raises(ValueError, match='Tape is still recording'):
            g.__enter__()


def test_gradient_inside_the_block(backend):
    a = tf.Variable(1.0)
    with tf.GradientTape() as g:
        y = a * 2
        grad = g.gradient(y, a)
    assert grad.numpy() == 2.0


# ---- structure of sources and targets -------------------------------------------------------
def test_sources_keep_their_nesting(backend):
    a, b = tf.Variable(3.0), tf.Variable(4.0)
    with tf.GradientTape() as g:
        f = a ** 2 + 5 * b
    result = g.gradient(f, [b, [a]])
    assert isinstance(result, list) and isinstance(result[1], list)
    assert (result[0].numpy(), result[1][0].numpy()) == (5.0, 6.0)


def test_sources_in_dicts_tuples_and_namedtuples(backend):
    a, b = tf.Variable(1.0), tf.Variable(2.0)
    with tf.GradientTape(persistent=True) as g:
        y = a * b
    result = g.gradient(y, {'b': b, 'a': a, 'c': (a, [b])})
    assert list(result) == ['b', 'a', 'c']                    # the caller's key order
    assert isinstance(result['c'], tuple) and isinstance(result['c'][1], list)
    assert (result['b'].numpy(), result['a'].numpy(), result['c'][0].numpy(), result['c'][1][0].numpy()) == \
        (1.0, 2.0, 2.0, 1.0)
    Pair = collections.namedtuple('Pair', 'p q')
    pair = g.gradient(y, Pair(a, b))
    assert type(pair) is Pair and (pair.p.numpy(), pair.q.numpy()) == (2.0, 1.0)
    assert isinstance(g.gradient(y, (a, b)), tuple)


def test_non_scalar_target_is_summed(backend):
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * x
    np.testing.assert_array_equal(g.gradient(y, x).numpy(), [2.0, 4.0, 6.0])


def test_list_and_dict_targets_add_up(backend):
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        y = x * 2
        z = y * 3
    np.testing.assert_array_equal(g.gradient([y, z], x).numpy(), [8.0, 8.0])
    np.testing.assert_array_equal(g.gradient({'p': y, 'q': z}, x).numpy(), [8.0, 8.0])


def test_gradient_with_respect_to_an_intermediate(backend):
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * 2
        z = y * y
    gy, gx = g.gradient(z, [y, x])
    np.testing.assert_array_equal(gy.numpy(), [4.0, 8.0])
    np.testing.assert_array_equal(gx.numpy(), [8.0, 16.0])


def test_output_gradients_weight_the_target(backend):
    a = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as g:
        y = a * a
    np.testing.assert_array_equal(g.gradient(y, a, output_gradients=tf.constant([1.0, 10.0])).numpy(), [2.0, 40.0])


def test_output_gradients_of_the_wrong_shape_raise(backend):
    a = tf.constant([1.0, 2.0])
    with tf.GradientTape() as g:
        g.watch(a)
        y = a * 2
    with pytest.raises(ValueError, match=r'output_gradients of shape \(3,\) for a target of shape \(2,\)'):
        g.gradient(y, a, output_gradients=tf.constant([1.0, 1.0, 1.0]))


@pytest.mark.parametrize('mode', ['zero', tf.UnconnectedGradients.ZERO], ids=['string', 'enum'])
def test_unconnected_gradients_zero(mode, backend):
    x, other = tf.constant([1.0, 2.0]), tf.constant([[3.0]], tf.float64)
    with tf.GradientTape() as g:
        g.watch([x, other])
        y = x * 2
    gx, go = g.gradient(y, [x, other], unconnected_gradients=mode)
    np.testing.assert_array_equal(gx.numpy(), [2.0, 2.0])
    assert go.shape == (1, 1) and go.dtype == tf.float64 and go.numpy()[0, 0] == 0.0


def test_unconnected_gradients_default_is_none(backend):
    x, other = tf.constant(1.0), tf.constant(2.0)
    with tf.GradientTape() as g:
        g.watch([x, other])
        y = x * 2
    with pytest.warns(NoneGradientWarning, match='does not depend on it'):
        assert g.gradient(y, [x, other])[1] is None


def test_unknown_unconnected_gradients_mode_raises(backend):
    x = tf.constant(1.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * 2
    with pytest.raises(ValueError, match="unconnected_gradients must be 'none' or 'zero'"):
        g.gradient(y, x, unconnected_gradients='bogus')


def test_gradient_uses_the_value_read_in_the_forward_pass(backend):
    """A variable assigned after the forward pass: TensorFlow differentiates the value that was read."""
    v = tf.Variable(2.0)
    with tf.GradientTape() as g:
        y = v * v
    v.assign(10.0)
    assert g.gradient(y, v).numpy() == 4.0
    assert v.numpy() == 10.0


def test_stop_gradient_blocks_and_explains(backend):
    w1, w2 = tf.Variable(5.0), tf.Variable(3.0)
    with tf.GradientTape(persistent=True) as tape:
        z = 3 * w1 ** 2 + tf.stop_gradient(2 * w1 * w2)
    assert tape.gradient(z, w1).numpy() == 30.0
    with pytest.warns(NoneGradientWarning, match='stop_gradient'):
        assert tape.gradient(z, w2) is None


# ---- jacobians ---------------------------------------------------------------------------
def test_jacobian_values_and_shape(backend):
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    scale = tf.constant([1.0, 2.0])
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        y = tf.sin(x) * scale
        rows = tf.reduce_sum(x, axis=1)
    jac = g.jacobian(y, x)
    assert jac.shape == (2, 2, 2, 2)
    expected = np.zeros((2, 2, 2, 2), np.float32)
    for i in range(2):
        for j in range(2):
            expected[i, j, i, j] = np.cos(x.numpy()[i, j]) * scale.numpy()[j]
    np.testing.assert_allclose(jac.numpy(), expected, rtol=1e-6)
    np.testing.assert_array_equal(g.jacobian(rows, x).numpy(), [[[1, 1], [0, 0]], [[0, 0], [1, 1]]])
    structured = g.jacobian(rows, [x, {'again': x}])
    assert structured[1]['again'].shape == (2, 2, 2)


def test_jacobian_of_unconnected_source(backend):
    x, other = tf.constant([1.0, 2.0]), tf.constant([5.0, 6.0, 7.0])
    with tf.GradientTape(persistent=True) as g:
        g.watch([x, other])
        y = x * 3
    assert g.jacobian(y, other) is None
    zeros = g.jacobian(y, other, unconnected_gradients='zero')
    assert zeros.shape == (2, 3) and not zeros.numpy().any()


def test_batch_jacobian(backend):
    w = tf.constant([[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]])
    x = tf.constant([[1.0, 0.5], [2.0, -1.0], [0.0, 3.0]])
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        y = tf.matmul(x, w) ** 2
    jac = g.batch_jacobian(y, x)
    assert jac.shape == (3, 4, 2)
    expected = [2 * (x.numpy()[b] @ w.numpy())[:, None] * w.numpy().T for b in range(3)]
    np.testing.assert_allclose(jac.numpy(), expected, rtol=1e-6)



def test_jacobian_on_a_non_persistent_tape(backend):
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * x
    np.testing.assert_array_equal(g.jacobian(y, x).numpy(), [[2.0, 0.0], [0.0, 4.0]])


def test_batch_jacobian_on_a_non_persistent_tape(backend):
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * x
    np.testing.assert_array_equal(g.batch_jacobian(y, x).numpy(), [[[2.0, 0.0], [0.0, 4.0]], [[6.0, 0.0], [0.0, 8.0]]])


def test_jacobians_follow_the_target_device_outside_a_device_scope(backend, request):
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        y = x * x
    with tf.device('/CPU:0'):
        jac = g.jacobian(y, x)
        batch = g.batch_jacobian(y, x)
    assert backend.holds(jac) and backend.holds(batch)
    np.testing.assert_array_equal(batch.numpy(), [[[2.0, 0.0], [0.0, 4.0]], [[6.0, 0.0], [0.0, 8.0]]])


def test_batch_jacobian_needs_a_shared_batch_axis(backend):
    x = tf.constant([[1.0, 2.0]])
    with tf.GradientTape() as g:
        g.watch(x)
        y = tf.reshape(x, [2, 1])
    with pytest.raises(ValueError, match=r'same leading \(batch\) dimension.*\(2, 1\) and \(1, 2\)'):
        g.batch_jacobian(y, x)


# ---- custom gradients ---------------------------------------------------------------------
def test_custom_gradient_replaces_the_rule(backend):
    @tf.custom_gradient
    def clip_gradient_norm(x):
        def grad(upstream):
            return tf.clip_by_norm(upstream, 0.5)
        return tf.identity(x), grad
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as g:
        g.watch(x)
        y = clip_gradient_norm(x) * 10.0
    np.testing.assert_allclose(g.gradient(y, x).numpy(), [0.5 / np.sqrt(2)] * 2, rtol=1e-6)


def test_custom_gradient_reading_a_variable(backend):
    v = tf.Variable(2.0)

    @tf.custom_gradient
    def scale_by_v(x):
        def grad_fn(upstream, variables=None):
            assert variables is not None and len(variables) == 1 and variables[0] is v
            return upstream * v, [upstream * x]
        return x * v, grad_fn

    x = tf.constant(3.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = scale_by_v(x)
    gx, gv = g.gradient(y, [x, v])
    assert (gx.numpy(), gv.numpy()) == (2.0, 3.0)


def test_custom_gradient_reading_a_variable_needs_the_variables_argument(backend):
    v = tf.Variable(2.0)

    @tf.custom_gradient
    def forgets_variables(x):
        return x * v, lambda upstream: upstream * v

    with pytest.raises(TypeError, match="grad_fn must accept keyword argument 'variables', since function uses "
                                        r"variables: \[<tf.Variable 'Variable:0' shape=\(\) dtype=float32") as caught:
        forgets_variables(tf.constant(1.0))
    assert 'forgets_variables reads the variables' in ''.join(getattr(caught.value, '__notes__', []))


# ---- threads ------------------------------------------------------------------------------
def test_tapes_in_two_threads_do_not_see_each_others_ops():
    shared = tf.constant(3.0)
    both_recording = threading.Barrier(2, timeout=10)
    both_computed = threading.Barrier(2, timeout=10)
    results, errors = {}, []

    def worker(name, fn):
        try:
            with tf.GradientTape(persistent=True) as tape:
                tape.watch(shared)
                both_recording.wait()
                outs = [fn(shared) for _ in range(50)]   # interleave with the other thread's ops
                both_computed.wait()
            results[name] = (tape, outs[-1])
        except Exception as err:                          # surfaced below: a thread cannot fail the test
            errors.append(err)

    threads = [threading.Thread(target=worker, args=('square', lambda x: x * x)),
               threading.Thread(target=worker, args=('triple', lambda x: x * 3.0))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    square_tape, squared = results['square']
    triple_tape, tripled = results['triple']
    assert square_tape.gradient(squared, shared).numpy() == 6.0
    assert triple_tape.gradient(tripled, shared).numpy() == 3.0
    with pytest.warns(NoneGradientWarning):
        assert square_tape.gradient(tripled, shared) is None      # recorded on the other thread only
    with pytest.warns(NoneGradientWarning):
        assert triple_tape.gradient(squared, shared) is None


# ---- the seed programs --------------------------------------------------------------------
def test_seed_000_003_gradienttape_basics(capsys):
    x = tf.constant(3.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = 2 * x
    print(g.gradient(y, x).numpy())

    x = tf.Variable(3.0)
    with tf.GradientTape() as g:
        y = x * x
    print(g.gradient(y, x).numpy())

    def with_if(x):
        if x <= 0:
            return x * 2
        else:
            return x * x * x

    def with_if_gradient(n):
        x = tf.Variable(n)
        with tf.GradientTape() as g:
            y = with_if(x)
        print('n = %.1f の時: gradient = %.1f' % (n, g.gradient(y, x)))

    with_if_gradient(-3.0)
    with_if_gradient(0.0)
    with_if_gradient(3.0)

    a = tf.Variable(3.0)
    b = tf.Variable(4.0)
    with tf.GradientTape() as g:
        f = a ** 2 + 5 * b
    print(g.gradient(f, [a, b]))
    with tf.GradientTape() as g:
        f = a ** 2 + 5 * b
    print(g.gradient(f, [b, [a]]))

    # TensorFlow 2.21 printed the same, with "tf." where we print "tapeflow.".
    assert capsys.readouterr().out.splitlines() == [
        '2.0',
        '6.0',
        'n = -3.0 の時: gradient = 2.0',
        'n = 0.0 の時: gradient = 2.0',
        'n = 3.0 の時: gradient = 27.0',
        '[<tf.Tensor: shape=(), dtype=float32, numpy=6.0>, '
        '<tf.Tensor: shape=(), dtype=float32, numpy=5.0>]',
        '[<tf.Tensor: shape=(), dtype=float32, numpy=5.0>, '
        '[<tf.Tensor: shape=(), dtype=float32, numpy=6.0>]]',
    ]


def test_seed_002_autodiff_first_half(capsys):
    w1, w2 = tf.Variable(5.), tf.Variable(3.)

    def f(w1, w2):
        return 3 * w1 ** 2 + 2 * w1 * w2

    with tf.GradientTape(persistent=True) as tape:
        z = f(w1, w2)
    dz_dw1 = tape.gradient(z, w1)
    dz_dw2 = tape.gradient(z, w2)
    del tape
    print(dz_dw1, dz_dw2)

    c1, c2 = tf.constant(5.), tf.constant(3.)
    with tf.GradientTape(persistent=True) as tape:
        z = f(c1, c2)
    with pytest.warns(NoneGradientWarning):
        dz_dc1 = tape.gradient(z, c1)
        dz_dc2 = tape.gradient(z, c2)
    del tape
    print(dz_dc1, dz_dc2)

    with tf.GradientTape(persistent=True) as tape:
        tape.watch(c1)
        tape.watch(c2)
        z = f(c1, c2)
    dz_dc1 = tape.gradient(z, c1)
    dz_dc2 = tape.gradient(z, c2)
    del tape
    print(dz_dc1, dz_dc2)

    def f(w1, w2):  # noqa: F811  (the seed redefines f)
        return 3 * w1 ** 2 + tf.stop_gradient(2 * w1 * w2)

    with tf.GradientTape(persistent=True) as tape:
        z = f(w1, w2)
    dz_dw1 = tape.gradient(z, w1)
    with pytest.warns(NoneGradientWarning):
        dz_dw2 = tape.gradient(z, w2)
    del tape
    print(dz_dw1, dz_dw2)

    x = tf.Variable([100.])

    def my_softplus(z):
        return tf.math.log(tf.exp(z) + 1.)

    with tf.GradientTape() as tape:
        z = my_softplus(x)
    print(tape.gradient(z, [x]))

    @tf.custom_gradient
    def my_better_softplus(z):
        exp = tf.exp(z)

        def my_softplus_gradients(grad):
            return grad / (1. + 1. / exp)

        return tf.math.log(exp + 1.), my_softplus_gradients

    with tf.GradientTape() as tape:
        z = my_better_softplus(x)
    print(tape.gradient(z, [x]))

    assert capsys.readouterr().out.splitlines() == [
        'tf.Tensor(36.0, shape=(), dtype=float32) tf.Tensor(10.0, shape=(), dtype=float32)',
        'None None',
        'tf.Tensor(36.0, shape=(), dtype=float32) tf.Tensor(10.0, shape=(), dtype=float32)',
        'tf.Tensor(30.0, shape=(), dtype=float32) None',
        '[<tf.Tensor: shape=(1,), dtype=float32, numpy=array([nan], dtype=float32)>]',
        '[<tf.Tensor: shape=(1,), dtype=float32, numpy=array([1.], dtype=float32)>]',
    ]


def test_seed_004_linear_regression(capsys):
    X = tf.constant([1.0, 2.0, 3.0, 4.0])
    Y = tf.constant([3.0, 5.0, 7.0, 9.0])
    W = tf.Variable(0.0)
    b = tf.Variable(0.0)

    def loss_fn(y_true, y_pred):
        return tf.reduce_mean(tf.square(y_true - y_pred))

    def linear_model(x):
        return W * x + b

    learning_rate = 0.01

    def train_step(x, y):
        with tf.GradientTape() as tape:
            y_pred = linear_model(x)
            loss = loss_fn(y, y_pred)
        gradients = tape.gradient(loss, [W, b])
        W.assign_sub(learning_rate * gradients[0])
        b.assign_sub(learning_rate * gradients[1])
        return loss

    for epoch in range(1000):
        loss_value = train_step(X, Y)
        if epoch % 100 == 0:
            print(f"Epoch {epoch}: Loss = {loss_value.numpy():.4f}, W = {W.numpy():.4f}, b = {b.numpy():.4f}")

    # TensorFlow 2.21 printed these lines, and ended at W = 2.004861, b = 0.98570794.
    assert capsys.readouterr().out.splitlines() == [
        'Epoch 0: Loss = 41.0000, W = 0.3500, b = 0.1200',
        'Epoch 100: Loss = 0.0075, W = 2.0720, b = 0.7883',
        'Epoch 200: Loss = 0.0041, W = 2.0534, b = 0.8431',
        'Epoch 300: Loss = 0.0023, W = 2.0395, b = 0.8838',
        'Epoch 400: Loss = 0.0012, W = 2.0293, b = 0.9139',
        'Epoch 500: Loss = 0.0007, W = 2.0217, b = 0.9362',
        'Epoch 600: Loss = 0.0004, W = 2.0161, b = 0.9527',
        'Epoch 700: Loss = 0.0002, W = 2.0119, b = 0.9650',
        'Epoch 800: Loss = 0.0001, W = 2.0088, b = 0.9740',
        'Epoch 900: Loss = 0.0001, W = 2.0065, b = 0.9808',
    ]
    assert W.numpy() == pytest.approx(2.004861, abs=1e-4)
    assert b.numpy() == pytest.approx(0.98570794, abs=1e-4)
    assert W.dtype == tf.float32 and b.dtype == tf.float32
