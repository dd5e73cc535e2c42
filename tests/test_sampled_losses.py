"""tf.nn.sampled_softmax_loss, nce_loss and compute_accidental_hits against TensorFlow 2.21, and the
log-uniform candidate sampler they use by default.

Golden values: /opt/tfref's tensorflow 2.21 on the inputs below with fixed sampled_values
(TensorFlow's sampler draws from its own random stream, so the losses are compared given
the same sample); outputs printed in full, the gradient as sums (plain and weighted by
cos(arange(40)) for the weights) of the dense gradients.
"""
import math

import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients
from framework.ops.sampled_losses import log_uniform_candidate_sampler

nn = tf.nn


def arr(shape, seed, scale=1.0):
    n = int(np.prod(shape))
    return (np.sin(np.arange(n) * 0.7 + seed) * scale).reshape(shape).astype('float32')


W, B, X = arr((10, 4), 1), arr((10,), 2), arr((3, 4), 3)
L1 = np.array([[1], [4], [7]], 'int64')
L2 = np.array([[1, 2], [4, 0], [7, 7]], 'int64')
S = (np.array([2, 7, 0, 5], 'int64'), np.array([[0.3], [0.2], [0.1]], 'float32'),
     np.array([0.25, 0.1, 0.5, 0.15], 'float32'))
