"""Keras 3's CompileLoss totals the outputs' losses with ``sum(loss_values)``, which starts from 0: run eagerly,
``0 + loss_0`` is an op of TF's tape, so the first output's loss sits one op deeper in the tape's backward
queue and a tensor read by three heads adds their gradients as (h2 + h1) + h0 (layers/training/
compile_loss.py, framework/backward_order.py). tapeflow added the losses from the first, ((l0 + l1) + l2),
and so the heads' gradients as (h2 + h0) + h1: a run_eagerly model with three outputs on one trunk trained
an ulp off TF from its first step (modelfuzz20's fz.py seed 22). Goldens printed by TF 2.21 + Keras 3 on
this session's AMD EPYC (AVX2) for the same program (/work/notes/progs/modelfuzz22/gold1.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _data():
    rng = np.random.RandomState(3)
    x = rng.normal(size=(4, 5)).astype('float32')
    return x, [rng.normal(size=(4, 2)).astype('float32') for _ in range(3)]


def _model(weights=None, eager=True):
    keras.utils.set_random_seed(2)
    inputs = keras.Input((5,))
    hidden = keras.layers.Dense(3, activation='tanh', name='trunk')(inputs)
    model = keras.Model(inputs, [keras.layers.Dense(2, name='o%d' % i)(hidden) for i in range(3)])
    model.compile(keras.optimizers.SGD(0.5), ['mse'] * 3, loss_weights=weights, run_eagerly=eager)
    return model


# TF 2.21 gives these losses and trunk weights (float32 bits: kernel, bias) after three run_eagerly
# train_on_batch calls; tapeflow gave e.g. kernel[0] 1018117813 and bias[0] 3179950591 for the unweighted
GOLDEN = {
    None: ([6.060985565185547, 3.1399073600769043, 2.559896945953369],
           [[1018117804, 3204881527, 1036528940, 1046254509, 3186023480, 1063176472, 1057293751, 3216473895,
             3192617918, 1042739759, 3204592911, 3210970742, 1061653117, 3183677100, 3207758854],
            [3179950592, 3204182302, 1034506784]]),
    (0.5, 2.0, 1.5): ([7.972060680389404, 5.990655899047852, 4.70249080657959],
                      [[3181922996, 3210642772, 3175474462, 1052640047, 999365664, 1065623704, 1059201072,
                        3216432530, 3159454800, 1051281734, 1025891464, 3212761977, 1061133034, 3193781918,
                        3206477958],
                       [1043504033, 3192345846, 1050526466]]),
}


@pytest.mark.parametrize('weights', list(GOLDEN), ids=['unweighted', 'loss_weights'])
def test_run_eagerly_three_heads_train_as_tf(weights, same_as_tf):
    x, ys = _data()
    model = _model(None if weights is None else list(weights))
    losses = [float(model.train_on_batch(x, ys)[0]) for _ in range(3)]
    expected_losses, expected_bits = GOLDEN[weights]
    same_as_tf(losses, expected_losses, measured_on='avx2')
    for actual, bits in zip(model.get_weights()[:2], expected_bits):
        same_as_tf(np.asarray(actual).ravel().tolist(), np.array(bits, np.uint32).view(np.float32).tolist(),
                   measured_on='avx2')


def _hidden_gradient(model, x, ys, head):
    """The gradient of the trunk's output, run eagerly: for the compiled loss of all three heads (``head``
    None) or for head ``head``'s mean squared error alone."""
    trunk = model.get_layer('trunk')
    with tf.GradientTape() as tape:
        hidden = trunk(x)
        outs = [model.get_layer('o%d' % i)(hidden) for i in range(3)]
        if head is None:
            loss = model.compute_loss(x, ys, outs)
        else:
            loss = tf.reduce_mean(keras.losses.mean_squared_error(ys[head], outs[head]))
    return tape.gradient(loss, hidden).numpy()


def test_eager_compute_loss_adds_the_first_heads_gradient_last():
    # TF 2.21, eagerly: the three heads' gradients of the trunk add as (h2 + h1) + h0 (whatever the data)
    rng = np.random.RandomState(0)
    x = rng.normal(size=(64, 5)).astype('float32')
    ys = [rng.normal(size=(64, 2)).astype('float32') for _ in range(3)]
    model = _model()
    full = _hidden_gradient(model, x, ys, None)
    h0, h1, h2 = (_hidden_gradient(model, x, ys, i) for i in range(3))
    assert np.array_equal(full, (h2 + h1) + h0)
    assert not np.array_equal(full, (h2 + h0) + h1)     # the order tapeflow took before: the data tell them apart


def test_traced_step_is_unchanged():
    # in a traced step grappler folds the 0 away and sorts the AddN by node name: the same weights as TF's
    # compiled fit of this model (equal to the eager golden's losses, its own last bits)
    x, ys = _data()
    model = _model(eager=False)
    losses = [float(model.train_on_batch(x, ys)[0]) for _ in range(3)]
    assert losses == pytest.approx(GOLDEN[None][0], rel=1e-6)
