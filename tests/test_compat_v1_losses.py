"""tf.compat.v1.losses: TF 1's weighted scalar losses and their gradients against TF 2.21 (float32 bit sums;
/work/notes/progs/me23/v1opt/probe6.py, tf6.out)."""
import numpy as np
import pytest

import framework as tf

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # TF 2.21's values on the AVX-512 Xeon

L = tf.compat.v1.losses
R = L.Reduction
rng = np.random.default_rng(3)
y = rng.uniform(size=(6, 4)).astype(np.float32)
p = rng.uniform(0.01, 0.99, size=(6, 4)).astype(np.float32)
logits = rng.normal(size=(6, 4)).astype(np.float32) * 3
onehot = np.eye(4, dtype=np.float32)[rng.integers(0, 4, size=6)]
sparse = rng.integers(0, 4, size=6)
binary = (rng.uniform(size=(6, 4)) > 0.5).astype(np.float32)
w_row = np.array([[1.0], [0.0], [2.0], [1.0], [0.5], [0.0]], np.float32)
w_full = rng.uniform(size=(6, 4)).astype(np.float32) * (rng.uniform(size=(6, 4)) > 0.3)

_TF = {   # name: (loss of x, shape, bits sum of the loss, bits sum of its gradient)
    'mse': (lambda x: L.mean_squared_error(y, x), (), 1041399868, -1456997096),
    'mse_w': (lambda x: L.mean_squared_error(y, x, weights=w_row), (), 1045078277, -9491254402),
    'mse_wfull': (lambda x: L.mean_squared_error(y, x, weights=w_full), (), 1028526206, -10639420467),
    'mse_w0': (lambda x: L.mean_squared_error(y, x, weights=0.0), (), 0, -25769803776),
    'mse_none': (lambda x: L.mean_squared_error(y, x, reduction=R.NONE), (6, 4), 24510257110, -535185273),
    'mse_sum': (lambda x: L.mean_squared_error(y, x, reduction=R.SUM), (), 1079754842, -535185273),
    'mse_mean': (lambda x: L.mean_squared_error(y, x, weights=w_row, reduction=R.MEAN), (), 1043602778, -9513281807),
    'mse_batch': (lambda x: L.mean_squared_error(y, x, weights=w_row, reduction=R.SUM_OVER_BATCH_SIZE), (), 1040651779, -9568056551),
    'abs': (lambda x: L.absolute_difference(y, x), (), 1049779349, -1140850680),
    'huber': (lambda x: L.huber_loss(y, x * 3, delta=0.5), (), 1057246691, 22504976010),
    'log': (lambda x: L.log_loss(binary, x), (), 1065462419, -2988167258),
    'hinge': (lambda x: L.hinge_loss(binary, x * 4 - 2), (), 1066752013, -8100599119),
    'cos': (lambda x: L.cosine_distance(y, x, axis=1), (), -1121565627, -26846532682),
    'sig': (lambda x: L.sigmoid_cross_entropy(binary, x * 4 - 2, label_smoothing=0.1), (), 1063347319, -3145828741),
    'softmax': (lambda x: L.softmax_cross_entropy(onehot, x * 5), (), 1074639241, 12205895469),
    'softmax_ls': (lambda x: L.softmax_cross_entropy(onehot, x * 5, weights=w_row[:, 0], label_smoothing=0.2), (), 1075863083, -2624897156),
    'sparse': (lambda x: L.sparse_softmax_cross_entropy(sparse, x * 5), (), 1078424416, 12284890682),
    'sparse_col': (lambda x: L.sparse_softmax_cross_entropy(sparse[:, None], x * 5, weights=w_row), (), 1079917896, 3977771987),
    'mse64': (lambda x: L.mean_squared_error(y.astype(np.float64), tf.cast(x, tf.float64)), (), 1041399868, -1456997096),
}


@pytest.mark.parametrize('name', sorted(_TF))
def test_loss_and_gradient_have_tfs_bits(name):
    loss_of, shape, loss_bits, gradient_bits = _TF[name]
    x = tf.Variable(p)
    with tf.GradientTape() as tape:
        loss = loss_of(x)
    gradient = tape.gradient(loss, x)
    value = np.asarray(loss.numpy())
    assert value.dtype == np.float32 and value.shape == shape
    assert value.view(np.int32).astype(np.int64).sum() == loss_bits
    assert np.asarray(gradient.numpy()).view(np.int32).astype(np.int64).sum() == gradient_bits


def _message(call):
    with pytest.raises(ValueError) as caught:
        call()
    return str(caught.value)


def test_bad_arguments_raise_tf1s_errors():
    ones, zeros = np.ones((2, 3), np.float32), np.zeros((2, 3), np.float32)
    assert _message(lambda: L.mean_squared_error(ones, zeros, weights=np.ones((3,), np.float32))) == (
        'weights can not be broadcast to values. values.rank=2. weights.rank=1. values.shape=(2, 3). weights.shape=(3,). '
        'Received weights=[1. 1. 1.], values=[[1. 1. 1.]\n [1. 1. 1.]]')
    assert _message(lambda: L.mean_squared_error(ones, zeros, weights=np.ones((3, 2), np.float32))) == (
        'weights can not be broadcast to values. Mismatch at dim 0. values.shape=[2 3], weights.shape=[3 2]. '
        'Received weights=[[1. 1.]\n [1. 1.]\n [1. 1.]], values=[[1. 1. 1.]\n [1. 1. 1.]]')
    assert _message(lambda: L.mean_squared_error(None, zeros)) == 'Argument `labels` must not be None.'
    assert _message(lambda: L.cosine_distance(ones, zeros)) == 'You must specify argument `axis`.'
    assert _message(lambda: L.mean_squared_error(ones, zeros, reduction='mean')) == (
        "Invalid Reduction Key mean. Key should be one of ('none', 'weighted_sum', 'weighted_mean', "
        "'weighted_sum_over_batch_size', 'weighted_sum_by_nonzero_weights', 'weighted_sum_by_nonzero_weights').")