S2 = (S[0], np.array([[0.3, 0.2], [0.2, 0.4], [0.1, 0.1]], 'float32'), S[2])
CASES = {
    'ssl': lambda: nn.sampled_softmax_loss(W, B, L1, X, 4, 10, sampled_values=S),
    'ssl_keep': lambda: nn.sampled_softmax_loss(W, B, L1, X, 4, 10, sampled_values=S, remove_accidental_hits=False),
    'ssl_true2': lambda: nn.sampled_softmax_loss(W, B, L2, X, 4, 10, num_true=2, sampled_values=S2),
    'nce': lambda: nn.nce_loss(W, B, L1, X, 4, 10, sampled_values=S),
    'nce_remove': lambda: nn.nce_loss(W, B, L2, X, 4, 10, num_true=2, sampled_values=S2, remove_accidental_hits=True),
    'hits': lambda: [t.numpy().tolist() for t in nn.compute_accidental_hits(L2, S[0], 2)],
}
GOLDEN = {
    'ssl': [1.0160683393478394, 1.189825177192688, 0.31472834944725037],
    'ssl_keep': [1.0160683393478394, 1.189825177192688, 0.862842321395874],
    'ssl_true2': [2.9464802742004395, 1.3803468942642212, 0.8628422021865845],
    'nce': [7.569025039672852, 7.374320030212402, 10.268014907836914],
    'nce_remove': [9.571022033691406, 7.719473838806152, 10.268016815185547],
    'hits': [[0, 1, 2, 2], [0, 2, 1, 1], [-3.4028234663852886e+38, -3.4028234663852886e+38, -3.4028234663852886e+38, -3.4028234663852886e+38]],
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_matches_tensorflow(name):
    out = CASES[name]()
    np.testing.assert_allclose(np.asarray(out if name == 'hits' else out.numpy(), np.float64), GOLDEN[name], rtol=1e-6)


def test_gradient_matches_tensorflow():
    w, x = tf.constant(W), tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch([w, x])
        loss = nn.sampled_softmax_loss(w, B, L2, x, 4, 10, num_true=2, sampled_values=S2)
    dw, dx = (tf.convert_to_tensor(g).numpy() for g in tape.gradient(loss, [w, x]))
    # TensorFlow: sum(dw) = 1.2e-7 (0 up to rounding), sum(dx) = -0.981029, sum(dw * cos(arange(40))) = 0.3036315
    np.testing.assert_allclose([dw.sum(), dx.sum(), (dw * np.cos(np.arange(40).reshape(10, 4))).sum()],
                               [0.0, -0.981029, 0.3036315], rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize('loss', [nn.sampled_softmax_loss, nn.nce_loss])
def test_gradients_match_central_differences(loss):
    # float64 points: the expected counts in float64 too (TF casts none; float32 ones fail in Sub)
    counts64 = (S2[0], S2[1].astype('float64'), S2[2].astype('float64'))
    check_gradients(lambda w, b, x: loss(w, b, L2, x, 4, 10, num_true=2, sampled_values=counts64,
                                         remove_accidental_hits=True),
                    [W, B, X])


@pytest.mark.parametrize('unique', [True, False])
def test_log_uniform_sampler(unique):
    tf.random.set_seed(None)        # seed=5 alone picks the draws (an earlier test may leave a global seed set)
    sampled, true_expected, sampled_expected = log_uniform_candidate_sampler(L1, 1, 6, unique, 20, seed=5)
    values = sampled.numpy()
    assert values.dtype == np.int64 and values.shape == (6,) and values.min() >= 0 and values.max() < 20
    p = lambda k: (math.log(k + 2) - math.log(k + 1)) / math.log(21)     # noqa: E731
    if unique:
        assert len(set(values.tolist())) == 6
        # 1 - (1 - p) ** tries, one number of tries (>= 6) for every class
        tries = math.log1p(-float(sampled_expected.numpy()[0])) / math.log1p(-p(values[0]))
        assert tries >= 6 - 1e-3
        np.testing.assert_allclose(true_expected.numpy()[:, 0], [-math.expm1(tries * math.log1p(-p(k)))
                                                                 for k in L1[:, 0]], rtol=1e-5)
    else:
        np.testing.assert_allclose(sampled_expected.numpy(), [6 * p(k) for k in values], rtol=1e-6)
    np.testing.assert_array_equal(log_uniform_candidate_sampler(L1, 1, 6, unique, 20, seed=5)[0].numpy().shape, (6,))


def test_default_sampling_gives_finite_losses():
    tf.random.set_seed(1)
    for loss in (nn.sampled_softmax_loss, nn.nce_loss):
        out = loss(W, B, L1, X, 5, 10).numpy()
        assert out.shape == (3,) and np.isfinite(out).all()


@pytest.mark.parametrize('call, message', [
    (lambda: nn.sampled_softmax_loss(W, B, L1, X[:, :3], 4, 10, sampled_values=S), 'do not match'),
    (lambda: nn.sampled_softmax_loss(W, B, L2, X, 4, 10, sampled_values=S), 'labels must be integers of shape'),
    (lambda: nn.nce_loss([W, W], B, L1, X, 4, 10, sampled_values=S), 'shards are not supported'),
    (lambda: log_uniform_candidate_sampler(L1, 1, 30, True, 20), 'cannot draw num_sampled=30 unique'),
    (lambda: log_uniform_candidate_sampler(L1, 2, 3, True, 20), 'true_classes must be int64 of shape'),
    (lambda: nn.compute_accidental_hits(L2, S[0], 1), 'compute_accidental_hits: true_classes must have shape'),
])
def test_bad_input_names_the_op(call, message):
    with pytest.raises(ValueError, match=message):
        call()


# ---- for tests/test_op_gradients.py and tests/test_bad_input_sweep.py -------------------------
COVERED_HERE = {'sampled_softmax_loss', 'nce_loss', 'compute_accidental_hits', 'log_uniform_candidate_sampler'}
SWEEP_CALLS = {
    'sampled_softmax_loss': ((W, B, L1, X, 4, 10), {'sampled_values': S}),
    'nce_loss': ((W, B, L1, X, 4, 10), {'sampled_values': S}),
    'compute_accidental_hits': ((L2, S[0], 2), {}),
    'log_uniform_candidate_sampler': ((L1, 1, 3, True, 10), {'seed': 1}),
}
SWEEP_ANY_DTYPE = set()
