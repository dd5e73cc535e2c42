"""loss_scale_factor set between two fits (no compile): the traced step keeps the factor it was traced with.

Keras 3's train_step scales the loss by optimizer.loss_scale_factor and the optimizer's apply divides the
gradients by it, both read as Python values while TF traces the step, so TF 2.21's later fits go on with the
traced factor on both sides. tapeflow's apply held the traced factor (optim/traced_hyperparameters.py) while
train_step scaled the loss by the new one: Adam(0.05) fit for an epoch, loss_scale_factor = 4.0, two more
epochs: TF's losses 0x1.0a2856p+1, 0x1.c26530p+0, tapeflow's 0x1.09f57ep+1, 0x1.c00408p+0 (four times the
gradients; progs/optimtraj21/p15_late.py).
"""
import numpy as np
import pytest

from framework import keras


def fitted(factor_before, factor_after, run_eagerly=False):
    r = np.random.RandomState(5)
    x = r.randn(24, 4).astype('float32')
    y = r.randn(24, 1).astype('float32')
    m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    m.set_weights([(r.randn(4, 1) * 0.5).astype('float32'), np.full(1, 0.1, 'float32')])
    opt = keras.optimizers.Adam(0.05, loss_scale_factor=factor_before)
    m.compile(opt, 'mse', run_eagerly=run_eagerly)
    first = m.fit(x, y, epochs=1, batch_size=8, shuffle=False, verbose=0)
    opt.loss_scale_factor = factor_after
    later = m.fit(x, y, epochs=2, batch_size=8, shuffle=False, verbose=0)
    return first.history['loss'] + later.history['loss'], m.get_weights()


@pytest.mark.parametrize('before, after', [(None, 4.0), (4.0, None), (4.0, 1024.0)])
def test_traced_fit_keeps_the_traced_factor(before, after):
    losses, weights = fitted(before, after)
    kept_losses, kept_weights = fitted(before, before)
    assert losses == kept_losses
    for got, want in zip(weights, kept_weights):
        np.testing.assert_array_equal(got, want)


def test_traced_fit_losses_as_tf():
    losses, _ = fitted(None, 4.0)
    # TF 2.21 gives 0x1.411bd0p+1, 0x1.0a2856p+1, 0x1.c26530p+0 (within float32 rounding: the batch means'
    # last bits hang on the CPU)
    np.testing.assert_allclose(losses, [float.fromhex('0x1.411bd0p+1'), float.fromhex('0x1.0a2856p+1'),
                                        float.fromhex('0x1.c26530p+0')], rtol=1e-6)


def test_run_eagerly_takes_the_new_factor():
    # eagerly both sides read the new factor: (g * 1024) / 1024 is g for these float32 gradients except in rare
    # last bits, so the trajectory stays that of no factor (TF 2.21 too); a factor given as None after 4.0 also
    losses, _ = fitted(None, 1024.0, run_eagerly=True)
    plain, _ = fitted(None, None, run_eagerly=True)
    np.testing.assert_allclose(losses, plain, rtol=1e-6)
